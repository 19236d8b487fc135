/**
 * `npm run bench:registry`: builds a fresh database with 1,000,000 burial records and a cemetery of
 * 50,000 plots, then measures, for the same realistic queries, the registry search through the API
 * in process and the same search run directly against the database, and the map's viewport query.
 * Uses PGlite in memory, or the server of DATABASE_URL (its tables are emptied first).
 * Run on demand; never part of `npm test`.
 */
import { performance } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import { searchTokens } from "../common/search-text.ts";
import { createApi } from "../server/api.ts";
import { openDatabase } from "../server/db/client.ts";
import {
  candidateWords,
  pageSql,
  searchBurials,
  searchSql,
  WORD_SIMILARITY,
} from "../server/modules/burials/burials.service.ts";
import { plotsInViewport } from "../server/modules/cemeteries/cemeteries.service.ts";
import type { Db } from "../server/db/client.ts";
import { servicesFor } from "../server/test/services.ts";

const RECORDS = Number(process.env.BENCH_RECORDS ?? 1_000_000);
const SIDE = 250; // 250 × 200 = 50,000 plots
const ROWS = 200;
const RUNS = Number(process.env.BENCH_RUNS ?? 40);

const QUERIES = [
  "Жумабаев",
  "Жұмабаев Ерлан",
  "Иванов Сергей",
  "Алибаева",
  "Кузнецова Анна Петровна",
  "Сейитбаев",
  "Иваноф",
  "Омаров Марат",
  "Еремина Татьяна",
  "Касымова Әлия",
  // Latin script: a passport spelling and the 2021 Kazakh Latin alphabet.
  "Zhumabaev",
  "Ivanov Sergey",
  "Qasymova Äliya",
];

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] as number;
};
const fmt = (xs: number[]) => `p50 ${pct(xs, 50).toFixed(1)} ms, p95 ${pct(xs, 95).toFixed(1)} ms`;

/** A fresh database: the benchmark cemetery's plots and the records. */
async function build(db: Db, t0: number, kind: string) {
  const tables = await db.execute(sql.raw("select tablename from pg_tables where schemaname = 'public'"));
  const names = (tables.rows as { tablename: string }[]).map((r) => `"${r.tablename}"`).join(", ");
  await db.execute(sql.raw(`truncate table ${names} restart identity cascade`));
  await db.execute(sql`insert into akimats (name_ru, name_kk, city) values ('Бенчмарк', 'Бенчмарк', 'Алматы')`);
  await db.execute(
    sql`insert into cemeteries (akimat_id, name_ru, name_kk, city) values (1, 'Большое кладбище', 'Үлкен зират', 'Алматы')`,
  );
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
  // 1,000,000 records with Kazakh and Russian names, in both spellings, spelled as spellName does.
  // About 360 surnames (Kazakh roots in both spellings and Russian roots, each with its endings),
  // so a common surname matches a few thousand records, as in a real city registry.
  const kazakhRoots = [
    "Жұма",
    "Жума",
    "Әлі",
    "Али",
    "Серік",
    "Серик",
    "Нұрлан",
    "Нурлан",
    "Қасым",
    "Касым",
    "Оспан",
    "Сәрсен",
    "Сарсен",
    "Ахмет",
    "Омар",
    "Сейіт",
    "Төле",
    "Толе",
    "Ерғали",
    "Есен",
    "Қайрат",
    "Мұқан",
    "Мукан",
    "Тоқтар",
    "Ысқақ",
    "Байжан",
    "Құдайберген",
    "Әбіл",
    "Абил",
    "Бейсен",
  ];
  const russianRoots = [
    "Иван",
    "Петр",
    "Сидор",
    "Кузнец",
    "Федор",
    "Сокол",
    "Мороз",
    "Волк",
    "Лебед",
    "Новик",
    "Павл",
    "Семен",
    "Голуб",
    "Богдан",
    "Ворон",
    "Тарас",
    "Бел",
    "Комар",
    "Орл",
    "Макар",
    "Захар",
    "Соловь",
    "Борис",
    "Фрол",
    "Данил",
    "Степан",
    "Ерём",
    "Гусев",
    "Титов",
    "Жук",
  ];
  const surnames = [
    ...kazakhRoots.flatMap((r) => ["баев", "баева", "ов", "ова", "ұлы", "беков"].map((e) => r + e)),
    ...russianRoots.flatMap((r) => ["ов", "ова", "ин", "ина", "енко", "ых"].map((e) => r + e)),
  ];
  const givenNames = [
    "Ерлан",
    "Нұрлан",
    "Нурлан",
    "Асқар",
    "Аскар",
    "Серік",
    "Марат",
    "Сергей",
    "Иван",
    "Анна",
    "Мария",
    "Айгүл",
    "Айгуль",
    "Гүлнар",
    "Ольга",
    "Дәулет",
    "Петр",
    "Бақыт",
    "Болат",
    "Жанар",
    "Светлана",
    "Николай",
    "Татьяна",
    "Алексей",
    "Әлия",
    "Алия",
    "Бауыржан",
    "Наталья",
    "Владимир",
    "Сәуле",
  ];
  const patronymics = [
    "Маратұлы",
    "Серікқызы",
    "Петровна",
    "Иванович",
    "Ерланович",
    "Болатовна",
    "Нұрланұлы",
    "Сергеевич",
    "Николаевна",
    "Асқарқызы",
    "Владимирович",
    "",
  ];
  await db.execute(sql`select setseed(0.42)`);
  // Loaded with the word triggers off, then indexed in one pass by the same function they call.
  await db.execute(sql`alter table burials disable trigger user`);
  const batch = 100_000;
  for (let from = 0; from < RECORDS; from += batch) {
    await db.execute(sql`
      insert into burials (plot_id, surname, name, patronymic, search_name, birth_year, death_year)
      select 1 + (i % ${SIDE * ROWS}::int), s, n, p,
             trim(replace(lower(s || ' ' || n || ' ' || p), 'ё', 'е')),
             y - 30 - (i % 60), y
      from (select i,
                   (${sql.raw(`array[${surnames.map((x) => `'${x}'`).join(",")}]`)})[1 + floor(random() * ${surnames.length}::int)::int] as s,
                   (${sql.raw(`array[${givenNames.map((x) => `'${x}'`).join(",")}]`)})[1 + floor(random() * ${givenNames.length}::int)::int] as n,
                   (${sql.raw(`array[${patronymics.map((x) => `'${x}'`).join(",")}]`)})[1 + floor(random() * ${patronymics.length}::int)::int] as p,
                   1960 + floor(random() * 66)::int as y
            from generate_series(${from}::int, ${Math.min(RECORDS, from + batch) - 1}::int) i) g`);
  }
  await db.execute(sql`alter table burials enable trigger user`);
  await db.execute(sql`select burial_words_add(array(select id from burials))`);
  await db.execute(sql`vacuum analyze`);
  const builtAt = performance.now();
  console.log(
    `database: ${kind}; ${SIDE * ROWS} plots in ${((plotsAt - t0) / 1000).toFixed(1)} s, ${RECORDS} records in ${((builtAt - plotsAt) / 1000).toFixed(1)} s`,
  );
}

