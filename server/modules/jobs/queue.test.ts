import { Writable } from "node:stream";
import { eq } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, beforeEach, describe, expect, it, onTestFinished } from "vitest";
import { openDatabase } from "../../db/client.ts";
import type { Services } from "../../services.ts";
import { createHarness, type Harness } from "../../test/harness.ts";
import { jobs } from "./jobs.tables.ts";
import { queueSms, smsJob } from "./outbox.ts";
import { enqueue, pruneJobsJob, runDueJobs, startQueue, type TQueuedJobDefinition } from "./queue.ts";

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => h.close());
beforeEach(async () => h.reset());

const T = new Date("2026-11-23T10:00:00Z");
const at = (ms: number) => new Date(T.getTime() + ms);
const MIN = 60_000;

/** A kind whose runs are recorded (job id, attempt, payload); `fail(attempt)` makes an attempt throw. */
function recorder(
  kind = "test.record",
  opts: Partial<TQueuedJobDefinition> & { fail?: (attempt: number) => boolean } = {},
) {
  const runs: { id: number; attempt: number; payload: unknown }[] = [];
  const def: TQueuedJobDefinition = {
    kind,
    maxAttempts: opts.maxAttempts,
    backoffMs: opts.backoffMs,
    run: async (_s, payload, job) => {
      runs.push({ id: job.id, attempt: job.attempt, payload });
      if (opts.fail?.(job.attempt)) throw new Error(`attempt ${job.attempt} broke`);
    },
  };
  return { def, runs };
}

const allJobs = () => h.db.select().from(jobs).orderBy(jobs.id);

describe("enqueue", () => {
  it("adds a job only when the caller's transaction commits", async () => {
    await expect(
      h.db.transaction(async (tx) => {
        await enqueue(tx, { kind: "test.record", payload: { n: 1 } });
        throw new Error("the change fails");
      }),
    ).rejects.toThrow("the change fails");
    expect(await allJobs()).toEqual([]);

    await h.db.transaction(async (tx) => enqueue(tx, { kind: "test.record", payload: { n: 2 } }));
    const { def, runs } = recorder();
    expect(await runDueJobs(h.services, [def])).toEqual({ ran: 1, failed: 0, retried: 0 });
    expect(runs.map((r) => r.payload)).toEqual([{ n: 2 }]);
  });

  it("ignores a second job of the same kind and key, even after the first ran", async () => {
    await enqueue(h.db, { kind: "test.record", key: "booking:7", payload: { first: true } });
    await enqueue(h.db, { kind: "test.record", key: "booking:7", payload: { first: false } });
    // Another kind may use the same key; jobs without a key are never merged.
    await enqueue(h.db, { kind: "test.other", key: "booking:7" });
    await enqueue(h.db, { kind: "test.record" });
    await enqueue(h.db, { kind: "test.record" });
    expect((await allJobs()).map((j) => [j.kind, j.key])).toEqual([
      ["test.record", "booking:7"],
      ["test.other", "booking:7"],
      ["test.record", null],
      ["test.record", null],
    ]);
    const { def, runs } = recorder();
    await runDueJobs(h.services, [def]);
    await enqueue(h.db, { kind: "test.record", key: "booking:7", payload: { first: false } });
    expect(await runDueJobs(h.services, [def])).toEqual({ ran: 0, failed: 0, retried: 0 });
    expect(runs.map((r) => r.payload)).toEqual([{ first: true }, {}, {}]);
  });
});

