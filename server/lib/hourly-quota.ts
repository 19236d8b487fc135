import { sql } from "drizzle-orm";
import type { Queryable } from "../db/client.ts";

/**
 * Hourly quotas counted in the database (requests per address, uploads, comments per person): the
 * count and the insert that takes a place must run in one transaction under this lock of the
 * quota's key — a transaction-scoped advisory lock, so two requests at once (on any app server)
 * cannot both see the last place free. Released at commit.
 */
export async function lockQuota(tx: Queryable, key: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`);
}

/** The start of the hour a quota counts back from `now`. */
export const hourBefore = (now: Date): Date => new Date(now.getTime() - 3600_000);
