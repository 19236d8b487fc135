import { spawnSync } from "node:child_process";
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { findChromium } from "../scripts/chromium.mjs";

const dir = mkdtempSync(path.join(tmpdir(), "mazar-chromium-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const browser = path.join(dir, "chromium");
writeFileSync(browser, "#!/bin/sh\n");
chmodSync(browser, 0o755);
const notExecutable = path.join(dir, "readme.txt");
writeFileSync(notExecutable, "");

describe("where the browser tests find Chromium", () => {
  it("takes CHROMIUM_PATH when it is an executable", () => {
    expect(findChromium({ CHROMIUM_PATH: browser }, [])).toEqual({ path: browser });
  });

  it("refuses a CHROMIUM_PATH that is wrong, rather than taking another browser", () => {
    const found = findChromium({ CHROMIUM_PATH: notExecutable }, [browser]);
    expect(found.error).toContain(`CHROMIUM_PATH=${notExecutable} is not an executable`);
  });

  it("looks in the usual places, in order, when CHROMIUM_PATH is unset", () => {
    expect(findChromium({}, [path.join(dir, "missing"), notExecutable, browser])).toEqual({ path: browser });
  });

  it("says in one line what to do when there is none", () => {
    const found = findChromium({}, [path.join(dir, "missing")]);
    expect(found.error).toMatch(/need Chromium.*apt-get install chromium.*CHROMIUM_PATH/);
    expect(found.error).not.toContain("\n");
  });
});

describe("npm test's first step", () => {
  it("stops at once with one line when the browser is missing, before any test runs", () => {
    const t0 = Date.now();
    const run = spawnSync(process.execPath, ["scripts/test-prerequisites.mjs"], {
      env: { PATH: process.env.PATH, CHROMIUM_PATH: path.join(dir, "missing") },
      encoding: "utf8",
    });
    expect(run.status).toBe(1);
    expect(run.stdout).toBe("");
    expect(run.stderr.trim().split("\n")).toEqual([
      `npm test: CHROMIUM_PATH=${path.join(dir, "missing")} is not an executable file: point it at Chromium or unset it.`,
    ]);
    expect(Date.now() - t0).toBeLessThan(10_000);
  });

  it.each([
    ["the first", 0],
    ["the second", 1],
  ])("stops with one line when %s browser tests' server's port is taken", async (_which, offset) => {
    const { createServer } = await import("node:net");
    const listen = (p: number) =>
      new Promise<import("node:net").Server | null>((resolve) => {
        const s = createServer();
        s.once("error", () => resolve(null));
        s.listen(p, "127.0.0.1", () => resolve(s));
      });
    // A taken port whose first-checked neighbour (the one before, for the second server) is free:
    // another process on the machine may hold that neighbour, and the script would name it instead.
    let server: import("node:net").Server | null = null;
    let port = 0;
    for (let attempt = 0; attempt < 50 && !server; attempt++) {
      const taken = (await listen(0)) as import("node:net").Server;
      port = (taken.address() as { port: number }).port;
      const before = offset ? await listen(port - offset) : null;
      if (offset && !before) {
        taken.close();
        continue;
      }
      before?.close();
      server = taken;
    }
    if (!server) throw new Error("no pair of ports found");
    try {
      const run = spawnSync(process.execPath, ["scripts/test-prerequisites.mjs"], {
        env: { PATH: process.env.PATH, CHROMIUM_PATH: browser, E2E_PORT: String(port - offset) },
        encoding: "utf8",
      });
      expect(run.status).toBe(1);
      expect(run.stderr.trim()).toBe(
        `npm test: port ${port} (a browser tests' server) is in use: stop what listens there or set E2E_PORT to a port whose next one is free too.`,
      );
    } finally {
      server?.close();
    }
  });
});
