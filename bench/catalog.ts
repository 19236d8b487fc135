/**
 * `npm run bench:catalog`: the public catalogue (`GET /catalog`, the page `/services` reads)
 * filtered and text-searched over **10,000 active items**, through the API in process (validation,
 * queries, price ranges, JSON). Builds a fresh database — PGlite in memory, or the server of
 * DATABASE_URL (its tables are emptied first) — with the demo seed, 40 active companies (and 5 not
 * active, whose items must stay out) in 4 cities, `BENCH_ITEMS` active items across the categories
 * (names in Russian and Kazakh from word lists, prices per category, some with ratings), and 2,000
 * more in the other statuses; then asks each scenario `BENCH_RUNS` times: no filter, a city and a
 * category, a price range by price, a cemetery, the text in Russian, Kazakh, Russian look-alikes
 * and Latin, by weighted rating, a later page. Target: ≤ 50 ms p95 on PostgreSQL.
 * Figures: docs/performance.md. Run on demand; never part of `npm test`.
 */
import { cpus, totalmem } from "node:os";
import { performance } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import { CATALOG_CATEGORIES, type CatalogCategory, type ItemStatus } from "../common/catalog.ts";
import { createApi } from "../server/api.ts";
import { type Db, openDatabase } from "../server/db/client.ts";
import { seedDemo } from "../server/db/seed.ts";
import { searchKeyOf } from "../server/modules/catalog/catalog.revisions.ts";
import { catalogItems } from "../server/modules/catalog/catalog.tables.ts";
import { servicesFor } from "../server/test/services.ts";

const ITEMS = Number(process.env.BENCH_ITEMS ?? 10_000);
const OTHERS = Number(process.env.BENCH_OTHER_ITEMS ?? 2_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const CITIES = ["Алматы", "Астана", "Шымкент", "Қарағанды"];

/** Words of names per category: [Russian, Kazakh]. */
const WORDS: Record<CatalogCategory, [string, string][]> = {
  ritual: [
    ["Организация похорон", "Жерлеуді ұйымдастыру"],
    ["Ритуальный агент", "Ритуалдық агент"],
    ["Омовение", "Жуу рәсімі"],
    ["Поминальный обед", "Еске алу асы"],
  ],
  monuments: [
    ["Памятник гранитный", "Гранит ескерткіш"],
    ["Ограда металлическая", "Металл қоршау"],
    ["Надгробие мраморное", "Мәрмәр құлпытас"],
    ["Гравировка портрета", "Портрет ою"],
  ],
  flowers: [
    ["Венок траурный", "Аза гүл шоқтары"],
    ["Корзина цветов", "Гүл себеті"],
    ["Букет роз", "Раушан шоғы"],
    ["Искусственные цветы", "Жасанды гүлдер"],
  ],
  transport: [
    ["Катафалк", "Катафалк көлігі"],
    ["Автобус для провожающих", "Шығарып салушыларға автобус"],
    ["Перевозка груза", "Жүк тасымалдау"],
  ],
  care: [
    ["Уборка места", "Орынды тазалау"],
    ["Покраска ограды", "Қоршауды бояу"],
    ["Посадка цветов", "Гүл отырғызу"],
  ],
  other: [
    ["Фотоотчёт", "Фотоесеп"],
    ["Печать фотографии на керамике", "Керамикаға фото басу"],
  ],
};
const ADJ: [string, string][] = [
  ["стандарт", "стандарт"],
  ["премиум", "премиум"],
  ["эконом", "үнемді"],
  ["большой", "үлкен"],
  ["малый", "шағын"],
  ["«Мәңгі»", "«Мәңгі»"],
  ["«Сапар»", "«Сапар»"],
  ["«Ақ жол»", "«Ақ жол»"],
];
const PRICE: Record<CatalogCategory, [number, number]> = {
  ritual: [40_000, 400_000],
  monuments: [60_000, 900_000],
  flowers: [5_000, 60_000],
  transport: [15_000, 90_000],
  care: [4_000, 40_000],
  other: [2_000, 30_000],
};

/** A small deterministic generator, so two runs build the same catalogue. */
function rng(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) % 2 ** 31;
    return s / 2 ** 31;
  };
}

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] as number;
};
const seconds = (t: number) => `${((performance.now() - t) / 1000).toFixed(1)} s`;

