/**
 * `npm run bench:load`: the public site under a crowd. Builds the app for production, starts the
 * production server (`server/index.ts`, NODE_ENV=production, production React) on 127.0.0.1 with
 * the demo data on a fresh temporary data directory (PGlite), or on the PostgreSQL of
 * `DATABASE_URL` (`bash scripts/with-postgres.sh npm run bench:load` gives a fresh one), and
 * drives it with autocannon:
 *
 * 1. the home page against `/login` (a page with no data), in turns, in the same run: the home
 *    must serve at least 80% of the login page's requests per second;
 * 2. 200 concurrent visitors for 60 s on a mix of `/`, `/search?q=…`, `/reserve`, `/news`, `/kk`
 *    and the search API, the searches drawn from the 4,000-odd name combinations of the registry
 *    (`bench/name-queries.ts`: its surnames alone and with its given names, in Kazakh letters,
 *    their plain Russian look-alikes and Latin script): no errors, no timeouts (10 s), 99th
 *    percentile ≤ 500 ms on PostgreSQL, ≤ 1 s on the embedded PGlite. Latency, errors and
 *    timeouts are reported per kind of request and overall.
 *
 * Bounded: every phase has a fixed duration, the whole run a watchdog, and the server is stopped
 * at the end whatever happens. Exits 1 when a target is missed. Figures: docs/performance.md.
 *
 * Environment: BENCH_PORT (3121), BENCH_CONNECTIONS (200), BENCH_DURATION (60 s),
 * BENCH_PAIR_SECONDS (5 s per turn of phase 1, 4 turns of each page), BENCH_SKIP_BUILD=1 to reuse a production build
 * made by this script moments ago, BENCH_NODE_ARGS to start the server's Node with more options
 * (`--cpu-prof --cpu-prof-dir=/tmp/prof` profiles it).
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon, { type Result } from "autocannon";
import { nameQueries } from "./name-queries.ts";

const PORT = Number(process.env.BENCH_PORT ?? 3121);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 200);
const DURATION = Number(process.env.BENCH_DURATION ?? 60);
const PAIR_SECONDS = Number(process.env.BENCH_PAIR_SECONDS ?? 5);
/** Turns of each page in phase 1: more, shorter turns spread the machine's other work over both pages. */
const PAIR_TURNS = 4;
const BASE = `http://127.0.0.1:${PORT}`;
/** The whole run, building included, never takes longer than this. */
const WATCHDOG_MS = 15 * 60_000;

const root = path.resolve(import.meta.dirname, "..");
const dataDir = mkdtempSync(path.join(os.tmpdir(), "mazar-bench-"));
let server: ChildProcess | undefined;

function stop() {
  if (server && server.exitCode === null) server.kill("SIGTERM");
  rmSync(dataDir, { recursive: true, force: true });
}
const watchdog = setTimeout(() => {
  console.error(`bench:load took longer than ${WATCHDOG_MS / 60_000} min; stopped`);
  stop();
  process.exit(2);
}, WATCHDOG_MS);
watchdog.unref();
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    stop();
    process.exit(130);
  });
}

