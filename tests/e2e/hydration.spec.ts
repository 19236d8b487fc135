import { type ChildProcess, spawn } from "node:child_process";
import { rmSync } from "node:fs";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { DEMO, login } from "./helpers.ts";

/**
 * Pages hydrate without a mismatch: the server's HTML is what the browser's first render makes.
 * React reports a mismatch on the console: production React for text (errors #418, #423, #425),
 * development React also for attributes, such as the CSP nonce that the browser hides from the DOM.
 */
const HYDRATION = /hydrat|did(?:n't| not) match|Minified React error #(?:418|419|423|425)\b/i;

function watchHydration(page: Page): string[] {
  const found: string[] = [];
  page.on("console", (m) => {
    if ((m.type() === "error" || m.type() === "warning") && HYDRATION.test(m.text())) found.push(m.text());
  });
  page.on("pageerror", (e) => {
    if (HYDRATION.test(e.message)) found.push(e.message);
  });
  return found;
}

const PAGES = ["/", "/login", "/news", "/search?q=Иванов", "/reserve", "/kk", "/kk/login"];

test("public and signed-in pages hydrate without a mismatch (production build)", async ({ page }) => {
  const mismatches = watchHydration(page);
  for (const path of PAGES) {
    await page.goto(path);
    // The nonce reached the browser (it is kept in `element.nonce`; the attribute reads empty).
    expect(await page.evaluate(() => document.querySelector<HTMLScriptElement>("script[nonce]")?.nonce)).toMatch(
      /^[A-Za-z0-9+/=]{16,}$/,
    );
  }
  await login(page, DEMO.client.phone);
  await page.goto("/");
  await page.goto("/kk/news");
  expect(mismatches).toEqual([]);
});

test("pages hydrate without a mismatch under development React, which also compares attributes", async ({ page }) => {
  // `npm run dev` on its own port and database: only development React reports attribute mismatches
  // such as the nonce one that every page had.
  test.setTimeout(600_000);
  const port = Number(process.env.E2E_PORT ?? 3100) + 9;
  const dataDir = ".tmp/e2e-dev-data";
  rmSync(dataDir, { recursive: true, force: true });
  const dev: ChildProcess = spawn(process.execPath, ["--import", "tsx", "server/dev.ts"], {
    stdio: ["ignore", "ignore", "pipe"],
    env: {
      ...process.env,
      NODE_ENV: "development",
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      SEED_DEMO: "true",
      LOG_LEVEL: "warn",
    },
  });
  let stderr = "";
  dev.stderr?.on("data", (d: Buffer) => {
    stderr += d.toString();
  });
  try {
    await expect(async () => {
      expect(dev.exitCode, stderr).toBeNull();
      const res = await fetch(`http://127.0.0.1:${port}/api/v1/health`);
      expect(res.ok).toBe(true);
    }).toPass({ timeout: 180_000, intervals: [500] });

    const paths = ["/", "/login", "/kk/news"];
    // The development server compiles each module on its first request (and may re-optimize its
    // dependencies, reloading the page): a first pass, with time for that on a busy machine, so the
    // pass that is measured loads what is already compiled.
    // A page that loaded while the server re-optimized may ask for a dependency it then refuses as
    // outdated and never hydrate: such a warm-up visit is made again, as a developer reloads.
    for (const path of paths) {
      await expect(async () => {
        await page.goto(`http://127.0.0.1:${port}${path}`, { timeout: 60_000 });
      }).toPass({ timeout: 240_000, intervals: [1_000] });
    }
    const mismatches = watchHydration(page);
    for (const path of paths) await page.goto(`http://127.0.0.1:${port}${path}`);
    expect(mismatches).toEqual([]);
  } finally {
    dev.kill("SIGTERM");
  }
});