async function build(db: Db): Promise<{ cemeteryId: number }> {
  const tables = await db.execute(sql.raw("select tablename from pg_tables where schemaname = 'public'"));
  const names = (tables.rows as { tablename: string }[]).map((r) => `"${r.tablename}"`).join(", ");
  await db.execute(sql.raw(`truncate table ${names} restart identity cascade`));
  const { akimatId } = await seedDemo(db);
  const [cemetery] = (
    await db.execute(
      sql`insert into cemeteries (akimat_id, name_ru, name_kk, city) values (${akimatId}, 'Кладбище бенча', 'Бенч зираты', 'Алматы') returning id`,
    )
  ).rows as { id: number }[];
  const cemeteryId = cemetery?.id as number;
  const t = performance.now();
  const supplierIds: number[] = [];
  for (let i = 0; i < 45; i++) {
    const [s] = (
      await db.execute(
        sql`insert into suppliers (bin, company_name, head_name, city, status)
            values (${String(900000000000 + i)}, ${`ТОО «Поставщик ${i + 1}»`}, 'Руководитель', ${CITIES[i % 4]},
                    ${i < 40 ? "active" : "pending"}) returning id`,
      )
    ).rows as { id: number }[];
    supplierIds.push(s?.id as number);
  }
  const random = rng(42);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(random() * xs.length)] as T;
  const statuses: ItemStatus[] = ["draft", "consideration", "improvement", "inactive", "blocked"];
  const rows: (typeof catalogItems.$inferInsert)[] = [];
  for (let i = 0; i < ITEMS + OTHERS; i++) {
    const category = pick(CATALOG_CATEGORIES);
    const [ru, kk] = pick(WORDS[category]);
    const [aRu, aKk] = pick(ADJ);
    const [lo, hi] = PRICE[category];
    const supplierIndex = Math.floor(random() * 45);
    const rated = random() < 0.3;
    const count = rated ? 1 + Math.floor(random() * 40) : 0;
    const item = {
      supplierId: supplierIds[supplierIndex] as number,
      status: i < ITEMS ? ("active" as const) : pick(statuses),
      category,
      kind: category === "monuments" || category === "flowers" ? ("product" as const) : ("service" as const),
      nameRu: `${ru} ${aRu} №${i}`,
      nameKk: `${kk} ${aKk} №${i}`,
      price: Math.round((lo + random() * (hi - lo)) / 500) * 500,
      unit: "piece" as const,
      leadHours: 24,
      city: CITIES[supplierIndex % 4] as string,
      cemeteryIds: random() < 0.2 ? [cemeteryId] : [],
      ratingCount: count,
      ratingSum: Math.round(count * (3 + random() * 2)),
      publishedAt: new Date(Date.now() - random() * 365 * 86_400_000),
    };
    rows.push({ ...item, searchKey: searchKeyOf(item) });
  }
  for (let from = 0; from < rows.length; from += 1000) {
    await db.insert(catalogItems).values(rows.slice(from, from + 1000));
  }
  await db.execute(sql`vacuum analyze`);
  console.log(`${ITEMS} active items (+${OTHERS} in other statuses), 45 companies, in ${seconds(t)}`);
  return { cemeteryId };
}

async function main() {
  const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL });
  const { db } = database;
  console.log(
    `database: ${database.kind}; Node ${process.version}; ${cpus().length} cores; ${Math.round(totalmem() / 2 ** 30)} GiB`,
  );
  const { cemeteryId } = await build(db);
  const api = createApi(servicesFor(db));
  const get = async (path: string, locale = "ru") => {
    const t = performance.now();
    const res = await api.request(`/api/v1${path}`, { headers: { "accept-language": locale } });
    const body = (await res.json()) as { total: number };
    if (res.status !== 200) throw new Error(`${path}: ${res.status} ${JSON.stringify(body)}`);
    return { ms: performance.now() - t, total: body.total };
  };
  const city = encodeURIComponent("Алматы");
  const q = (s: string) => encodeURIComponent(s);
  const scenarios: [string, string, string?][] = [
    ["no filter, newest", "/catalog"],
    ["city + category", `/catalog?city=${city}&category=flowers`],
    [
      "city + category + price 10–30 000, by price",
      `/catalog?city=${city}&category=flowers&priceFrom=10000&priceTo=30000&sort=price`,
    ],
    ["cemetery served + kind", `/catalog?cemeteryId=${cemeteryId}&kind=service`],
    ["text in Russian «венок»", `/catalog?q=${q("венок")}`],
    ["text in Kazakh «гүл себеті» + city", `/catalog?q=${q("гүл себеті")}&city=${city}`, "kk"],
    ["text, Russian look-alikes «гул»", `/catalog?q=${q("гул")}`],
    ["text in Latin «venok traurnyi»", `/catalog?q=${q("venok traurnyi")}`],
    ["text in Latin «qorşau» (2021 alphabet)", `/catalog?q=${q("qorşau")}`, "kk"],
    ["by weighted rating, city", `/catalog?city=${city}&sort=-rating`],
    ["page 20, by price desc", `/catalog?sort=-price&page=20`],
  ];
  for (const [, path, locale] of scenarios) await get(path, locale);
  const all: number[] = [];
  console.log(`${RUNS} runs of each scenario:`);
  for (const [name, path, locale] of scenarios) {
    const xs: number[] = [];
    let total = 0;
    for (let r = 0; r < RUNS; r++) {
      const res = await get(path, locale);
      xs.push(res.ms);
      total = res.total;
    }
    all.push(...xs);
    console.log(`  ${name}: ${total} found; p50 ${pct(xs, 50).toFixed(1)} ms, p95 ${pct(xs, 95).toFixed(1)} ms`);
  }
  console.log(`every scenario together: p50 ${pct(all, 50).toFixed(1)} ms, p95 ${pct(all, 95).toFixed(1)} ms`);
  const item = await get(`/catalog/1`);
  console.log(`one item's page (with its price range): ${item.ms.toFixed(1)} ms`);
  await database.close();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
