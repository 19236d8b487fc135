import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/**
 * Two Node processes running the job queue's worker (`queue-worker.ts`: `startQueue` as an app
 * server runs it) on one fresh PostgreSQL database: every job runs exactly once.
 */

const ROOT = path.resolve(import.meta.dirname, "../..");
const JOBS = 300;
const adminUrl = process.env.DATABASE_URL;
const dbName = `mazar_queue_${randomBytes(4).toString("hex")}`;
const workers: { proc: ChildProcess; output: string[]; exited: boolean }[] = [];

function databaseUrl(name: string): string {
  const u = new URL(adminUrl as string);
  u.pathname = `/${name}`;
  return u.toString();
}

async function query<T extends pg.QueryResultRow>(text: string, url = databaseUrl(dbName)) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await client.query<T>(text);
  } finally {
    await client.end();
  }
}

function startWorker() {
  const proc = spawn(process.execPath, ["--import", "tsx", "tests/cluster/queue-worker.ts"], {
    cwd: ROOT,
    stdio: ["ignore", "pipe", "pipe"],
    env: { PATH: process.env.PATH, HOME: process.env.HOME, DATABASE_URL: databaseUrl(dbName) },
  });
  const worker = { proc, output: [] as string[], exited: false };
  proc.stdout?.on("data", (c: Buffer) => worker.output.push(c.toString()));
  proc.stderr?.on("data", (c: Buffer) => worker.output.push(c.toString()));
  proc.on("exit", () => {
    worker.exited = true;
  });
  workers.push(worker);
  return worker;
}

async function waitReady(w: (typeof workers)[number]) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline && !w.exited) {
    if (w.output.join("").includes("ready")) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`a queue worker did not start:\n${w.output.join("")}`);
}

beforeAll(async () => {
  if (!adminUrl) throw new Error("The queue cluster test needs DATABASE_URL: bash scripts/with-postgres.sh");
  await query(`create database ${dbName}`, adminUrl);
  await query(
    "create table queue_executions (job_id int not null, i int not null, runner text not null, attempt int not null)",
  );
  // Both at once on the empty database: they migrate it one after the other (advisory lock).
  startWorker();
  startWorker();
  for (const w of workers) await waitReady(w);
});

afterAll(async () => {
  await Promise.all(
    workers.map(
      (w) =>
        new Promise<void>((resolve) => {
          if (w.exited) return resolve();
          w.proc.once("exit", () => resolve());
          w.proc.kill("SIGTERM");
        }),
    ),
  );
  if (adminUrl) await query(`drop database if exists ${dbName}`, adminUrl).catch(() => undefined);
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