describe("runDueJobs", () => {
  it("runs a job at its time by the injected clock, in time order, once", async () => {
    await enqueue(h.db, { kind: "test.record", runAt: at(60 * MIN), payload: { n: "in an hour" } });
    await enqueue(h.db, { kind: "test.record", runAt: at(MIN), payload: { n: "in a minute" } });
    await enqueue(h.db, { kind: "test.record", payload: { n: "now" } });
    const { def, runs } = recorder();

    h.setNow(at(MIN - 1));
    expect(await runDueJobs(h.services, [def])).toEqual({ ran: 1, failed: 0, retried: 0 });
    h.setNow(at(60 * MIN - 1));
    expect(await runDueJobs(h.services, [def])).toEqual({ ran: 1, failed: 0, retried: 0 });
    h.setNow(at(60 * MIN));
    expect(await runDueJobs(h.services, [def])).toEqual({ ran: 1, failed: 0, retried: 0 });
    expect(await runDueJobs(h.services, [def])).toEqual({ ran: 0, failed: 0, retried: 0 });
    expect(runs.map((r) => [r.payload, r.attempt])).toEqual([
      [{ n: "now" }, 1],
      [{ n: "in a minute" }, 1],
      [{ n: "in an hour" }, 1],
    ]);
    const rows = await allJobs();
    expect(rows.map((j) => [j.attempts, j.doneAt?.toISOString(), j.lockedUntil])).toEqual([
      [1, at(60 * MIN).toISOString(), null],
      [1, at(60 * MIN - 1).toISOString(), null],
      [1, at(MIN - 1).toISOString(), null],
    ]);
  });

  it("takes at most `limit` jobs per call", async () => {
    for (let i = 0; i < 5; i++) await enqueue(h.db, { kind: "test.record" });
    const { def } = recorder();
    expect(await runDueJobs(h.services, [def], { limit: 2 })).toEqual({ ran: 2, failed: 0, retried: 0 });
    expect(await runDueJobs(h.services, [def], { limit: 10 })).toEqual({ ran: 3, failed: 0, retried: 0 });
  });

  it("retries a failing job after its backoff, then marks it failed after maxAttempts", async () => {
    h.setNow(T);
    await enqueue(h.db, { kind: "test.record" });
    const { def, runs } = recorder("test.record", { maxAttempts: 3, backoffMs: (n) => n * MIN, fail: () => true });

    expect(await runDueJobs(h.services, [def])).toEqual({ ran: 0, failed: 0, retried: 1 });
    let [row] = await allJobs();
    expect(row).toMatchObject({ attempts: 1, runAt: at(MIN), lockedUntil: null, doneAt: null, failedAt: null });
    expect(row?.lastError).toMatch(/attempt 1 broke/);

    h.setNow(at(MIN - 1));
    expect(await runDueJobs(h.services, [def])).toEqual({ ran: 0, failed: 0, retried: 0 });
    h.setNow(at(MIN));
    expect(await runDueJobs(h.services, [def])).toEqual({ ran: 0, failed: 0, retried: 1 });
    // The second wait is the backoff of attempt 2, counted from the failure.
    h.setNow(at(MIN + 2 * MIN - 1));
    expect(await runDueJobs(h.services, [def])).toEqual({ ran: 0, failed: 0, retried: 0 });
    h.setNow(at(MIN + 2 * MIN));
    expect(await runDueJobs(h.services, [def])).toEqual({ ran: 0, failed: 1, retried: 0 });

    [row] = await allJobs();
    expect(row).toMatchObject({ attempts: 3, failedAt: at(3 * MIN), doneAt: null, lockedUntil: null });
    expect(row?.lastError).toMatch(/attempt 3 broke/);
    h.setNow(at(24 * 60 * MIN));
    expect(await runDueJobs(h.services, [def])).toEqual({ ran: 0, failed: 0, retried: 0 });
    expect(runs.map((r) => r.attempt)).toEqual([1, 2, 3]);
  });

  it("lets a job's own maxAttempts override its kind's, and records a later success", async () => {
    h.setNow(T);
    await enqueue(h.db, { kind: "test.record", maxAttempts: 1, payload: { n: "once" } });
    await enqueue(h.db, { kind: "test.record", payload: { n: "kind default" } });
    const { def } = recorder("test.record", { maxAttempts: 2, backoffMs: () => MIN, fail: (n) => n === 1 });
    expect(await runDueJobs(h.services, [def])).toEqual({ ran: 0, failed: 1, retried: 1 });
    h.setNow(at(MIN));
    expect(await runDueJobs(h.services, [def])).toEqual({ ran: 1, failed: 0, retried: 0 });
    const rows = await allJobs();
    expect(rows.map((j) => [j.payload, j.attempts, j.failedAt !== null, j.doneAt !== null])).toEqual([
      [{ n: "once" }, 1, true, false],
      [{ n: "kind default" }, 2, false, true],
    ]);
  });

  it("leaves jobs of a kind this server does not know unclaimed, for a server that knows it", async () => {
    await enqueue(h.db, { kind: "test.newer", payload: { n: 1 } });
    const known = recorder("test.record");
    expect(await runDueJobs(h.services, [known.def])).toEqual({ ran: 0, failed: 0, retried: 0 });
    expect(await runDueJobs(h.services, [])).toEqual({ ran: 0, failed: 0, retried: 0 });
    const [row] = await allJobs();
    expect(row).toMatchObject({ attempts: 0, lockedUntil: null, lockedBy: null, doneAt: null, failedAt: null });
    const newer = recorder("test.newer");
    expect(await runDueJobs(h.services, [known.def, newer.def])).toEqual({ ran: 1, failed: 0, retried: 0 });
    expect(newer.runs).toHaveLength(1);
  });
});

