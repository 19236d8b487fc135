import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { openDatabase, openPglite } from "../db/client.ts";
import { fileDatabasePrefix, templateDatabaseUrl, withAdminClient } from "./database-copies.ts";

declare module "vitest" {
  export interface ProvidedContext {
    /** The migrated PGlite data directory every test file's harness starts from (a `dumpDataDir()` file). */
    pgliteTemplate: string;
  }
}

/**
 * Migrates one database per run for the database-backed test files (vitest's `db` project), so
 * that no test file pays for it (creating and migrating PGlite took 2–4 s a file, 32 files):
 * - PGlite: one in memory, migrated, dumped to a file; each harness loads the dump.
 * - PostgreSQL (`DATABASE_URL`): a template database `<name>_template` on that server, migrated;
 *   each test file copies it into a database of its own (server/test/db-per-file.ts), so the files
 *   run side by side as they do on PGlite.
 */
export default async function setup(project: TestProject) {
  const url = process.env.DATABASE_URL;
  if (url) {
    const template = templateDatabaseUrl(url);
    await withAdminClient(url, async (c) => {
      await c.query(`drop database if exists "${template.name}" with (force)`);
      await c.query(`create database "${template.name}"`);
    });
    const database = await openDatabase({ databaseUrl: template.url, poolSize: 1 });
    await database.close();
    return async () => {
      // The template, and any test file's copy still there (its test processes have ended).
      await withAdminClient(url, async (c) => {
        const left = await c.query<{ datname: string }>(
          "select datname from pg_database where datname = $1 or datname like $2",
          [template.name, `${fileDatabasePrefix(url).replaceAll("_", "\\_")}%`],
        );
        for (const { datname } of left.rows) await c.query(`drop database if exists "${datname}" with (force)`);
      });
    };
  }
  const dir = mkdtempSync(path.join(tmpdir(), "mazar-template-"));
  const file = path.join(dir, "pglite.tar");
  const { client } = await openPglite("memory://");
  const dump = await client.dumpDataDir("none");
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await client.close();
  project.provide("pgliteTemplate", file);
  return () => rmSync(dir, { recursive: true, force: true });
}
