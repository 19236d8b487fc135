/**
 * `npm run bench:reports`: the city's reports on a city-sized database, through the API in process
 * (session, permission, scope, every query, JSON). Builds a fresh database — PGlite in memory, or
 * the server of DATABASE_URL (its tables are emptied first) — with
 *   - 8 cemeteries (6 of the demo akimat, 2 of another, whose rows every query must leave out),
 *     650,000 places (about 8% free, some reserved or unavailable),
 *   - 600,000 burial records over the last 15 years (about 40,000 a year),
 *   - 50,000 burial requests created over the last 3 years, of every status and kind,
 *   - 2,000 news items,
 *   - through `EXTRA_SEEDS`, 50,000 appeals and 3,000 reburial requests over the last 5 years,
 * and then asks, as the demo akimat's staff, each registered section of the report for each
 * preset period (7 days … this year), `BENCH_RUNS` times, and the rows behind some figures. Every
 * registered section is measured, so the appeals' and reburials' sections are once their modules
 * register them; their data goes in through `EXTRA_SEEDS` (the hook: a function of the database and
 * the akimat). Target: each section ≤ 300 ms p95 on PostgreSQL. Figures: docs/performance.md.
 * Run on demand; never part of `npm test`.
 */
import { cpus, totalmem } from "node:os";
import { performance } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import { periodOf, REPORT_PRESETS } from "../common/reports.ts";
import { createApi } from "../server/api.ts";
import { type Db, openDatabase } from "../server/db/client.ts";
import { DEMO_PHONES, seedDemo } from "../server/db/seed.ts";
import { createSession } from "../server/modules/auth/auth.service.ts";
import { reportSections } from "../server/modules/reports/reports.registry.ts";
import { servicesFor } from "../server/test/services.ts";

const BURIALS = Number(process.env.BENCH_BURIALS ?? 600_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 50_000);
const PLOTS = Number(process.env.BENCH_PLOTS ?? 650_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 20);
/** The benchmark's today, in Almaty. */
const TODAY = "2026-11-25";

const APPEALS = Number(process.env.BENCH_APPEALS ?? 50_000);
const REBURIALS = Number(process.env.BENCH_REBURIALS ?? 3_000);

/** The akimat that is not the demo one (every query must leave its rows out). */
async function otherAkimat(db: Db, akimatId: number): Promise<number> {
  const [row] = (await db.execute(sql`select id from akimats where id <> ${akimatId} order by id limit 1`)).rows as {
    id: number;
  }[];
  return row?.id as number;
}

/**
 * Appeals, 9 in 10 to the demo akimat, the rest to the other: registered over the last 5 years
 * (~9,000 a year to the demo akimat), every type; 80% answered (within 30 days, so some late),
 * 5% redirected, 5% withdrawn, 10% still open (most of them overdue now); one in 10 extended.
 */
async function seedAppeals(db: Db, akimatId: number) {
  const other = await otherAkimat(db, akimatId);
  for (let from = 1; from <= APPEALS; from += 25_000) {
    await db.execute(sql`
      insert into appeals (number, akimat_id, channel, type, language, status, text, applicant_name, applicant_phone,
                           registered_at, registration_day, due_day, extended_until, redirected_at, redirect_to_body,
                           outcome, answered_at)
      select 'BENCH-' || i, case when i % 10 = 0 then ${other}::int else ${akimatId}::int end, 'web',
             (array['statement','complaint','proposal','request','response'])[1 + i % 5], 'ru',
             st, 'Текст обращения', 'Заявитель ' || i, '+77010000000',
             d + time '10:00' - interval '5 hours', d, d + 21,
             case when i % 10 = 3 then d + 35 end,
             case when st = 'redirected' then d + time '12:00' end,
             case when st = 'redirected' then 'Департамент' end,
             case when st = 'answered' then 'satisfied' end,
             case when st = 'answered' then d + time '10:00' + (floor(random() * 30) || ' days')::interval end
      from (select i, (${TODAY}::date - (floor(random() * 5 * 365.25))::int) as d,
                   case when i % 20 < 16 then 'answered' when i % 20 = 16 then 'redirected'
                        when i % 20 = 17 then 'withdrawn' when i % 20 = 18 then 'in_work' else 'registered' end as st
            from generate_series(${from}::int, ${Math.min(APPEALS, from + 24_999)}::int) i) g`);
  }
}

