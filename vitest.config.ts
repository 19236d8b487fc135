import { readdirSync, readFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import path from "node:path";
import { configDefaults, defineConfig } from "vitest/config";

const TEST_FILES = ["tests/*.test.ts", "server/**/*.test.ts", "common/**/*.test.ts", "app/**/*.test.{ts,tsx}"];

/**
 * The test files that open a database: those importing the harness, the database client or the
 * booking fixtures. Read from the sources, so a new API test lands in the `db` project by itself.
 */
const USES_DATABASE = /from "[^"]*\/(?:test\/harness|db\/client|test\/booking-fixtures|harness|booking-fixtures)\.ts"/;
const ROOT = import.meta.dirname;
const DB_FILES = ["server", "app", "common", "tests"]
  .flatMap((dir) =>
    readdirSync(path.join(ROOT, dir), { recursive: true, encoding: "utf8" }).map((f) => path.join(dir, f)),
  )
  .filter((file) => /\.test\.tsx?$/.test(file) && !file.startsWith(path.join("tests", "cluster")))
  .filter((file) => USES_DATABASE.test(readFileSync(path.join(ROOT, file), "utf8")))
  .map((file) => file.split(path.sep).join("/"))
  .sort();

/**
 * Two projects, side by side in one `vitest run`:
 * - `unit`: the files that need no database;
 * - `db`: the API and database tests, on PGlite, or on the PostgreSQL server of `DATABASE_URL`
 *   (`bash scripts/with-postgres.sh npm run test:db` runs only these there). The database is
 *   migrated once per run (server/test/global-setup.ts) and each file starts from that copy.
 *   Its files share their worker's loaded modules (`isolate: false`: re-importing the whole server
 *   for each file was a third of the project's time); each still opens its own database and
 *   services through the harness, and the modules keep no state of their own but caches of
 *   constants (fonts, the read policies, the permission gates).
 *
 * At least two workers, also on a two-core machine: the database tests wait on their database.
 */
export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      { extends: true, test: { name: "unit", include: TEST_FILES, exclude: [...configDefaults.exclude, ...DB_FILES] } },
      {
        extends: true,
        test: {
          name: "db",
          include: DB_FILES,
          isolate: false,
          globalSetup: ["server/test/global-setup.ts"],
          setupFiles: ["server/test/db-per-file.ts"],
        },
      },
    ],
  },
});
