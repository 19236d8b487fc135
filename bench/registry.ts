/**
 * `npm run bench:registry`: builds a fresh database with 1,000,000 burial records and a cemetery of
 * 50,000 plots, then measures, for the same realistic queries, the registry search through the API
 * in process and the same search run directly against the database, and the map's viewport query.
 * Uses PGlite in memory, or the server of DATABASE_URL (its tables are emptied first).
 * Run on demand; never part of `npm test`.
 */
import { performance } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import { createApi } from "../server/api.ts";
import { loadConfig } from "../server/config.ts";
import { openDatabase } from "../server/db/client.ts";
import { createLogger } from "../server/lib/logger.ts";
import { searchBurials, plotsInViewport } from "../server/modules/registry/registry.service.ts";
import { DiskStorage } from "../server/modules/uploads/storage.ts";
import type { Services } from "../server/services.ts";

const RECORDS = Number(process.env.BENCH_RECORDS ?? 1_000_000);
const SIDE = 250; // 250 × 200 = 50,000 plots
const ROWS = 200;
const RUNS = Number(process.env.BENCH_RUNS ?? 40);

const QUERIES = [
  "Жумабаев",
  "Жұмабаев Ерлан",
  "Иванов Сергей",
  "Алиева",
  "Кузнецова Анна Петровна",
  "Сейткали",
  "Иваноф",
  "Омаров Марат",
  "Нурланов",
  "Федорова",
];

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] as number;
};
const fmt = (xs: number[]) => `p50 ${pct(xs, 50).toFixed(1)} ms, p95 ${pct(xs, 95).toFixed(1)} ms`;

