import { defineConfig } from "@playwright/test";
import { findChromium } from "./scripts/chromium.mjs";

/**
 * Browser tests: a system Chromium (Debian's chromium, or CHROMIUM_PATH; no downloaded browsers)
 * against the production build, built only when its sources changed (scripts/e2e-server.mjs),
 * served on 127.0.0.1:E2E_PORT (3100 by default) with a fresh embedded database and the dev login code.
 */
const PORT = Number(process.env.E2E_PORT ?? 3100);
const chromium = findChromium();
// One line, at once, rather than every test failing to launch a browser.
if (chromium.error) throw new Error(chromium.error);

export default defineConfig({
  testDir: "tests/e2e",
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [["list"]],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    locale: "ru-RU",
    trace: "off",
    launchOptions: {
      executablePath: chromium.path,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  webServer: {
    command: "node scripts/e2e-server.mjs",
    url: `http://127.0.0.1:${PORT}/api/v1/health`,
    timeout: 240_000,
    reuseExistingServer: false,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      PORT: String(PORT),
      HOST: "127.0.0.1",
      PUBLIC_URL: `http://127.0.0.1:${PORT}`,
      DATA_DIR: ".tmp/e2e-data",
      // The suite signs in far more often than the hourly SMS limits allow (default limits): with the
      // dev code, a limit holds the SMS back but never the login.
      AUTH_DEV_CODE: "111111",
      ENABLE_TEST_ROUTES: "1",
      SEED_DEMO: "true",
      LOG_LEVEL: "warn",
    },
  },
});
