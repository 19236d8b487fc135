import { hostname } from "node:os";
import { and, eq, lt } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import type { Services } from "../../services.ts";
import { jobRuns } from "./jobs.tables.ts";

/**
 * A timed job, declared as data: what it is called, how often it runs, and what it does. Each run
 * covers one period (`everyMs` long, counted from the Unix epoch, so every server agrees on where
 * an hour starts) and happens once per period across all app servers (decision 009).
 */
export type TJobDefinition = {
  /** Stable id, stored in `job_runs` (e.g. `uploads.sweep`). */
  id: string;
  everyMs: number;
  run: (s: Services) => Promise<unknown>;
};

/** How long `job_runs` rows are kept (for the operator's look back; the lock needs only the current one). */
const KEEP_RUNS_MS = 30 * 24 * 3600_000;

/** This process, as written in `job_runs.runner`. */
export const RUNNER = `${hostname()}:${process.pid}`;

/** The start of the period that `now` falls in. */
export function periodStart(now: Date, everyMs: number): Date {
  return new Date(Math.floor(now.getTime() / everyMs) * everyMs);
}

/**
 * Claims the run of `job` for one period: true for exactly one caller, however many servers ask at
 * the same moment. The primary key (job, period_start) decides, through `ON CONFLICT DO NOTHING`,
 * which works alike on PostgreSQL and PGlite and needs no lock held while the job runs.
 */
export async function claimJobRun(db: Db, job: string, period: Date, now: Date, runner = RUNNER): Promise<boolean> {
  const claimed = await db
    .insert(jobRuns)
    .values({ job, periodStart: period, runner, startedAt: now })
    .onConflictDoNothing()
    .returning({ job: jobRuns.job });
  return claimed.length === 1;
}

/**
 * Runs a job for the current period if no server has yet: `ran` (and finished, or `failed`,
 * recorded in its row) or `taken` (another server, or an earlier tick, has it).
 */
export async function runJobOnce(s: Services, def: TJobDefinition): Promise<"ran" | "failed" | "taken"> {
  const now = s.now();
  const period = periodStart(now, def.everyMs);
  if (!(await claimJobRun(s.db, def.id, period, now))) return "taken";
  const key = and(eq(jobRuns.job, def.id), eq(jobRuns.periodStart, period));
  let error: string | null = null;
  try {
    await def.run(s);
  } catch (err) {
    error = err instanceof Error ? (err.stack ?? err.message) : String(err);
    s.logger.error({ err, job: def.id }, "job failed");
  }
  await s.db.update(jobRuns).set({ finishedAt: s.now(), error }).where(key);
  // The winner of a period also drops the job's rows older than a month.
  await s.db
    .delete(jobRuns)
    .where(and(eq(jobRuns.job, def.id), lt(jobRuns.periodStart, new Date(now.getTime() - KEEP_RUNS_MS))));
  s.logger.info({ job: def.id, period: period.toISOString(), failed: error !== null }, "job ran");
  return error === null ? "ran" : "failed";
}

/**
 * Starts the timed jobs of this server: each is tried at start and then every `checkEveryMs`
 * (a minute by default; a claim is one insert), and runs in the first check of each of its
 * periods on whichever server gets there first. Returns a function that stops the checks.
 */
export function startJobs(s: Services, defs: readonly TJobDefinition[], checkEveryMs = 60_000): () => void {
  const running = new Set<string>();
  const check = () => {
    for (const def of defs) {
      // One run of a job at a time in this process, even if a run outlasts the check interval.
      if (running.has(def.id)) continue;
      running.add(def.id);
      runJobOnce(s, def)
        .then((outcome) => {
          if (outcome === "taken") s.logger.debug({ job: def.id }, "job already run for this period");
        })
        .catch((err) => s.logger.error({ err, job: def.id }, "job check failed"))
        .finally(() => running.delete(def.id));
    }
  };
  check();
  const timer = setInterval(check, checkEveryMs);
  timer.unref();
  return () => clearInterval(timer);
}