/** A kind whose runs wait until released, as a handler on a server that stalls or dies would. */
function stalling(kind = "test.stall", maxAttempts?: number) {
  const runs: { attempt: number; runner: string }[] = [];
  let release = () => {};
  const released = new Promise<void>((r) => {
    release = r;
  });
  const def: TQueuedJobDefinition = {
    kind,
    maxAttempts,
    run: async (_s, _p, job) => {
      runs.push({ attempt: job.attempt, runner: job.attempt === 1 ? "A" : "B" });
      if (job.attempt === 1) await released;
    },
  };
  return { def, runs, release };
}

describe("the lease", () => {
  it("holds a running job from other runners, and lets one take it over once it has passed", async () => {
    h.setNow(T);
    await enqueue(h.db, { kind: "test.stall" });
    const job = stalling();
    // Server A claims the job and hangs in it (as if it died); nothing else holds the database.
    const serverA = runDueJobs(h.services, [job.def], { runner: "A", leaseMs: 5 * MIN });
    await expect.poll(() => job.runs.length).toBe(1);

    h.setNow(at(5 * MIN - 1));
    expect(await runDueJobs(h.services, [job.def], { runner: "B", leaseMs: 5 * MIN })).toEqual({
      ran: 0,
      failed: 0,
      retried: 0,
    });
    const [held] = await allJobs();
    expect(held).toMatchObject({ lockedBy: "A", lockedUntil: at(5 * MIN), attempts: 1 });

    h.setNow(at(5 * MIN));
    expect(await runDueJobs(h.services, [job.def], { runner: "B", leaseMs: 5 * MIN })).toEqual({
      ran: 1,
      failed: 0,
      retried: 0,
    });
    expect(job.runs.map((r) => r.attempt)).toEqual([1, 2]);

    // A wakes up late: its outcome is not recorded over B's (the row belongs to attempt 2 now).
    h.setNow(at(9 * MIN));
    job.release();
    expect(await serverA).toEqual({ ran: 1, failed: 0, retried: 0 });
    const [row] = await allJobs();
    expect(row).toMatchObject({ lockedBy: "B", attempts: 2, doneAt: at(5 * MIN), lockedUntil: null });
  });

  it("marks failed, without running it again, a job whose lease ran out on its last attempt", async () => {
    h.setNow(T);
    await enqueue(h.db, { kind: "test.stall" });
    const job = stalling("test.stall", 1);
    const serverA = runDueJobs(h.services, [job.def], { runner: "A", leaseMs: MIN });
    await expect.poll(() => job.runs.length).toBe(1);
    h.setNow(at(MIN));
    expect(await runDueJobs(h.services, [job.def], { runner: "B", leaseMs: MIN })).toEqual({
      ran: 0,
      failed: 1,
      retried: 0,
    });
    expect(job.runs).toHaveLength(1);
    const [row] = await allJobs();
    expect(row).toMatchObject({ attempts: 2, failedAt: at(MIN), doneAt: null });
    expect(row?.lastError).toMatch(/lease ran out/);
    job.release();
    await serverA;
    // A's late success does not revive the job.
    expect((await allJobs())[0]).toMatchObject({ failedAt: at(MIN), doneAt: null });
  });
});

