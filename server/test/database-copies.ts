import { randomBytes } from "node:crypto";
import pg from "pg";

/**
 * The PostgreSQL databases of a test run on the server of `DATABASE_URL`: the template migrated
 * once (`<name>_template`, server/test/global-setup.ts) and one copy of it per test file
 * (server/test/db-per-file.ts). The database named in `DATABASE_URL` itself is only connected to,
 * to create and drop the others (a template cannot be copied while anyone is connected to it).
 */

function databaseAt(url: string, name: string) {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return { name, url: u.toString() };
}

const nameOf = (url: string) => decodeURIComponent(new URL(url).pathname.slice(1)) || "postgres";

export const templateDatabaseUrl = (url: string) => databaseAt(url, `${nameOf(url)}_template`);

/** What the names of the test files' copies start with. */
export const fileDatabasePrefix = (url: string) => `${nameOf(url)}_f`;

/** A new database's name and URL for one test file: `<name>_f<hex>`. */
export const fileDatabaseUrl = (url: string) =>
  databaseAt(url, `${fileDatabasePrefix(url)}${randomBytes(4).toString("hex")}`);

/** Runs `fn` on a connection of its own to the database of `url`, closed afterwards. */
export async function withAdminClient<T>(url: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}
