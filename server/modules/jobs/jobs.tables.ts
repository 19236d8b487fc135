import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

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

/**
 * One-off jobs and the SMS outbox (decision 012): a row per piece of work that must happen once at
 * or after `run_at`, written in the transaction of the change that asks for it. A runner claims a
 * due row with `FOR UPDATE SKIP LOCKED` and a lease (`locked_until`, counted on the app's clock),
 * runs it, then marks it done, schedules a retry, or marks it failed after its last attempt.
 */
export const jobs = pgTable(
  "jobs",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    /** What to do: the `kind` of a `TQueuedJobDefinition` (e.g. `sms.send`). */
    kind: text().notNull(),
    payload: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    /** Makes the enqueue idempotent: a second job of the same kind and key is not added. */
    key: text(),
    /**
     * Not run before this time; null runs it as soon as a runner looks (so no clock is read when
     * the job is added). Set by a retry's backoff.
     */
    runAt: timestamp({ withTimezone: true }),
    /** Claims so far (the current one included while it runs). */
    attempts: integer().notNull().default(0),
    /** Overrides the definition's `maxAttempts` for this job; null takes the definition's. */
    maxAttempts: integer(),
    /** While in the future, a runner holds the job; when past, the runner is presumed dead. */
    lockedUntil: timestamp({ withTimezone: true }),
    /** The runner (host and process id) of the latest claim, for the operator. */
    lockedBy: text(),
    doneAt: timestamp({ withTimezone: true }),
    /** Set after the last attempt failed; the job is not tried again. */
    failedAt: timestamp({ withTimezone: true }),
    /** The latest attempt's error, kept after a success that followed it for the operator's look back. */
    lastError: text(),
    /** When it was added (the adding server's clock; for the operator only). */
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex("jobs_kind_key_uq").on(t.kind, t.key),
    // The runners' question — due, open jobs in run_at order — reads only open rows.
    index("jobs_due_idx").on(t.runAt.asc().nullsFirst()).where(sql`${t.doneAt} is null and ${t.failedAt} is null`),
  ],
);
