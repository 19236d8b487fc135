/**
 * One-off jobs that run once at or after a given time across all app servers, with retries
 * (decision 012): a booking's expiry, its reminders, the SMS outbox. A job is a row of `jobs`,
 * added by `enqueue` in the transaction of the change that asks for it, so it exists exactly when
 * the change commits. Every server polls (`startQueue`); `runDueJobs` claims one due row at a time
 * with `FOR UPDATE SKIP LOCKED` and a lease, so two servers never take the same job while its
 * lease holds, and a job whose server died is taken again once the lease has passed.
 *
 * Every time decision reads `s.now()` (the app's clock, moved by tests), never the database's.
 */
import { and, asc, eq, inArray, isNull, lte, or, sql } from "drizzle-orm";
import type { Queryable } from "../../db/client.ts";
import type { Services } from "../../services.ts";
import { RUNNER, type TJobDefinition } from "./jobs.service.ts";
import { jobs } from "./jobs.tables.ts";

/**
 * A kind of queued job, declared as data like `TJobDefinition`, and listed in `QUEUED_JOBS`
 * (`server/jobs.ts`).
 *
 * `run` must be idempotent: a job runs at least once, and normally exactly once, but a server that
 * dies (or stalls past the lease) after the work and before recording it leaves the job to be run
 * again by another server. Check the state the work changes ("the booking is still held and its
 * time has passed") instead of assuming it has not happened. A throw schedules a retry after
 * `backoffMs(attempt)`; after `maxAttempts` attempts the job is marked failed and kept for the operator.
 */
export type TQueuedJobDefinition<P = any> = {
  /** Stable name, stored in `jobs.kind` (e.g. `sms.send`, `booking.expire`). */
  kind: string;
  run: (s: Services, payload: P, job: { id: number; attempt: number }) => Promise<void>;
  /** Attempts before the job is marked failed (default 5); `enqueue` may set it per job. */
  maxAttempts?: number;
  /** Wait before the retry that follows failed attempt `attempt` (1-based); default `defaultBackoffMs`. */
  backoffMs?: (attempt: number) => number;
};

export const DEFAULT_MAX_ATTEMPTS = 5;
/** How long a claim holds a job by default: well above any handler's run (an SMS gateway call times out at 10 s). */
export const DEFAULT_LEASE_MS = 5 * 60_000;
/** How many jobs one `runDueJobs` call takes at most by default. */
export const DEFAULT_BATCH = 50;

/** 30 s, 1 min, 2 min, … doubled per attempt, at most an hour. */
export function defaultBackoffMs(attempt: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempt - 1), 3600_000);
}

/**
 * Adds a job in the caller's transaction (so it exists if and only if the change commits). `key`
 * makes it idempotent: a second enqueue of the same kind with the same key is ignored (unique index
 * on (kind, key); `ON CONFLICT DO NOTHING`), whatever state the first is in. Without `runAt` the job
 * is due at once (stored as null: no clock is read here; compute later times from `s.now()`).
 */
export async function enqueue(
  tx: Queryable,
  job: { kind: string; payload?: Record<string, unknown>; runAt?: Date; key?: string; maxAttempts?: number },
): Promise<void> {
  await tx
    .insert(jobs)
    .values({
      kind: job.kind,
      payload: job.payload ?? {},
      key: job.key ?? null,
      runAt: job.runAt ?? null,
      maxAttempts: job.maxAttempts ?? null,
      createdAt: new Date(),
    })
    .onConflictDoNothing({ target: [jobs.kind, jobs.key] });
}

/** Text of an error for `jobs.last_error` (bounded: a handler's error is not a place for a dump). */
function errorText(err: unknown): string {
  const text = err instanceof Error ? (err.stack ?? err.message) : String(err);
  return text.slice(0, 2000);
}

/**
 * Claims one due job of the given kinds: open (not done, not failed), `run_at <= now`, lease free
 * or expired. The row is picked with `FOR UPDATE SKIP LOCKED` — a runner skips a row another is
 * claiming at that instant instead of waiting — and the same statement takes the lease and counts
 * the attempt, so once it commits every other runner sees the job as held.
 */
async function claimOne(s: Services, kinds: string[], now: Date, leaseMs: number, runner: string) {
  const next = s.db.$with("next").as(
    s.db
      .select({ id: jobs.id })
      .from(jobs)
      .where(
        and(
          isNull(jobs.doneAt),
          isNull(jobs.failedAt),
          or(isNull(jobs.runAt), lte(jobs.runAt, now)),
          or(isNull(jobs.lockedUntil), lte(jobs.lockedUntil, now)),
          inArray(jobs.kind, kinds),
        ),
      )
      .orderBy(sql`${jobs.runAt} asc nulls first`, asc(jobs.id))
      .limit(1)
      .for("update", { skipLocked: true }),
  );
  const [job] = await s.db
    .with(next)
    .update(jobs)
    .set({
      attempts: sql`${jobs.attempts} + 1`,
      lockedUntil: new Date(now.getTime() + leaseMs),
      lockedBy: runner,
    })
    .from(next)
    .where(eq(jobs.id, next.id))
    .returning({
      id: jobs.id,
      kind: jobs.kind,
      payload: jobs.payload,
      attempts: jobs.attempts,
      maxAttempts: jobs.maxAttempts,
    });
  return job;
}

