import { sql } from "drizzle-orm";
import { expect } from "vitest";
import type { Database } from "../../server/db/client.ts";
import { startProcess, type TProcess } from "./workers.ts";

/**
 * Two app servers' job queues on a clock the test moves (`booking-worker.ts`: the product's
 * `QUEUED_JOBS` — every workflow's timers and the SMS outbox), for the timers' tests.
 */
export function timerWorkers(databaseUrl: string, start: Date) {
  const workers: TProcess[] = [];
  let clock = start;
  return {
    workers,
    now: () => clock,
    start() {
      const worker = startProcess(
        "a queue worker",
        ["--import", "tsx", "tests/cluster/booking-worker.ts"],
        { DATABASE_URL: databaseUrl, CLOCK: start.toISOString() },
        { ipc: true },
      );
      workers.push(worker);
      return worker;
    },
    /**
     * Moves the clock of every worker (and this process's) to `at`; resolves once all have it. A job
     * a worker is running is let finish first: still running when the clock jumps past its lease, it
     * would be taken again by the other server (the test's jump, never the product's clock). Jobs
     * waiting to be taken stay waiting: a race with the clock's move is still a race.
     */
    async setClock(at: Date, database: Database) {
      await expect
        .poll(
          async () => {
            const res = await database.db.execute(
              sql`select count(*)::int as n from jobs
                  where done_at is null and failed_at is null and locked_until is not null`,
            );
            return (res.rows[0] as { n: number }).n;
          },
          { timeout: 60_000, interval: 20 },
        )
        .toBe(0);
      clock = at;
      await Promise.all(
        workers.map(
          (w) =>
            new Promise<void>((resolve) => {
              w.proc.once("message", () => resolve());
              w.proc.send({ now: at.toISOString() });
            }),
        ),
      );
    },
    /** Waits until no job due by the clock is left open (the SMS a job queues are due at once, so waited for too). */
    async settle(database: Database) {
      await expect
        .poll(
          async () => {
            const res = await database.db.execute(
              sql`select count(*)::int as n from jobs where done_at is null and failed_at is null
                  and (run_at is null or run_at <= ${clock.toISOString()})`,
            );
            return (res.rows[0] as { n: number }).n;
          },
          { timeout: 60_000, interval: 100 },
        )
        .toBe(0);
    },
  };
}
