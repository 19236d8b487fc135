import { defineConfig } from "vitest/config";

/**
 * The cluster test (`npm run test:cluster`): two production app servers on one PostgreSQL and one
 * S3-compatible store. Needs DATABASE_URL (run it inside `bash scripts/with-postgres.sh`).
 */
export default defineConfig({
  test: {
    include: ["tests/cluster/*.test.ts"],
    testTimeout: 60_000,
    // Building the app when it is missing or stale, then starting both servers.
    hookTimeout: 300_000,
    fileParallelism: false,
    pool: "forks",
  },
});
