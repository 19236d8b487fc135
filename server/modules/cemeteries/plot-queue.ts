import { sql } from "drizzle-orm";
import type { Queryable } from "../../db/client.ts";

/** The first key of the transaction-scoped advisory locks that queue the changes of one place (the second: its id). */
const PLOT_QUEUE_SPACE = 14_001;

/**
 * Queues the caller's transaction behind any other that is booking, keeping or closing one of these
 * places, until it ends (decision 015): a booking, a payment that makes a hold permanent and the
 * staff's change of a place's status each take this first, so each reads the place's holds and
 * status only once the one before it has committed (or rolled back). The locks are taken in id
 * order, so two transactions of several places never wait on each other crosswise.
 */
export async function queuePlotChanges(tx: Queryable, plotIds: readonly number[]): Promise<void> {
  for (const plotId of [...new Set(plotIds)].sort((a, b) => a - b)) {
    await tx.execute(sql`select pg_advisory_xact_lock(${PLOT_QUEUE_SPACE}, ${plotId})`);
  }
}
