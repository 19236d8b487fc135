import { pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";

/**
 * One row per run of a timed job and period (decision 009). The primary key is the lock: every app
 * server tries to insert the row of the current period, and only the one whose insert lands runs
 * the job, so a job runs once per period however many servers there are.
 */
export const jobRuns = pgTable(
  "job_runs",
  {
    /** The job's id, e.g. `uploads.sweep`. */
    job: text().notNull(),
    /** Start of the period this run covers (the hour, for an hourly job). */
    periodStart: timestamp({ withTimezone: true }).notNull(),
    /** The app server that ran it (host and process id), for the operator reading the table. */
    runner: text().notNull(),
    startedAt: timestamp({ withTimezone: true }).notNull(),
    /** Null while running, or when the server stopped half-way (the next period runs anyway). */
    finishedAt: timestamp({ withTimezone: true }),
    /** Why the run failed; null when it succeeded. */
    error: text(),
  },
  (t) => [primaryKey({ columns: [t.job, t.periodStart] })],
);