describe("several runners", () => {
  it("runs each of many jobs exactly once with runners racing (on PostgreSQL: two pools)", async () => {
    // On PostgreSQL the second server has its own pool, so the runners race on separate connections.
    const other = process.env.DATABASE_URL ? await openDatabase({ databaseUrl: process.env.DATABASE_URL }) : null;
    try {
      const servers: Services[] = [h.services, { ...h.services, db: other?.db ?? h.db }];
      const total = 300;
      await h.db
        .insert(jobs)
        .values(Array.from({ length: total }, (_, i) => ({ kind: "test.count", payload: { i }, createdAt: T })));
      const executions = new Map<number, number>();
      const def: TQueuedJobDefinition<{ i: number }> = {
        kind: "test.count",
        run: async (s, { i }) => {
          executions.set(i, (executions.get(i) ?? 0) + 1);
          // Some work on the runner's own connection, so the runners interleave.
          await s.db.select({ id: jobs.id }).from(jobs).limit(1);
        },
      };
      // Three runners per server, all at once.
      const results = await Promise.all(
        servers.flatMap((s, n) =>
          [0, 1, 2].map((k) => runDueJobs(s, [def], { limit: total, runner: `server-${n}-${k}` })),
        ),
      );
      expect(results.reduce((sum, r) => sum + r.ran, 0)).toBe(total);
      expect(executions.size).toBe(total);
      expect([...executions.values()].every((n) => n === 1)).toBe(true);
      const open = (await allJobs()).filter((j) => j.doneAt === null || j.attempts !== 1);
      expect(open).toEqual([]);
    } finally {
      await other?.close();
    }
  });

  it.skipIf(!process.env.DATABASE_URL)(
    "skips a job another connection holds locked instead of waiting for it (PostgreSQL)",
    async () => {
      const other = await openDatabase({ databaseUrl: process.env.DATABASE_URL });
      try {
        await enqueue(h.db, { kind: "test.record", payload: { n: "locked" } });
        await enqueue(h.db, { kind: "test.record", payload: { n: "free" } });
        const [first] = await allJobs();
        let unlock = () => {};
        const unlocked = new Promise<void>((r) => {
          unlock = r;
        });
        // Should the claim wait for the lock, the test times out; letting go then ends the wait.
        onTestFinished(() => unlock());
        let locked = () => {};
        const isLocked = new Promise<void>((r) => {
          locked = r;
        });
        // Another server is in the middle of claiming the first job: its row is locked.
        const holder = other.db.transaction(async (tx) => {
          await tx
            .select()
            .from(jobs)
            .where(eq(jobs.id, first?.id ?? 0))
            .for("update");
          locked();
          await unlocked;
        });
        await isLocked;
        const { def, runs } = recorder();
        // Would hang (and time out) if the claim waited for the lock.
        expect(await runDueJobs(h.services, [def])).toEqual({ ran: 1, failed: 0, retried: 0 });
        expect(runs.map((r) => r.payload)).toEqual([{ n: "free" }]);
        unlock();
        await holder;
        expect(await runDueJobs(h.services, [def])).toEqual({ ran: 1, failed: 0, retried: 0 });
        expect(runs.map((r) => r.payload)).toEqual([{ n: "free" }, { n: "locked" }]);
      } finally {
        await other.close();
      }
    },
  );

  it("polls with startQueue until stopped", async () => {
    const { def, runs } = recorder();
    const stop = startQueue(h.services, [def], 20);
    try {
      await enqueue(h.db, { kind: "test.record", payload: { n: 1 } });
      await expect.poll(() => runs.length).toBe(1);
    } finally {
      stop();
    }
    await new Promise((r) => setTimeout(r, 100));
    await enqueue(h.db, { kind: "test.record", payload: { n: 2 } });
    await new Promise((r) => setTimeout(r, 100));
    expect(runs).toHaveLength(1);
  });
});

