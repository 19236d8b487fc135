/**
 * `npm run bench:supplier-reports`: a supplier's report and the admin's quality list on a
 * marketplace-sized database, through the API in process (session, permission, scope, every query,
 * JSON). Builds a fresh database — PGlite in memory, or the server of DATABASE_URL (its tables are
 * emptied first) — with 60 active companies and `BENCH_ORDERS` supplier orders over the last two
 * years (the demo company a tenth of them), two lines each, some declined, cancelled or expired,
 * and a review of one line in five; then asks, as the demo company, each section for each period,
 * the rows behind some figures, the files, and, as the admin, the quality list. Target: each
 * section ≤ 300 ms p95 on PostgreSQL. Run on demand; never part of `npm test`.
 */
import { cpus, totalmem } from "node:os";
import { performance } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import { SUPPLIER_PERIODS } from "../common/supplier-reports.ts";
import { createApi } from "../server/api.ts";
import { type Db, openDatabase } from "../server/db/client.ts";
import { DEMO_PHONES, seedDemo } from "../server/db/seed.ts";
import { createSession } from "../server/modules/auth/auth.service.ts";
import { supplierReport } from "../server/modules/supplier-reports/supplier-reports.kind.ts";
import "../server/modules/supplier-reports/supplier-reports.service.ts";
import { servicesFor } from "../server/test/services.ts";

const ORDERS = Number(process.env.BENCH_ORDERS ?? 200_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const NOW = new Date("2026-11-25T12:00:00+05:00");

const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))] ?? 0;
const fmt = (xs: number[]) => `p50 ${pct(xs, 50).toFixed(1)} ms, p95 ${pct(xs, 95).toFixed(1)} ms`;
const seconds = (t: number) => `${((performance.now() - t) / 1000).toFixed(1)} s`;
const one = async <T>(db: Db, q: ReturnType<typeof sql>) => (await db.execute(q)).rows[0] as T;

async function build(db: Db): Promise<number> {
  const t = performance.now();
  const tables = await db.execute(sql.raw("select tablename from pg_tables where schemaname = 'public'"));
  const names = (tables.rows as { tablename: string }[]).map((r) => `"${r.tablename}"`).join(", ");
  await db.execute(sql.raw(`truncate table ${names} restart identity cascade`));
  const { akimatId } = await seedDemo(db);
  const demo = await one<{ id: number }>(
    db,
    sql`select supplier_id as id from users where phone = ${DEMO_PHONES.supplier}`,
  );
  const client = await one<{ id: number }>(db, sql`select id from users where phone = ${DEMO_PHONES.client}`);
  await db.execute(sql`
    insert into suppliers (bin, company_name, head_name, city, status)
    select (800000000000 + i)::text, 'ТОО «Компания ' || i || '»', 'Руководитель', 'Алматы', 'active'
    from generate_series(1, 59) i`);
  const cemetery = await one<{ id: number }>(
    db,
    sql`insert into cemeteries (akimat_id, name_ru, name_kk, city) values (${akimatId}, 'Бенч', 'Бенч', 'Алматы') returning id`,
  );
  const burial = await one<{ id: number }>(
    db,
    sql`insert into burial_requests (client_id, cemetery_id, status, kind, surname, iin, death_date, places, fee,
                                     expires_at, burial_date)
        values (${client.id}, ${cemetery.id}, 'completed', 'new_grave', 'Бенчев', '450102400122', date '2024-01-01', 1, 0,
                now(), date '2024-01-03') returning id`,
  );
  // Five items per company.
  await db.execute(sql`
    insert into catalog_items (supplier_id, status, category, kind, name_ru, name_kk, price, unit, city)
    select s.id, 'active', 'flowers', 'product', 'Позиция ' || k, 'Позиция ' || k, 1000 * k, 'piece', 'Алматы'
    from suppliers s, generate_series(1, 5) k`);
  // Orders: the demo company one in ten, the rest spread over the others; placed over two years.
  await db.execute(sql`
    insert into orders (client_id, burial_request_id, checkout_key, payment_method, total, created_at)
    select ${client.id}, ${burial.id}, 'bench-' || i, 'on_delivery', 0,
           ${NOW.toISOString()}::timestamptz - (i % 730) * interval '1 day' - (i % 24) * interval '1 hour'
    from generate_series(1, ${ORDERS}) i`);
  await db.execute(sql`
    insert into supplier_orders (order_id, position, supplier_id, client_id, status, total, accept_by, accepted_at,
                                 payment_method, cancelled_by, created_at)
    select o.id, 1,
           case when o.id % 10 = 0 then ${demo.id}::int else (select min(id) from suppliers) + 1 + o.id % 59 end,
           o.client_id,
           (array['archived','archived','archived','archived','accepted','new','cancelled','expired'])[1 + o.id % 8],
           2000, o.created_at + interval '24 hours', o.created_at, 'on_delivery',
           case o.id % 8 when 6 then (array['supplier','client'])[1 + o.id % 2] when 7 then 'system' end,
           o.created_at
    from orders o`);
  await db.execute(sql`
    insert into order_lines (supplier_order_id, item_id, name_ru, name_kk, kind, category, unit, price, quantity, amount,
                             place, delivery_date, delivery_time, status, cancelled_by, done_at)
    select so.id, ci.id, ci.name_ru, ci.name_kk, 'product', 'flowers', 'piece', ci.price, 1, ci.price, 'cemetery',
           so.created_at::date, '10:00',
           case when so.status = 'archived' then 'done' when so.status in ('cancelled','expired') then 'cancelled'
                when k = 2 and so.id % 13 = 0 then 'cancelled' else 'accepted' end,
           case when k = 2 and so.id % 13 = 0 and so.status not in ('archived','cancelled','expired') then 'supplier' end,
           case when so.status = 'archived' then so.created_at + interval '1 day' end
    from supplier_orders so, generate_series(1, 2) k,
         lateral (select id, name_ru, name_kk, price from catalog_items c where c.supplier_id = so.supplier_id
                  order by c.id offset (so.id + k) % 5 limit 1) ci`);
  await db.execute(sql`
    insert into reviews (line_id, item_id, supplier_id, author_id, status, rating, text, editable_until, created_at)
    select l.id, l.item_id, so.supplier_id, ${client.id}, 'approved', 1 + l.id % 5, 'Отзыв', l.done_at + interval '100 days',
           l.done_at + interval '2 days'
    from order_lines l join supplier_orders so on so.id = l.supplier_order_id
    where l.status = 'done' and l.id % 5 = 0`);
  await db.execute(sql`vacuum analyze`);
  const counts = await one<{ o: number; l: number; r: number }>(
    db,
    sql`select (select count(*) from supplier_orders)::int o, (select count(*) from order_lines)::int l, (select count(*) from reviews)::int r`,
  );
  console.log(`${counts.o} supplier orders, ${counts.l} lines, ${counts.r} reviews in ${seconds(t)}`);
  return demo.id;
}