async function main() {
  const t0 = performance.now();
  const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL });
  const { db } = database;
  const tables = await db.execute(sql.raw("select tablename from pg_tables where schemaname = 'public'"));
  const names = (tables.rows as { tablename: string }[]).map((r) => `"${r.tablename}"`).join(", ");
  await db.execute(sql.raw(`truncate table ${names} restart identity cascade`));
  await db.execute(sql`insert into akimats (name_ru, name_kk, city) values ('Бенчмарк', 'Бенчмарк', 'Алматы')`);
  await db.execute(sql`insert into cemeteries (akimat_id, name_ru, name_kk, city) values (1, 'Большое кладбище', 'Үлкен зират', 'Алматы')`);
  // 50,000 plots of 1.2 × 2.2 m on a grid near Almaty, with their bounding boxes.
  await db.execute(sql`
    insert into plots (cemetery_id, sector, row, number, polygon, min_lng, min_lat, max_lng, max_lat, status)
    select 1, 'S' || (x / 50), y::text, x, json_build_object('type', 'Polygon', 'coordinates',
             json_build_array(json_build_array(json_build_array(lng0, lat0), json_build_array(lng1, lat0),
             json_build_array(lng1, lat1), json_build_array(lng0, lat1), json_build_array(lng0, lat0))))::jsonb,
           lng0, lat0, lng1, lat1, case when (x + y) % 5 = 0 then 'free' else 'occupied' end
    from (select x, y, 76.9 + x * 1.7 / 81100.0 as lng0, 76.9 + (x * 1.7 + 1.2) / 81100.0 as lng1,
                 43.2 + y * 3.2 / 111320.0 as lat0, 43.2 + (y * 3.2 + 2.2) / 111320.0 as lat1
          from generate_series(0, ${SIDE - 1}) x, generate_series(1, ${ROWS}) y) g`);
  const plotsAt = performance.now();
  // 1,000,000 records with Kazakh and Russian names, in both spellings, folded as foldName does.
  const surnames = ["Жұмабаев", "Жумабаев", "Әлиев", "Алиев", "Серікбаев", "Нұрланов", "Қасымов", "Оспанов", "Сәрсенов", "Ахметов", "Омаров", "Иванов", "Петров", "Смирнов", "Кузнецов", "Попов", "Федоров", "Сейтқали", "Ким", "Мұқанов"];
  const givenNames = ["Ерлан", "Нұрлан", "Асқар", "Серік", "Марат", "Сергей", "Иван", "Анна", "Мария", "Айгүл", "Гүлнар", "Ольга", "Дәулет", "Петр", "Бақыт"];
  const patronymics = ["Маратұлы", "Серікқызы", "Петровна", "Иванович", "Ерланович", "Болатовна", "Нұрланұлы", ""];
  await db.execute(sql`select setseed(0.42)`);
  const batch = 100_000;
  for (let from = 0; from < RECORDS; from += batch) {
    await db.execute(sql`
      insert into burials (plot_id, surname, name, patronymic, search_name, birth_year, death_year)
      select 1 + (i % ${SIDE * ROWS}), s, n, p,
             translate(lower(s || ' ' || n || ' ' || p), 'ёәғқңөұүһі', 'еагкноуухи'),
             y - 30 - (i % 60), y
      from (select i,
                   (${sql.raw(`array[${surnames.map((x) => `'${x}'`).join(",")}]`)})[1 + floor(random() * ${surnames.length})::int] as s,
                   (${sql.raw(`array[${givenNames.map((x) => `'${x}'`).join(",")}]`)})[1 + floor(random() * ${givenNames.length})::int] as n,
                   (${sql.raw(`array[${patronymics.map((x) => `'${x}'`).join(",")}]`)})[1 + floor(random() * ${patronymics.length})::int] as p,
                   1960 + floor(random() * 66)::int as y
            from generate_series(${from}, ${Math.min(RECORDS, from + batch) - 1}) i) g`);
  }
  await db.execute(sql`analyze`);
  const builtAt = performance.now();
  console.log(`database: ${database.kind}; ${SIDE * ROWS} plots in ${((plotsAt - t0) / 1000).toFixed(1)} s, ${RECORDS} records in ${((builtAt - plotsAt) / 1000).toFixed(1)} s`);

  const services: Services = {
    db,
    config: loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent" }),
    logger: createLogger("silent"),
    sms: { send: async () => {} },
    storage: new DiskStorage("/tmp/bench-uploads"),
    now: () => new Date(),
  };
  const api = createApi(services);

  // Warm up both paths once.
  for (const q of QUERIES) {
    await searchBurials(db, { q, page: 1, locale: "ru" });
    await api.request(`/api/v1/burials/search?q=${encodeURIComponent(q)}`);
  }
  const viaApi: number[] = [];
  const direct: number[] = [];
  for (let r = 0; r < RUNS; r++) {
    for (const q of QUERIES) {
      let t = performance.now();
      const res = await api.request(`/api/v1/burials/search?q=${encodeURIComponent(q)}`);
      await res.json();
      viaApi.push(performance.now() - t);
      t = performance.now();
      await searchBurials(db, { q, page: 1, locale: "ru" });
      direct.push(performance.now() - t);
    }
  }
  const hits = await searchBurials(db, { q: "Жумабаев Ерлан", page: 1, locale: "ru" });
  console.log(`search "Жумабаев Ерлан": ${hits.total} matches`);
  console.log(`search through the API in process (${viaApi.length} queries): ${fmt(viaApi)}`);
  console.log(`search run directly (same SQL, no HTTP):   ${fmt(direct)}`);
  console.log(`API / direct at p95: ${(pct(viaApi, 95) / pct(direct, 95)).toFixed(2)}×`);

  // Viewports of about 2,000 plots (40 places × 50 rows) at random spots.
  const viewport: number[] = [];
  let sizes = 0;
  for (let r = 0; r < RUNS * 5; r++) {
    const x = Math.floor(Math.random() * (SIDE - 40));
    const y = 1 + Math.floor(Math.random() * (ROWS - 50));
    const bbox: [number, number, number, number] = [
      76.9 + (x * 1.7 + 0.1) / 81100,
      43.2 + (y * 3.2 + 0.1) / 111320,
      76.9 + ((x + 39) * 1.7 + 1.1) / 81100,
      43.2 + ((y + 49) * 3.2 + 2.1) / 111320,
    ];
    const t = performance.now();
    const fc = await plotsInViewport(db, 1, bbox);
    viewport.push(performance.now() - t);
    sizes += fc.features.length;
  }
  console.log(`viewport (${Math.round(sizes / viewport.length)} plots on average, ${viewport.length} queries): ${fmt(viewport)}`);
  await database.close();
}

await main();
process.exit(0);