/** Reburial requests, 9 in 10 to the demo akimat, over the last 5 years, of every status. */
async function seedReburials(db: Db, akimatId: number) {
  const other = await otherAkimat(db, akimatId);
  await db.execute(sql`
    insert into reburial_requests (akimat_id, status, language, applicant_name, applicant_phone, source_text, surname,
                                   destination_text, reason, registered_at, registration_day, due_day)
    select case when i % 10 = 0 then ${other}::int else ${akimatId}::int end,
           (array['submitted','in_work','waiting_applicant','hearing','approved','refused','withdrawn','reburied'])[1 + i % 8],
           'ru', 'Заявитель ' || i, '+77010000000', 'Могила', 'Фамилия' || (i % 997), 'Город', 'Причина',
           d + time '10:00' - interval '5 hours', d, d + 21
    from (select i, (${TODAY}::date - (floor(random() * 5 * 365.25))::int) as d
          from generate_series(1, ${REBURIALS}) i) g`);
}

/** Seeds of the sections other modules register (appeals, reburials): each fills its tables for the akimat. */
const EXTRA_SEEDS: ((db: Db, akimatId: number) => Promise<void>)[] = [seedAppeals, seedReburials];

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] as number;
};
const fmt = (xs: number[]) => `p50 ${pct(xs, 50).toFixed(1)} ms, p95 ${pct(xs, 95).toFixed(1)} ms`;
const seconds = (t: number) => `${((performance.now() - t) / 1000).toFixed(1)} s`;

async function build(db: Db): Promise<{ akimatId: number; cemeteryIds: number[] }> {
  const tables = await db.execute(sql.raw("select tablename from pg_tables where schemaname = 'public'"));
  const names = (tables.rows as { tablename: string }[]).map((r) => `"${r.tablename}"`).join(", ");
  await db.execute(sql.raw(`truncate table ${names} restart identity cascade`));
  const { akimatId } = await seedDemo(db);
  const [other] = (
    await db.execute(
      sql`insert into akimats (name_ru, name_kk, city) values ('Другой акимат', 'Басқа әкімдік', 'Шымкент') returning id`,
    )
  ).rows as { id: number }[];
  const cemeteryIds: number[] = [];
  for (let i = 0; i < 8; i++) {
    const owner = i < 6 ? akimatId : (other?.id as number);
    const [c] = (
      await db.execute(
        sql`insert into cemeteries (akimat_id, name_ru, name_kk, city)
            values (${owner}, ${`Кладбище ${i + 1}`}, ${`${i + 1}-зират`}, 'Алматы') returning id`,
      )
    ).rows as { id: number }[];
    cemeteryIds.push(c?.id as number);
  }
  let t = performance.now();
  // Places: cemetery by id modulo 8; 8% free, 1% reserved, 1% unavailable, the rest occupied.
  const ids = `array[${cemeteryIds.join(",")}]`;
  for (let from = 0; from < PLOTS; from += 100_000) {
    await db.execute(sql`
      insert into plots (cemetery_id, sector, row, number, polygon, min_lng, min_lat, max_lng, max_lat, status)
      select (${sql.raw(ids)})[1 + i % 8], 'S' || (i / 8 / 2000), ((i / 8) % 2000 / 50)::text, i,
             '{"type":"Polygon","coordinates":[[[76.9,43.2],[76.90001,43.2],[76.90001,43.20001],[76.9,43.2]]]}'::jsonb,
             76.9, 43.2, 76.90001, 43.20001,
             case when i % 100 < 8 then 'free' when i % 100 = 8 then 'reserved' when i % 100 = 9 then 'unavailable'
                  else 'occupied' end
      from generate_series(${from}::int, ${Math.min(PLOTS, from + 100_000) - 1}::int) i`);
  }
  console.log(`${PLOTS} places in ${seconds(t)}`);
  t = performance.now();
  // Burials on occupied places (several on some: family graves), burial dates over 15 years. The
  // word index and the plot status triggers are not needed by the reports: off while loading.
  await db.execute(sql`alter table burials disable trigger user`);
  for (let from = 0; from < BURIALS; from += 100_000) {
    await db.execute(sql`
      insert into burials (plot_id, surname, name, burial_date, death_date, search_name)
      select p.id, 'Фамилия' || (i % 997), 'Имя', d, d - 1, 'фамилия' || (i % 997) || ' имя'
      from (select i, 1 + ((i::bigint * 7919) % ${PLOTS})::int as plot,
                   (${TODAY}::date - (floor(random() * 15 * 365.25))::int) as d
            from generate_series(${from}::int, ${Math.min(BURIALS, from + 100_000) - 1}::int) i) g
      join plots p on p.id = g.plot`);
  }
  await db.execute(sql`alter table burials enable trigger user`);
  console.log(`${BURIALS} burials in ${seconds(t)}`);
  t = performance.now();
  const [client] = (await db.execute(sql`select id from users where phone = ${DEMO_PHONES.client}`)).rows as {
    id: number;
  }[];
  await db.execute(sql`
    insert into burial_requests (client_id, cemetery_id, status, kind, surname, iin, death_date, places, fee,
                                 expires_at, created_at, updated_at, burial_date)
    select ${client?.id}, (${sql.raw(ids)})[1 + i % 8],
           (array['pending','paid','confirmed','completed','cancelled','expired'])[1 + (i * 31) % 6],
           (array['new_grave','family_grave','urn'])[1 + (i * 17) % 3],
           'Фамилия' || (i % 997), '450102400122', date '2024-01-01', 1, 25000,
           c + interval '72 hours', c, c, (c + interval '3 days')::date
    from (select i, ${`${TODAY}T12:00:00+05:00`}::timestamptz - random() * interval '1095 days' as c
          from generate_series(1, ${REQUESTS}) i) g`);
  await db.execute(sql`
    insert into news (akimat_id, category, status, title_ru, title_kk, published_at)
    select ${akimatId}, (array['announcements','social_support','legislation'])[1 + i % 3], 'published',
           'Новость ' || i, 'Жаңалық ' || i, ${`${TODAY}T12:00:00+05:00`}::timestamptz - random() * interval '1825 days'
    from generate_series(1, 2000) i`);
  for (const seed of EXTRA_SEEDS) await seed(db, akimatId);
  await db.execute(sql`vacuum analyze`);
  console.log(`${REQUESTS} requests, 2,000 news, ${APPEALS} appeals and ${REBURIALS} reburials in ${seconds(t)}`);
  return { akimatId, cemeteryIds };
}

