import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
// @ts-expect-error s3rver ships no types; only its constructor, run() and close() are used here.
import S3rver from "s3rver";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp, buildDecision } from "../../scripts/build-stamp.ts";
import { freshDatabase, ROOT, startProcess, stopAll, type TProcess, waitUntilReady } from "./workers.ts";

/**
 * Two app servers as a city would run them behind a reverse proxy: the production build started by
 * `npm start`'s own script, one PostgreSQL database (made fresh here, so both servers migrate it at
 * the same moment), one S3-compatible bucket (s3rver), and nothing else in common: each server has
 * its own DATA_DIR. Whatever one server knows, the other must know through the shared stores.
 */

const BASE_PORT = Number(process.env.CLUSTER_BASE_PORT ?? 3131);
const S3_PORT = Number(process.env.CLUSTER_S3_PORT ?? 4569);
const BUCKET = "mazar-cluster";
/** Login codes one address may ask for in an hour, low so that the test reaches it across both servers. */
const OTP_IP_LIMIT = 4;
const DEV_CODE = "111111";
const CLIENT_PHONE = "+77010000005";
const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...randomBytes(2000)]);

type TServer = TProcess & { url: string; dataDir: string };

const fresh = freshDatabase("mazar_cluster");
let work: string;
let s3server: { run: () => Promise<unknown>; close: () => Promise<void> };
const servers: TServer[] = [];
const startedAt = new Date();

function startServer(name: string, port: number): TServer {
  const dataDir = path.join(work, name);
  const server = startProcess(name, ["scripts/start.mjs"], {
    // What a caller's shell might hold: `npm start` must still run production React.
    NODE_ENV: "development",
    PORT: String(port),
    HOST: "127.0.0.1",
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    DATABASE_URL: fresh.url(),
    S3_BUCKET: BUCKET,
    S3_ENDPOINT: `http://127.0.0.1:${S3_PORT}`,
    S3_REGION: "us-east-1",
    S3_ACCESS_KEY_ID: "S3RVER",
    S3_SECRET_ACCESS_KEY: "S3RVER",
    S3_FORCE_PATH_STYLE: "true",
    AUTH_DEV_CODE: DEV_CODE,
    SEED_DEMO: "true",
    OTP_IP_HOURLY_LIMIT: String(OTP_IP_LIMIT),
    LOG_LEVEL: "debug",
  });
  // The same object: its `exited` and `lines` keep following the process.
  return Object.assign(server, { url: `http://127.0.0.1:${port}`, dataDir });
}

const waitHealthy = (server: TServer) =>
  waitUntilReady(
    server,
    () =>
      fetch(`${server.url}/api/v1/health`)
        .then((r) => r.ok)
        .catch(() => false),
    { timeoutMs: 120_000, intervalMs: 300 },
  );

/** The server's pino log lines with the given message. */
function logged(server: TServer, msg: string): Record<string, unknown>[] {
  return server.lines
    .filter((l) => l.startsWith("{"))
    .map((l) => {
      try {
        return JSON.parse(l) as Record<string, unknown>;
      } catch {
        return {};
      }
    })
    .filter((l) => l.msg === msg);
}

