import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import path from "node:path";
import type pg from "pg";
import { withAdminClient as withClient } from "../../server/test/database-copies.ts";

/**
 * What the cluster tests share: a fresh PostgreSQL database of their own on the server of
 * DATABASE_URL, and child processes (queue workers, app servers) started on it, waited for, and
 * stopped at the end.
 */

export const ROOT = path.resolve(import.meta.dirname, "../..");

/** The PostgreSQL server's URL (DATABASE_URL); fails with how to run the test when it is not set. */
export function adminUrl(what: string): string {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error(`${what} needs DATABASE_URL: bash scripts/with-postgres.sh npm run test:cluster`);
  return url;
}

/**
 * A database of a random name `<prefix>_<hex>` on the server of DATABASE_URL (read when the test
 * starts, so a test file can be loaded without it): `create()` makes it, `drop()` removes it if
 * it was made, `query()` runs one statement in it.
 */
export function freshDatabase(prefix: string) {
  const name = `${prefix}_${randomBytes(4).toString("hex")}`;
  let admin: string | undefined;
  const url = () => {
    const u = new URL(admin ?? adminUrl("this test"));
    u.pathname = `/${name}`;
    return u.toString();
  };
  return {
    name,
    url,
    create: async (what: string) => {
      admin = adminUrl(what);
      await withClient(admin, (c) => c.query(`create database ${name}`));
    },
    drop: async () => {
      if (admin) await withClient(admin, (c) => c.query(`drop database if exists ${name}`)).catch(() => undefined);
    },
    query: <T extends pg.QueryResultRow>(text: string) => withClient(url(), (c) => c.query<T>(text)),
  };
}

/** A child process with everything it printed (stdout and stderr), in whole lines. */
export type TProcess = { name: string; proc: ChildProcess; lines: string[]; exited: boolean };

/**
 * Starts `node <args>` in the repository with only PATH, HOME and `env` in its environment; `ipc`
 * opens a message channel to it (`proc.send`, `message` events).
 */
export function startProcess(
  name: string,
  args: string[],
  env: Record<string, string>,
  opts: { ipc?: boolean } = {},
): TProcess {
  const proc = spawn(process.execPath, args, {
    cwd: ROOT,
    stdio: opts.ipc ? ["ignore", "pipe", "pipe", "ipc"] : ["ignore", "pipe", "pipe"],
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
  });
  const out: TProcess = { name, proc, lines: [], exited: false };
  for (const stream of [proc.stdout, proc.stderr]) {
    let rest = "";
    stream?.on("data", (chunk: Buffer) => {
      const parts = (rest + chunk.toString()).split("\n");
      rest = parts.pop() ?? "";
      out.lines.push(...parts);
    });
  }
  proc.on("exit", () => {
    out.exited = true;
  });
  return out;
}

/**
 * Waits until `ready()` holds, checking every `intervalMs`; fails with the end of what the process
 * printed if it exits first or is not ready within `timeoutMs`.
 */
export async function waitUntilReady(
  p: TProcess,
  ready: () => boolean | Promise<boolean>,
  opts: { timeoutMs: number; intervalMs: number },
) {
  const deadline = Date.now() + opts.timeoutMs;
  while (Date.now() < deadline && !p.exited) {
    if (await ready()) return;
    await new Promise((r) => setTimeout(r, opts.intervalMs));
  }
  throw new Error(`${p.name} did not start:\n${p.lines.slice(-40).join("\n")}`);
}

/** Waits until the worker has printed the line `ready`. */
export const waitPrintedReady = (p: TProcess) =>
  waitUntilReady(p, () => p.lines.includes("ready"), { timeoutMs: 60_000, intervalMs: 100 });

/** Stops every process still running (SIGTERM) and resolves once each has exited. */
export async function stopAll(processes: readonly TProcess[]) {
  await Promise.all(
    processes.map(
      (p) =>
        new Promise<void>((resolve) => {
          if (p.exited) return resolve();
          p.proc.once("exit", () => resolve());
          p.proc.kill("SIGTERM");
        }),
    ),
  );
}
