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
 *    and the search API, the searches spread over hundreds of names read from the demo registry:
 *    no errors, no timeouts (10 s), 99th percentile ≤ 1 s.
 *
 * Bounded: every phase has a fixed duration, the whole run a watchdog, and the server is stopped
 * at the end whatever happens. Exits 1 when a target is missed. Figures: docs/performance.md.
 *
 * Environment: BENCH_PORT (3121), BENCH_CONNECTIONS (200), BENCH_DURATION (60 s),
 * BENCH_PAIR_SECONDS (10 s per turn of phase 1), BENCH_SKIP_BUILD=1 to reuse a production build
 * made by this script moments ago.
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon, { type Result } from "autocannon";

const PORT = Number(process.env.BENCH_PORT ?? 3121);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 200);
const DURATION = Number(process.env.BENCH_DURATION ?? 60);
const PAIR_SECONDS = Number(process.env.BENCH_PAIR_SECONDS ?? 10);
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
  server = spawn(process.execPath, ["--import", "tsx", "server/index.ts"], {
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

type Burial = { surname: string; name: string; patronymic: string };

/**
 * Hundreds of different searches as people type them (a surname, surname and name, the full
 * name), from the records of the demo registry, read through the public API by death year.
 */
async function registryQueries(): Promise<string[]> {
  const queries = new Set<string>();
  for (let year = 2025; year >= 1950 && queries.size < 600; year--) {
    const res = await fetch(`${BASE}/api/v1/burials/search?deathYear=${year}`);
    if (!res.ok) continue;
    const page = (await res.json()) as { items: Burial[] };
    for (const [i, b] of page.items.entries()) {
      const forms = [b.surname, `${b.surname} ${b.name}`, `${b.surname} ${b.name} ${b.patronymic}`];
      queries.add((forms[i % forms.length] as string).trim());
    }
  }
  return [...queries];
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
  for (let turn = 0; turn < 2; turn++) {
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
  const paths = new Map<string, number>();
  const answered = new Map<string, number>();
  const result = await run({
    url: BASE,
    connections: CONNECTIONS,
    duration: DURATION,
    requests: [
      {
        setupRequest: (req, context) => {
          const p = pick();
          const kind = p.startsWith("/api/") ? "search API" : p.split("?")[0] === "/search" ? "/search?q=" : p;
          paths.set(kind, (paths.get(kind) ?? 0) + 1);
          (context as { kind?: string }).kind = kind;
          return { ...req, path: p };
        },
        onResponse: (_status, _body, context) => {
          const kind = (context as { kind?: string }).kind ?? "?";
          answered.set(kind, (answered.get(kind) ?? 0) + 1);
        },
      },
    ],
  });
  return { result, paths, answered };
}

async function main() {
  build();
  await startServer();
  const queries = await registryQueries();
  console.log(`${queries.length} different searches from the demo registry`);
  // Warm-up: the first requests compile code paths and fill the database's caches.
  await run({ url: `${BASE}/`, connections: 10, duration: 3 });

  const pair = await homeVersusLogin();
  const { result: c, paths, answered } = await crowd(queries);

  const cpus = os.cpus();
  const targets = [
    { name: "home ≥ 80% of /login req/s", ok: pair.ratio >= 0.8 },
    { name: "crowd: 0 errors", ok: c.errors === 0 && c.non2xx === 0 },
    { name: "crowd: 0 timeouts", ok: c.timeouts === 0 },
    { name: "crowd: p99 ≤ 1 s", ok: c.latency.p99 <= 1000 },
  ];
  console.log(`
machine: ${cpus.length} × ${cpus[0]?.model ?? "cpu"}, ${fmt(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, load average before the crowd ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(" ")}
database: ${process.env.DATABASE_URL ? "PostgreSQL" : "PGlite"}

1. home vs login (${pair.connections} connections, 2 × ${PAIR_SECONDS} s each, alternating)
   /        ${fmt(pair.home)} req/s
   /login   ${fmt(pair.login)} req/s
   ratio    ${fmt(pair.ratio * 100, 1)}%

2. crowd: ${CONNECTIONS} connections, ${DURATION} s, ${queries.length} different searches
   requests ${fmt(c.requests.total)} (${fmt(c.requests.average)} req/s), ${fmt(c.throughput.average / 1024)} KiB/s
   mix      ${[...paths]
     .map(
       ([k, n]) =>
         `${k} ${fmt(
           (n /
             Math.max(
               1,
               [...paths.values()].reduce((a, b) => a + b, 0),
             )) *
             100,
         )}%`,
     )
     .join(", ")}
   latency  p50 ${c.latency.p50} ms, p90 ${c.latency.p90} ms, p99 ${c.latency.p99} ms, max ${c.latency.max} ms
   errors   ${c.errors}, timeouts ${c.timeouts}, non-2xx ${c.non2xx}
   sent/answered by kind (the last ${CONNECTIONS} are in flight when the run stops)
            ${[...paths].map(([k, n]) => `${k} ${n}/${answered.get(k) ?? 0}`).join(", ")}

${targets.map((t) => `${t.ok ? "PASS" : "FAIL"}  ${t.name}`).join("\n")}
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