async function api(server: TServer, method: string, p: string, opts: { body?: unknown; token?: string } = {}) {
  const headers: Record<string, string> = {};
  if (opts.body !== undefined) headers["content-type"] = "application/json";
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  const res = await fetch(`${server.url}/api/v1${p}`, {
    method,
    headers,
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, json: text ? JSON.parse(text) : null };
}

function serverA(): TServer {
  return servers[0] as TServer;
}
function serverB(): TServer {
  return servers[1] as TServer;
}

beforeAll(async () => {
  // Built once before both servers start, so they never build side by side.
  const decision = buildDecision(ROOT);
  if (decision.build) buildApp(ROOT, decision.hash);

  work = mkdtempSync(path.join(tmpdir(), "mazar-cluster-"));
  s3server = new S3rver({
    address: "127.0.0.1",
    port: S3_PORT,
    silent: true,
    directory: path.join(work, "s3"),
    configureBuckets: [{ name: BUCKET }],
  });
  await s3server.run();
  await fresh.create("The cluster test");

  // Both at once on the empty database: they race for the migrations and the demo seed.
  servers.push(startServer("a", BASE_PORT + 1), startServer("b", BASE_PORT + 2));
  await Promise.all(servers.map(waitHealthy));
});

afterAll(async () => {
  await stopAll(servers);
  await s3server?.close().catch(() => undefined);
  await fresh.drop();
  if (work) rmSync(work, { recursive: true, force: true });
});

describe("two app servers on one PostgreSQL and one bucket", () => {
  it("started together on a fresh database: the migrations ran once and both serve production React", async () => {
    const journal = JSON.parse(readFileSync(path.join(ROOT, "server/db/migrations/meta/_journal.json"), "utf8"));
    const applied = await fresh.query("select hash from drizzle.__drizzle_migrations");
    expect(applied.rowCount).toBe(journal.entries.length);
    expect(new Set(applied.rows.map((r) => r.hash)).size).toBe(journal.entries.length);
    for (const s of servers) {
      expect(logged(s, "database ready, migrations applied")).toHaveLength(1);
      // The caller's NODE_ENV=development did not leak into React: production React serves pages.
      expect(logged(s, "starting")[0]).toMatchObject({ appEnv: "demo", nodeEnv: "production" });
      const page = await fetch(`${s.url}/login`);
      expect(page.status).toBe(200);
    }
  });

  it("accepts on one server a session made on the other, and ends it everywhere", async () => {
    const login = await api(serverA(), "POST", "/auth/otp/verify", { body: { phone: CLIENT_PHONE, code: DEV_CODE } });
    expect(login.status).toBe(200);
    const cookie = login.headers.getSetCookie().find((c) => c.startsWith("token=")) as string;
    const token = /token=([^;]+)/.exec(cookie)?.[1] as string;

    // The browser's cookie, on the other server: the API and a page that needs the session.
    const me = await fetch(`${serverB().url}/api/v1/me`, { headers: { cookie: `token=${token}` } });
    expect(me.status).toBe(200);
    expect(((await me.json()) as { user: { phone: string } }).user.phone).toBe(CLIENT_PHONE);
    const page = await fetch(`${serverB().url}/`, { headers: { cookie: `token=${token}` } });
    expect(page.status).toBe(200);

    expect((await api(serverB(), "POST", "/auth/logout", { token })).status).toBe(200);
    expect((await api(serverA(), "GET", "/me", { token })).status).toBe(401);
  });

  it("reads through one server a file uploaded through the other, kept in the bucket, not on a disk", async () => {
    const login = await api(serverB(), "POST", "/auth/otp/verify", { body: { phone: CLIENT_PHONE, code: DEV_CODE } });
    const token = /token=([^;]+)/.exec(login.headers.getSetCookie().join(";"))?.[1] as string;
    const form = new FormData();
    form.set("purpose", "photo");
    form.set("file", new File([PNG], "grave.png", { type: "image/png" }));
    const up = await fetch(`${serverA().url}/api/v1/uploads`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    expect(up.status).toBe(201);
    const { id } = (await up.json()) as { id: string };

    const read = await fetch(`${serverB().url}/api/v1/uploads/${id}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(read.status).toBe(200);
    expect(Buffer.from(await read.arrayBuffer()).equals(Buffer.from(PNG))).toBe(true);
    // A stranger still gets the 404 of a private file on either server.
    expect((await fetch(`${serverB().url}/api/v1/uploads/${id}`)).status).toBe(404);
    for (const s of servers) expect(existsSync(path.join(s.dataDir, "uploads"))).toBe(false);
    const objects = readdirSync(path.join(work, "s3", BUCKET), { recursive: true });
    expect(objects.some((o) => String(o).includes(id))).toBe(true);
  });

  it("joins a file sent in chunks that reached different servers", async () => {
    const login = await api(serverA(), "POST", "/auth/otp/verify", { body: { phone: CLIENT_PHONE, code: DEV_CODE } });
    const token = /token=([^;]+)/.exec(login.headers.getSetCookie().join(";"))?.[1] as string;
    // Even shares, as the drop zone splits a file (no chunk may be larger than its share).
    const share = Math.ceil(PNG.length / 3);
    const parts = [PNG.slice(0, share), PNG.slice(share, 2 * share), PNG.slice(2 * share)];
    const answers: Response[] = [];
    for (const [i, part] of parts.entries()) {
      // A round-robin proxy: chunk 0 to A, chunk 1 to B, chunk 2 to A.
      const s = i % 2 === 0 ? serverA() : serverB();
      const form = new FormData();
      form.set("purpose", "photo");
      form.set("file", new File([part], "blob"));
      form.set("fileName", "grave.png");
      form.set("uploadId", "cluster-chunks");
      form.set("chunkIndex", String(i));
      form.set("chunkCount", String(parts.length));
      form.set("fileSize", String(PNG.length));
      answers.push(
        await fetch(`${s.url}/api/v1/uploads`, {
          method: "POST",
          headers: { authorization: `Bearer ${token}` },
          body: form,
        }),
      );
    }
    expect(answers.map((r) => r.status)).toEqual([202, 202, 201]);
    const { id } = (await (answers[2] as Response).json()) as { id: string };
    const read = await fetch(`${serverB().url}/api/v1/uploads/${id}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(Buffer.from(await read.arrayBuffer()).equals(Buffer.from(PNG))).toBe(true);
  });

  it("counts login-code requests of one address across both servers", async () => {
    const phones = Array.from({ length: OTP_IP_LIMIT + 1 }, (_, i) => `+7707555000${i}`);
    const answers: unknown[] = [];
    for (const [i, phone] of phones.entries()) {
      // Alternating servers: neither one alone sees the limit reached.
      const s = i % 2 === 0 ? serverA() : serverB();
      const res = await api(s, "POST", "/auth/otp/request", { body: { phone } });
      answers.push([res.status, res.json.isSmsSent]);
    }
    // The servers run a demo (AUTH_DEV_CODE): past the limit no SMS is sent, the login goes on to
    // the dev code (a real deployment answers 429 otp_ip_limit there: server/modules/auth/auth.test.ts).
    expect(answers).toEqual([...Array(OTP_IP_LIMIT).fill([200, true]), [200, false]]);
    const again = await api(serverA(), "POST", "/auth/otp/request", { body: { phone: "+77075559999" } });
    expect(again.json.isSmsSent).toBe(false);
  });

  it("sends each queued SMS once, through whichever server's queue took it", async () => {
    await fresh.query(`insert into jobs (kind, payload, key, created_at)
                 select 'sms.send', jsonb_build_object('phone', '+7701000' || lpad(g::text, 4, '0'), 'text', 'cluster ' || g),
                        'cluster:' || g, now()
                 from generate_series(1, 20) g`);
    await expect
      .poll(async () => (await fresh.query("select count(*)::int as n from jobs where done_at is null")).rows[0]?.n, {
        timeout: 30_000,
        interval: 200,
      })
      .toBe(0);
    const rows = await fresh.query("select id, attempts from jobs where kind = 'sms.send'");
    expect(rows.rows.filter((r) => r.attempts !== 1)).toEqual([]);
    // Each job ran on exactly one server (LogSmsSender: the SMS is in that server's log).
    const ran = servers.flatMap((s) => logged(s, "queued job ran").map((l) => l.jobId));
    expect(ran.toSorted()).toEqual(rows.rows.map((r) => r.id).toSorted());
  });

  it("runs the upload sweep once per period, not once per server", async () => {
    // The sweep's period (SWEEP_INTERVAL_MS of the uploads module): 15 minutes.
    const PERIOD_MS = 15 * 60_000;
    const hours = new Set([startedAt, new Date()].map((d) => Math.floor(d.getTime() / PERIOD_MS)));
    const runs = await fresh.query("select period_start, runner from job_runs where job = 'uploads.sweep'");
    // One row per period the test has spanned (two only if a period turned during the test).
    expect(runs.rowCount).toBe(hours.size);
    const ran = servers.flatMap((s) => logged(s, "job ran").filter((l) => l.job === "uploads.sweep"));
    expect(ran).toHaveLength(hours.size);
    // Both servers did check: the one that did not run it found the period taken.
    const skipped = servers.flatMap((s) => logged(s, "job already run for this period"));
    expect(skipped.length).toBeGreaterThanOrEqual(1);
  });
});
