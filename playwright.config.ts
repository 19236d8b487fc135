import { defineConfig } from "@playwright/test";
import { findChromium } from "./scripts/chromium.mjs";

/**
 * Browser tests: a system Chromium (Debian's chromium, or CHROMIUM_PATH; no downloaded browsers)
 * against the production build, built only when its sources changed (scripts/e2e-server.mjs),
 * with a fresh embedded database and the dev login code.
 *
 * Two servers, each with a database of its own, on 127.0.0.1:E2E_PORT and E2E_PORT+1 (3100 and 3101
 * by default), and one worker for each: the spec files are split in two halves of about the same
 * length (`SECOND_HALF`, by the times of a whole run; a new file goes to the first). Within a half
 * the files run one after another on their server, as the whole suite once did on one, so no test
 * sees another's rows change under it.
 */
const PORT = Number(process.env.E2E_PORT ?? 3100);
const SECOND_HALF = [
  "booking.spec.ts",
  "staff-phone.spec.ts",
  "search.spec.ts",
  "news.spec.ts",
  "phone.spec.ts",
  "manager-search.spec.ts",
  "privacy.spec.ts",
  "manager.spec.ts",
  "admin-managers.spec.ts",
  "manager-booking.spec.ts",
  "locale.spec.ts",
  "supplier-documents.spec.ts",
  "add-request.spec.ts",
  "form-errors.spec.ts",
  "reports.spec.ts",
  "appeals-client.spec.ts",
  "appeals-journey.spec.ts",
  "reburial.spec.ts",
];
const halves = [
  { name: "first", port: PORT, files: { testIgnore: SECOND_HALF } },
  { name: "second", port: PORT + 1, files: { testMatch: SECOND_HALF } },
];
const chromium = findChromium();
// One line, at once, rather than every test failing to launch a browser.
if (chromium.error) throw new Error(chromium.error);

export default defineConfig({
  testDir: "tests/e2e",
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: halves.length,
  retries: 0,
  reporter: [["list"]],
  projects: halves.map((h) => ({
    name: h.name,
    workers: 1,
    ...h.files,
    use: { baseURL: `http://127.0.0.1:${h.port}` },
  })),
  use: {
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
  // Started one after another: the first builds when needed, the second finds the build made.
  webServer: halves.map((h) => ({
    command: "node scripts/e2e-server.mjs",
    url: `http://127.0.0.1:${h.port}/api/v1/health`,
    timeout: 240_000,
    reuseExistingServer: false,
    stdout: "ignore" as const,
    stderr: "pipe" as const,
    env: {
      PORT: String(h.port),
      HOST: "127.0.0.1",
      PUBLIC_URL: `http://127.0.0.1:${h.port}`,
      DATA_DIR: `.tmp/e2e-data-${h.name}`,
      // The suite signs in far more often than the hourly SMS limits allow (default limits): with the
      // dev code, a limit holds the SMS back but never the login.
      AUTH_DEV_CODE: "111111",
      ENABLE_TEST_ROUTES: "1",
      SEED_DEMO: "true",
      LOG_LEVEL: "warn",
    },
  })),
});