/**
 * Claims due jobs (run_at <= s.now(), not done, not failed, lease free) one at a time with
 * `FOR UPDATE SKIP LOCKED`, runs each, and marks it done, or schedules a retry with backoff, or
 * marks it failed after its last attempt. Stops when nothing is due or after `limit` jobs.
 *
 * Jobs of a kind missing from `defs` are left unclaimed — a newer server in a rolling deploy may
 * know them — and stay visible in `jobs` to the operator. A job whose lease ran out on its last
 * attempt (its server died) is marked failed without running again.
 *
 * Results are recorded only by the claim that still holds the job (same attempt), so a runner that
 * stalled past its lease cannot overwrite the outcome of the runner that took the job over.
 */
export async function runDueJobs(
  s: Services,
  defs: readonly TQueuedJobDefinition[],
  opts: { limit?: number; runner?: string; leaseMs?: number } = {},
): Promise<{ ran: number; failed: number; retried: number }> {
  const counts = { ran: 0, failed: 0, retried: 0 };
  const byKind = new Map(defs.map((d) => [d.kind, d]));
  if (byKind.size === 0) return counts;
  const kinds = [...byKind.keys()];
  const limit = opts.limit ?? DEFAULT_BATCH;
  const runner = opts.runner ?? RUNNER;
  const leaseMs = opts.leaseMs ?? DEFAULT_LEASE_MS;

  for (let taken = 0; taken < limit; taken++) {
    const job = await claimOne(s, kinds, s.now(), leaseMs, runner);
    if (!job) break;
    const def = byKind.get(job.kind) as TQueuedJobDefinition;
    const attempt = job.attempts;
    const maxAttempts = job.maxAttempts ?? def.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
    const mine = and(eq(jobs.id, job.id), eq(jobs.attempts, attempt));
    const log = { jobId: job.id, kind: job.kind, attempt };

    if (attempt > maxAttempts) {
      await s.db
        .update(jobs)
        .set({ failedAt: s.now(), lockedUntil: null, lastError: "the lease ran out on the last attempt" })
        .where(mine);
      s.logger.error(log, "queued job failed: its last attempt did not finish");
      counts.failed += 1;
      continue;
    }

    try {
      await def.run(s, job.payload, { id: job.id, attempt });
    } catch (err) {
      const lastError = errorText(err);
      if (attempt >= maxAttempts) {
        await s.db.update(jobs).set({ failedAt: s.now(), lockedUntil: null, lastError }).where(mine);
        s.logger.error({ ...log, err }, "queued job failed after its last attempt");
        counts.failed += 1;
      } else {
        const waitMs = (def.backoffMs ?? defaultBackoffMs)(attempt);
        const runAt = new Date(s.now().getTime() + waitMs);
        await s.db.update(jobs).set({ runAt, lockedUntil: null, lastError }).where(mine);
        s.logger.warn({ ...log, err, retryAt: runAt.toISOString() }, "queued job failed, will retry");
        counts.retried += 1;
      }
      continue;
    }
    const recorded = await s.db
      .update(jobs)
      .set({ doneAt: s.now(), lockedUntil: null })
      .where(mine)
      .returning({ id: jobs.id });
    if (recorded.length === 0) s.logger.warn(log, "queued job finished after its lease ran out and was taken over");
    else s.logger.info(log, "queued job ran");
    counts.ran += 1;
  }
  return counts;
}

/**
 * Starts this server's queue runner: `runDueJobs` now and then every `pollMs` (5 s by default;
 * straight again while full batches come back). One run at a time per process. Returns a function
 * that stops it (a run under way finishes).
 */
export function startQueue(s: Services, defs: readonly TQueuedJobDefinition[], pollMs = 5_000): () => void {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const tick = async () => {
    let again = false;
    try {
      const { ran, failed, retried } = await runDueJobs(s, defs, { limit: DEFAULT_BATCH });
      again = ran + failed + retried >= DEFAULT_BATCH;
    } catch (err) {
      s.logger.error({ err }, "job queue check failed");
    }
    if (stopped) return;
    timer = setTimeout(tick, again ? 0 : pollMs);
    timer.unref();
  };
  void tick();
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}

/** How long finished jobs stay in `jobs` for the operator's look back (failed ones: three times as long). */
const KEEP_DONE_MS = 30 * 24 * 3600_000;

/** A daily timed job (decision 009) that deletes done jobs after a month and failed ones after three. */
export const pruneJobsJob: TJobDefinition = {
  id: "jobs.prune",
  everyMs: 24 * 3600_000,
  run: async (s) => {
    const now = s.now().getTime();
    await s.db
      .delete(jobs)
      .where(or(lte(jobs.doneAt, new Date(now - KEEP_DONE_MS)), lte(jobs.failedAt, new Date(now - 3 * KEEP_DONE_MS))));
  },
};
