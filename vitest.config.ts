import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["tests/*.test.ts", "server/**/*.test.ts", "common/**/*.test.ts", "app/**/*.test.{ts,tsx}"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // A PostgreSQL server is one shared database: its test files take turns.
    fileParallelism: !process.env.DATABASE_URL,
    pool: "forks",
  },
});