async function main() {
  const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL });
  const { db } = database;
  console.log(
    `database: ${database.kind}; Node ${process.version}; ${cpus().length} cores; ${Math.round(totalmem() / 2 ** 30)} GiB`,
  );
  const demoId = await build(db);
  // The demo company's best-selling item.
  const item = await one<{ id: number }>(
    db,
    sql`select l.item_id as id from order_lines l join supplier_orders so on so.id = l.supplier_order_id
        where so.supplier_id = ${demoId} and l.status = 'done' group by 1 order by count(*) desc limit 1`,
  );
  const tokenOf = async (phone: string) => {
    const u = await one<{ id: number }>(db, sql`select id from users where phone = ${phone}`);
    return createSession(db, u.id, new Date());
  };
  const supplier = await tokenOf(DEMO_PHONES.supplier);
  const admin = await tokenOf(DEMO_PHONES.admin);
  const api = createApi(servicesFor(db, { now: () => NOW }));
  const get = async (path: string, token = supplier) => {
    const t = performance.now();
    const res = await api.request(`/api/v1${path}`, { headers: { authorization: `Bearer ${token}` } });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`${path}: ${res.status}`);
    return performance.now() - t;
  };
  for (const s of supplierReport.sections()) await get(`/supplier-reports/sections/${s.id}?period=7d`);
  console.log(`each section, ${RUNS} runs per period:`);
  for (const s of supplierReport.sections()) {
    for (const p of SUPPLIER_PERIODS) {
      const xs: number[] = [];
      for (let r = 0; r < RUNS; r++) xs.push(await get(`/supplier-reports/sections/${s.id}?period=${p}`));
      console.log(`  ${s.id} ${p}: ${fmt(xs)}`);
    }
  }
  for (const p of SUPPLIER_PERIODS) {
    const xs: number[] = [];
    for (let r = 0; r < RUNS; r++) xs.push(await get(`/supplier-reports?period=${p}`));
    console.log(`the whole report, ${p}: ${fmt(xs)}`);
  }
  for (const [section, drill] of [
    ["summary", "f:orders"],
    ["summary", "f:cancelled"],
    ["summary", "f:rated"],
    ["quality", "f:cancelled30"],
    ["items", `i:${item.id}`],
  ] as const) {
    const xs: number[] = [];
    for (let r = 0; r < RUNS; r++) {
      xs.push(await get(`/supplier-reports/sections/${section}/rows?period=all&drill=${drill}&page=${1 + (r % 5)}`));
    }
    console.log(`rows behind ${section} ${drill}, all time, pages 1–5: ${fmt(xs)}`);
  }
  for (const ext of ["xlsx", "pdf"]) {
    const xs: number[] = [];
    for (let r = 0; r < 5; r++) xs.push(await get(`/supplier-reports/export.${ext}?period=all&lang=kk`));
    console.log(`export.${ext}, all time: ${fmt(xs)}`);
  }
  const list: number[] = [];
  for (let r = 0; r < RUNS; r++) list.push(await get("/supplier-quality", admin));
  console.log(`the admin's quality list (60 companies): ${fmt(list)}`);
  await database.close();
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
