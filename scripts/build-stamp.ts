import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";

/**
 * What the production build is made from. The server code (`server/`) is not in the list: it runs
 * from source, so a change there needs a restart, not a build. Dependencies count through the lock
 * file. Anything else that shapes the bundle (a new config file) must be added here.
 */
export const BUILD_INPUTS = [
  "app",
  "common",
  "public",
  "package-lock.json",
  "vite.config.ts",
  "react-router.config.ts",
  "tsconfig.json",
] as const;

/** The hash of the sources a build was made from, kept next to the build. */
export const STAMP_FILE = path.join("build", ".source-hash");
export const SERVER_BUILD_FILE = path.join("build", "server", "index.js");
/**
 * Held while one process builds (a folder: creating it is atomic), with the builder's pid inside.
 * Not under `build/`, which `react-router build` deletes as it starts.
 */
export const BUILD_LOCK = path.join("node_modules", ".cache", "mazar-build-lock");
/** A lock older than this is left over from a crashed build, whatever pid it names. */
const STALE_LOCK_MS = 15 * 60_000;

function listFiles(root: string, rel: string, out: string[]) {
  const full = path.join(root, rel);
  if (!existsSync(full)) return;
  if (statSync(full).isDirectory()) {
    for (const name of readdirSync(full)) {
      if (name === "node_modules" || name === ".DS_Store") continue;
      listFiles(root, path.join(rel, name), out);
    }
  } else {
    out.push(rel);
  }
}

/**
 * One hash over the build's inputs: every file's path and content, in a fixed order, so a renamed,
 * added, removed or edited file changes it and nothing else does (timestamps are not part of it:
 * a fresh `git clone` of the same commit gives the same hash).
 */
export function sourceHash(root: string): string {
  const files: string[] = [];
  for (const input of BUILD_INPUTS) listFiles(root, input, files);
  const hash = createHash("sha256");
  for (const rel of files.map((f) => f.split(path.sep).join("/")).sort()) {
    hash.update(`${rel}\0`);
    hash.update(readFileSync(path.join(root, rel)));
    hash.update("\0");
  }
  return hash.digest("hex");
}

export type TBuildDecision =
  | { build: false; reason: "fresh"; hash: string }
  | { build: true; reason: "no-build" | "no-stamp" | "sources-changed"; hash: string };

/** Whether `npm start` must build first: no build, a build of unknown sources, or sources changed since. */
export function buildDecision(root: string): TBuildDecision {
  const hash = sourceHash(root);
  if (!existsSync(path.join(root, SERVER_BUILD_FILE))) return { build: true, reason: "no-build", hash };
  const stampPath = path.join(root, STAMP_FILE);
  if (!existsSync(stampPath)) return { build: true, reason: "no-stamp", hash };
  if (readFileSync(stampPath, "utf8").trim() !== hash) return { build: true, reason: "sources-changed", hash };
  return { build: false, reason: "fresh", hash };
}

/**
 * Lines of the build's output that say nothing about this app: React Router's config loader starts
 * Vite servers of its own with `envFile: false`, which Vite 8 calls deprecated (five times a build;
 * the ones from servers using vite.config.ts are dropped by its logger already).
 */
export const BUILD_NOISE: readonly RegExp[] = [
  /^The `envFile` option is deprecated, please use `envDir: false` instead\.$/,
];

// ANSI colour codes, which the matching ignores.
// biome-ignore lint/suspicious/noControlCharactersInRegex: the escape character starts them
const ANSI = /\u001b\[[0-9;]*m/g;

/** The build's output without the lines of BUILD_NOISE. */
export function withoutBuildNoise(text: string): string {
  return text
    .split("\n")
    .filter((line) => !BUILD_NOISE.some((noise) => noise.test(line.replace(ANSI, "").trim())))
    .join("\n");
}

/**
 * The production build, whatever `NODE_ENV` the caller has: with `development` there, Vite would
 * bundle React's development build for the browser. The stamp goes first and is written back only
 * after a successful build, so a failed or interrupted build is never taken for a fresh one.
 *
 * Its output (every asset and its size) is printed by `npm run build` (`print: "all"`); `npm start`
 * and the browser tests' server print it only when the build fails (`"on-failure"`), so a first
 * start's log says what matters. The lines of BUILD_NOISE are never printed.
 */
export function buildApp(
  root: string,
  hash = sourceHash(root),
  command: readonly string[] = ["npx", "react-router", "build"],
  print: "all" | "on-failure" = "on-failure",
): void {
  rmSync(path.join(root, STAMP_FILE), { force: true });
  const [bin = "npx", ...args] = command;
  const built = spawnSync(bin, args, {
    cwd: root,
    stdio: ["ignore", "pipe", "pipe"],
    encoding: "utf8",
    maxBuffer: 256 * 1024 * 1024,
    env: { ...process.env, NODE_ENV: "production" },
  });
  const failed = built.status !== 0;
  if (print === "all" || failed) {
    process.stdout.write(withoutBuildNoise(built.stdout ?? ""));
    process.stderr.write(withoutBuildNoise(built.stderr ?? ""));
  }
  if (failed) throw new Error(`the build failed (exit code ${built.status ?? built.signal})`);
  writeFileSync(path.join(root, STAMP_FILE), `${hash}\n`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: the process exists but belongs to someone else.
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * Runs `fn` while no other process of this checkout builds: several servers started together from
 * one directory after a `git pull` (systemd instances) would otherwise write the same `build/` at
 * once. A waiting process takes the lock when the builder is done, or when it died (its pid is
 * gone, or the lock is older than a build can take); `fn` then decides again whether to build.
 */
export function withBuildLock<T>(root: string, fn: () => T, pollMs = 500): T {
  const lock = path.join(root, BUILD_LOCK);
  mkdirSync(path.dirname(lock), { recursive: true });
  for (;;) {
    try {
      mkdirSync(lock);
      writeFileSync(path.join(lock, "pid"), String(process.pid));
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
      const pid = Number(existsSync(path.join(lock, "pid")) ? readFileSync(path.join(lock, "pid"), "utf8") : 0);
      const age = Date.now() - (statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
      if ((pid > 0 && !isAlive(pid)) || age > STALE_LOCK_MS) {
        rmSync(lock, { recursive: true, force: true });
        continue;
      }
      // A synchronous wait: nothing else runs in this process before the server is built.
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, pollMs);
    }
  }
  try {
    return fn();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

const BUILD_REASONS = {
  "no-build": "no build yet",
  "no-stamp": "the build's sources are unknown",
  "sources-changed": "the sources changed since the last build",
} as const;

/**
 * Builds the app when there is no build or its sources changed (`npm start`, and the browser
 * tests' server): decided again under the lock, since another server of this checkout may have
 * just built it. Returns whether it built.
 */
export function ensureBuild(root: string, log: (line: string) => void = console.log): boolean {
  if (!buildDecision(root).build) return false;
  return withBuildLock(root, () => {
    const decision = buildDecision(root);
    if (!decision.build) return false;
    log(`Building the app (${BUILD_REASONS[decision.reason]}; about a minute)...`);
    const started = Date.now();
    buildApp(root, decision.hash);
    log(`Built in ${Math.round((Date.now() - started) / 1000)} s.`);
    return true;
  });
}
