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

/** Whether something other than the place's records holds it now (a family's booking: decision 015). */
type TPlotClaim = (tx: Queryable, plotId: number) => Promise<boolean>;
const claims: TPlotClaim[] = [];

/**
 * Lets the module that holds places for families (burial requests) say whether a place is held,
 * so the staff's change of a place's status can refuse it without importing that module (the
 * module graph stays acyclic: burial requests build on burials, not the other way round).
 */
export function registerPlotClaim(claim: TPlotClaim): void {
  claims.push(claim);
}

/** Whether any registered claim holds the place; call it after `queuePlotChanges`. */
export async function isPlotClaimed(tx: Queryable, plotId: number): Promise<boolean> {
  for (const claim of claims) if (await claim(tx, plotId)) return true;
  return false;
}