/** Services whose log lines (debug and up) are kept as text. */
function withLogCapture(s: Services): { s: Services; lines: string[] } {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { s: { ...s, logger: pino({ level: "debug" }, stream) as unknown as Services["logger"] }, lines };
}

describe("the SMS outbox", () => {
  const phone = "+77015550011";
  const text = "Код 123456 / Ваша заявка принята";

  it("sends a queued SMS once after its transaction commits, and none when it rolls back", async () => {
    await expect(
      h.db.transaction(async (tx) => {
        await queueSms(tx, { phone, text: "rolled back" });
        throw new Error("no");
      }),
    ).rejects.toThrow();
    await h.db.transaction(async (tx) => queueSms(tx, { phone, text, key: "test:1" }));
    await h.db.transaction(async (tx) => queueSms(tx, { phone, text, key: "test:1" }));
    expect(h.sms.sent).toEqual([]);
    expect(await runDueJobs(h.services, [smsJob])).toEqual({ ran: 1, failed: 0, retried: 0 });
    expect(await runDueJobs(h.services, [smsJob])).toEqual({ ran: 0, failed: 0, retried: 0 });
    expect(h.sms.sent).toEqual([{ phone, text }]);
  });

  it("retries when the gateway fails, and never logs the text or the whole phone", async () => {
    h.setNow(T);
    let down = true;
    const sent: string[] = [];
    const gateway = {
      send: async (_phone: string, t: string) => {
        if (down) throw new Error("SMS gateway answered 503");
        sent.push(t);
      },
    };
    const { s, lines } = withLogCapture({ ...h.services, sms: gateway });
    await queueSms(h.db, { phone, text });
    expect(await runDueJobs(s, [smsJob])).toEqual({ ran: 0, failed: 0, retried: 1 });
    const [row] = await allJobs();
    expect(row?.runAt).toEqual(at(30_000));
    expect(row?.lastError).toMatch(/answered 503/);
    down = false;
    h.setNow(at(30_000));
    expect(await runDueJobs(s, [smsJob])).toEqual({ ran: 1, failed: 0, retried: 0 });
    expect(sent).toEqual([text]);

    const log = lines.join("\n");
    expect(log).toMatch(/will retry/);
    expect(log).toMatch(/\+7 \(701\) \*\*\*-\*\*-11/);
    expect(log).not.toContain("123456");
    expect(log).not.toContain("5550011");
  });
});

describe("pruning", () => {
  it("deletes done jobs after a month and failed ones after three", async () => {
    const day = 24 * 60 * MIN;
    await h.db.insert(jobs).values([
      { kind: "a", createdAt: T, doneAt: at(-31 * day) },
      { kind: "b", createdAt: T, doneAt: at(-29 * day) },
      { kind: "c", createdAt: T, failedAt: at(-91 * day) },
      { kind: "d", createdAt: T, failedAt: at(-89 * day) },
      { kind: "e", createdAt: T, runAt: at(-365 * day) },
    ]);
    h.setNow(T);
    await pruneJobsJob.run(h.services);
    expect((await allJobs()).map((j) => j.kind)).toEqual(["b", "d", "e"]);
  });
});