async function main() {
  const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL });
  const { db } = database;
  console.log(
    `database: ${database.kind}; Node ${process.version}; ${cpus().length} cores; ${Math.round(totalmem() / 2 ** 30)} GiB`,
  );
  const { cemeteryIds } = await build(db);
  const [akimatUser] = (await db.execute(sql`select id from users where phone = ${DEMO_PHONES.akimat}`)).rows as {
    id: number;
  }[];
  const token = await createSession(db, akimatUser?.id as number, new Date());
  // The report's "now" (appeals overdue today) is the benchmark's today.
  const api = createApi(servicesFor(db, { now: () => new Date(`${TODAY}T12:00:00+05:00`) }));
  const get = async (path: string) => {
    const t = performance.now();
    const res = await api.request(`/api/v1${path}`, { headers: { authorization: `Bearer ${token}` } });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`${path}: ${res.status}`);
    return performance.now() - t;
  };
  const presets = REPORT_PRESETS.filter((p) => p !== "custom");
  const periods = presets.map((p) => periodOf(p, TODAY));
  const q = (p: { from: string; to: string }) => `from=${p.from}&to=${p.to}`;

  // Warm up every section once.
  for (const s of reportSections()) await get(`/reports/sections/${s.id}?${q(periods[0] as never)}`);
  const bySection = new Map<string, number[]>();
  const byPeriod = new Map<string, number[]>();
  for (let r = 0; r < RUNS; r++) {
    for (const [i, p] of periods.entries()) {
      for (const s of reportSections()) {
        const ms = await get(`/reports/sections/${s.id}?${q(p)}`);
        bySection.set(s.id, [...(bySection.get(s.id) ?? []), ms]);
        const key = `${s.id} ${presets[i]}`;
        byPeriod.set(key, [...(byPeriod.get(key) ?? []), ms]);
      }
    }
  }
  console.log(`each section, ${RUNS} runs of each of ${presets.length} periods (${presets.join(", ")}):`);
  for (const [id, xs] of bySection) console.log(`  ${id}: ${fmt(xs)}`);
  console.log("each section by period:");
  for (const [key, xs] of byPeriod) console.log(`  ${key}: ${fmt(xs)}`);

  const year = periods[presets.indexOf("year")] as { from: string; to: string };
  const whole: number[] = [];
  for (let r = 0; r < RUNS; r++) whole.push(await get(`/reports?${q(year)}`));
  console.log(`the whole report, this year: ${fmt(whole)}`);
  const drills = [
    ["burials", "all"],
    ["burials", `c:${cemeteryIds[0]},m:${TODAY.slice(0, 7)}`],
    ["bookings", "s:completed"],
    ["occupancy", `c:${cemeteryIds[1]},p:free`],
    ["news", "all"],
    ["appeals", "all"],
    ["appeals", "a:ontime"],
    ["appeals", "o:1"],
    ["reburials", "d:approved"],
  ];
  for (const [section, drill] of drills) {
    const xs: number[] = [];
    for (let r = 0; r < RUNS; r++) {
      xs.push(await get(`/reports/sections/${section}/rows?${q(year)}&drill=${drill}&page=${1 + (r % 5)}`));
    }
    console.log(`rows behind ${section} ${drill}, this year, pages 1–5: ${fmt(xs)}`);
  }
  for (const ext of ["xlsx", "pdf"]) {
    const xs: number[] = [];
    for (let r = 0; r < 5; r++) xs.push(await get(`/reports/export.${ext}?${q(year)}&lang=kk`));
    console.log(`export.${ext}, this year: ${fmt(xs)}`);
  }
  await database.close();
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
