import { defineConfig } from "@playwright/test";

/**
 * Browser tests: Debian's chromium (no downloaded browsers) against the production build,
 * served on 127.0.0.1 with a fresh embedded database and the dev login code.
 */
const PORT = Number(process.env.E2E_PORT ?? 3100);

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
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
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
    command: "npm run build && node scripts/e2e-server.mjs",
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
      AUTH_DEV_CODE: "111111",
      ENABLE_TEST_ROUTES: "1",
      OTP_IP_HOURLY_LIMIT: "1000",
      OTP_PHONE_HOURLY_LIMIT: "100",
      SEED_DEMO: "true",
      LOG_LEVEL: "warn",
    },
  },
});
