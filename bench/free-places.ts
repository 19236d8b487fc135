/**
 * `npx tsx bench/free-places.ts`: the phone's place picker on a large cemetery (decision 006,
 * issue 13). Builds a cemetery of 600,000 plots (60 sectors × 200 rows × 50 places, about 28% free)
 * in a fresh PGlite in memory, or on the server of DATABASE_URL, and times the three steps: the
 * sectors with free places, one sector's rows, one row's free places. Run on demand.
 */
import { performance } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import { openDatabase } from "../server/db/client.ts";
import { freePlaces, freeRows, freeSectors } from "../server/modules/cemeteries/cemeteries.service.ts";

const RUNS = Number(process.env.BENCH_RUNS ?? 10);
const { db, close } = await openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir: "memory://" });
const [akimat] = (
  await db.execute(sql`insert into akimats (name_ru, name_kk, city) values ('Bench', 'Bench', 'Bench') returning id`)
).rows as { id: number }[];
const [cemetery] = (
  await db.execute(
    sql`insert into cemeteries (akimat_id, name_ru, name_kk, city) values (${akimat?.id}, 'Bench', 'Bench', 'Bench') returning id`,
  )
).rows as { id: number }[];
const id = cemetery?.id as number;
let started = performance.now();
await db.execute(sql`insert into plots (cemetery_id, sector, row, number, polygon, min_lng, min_lat, max_lng, max_lat, status)
  select ${id}, 'S' || s, r::text, n, '{"type":"Polygon","coordinates":[]}'::jsonb,
    76 + s * 0.001 + n * 0.00001, 43 + r * 0.00003, 76 + s * 0.001 + n * 0.00001 + 0.000008, 43 + r * 0.00003 + 0.00002,
    case when random() < 0.28 then 'free' else 'occupied' end
  from generate_series(1, 60) s, generate_series(1, 200) r, generate_series(1, 50) n`);
// As PostgreSQL's autovacuum would after a bulk load (PGlite has no autovacuum): the visibility map
// lets the count read the partial index alone.
await db.execute(sql`vacuum analyze plots`);
console.log(`600,000 plots in ${((performance.now() - started) / 1000).toFixed(1)} s`);

async function time(name: string, run: () => Promise<unknown>) {
  const ms: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    started = performance.now();
    await run();
    ms.push(performance.now() - started);
  }
  ms.sort((a, b) => a - b);
  console.log(
    `${name.padEnd(12)} median ${ms[Math.floor(ms.length / 2)]?.toFixed(1)} ms, max ${ms.at(-1)?.toFixed(1)} ms`,
  );
}
await time("sectors", () => freeSectors(db, id));
await time("rows", () => freeRows(db, id, "S7"));
await time("places", () => freePlaces(db, id, { sector: "S7", row: "120" }));
await close();
