import { afterAll } from "vitest";
import { fileDatabaseUrl, templateDatabaseUrl, withAdminClient } from "./database-copies.ts";

/**
 * A setup file of the `db` project. On PostgreSQL (`DATABASE_URL`), this test file gets a database
 * of its own, copied from the template migrated once for the run (global-setup.ts), and
 * `DATABASE_URL` names it for everything the file opens (the harness, second pools of race tests),
 * so test files never share tables and can run side by side. Dropped when the file is done, or at
 * the end of the run.
 */
const server = process.env.MAZAR_TEST_SERVER_URL ?? process.env.DATABASE_URL;
if (server) {
  process.env.MAZAR_TEST_SERVER_URL = server;
  const copy = fileDatabaseUrl(server);
  const template = templateDatabaseUrl(server);
  await withAdminClient(server, (c) => c.query(`create database "${copy.name}" template "${template.name}"`));
  process.env.DATABASE_URL = copy.url;
  afterAll(async () => {
    // Not by force: a pool some test left open would see its connections killed and fail the run.
    // A copy still in use is dropped at the end of the run instead (global-setup.ts).
    await withAdminClient(server, (c) => c.query(`drop database if exists "${copy.name}"`)).catch(() => undefined);
  });
}
