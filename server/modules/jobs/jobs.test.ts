import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Services } from "../../services.ts";
import { createHarness, type Harness } from "../../test/harness.ts";
import { claimJobRun, periodStart, runJobOnce, startJobs, type TJobDefinition } from "./jobs.service.ts";
import { jobRuns } from "./jobs.tables.ts";

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => h.close());
beforeEach(async () => h.reset());

const HOUR = 3600_000;

/** A job that counts its runs, as an hourly sweep would. */
function countingJob(fail = false) {
  const job = {
    runs: 0,
    def: {
      id: "test.count",
      everyMs: HOUR,
      run: async () => {
        job.runs += 1;
        if (fail) throw new Error("disk on fire");
      },
    } satisfies TJobDefinition,
  };
  return job;
}

describe("timed jobs run once per period across servers", () => {
  it("puts every server's clock on the same period boundaries", () => {
    expect(periodStart(new Date("2026-11-23T10:59:59.999Z"), HOUR).toISOString()).toBe("2026-11-23T10:00:00.000Z");
    expect(periodStart(new Date("2026-11-23T11:00:00.000Z"), HOUR).toISOString()).toBe("2026-11-23T11:00:00.000Z");
  });

  it("grants a period's claim to exactly one of many simultaneous callers", async () => {
    const period = new Date("2026-11-23T10:00:00Z");
    // On PostgreSQL (DATABASE_URL) these are separate connections of the pool, racing for real.
    const claims = await Promise.all(
      Array.from({ length: 12 }, (_, i) => claimJobRun(h.db, "test.race", period, new Date(), `server-${i}`)),
    );
    expect(claims.filter(Boolean)).toHaveLength(1);
    expect(await claimJobRun(h.db, "test.race", new Date("2026-11-23T11:00:00Z"), new Date())).toBe(true);
  });

  it("runs a job once in an hour whichever servers check, and again in the next hour", async () => {
    const job = countingJob();
    // Two app servers: their own services, one database.
    const serverA: Services = { ...h.services };
    const serverB: Services = { ...h.services };
    h.setNow(new Date("2026-11-23T10:05:00Z"));
    const first = await Promise.all([runJobOnce(serverA, job.def), runJobOnce(serverB, job.def)]);
    expect(first.sort()).toEqual(["ran", "taken"]);
    h.setNow(new Date("2026-11-23T10:59:00Z"));
    expect(await runJobOnce(serverB, job.def)).toBe("taken");
    expect(job.runs).toBe(1);

    h.setNow(new Date("2026-11-23T11:00:30Z"));
    expect(await runJobOnce(serverB, job.def)).toBe("ran");
    expect(job.runs).toBe(2);
    const rows = await h.db.select().from(jobRuns).where(eq(jobRuns.job, "test.count")).orderBy(jobRuns.periodStart);
    expect(rows.map((r) => [r.periodStart.toISOString(), r.error, r.finishedAt !== null])).toEqual([
      ["2026-11-23T10:00:00.000Z", null, true],
      ["2026-11-23T11:00:00.000Z", null, true],
    ]);
  });

  it("records a failed run and does not repeat it within the period", async () => {
    const job = countingJob(true);
    h.setNow(new Date("2026-11-23T10:05:00Z"));
    expect(await runJobOnce(h.services, job.def)).toBe("failed");
    expect(await runJobOnce(h.services, job.def)).toBe("taken");
    expect(job.runs).toBe(1);
    const [row] = await h.db.select().from(jobRuns).where(eq(jobRuns.job, "test.count"));
    expect(row?.error).toMatch(/disk on fire/);
  });

  it("keeps a month of runs", async () => {
    const job = countingJob();
    h.setNow(new Date("2026-10-01T10:05:00Z"));
    await runJobOnce(h.services, job.def);
    h.setNow(new Date("2026-11-01T10:05:00Z"));
    await runJobOnce(h.services, job.def);
    h.setNow(new Date("2026-11-23T10:05:00Z"));
    await runJobOnce(h.services, job.def);
    const rows = await h.db.select().from(jobRuns).where(eq(jobRuns.job, "test.count"));
    expect(rows.map((r) => r.periodStart.toISOString()).sort()).toEqual([
      "2026-11-01T10:00:00.000Z",
      "2026-11-23T10:00:00.000Z",
    ]);
  });

  it("checks at start, so a server started mid-hour runs what nobody ran yet", async () => {
    const job = countingJob();
    const stop = startJobs(h.services, [job.def], 3600_000);
    try {
      await expect.poll(() => job.runs).toBe(1);
      const stopB = startJobs({ ...h.services }, [job.def], 3600_000);
      stopB();
      await new Promise((r) => setTimeout(r, 200));
      expect(job.runs).toBe(1);
    } finally {
      stop();
    }
  });
});