function build() {
  if (process.env.BENCH_SKIP_BUILD === "1") return;
  console.log("building for production…");
  const started = Date.now();
  // A development build would measure development React: the build runs with NODE_ENV=production.
  const res = spawnSync("npx", ["react-router", "build"], {
    cwd: root,
    env: { ...process.env, NODE_ENV: "production" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  if (res.status !== 0) throw new Error("build failed");
  console.log(`built in ${((Date.now() - started) / 1000).toFixed(0)} s`);
}

async function startServer() {
  const database = process.env.DATABASE_URL ? "PostgreSQL (DATABASE_URL)" : "PGlite (embedded)";
  console.log(`starting the production server on ${BASE}, ${database}, demo data in ${dataDir}…`);
  const nodeArgs = (process.env.BENCH_NODE_ARGS ?? "").split(" ").filter(Boolean);
  server = spawn(process.execPath, [...nodeArgs, "--import", "tsx", "server/index.ts"], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "production",
      SEED_DEMO: "true",
      DATA_DIR: dataDir,
      HOST: "127.0.0.1",
      PORT: String(PORT),
      PUBLIC_URL: BASE,
      // The request log stays on, as in production; it goes nowhere here.
      LOG_LEVEL: process.env.LOG_LEVEL ?? "info",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  server.on("exit", (code) => {
    if (code !== null && code !== 0) console.error(`server exited with ${code}`);
  });
  const deadline = Date.now() + 5 * 60_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error("the server stopped during start-up");
    try {
      const res = await fetch(`${BASE}/api/v1/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error("the server did not answer within 5 minutes");
}

const run = (opts: autocannon.Options) =>
  new Promise<Result>((resolve, reject) => {
    autocannon({ timeout: 10, ...opts }, (err, result) => (err ? reject(err) : resolve(result)));
  });

const reqPerSec = (r: Result) => r.requests.average;
const fmt = (n: number, digits = 0) => n.toLocaleString("en-US", { maximumFractionDigits: digits });

/** Phase 1: `/` and `/login` in alternating turns, so both see the same machine. */
async function homeVersusLogin() {
  const connections = 20;
  const rates: Record<"/" | "/login", number[]> = { "/": [], "/login": [] };
  for (let turn = 0; turn < PAIR_TURNS; turn++) {
    for (const url of ["/", "/login"] as const) {
      const r = await run({ url: `${BASE}${url}`, connections, duration: PAIR_SECONDS });
      if (r.errors || r.timeouts || r.non2xx) {
        throw new Error(`${url}: ${r.errors} errors, ${r.timeouts} timeouts, ${r.non2xx} non-2xx`);
      }
      rates[url].push(reqPerSec(r));
    }
  }
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  const home = mean(rates["/"]);
  const login = mean(rates["/login"]);
  return { home, login, ratio: home / login, connections };
}

/** What the crowd saw of one kind of request. */
type Tally = { sent: number; latencies: number[]; non2xx: number; errors: number; timeouts: number };
const newTally = (): Tally => ({ sent: 0, latencies: [], non2xx: 0, errors: 0, timeouts: 0 });

/** The autocannon client's internals this script reads: the request it is on (its context). */
type ClientLike = {
  on: (event: string, listener: (...args: unknown[]) => void) => void;
  requestIterator: { context: { kind?: string } };
};

const percentile = (sorted: number[], p: number) =>
  sorted.length ? (sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number) : 0;

/** Phase 2: the crowd. */
async function crowd(queries: string[]) {
  let i = 0;
  const pick = () => {
    const q = encodeURIComponent(queries[Math.floor(Math.random() * queries.length)] as string);
    const r = Math.random();
    if (r < 0.2) return "/";
    if (r < 0.45) return `/search?q=${q}`;
    if (r < 0.55) return "/reserve";
    if (r < 0.65) return "/news";
    if (r < 0.75) return "/kk";
    return `/api/v1/burials/search?q=${q}&page=${1 + (i++ % 2)}`;
  };
  const tallies = new Map<string, Tally>();
  const tally = (kind: string | undefined) => {
    const k = kind ?? "?";
    let t = tallies.get(k);
    if (!t) {
      t = newTally();
      tallies.set(k, t);
    }
    return t;
  };
  const result = await run({
    url: BASE,
    connections: CONNECTIONS,
    duration: DURATION,
    requests: [
      {
        setupRequest: (req, context) => {
          const p = pick();
          const kind = p.startsWith("/api/") ? "search API" : p.split("?")[0] === "/search" ? "/search?q=" : p;
          tally(kind).sent++;
          (context as { kind?: string }).kind = kind;
          return { ...req, path: p };
        },
      },
    ],
    // Per kind: a client answers, times out or fails on the request of its context. Its 'request'
    // event comes before it moves to the next request (a timeout is reported after that move).
    setupClient: (c) => {
      const client = c as unknown as ClientLike;
      let previous: string | undefined;
      client.on("request", () => {
        previous = client.requestIterator.context.kind;
      });
      client.on("response", (status, _bytes, ms) => {
        const t = tally(client.requestIterator.context.kind);
        t.latencies.push(Math.round(ms as number));
        if (Math.floor((status as number) / 100) !== 2) t.non2xx++;
      });
      client.on("timeout", () => {
        tally(previous).timeouts++;
      });
      client.on("connError", () => {
        tally(client.requestIterator.context.kind).errors++;
      });
    },
  });
  return { result, tallies };
}

function kindLines(tallies: Map<string, Tally>) {
  const all = newTally();
  const rows = [...tallies].sort(([a], [b]) => a.localeCompare(b));
  for (const [, t] of rows) {
    all.sent += t.sent;
    all.latencies.push(...t.latencies);
    all.non2xx += t.non2xx;
    all.errors += t.errors;
    all.timeouts += t.timeouts;
  }
  const total = Math.max(1, all.sent);
  const line = (k: string, t: Tally) => {
    const sorted = [...t.latencies].sort((x, y) => x - y);
    return `   ${k.padEnd(12)} ${fmt((t.sent / total) * 100).padStart(3)}%  ${fmt(t.sent).padStart(6)} ${fmt(t.latencies.length).padStart(6)}  ${`${percentile(sorted, 50)} ms`.padStart(8)} ${`${percentile(sorted, 99)} ms`.padStart(8)} ${`${sorted.at(-1) ?? 0} ms`.padStart(8)}  ${t.non2xx} / ${t.errors} / ${t.timeouts}`;
  };
  return [
    `   ${"kind".padEnd(12)} mix    sent answered      p50      p99      max  non-2xx / errors / timeouts`,
    ...rows.map(([k, t]) => line(k, t)),
    line("all", all),
  ].join("\n");
}

async function main() {
  const isPostgres = Boolean(process.env.DATABASE_URL);
  const p99Target = isPostgres ? 500 : 1000;
  const queries = nameQueries();
  if (queries.length < 2000) throw new Error(`only ${queries.length} different searches; at least 2,000 are needed`);
  build();
  await startServer();
  console.log(`${fmt(queries.length)} different searches from the registry's names`);
  // Warm-up: the first requests compile code paths and fill the database's caches.
  await run({ url: `${BASE}/`, connections: 10, duration: 3 });

  const pair = await homeVersusLogin();
  const loadBefore = os.loadavg();
  const { result: c, tallies } = await crowd(queries);

  const cpus = os.cpus();
  const targets = [
    { name: "home ≥ 80% of /login req/s", ok: pair.ratio >= 0.8, value: `${fmt(pair.ratio * 100, 1)}%` },
    {
      name: "crowd: 0 errors",
      ok: c.errors - c.timeouts === 0 && c.non2xx === 0,
      value: `${c.errors - c.timeouts} errors, ${c.non2xx} non-2xx`,
    },
    { name: "crowd: 0 timeouts", ok: c.timeouts === 0, value: `${c.timeouts}` },
    {
      name: `crowd: p99 ≤ ${fmt(p99Target)} ms (${isPostgres ? "PostgreSQL" : "PGlite"})`,
      ok: c.latency.p99 <= p99Target,
      value: `${c.latency.p99} ms`,
    },
  ];
  console.log(`
date: ${new Date().toISOString()}
machine: ${cpus.length} × ${cpus[0]?.model ?? "cpu"}, ${fmt(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}
load average before the crowd ${loadBefore.map((l) => l.toFixed(2)).join(" ")}, after ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(" ")}
database: ${isPostgres ? "PostgreSQL" : "PGlite"}

1. home vs login (${pair.connections} connections, ${PAIR_TURNS} × ${PAIR_SECONDS} s each, alternating)
   /        ${fmt(pair.home)} req/s
   /login   ${fmt(pair.login)} req/s
   ratio    ${fmt(pair.ratio * 100, 1)}%

2. crowd: ${CONNECTIONS} connections, ${DURATION} s, ${fmt(queries.length)} different searches
   requests ${fmt(c.requests.total)} (${fmt(c.requests.average)} req/s), ${fmt(c.throughput.average / 1024)} KiB/s
   latency  p50 ${c.latency.p50} ms, p90 ${c.latency.p90} ms, p99 ${c.latency.p99} ms, max ${c.latency.max} ms
   errors   ${c.errors - c.timeouts}, timeouts ${c.timeouts}, non-2xx ${c.non2xx}
   by kind (sent − answered = in flight when the run stopped, or timed out):
${kindLines(tallies)}

${targets.map((t) => `${t.ok ? "PASS" : "FAIL"}  ${t.name}: ${t.value}`).join("\n")}
${targets.every((t) => t.ok) ? "ALL TARGETS MET" : "SOME TARGETS MISSED"}
`);
  return targets.every((t) => t.ok);
}

main()
  .then((ok) => {
    stop();
    process.exit(ok ? 0 : 1);
  })
  .catch((err) => {
    console.error(err);
    stop();
    process.exit(1);
  });
