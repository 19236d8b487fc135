import { mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { btree_gist } from "@electric-sql/pglite/contrib/btree_gist";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { drizzle as drizzlePglite, type PgliteDatabase } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import * as schema from "./schema.ts";

/**
 * The database handle every module uses. PGlite and node-postgres expose the same Drizzle API;
 * the type of the PGlite flavour stands for both.
 */
export type Db = PgliteDatabase<typeof schema>;
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
/** Anything a query can run on: the database or an open transaction. */
export type Queryable = Db | Tx;

export type Database = {
  db: Db;
  kind: "pglite" | "postgres";
  close: () => Promise<void>;
  /**
   * Runs `fn` while no other app server runs a step of the same `name` (start-up work such as the
   * demo seed, which several servers starting at once must not do side by side). PostgreSQL: an
   * advisory lock, let go when `fn` ends or the process dies. PGlite: one process owns the database.
   */
  exclusive: <T>(name: string, fn: () => Promise<T>) => Promise<T>;
};

const migrationsFolder = fileURLToPath(new URL("./migrations", import.meta.url));

export type DatabaseOptions = {
  /** PostgreSQL connection string; when absent the embedded PGlite is used. */
  databaseUrl?: string;
  /** PGlite data directory; `memory://` for a throwaway in-memory database. */
  dataDir?: string;
  /** PostgreSQL connections in the pool (10 by default; race tests and benchmarks open more). */
  poolSize?: number;
  /**
   * PGlite only: start from this dump of a data directory (`dumpDataDir()`), e.g. the tests' template
   * migrated once per run (server/test/global-setup.ts); migrations not in it are applied as usual.
   */
  loadDataDir?: Blob;
};

/**
 * Holds a PostgreSQL advisory lock (session level, on one connection of the pool) while `fn` runs
 * on that connection. Servers started together wait for each other here instead of failing.
 */
async function withAdvisoryLock<T>(pool: pg.Pool, name: string, fn: (client: pg.PoolClient) => Promise<T>) {
  const client = await pool.connect();
  try {
    await client.query("select pg_advisory_lock(hashtext($1))", [`mazar:${name}`]);
    try {
      return await fn(client);
    } finally {
      await client.query("select pg_advisory_unlock(hashtext($1))", [`mazar:${name}`]);
    }
  } finally {
    client.release();
  }
}

export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: opts.poolSize ?? 10 });
    const db = drizzlePg(pool, { schema, casing: "snake_case" });
    // Migrations run once however many servers start at the same moment: the first applies them
    // under the lock, the others then find them recorded and apply nothing.
    await withAdvisoryLock(pool, "migrate", (client) =>
      migratePg(drizzlePg(client, { schema, casing: "snake_case" }), { migrationsFolder }),
    );
    return {
      db: db as unknown as Db,
      kind: "postgres",
      close: () => pool.end(),
      exclusive: (name, fn) => withAdvisoryLock(pool, name, () => fn()),
    };
  }
  const dataDir = opts.dataDir ?? "memory://";
  let dir = dataDir;
  if (!dataDir.startsWith("memory://")) {
    dir = path.resolve(dataDir, "pgdata");
    mkdirSync(dir, { recursive: true });
  }
  const { client, db } = await openPglite(dir, opts.loadDataDir);
  return { db, kind: "pglite", close: () => client.close(), exclusive: (_name, fn) => fn() };
}

/** A PGlite database at `dir` (`memory://` for a throwaway one), migrated; from a dump when given. */
export async function openPglite(dir: string, loadDataDir?: Blob) {
  // pg_trgm powers the name search, btree_gist the exclusive holds; PGlite bundles both.
  const client = await PGlite.create(dir, { extensions: { pg_trgm, btree_gist }, loadDataDir });
  const db = drizzlePglite(client, { schema, casing: "snake_case" });
  await migratePglite(db, { migrationsFolder });
  return { client, db };
}
