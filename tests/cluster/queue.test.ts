import type pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshDatabase, startProcess, stopAll, type TProcess, waitPrintedReady } from "./workers.ts";

/**
 * Two Node processes running the job queue's worker (`queue-worker.ts`: `startQueue` as an app
 * server runs it) on one fresh PostgreSQL database: every job runs exactly once.
 */

const JOBS = 300;
const database = freshDatabase("mazar_queue");
const workers: TProcess[] = [];

const query = <T extends pg.QueryResultRow>(text: string) => database.query<T>(text);

function startWorker() {
  const worker = startProcess("a queue worker", ["--import", "tsx", "tests/cluster/queue-worker.ts"], {
    DATABASE_URL: database.url(),
  });
  workers.push(worker);
  return worker;
}

beforeAll(async () => {
  await database.create("The queue cluster test");
  await query(
    "create table queue_executions (job_id int not null, i int not null, runner text not null, attempt int not null)",
  );
  // Both at once on the empty database: they migrate it one after the other (advisory lock).
  startWorker();
  startWorker();
  for (const w of workers) await waitPrintedReady(w);
});

afterAll(async () => {
  await stopAll(workers);
  await database.drop();
});

describe("the job queue on two processes and one PostgreSQL", () => {
  it("runs each job exactly once, both processes taking part", async () => {
    await query(
      `insert into jobs (kind, payload, created_at)
       select 'cluster.record', jsonb_build_object('i', g), now() from generate_series(1, ${JOBS}) g`,
    );
    await expect
      .poll(
        async () =>
          (await query<{ n: number }>("select count(*)::int as n from jobs where done_at is null")).rows[0]?.n,
        {
          timeout: 60_000,
          interval: 200,
        },
      )
      .toBe(0);

    const executions = await query<{ i: number; runs: number }>(
      "select i, count(*)::int as runs from queue_executions group by i order by i",
    );
    expect(executions.rows).toHaveLength(JOBS);
    expect(executions.rows.filter((r) => r.runs !== 1)).toEqual([]);
    const runners = await query<{ runner: string; n: number }>(
      "select runner, count(*)::int as n from queue_executions group by runner",
    );
    expect(runners.rows).toHaveLength(2);
    const jobs = await query<{ attempts: number; failed: boolean }>(
      "select attempts, failed_at is not null as failed from jobs",
    );
    expect(jobs.rows.every((j) => j.attempts === 1 && !j.failed)).toBe(true);
    for (const w of workers) expect(w.exited).toBe(false);
  });
});