async function main() {
  const t0 = performance.now();
  const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL });
  const { db } = database;
  // BENCH_REUSE=1 measures a database an earlier run built (with DATABASE_URL), skipping the build.
  const built = process.env.BENCH_REUSE
    ? Number(((await db.execute(sql`select count(*) as n from burials`)).rows[0] as { n: string }).n)
    : 0;
  if (built > 0) console.log(`database: ${database.kind}; reusing ${built} records`);
  else await build(db, t0, database.kind);
  const api = createApi(servicesFor(db));

  if (process.env.BENCH_EXPLAIN) {
    // Print the plan of one search, to see which index it takes.
    const q = { q: process.env.BENCH_EXPLAIN, page: 1, locale: "ru" as const };
    const plan = await db.transaction(async (tx) => {
      await tx.execute(sql`select set_config('pg_trgm.word_similarity_threshold', ${String(WORD_SIMILARITY)}, true)`);
      const query = searchSql(q, await candidateWords(tx, searchTokens(q.q)));
      return tx.execute(sql`explain analyze ${query}`);
    });
    for (const r of plan.rows as Record<string, string>[]) console.log(Object.values(r)[0]);
  }
  // Warm up both paths once.
  for (const q of QUERIES) {
    await searchBurials(db, { q, page: 1, locale: "ru" });
    await api.request(`/api/v1/burials/search?q=${encodeURIComponent(q)}`);
  }
  const viaApi: number[] = [];
  const direct: number[] = [];
  const perQuery = new Map<string, number[]>(QUERIES.map((q) => [q, []]));
  for (let r = 0; r < RUNS; r++) {
    for (const q of QUERIES) {
      let t = performance.now();
      const res = await api.request(`/api/v1/burials/search?q=${encodeURIComponent(q)}`);
      await res.json();
      viaApi.push(performance.now() - t);
      perQuery.get(q)?.push(performance.now() - t);
      t = performance.now();
      await searchBurials(db, { q, page: 1, locale: "ru" });
      direct.push(performance.now() - t);
    }
  }
  for (const q of QUERIES) {
    const hits = await searchBurials(db, { q, page: 1, locale: "ru" });
    console.log(`  "${q}": ${hits.total} matches; ${fmt(perQuery.get(q) ?? [])}`);
  }
  console.log(`search through the API in process (${viaApi.length} queries): ${fmt(viaApi)}`);
  console.log(`search run directly (same SQL, no HTTP):   ${fmt(direct)}`);
  console.log(`API / direct at p95: ${(pct(viaApi, 95) / pct(direct, 95)).toFixed(2)}×`);

  // One call (burial_search, migration 0020) against the two statements it replaced, in turns, so
  // both see the same machine.
  const oneCall: number[] = [];
  const twoStatements: number[] = [];
  const turns = new Map<string, [number[], number[]]>(QUERIES.map((q) => [q, [[], []]]));
  for (let r = 0; r < RUNS; r++) {
    for (const q of QUERIES) {
      const query = { q, page: 1, locale: "ru" as const };
      let t = performance.now();
      await searchBurials(db, query);
      oneCall.push(performance.now() - t);
      turns.get(q)?.[0].push(performance.now() - t);
      t = performance.now();
      const candidates = await candidateWords(db, searchTokens(q));
      if (candidates.every((words) => words.length > 0)) await db.execute(pageSql(searchSql(query, candidates)));
      twoStatements.push(performance.now() - t);
      turns.get(q)?.[1].push(performance.now() - t);
    }
  }
  console.log("in turns, one call (burial_search) against the two statements it replaced:");
  for (const [q, [one, two]] of turns) console.log(`  "${q}": one call ${fmt(one)}; two statements ${fmt(two)}`);
  console.log(`  all: one call ${fmt(oneCall)}; two statements ${fmt(twoStatements)}`);

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
  console.log(
    `viewport (${Math.round(sizes / viewport.length)} plots on average, ${viewport.length} queries): ${fmt(viewport)}`,
  );
  await database.close();
}

await main();
process.exit(0);
