/**
 * The report's sections on the registry and the bookings: burials by cemetery and month, burial
 * requests by status and kind, places per cemetery with the months of capacity left, news
 * published. Each reads only its akimat's cemeteries (`akimatCemeteryScope`) within the period,
 * and lists the rows behind each of its figures (drill keys `c:<cemetery>,m:<YYYY-MM>`, …).
 * Appeals and reburials register their own sections from their modules.
 */
import { sql } from "drizzle-orm";
import { BURIAL_KINDS, BURIAL_REQUEST_STATUSES, requestNumber } from "../../../common/booking-terms.ts";
import { formatDate } from "../../../common/i18n.ts";
import { fullName } from "../../../common/person.ts";
import { monthsLeft, monthsOf, periodMonths, type TReportCell, type TReportTable } from "../../../common/reports.ts";
import { PLOT_STATUSES } from "../../../common/api-types.ts";
import { akimatCemeteryScope } from "../access/access.service.ts";
import { NEWS_CATEGORIES } from "../news/news.tables.ts";
import { countOf, drillKey, ID, MONTH, num, parseDrill, rowsOf, text, type TPageWindow } from "./report-kit.ts";
import { registerReportSection, type TDrillPage, type TReportScope } from "./reports.registry.ts";

/** A month's label in the reader's language: `янв. 2026`. */
const monthLabel = (s: TReportScope, month: string) =>
  `${s.t(`reports.month.${Number(month.slice(5))}`)} ${month.slice(0, 4)}`;

/** The city's cemetery of an id (null outside the city: its figures are not the caller's). */
const cemeteryOf = (s: TReportScope, id: string | undefined) =>
  id === undefined ? undefined : (s.cemeteries.find((c) => c.id === Number(id)) ?? null);

// ——— Burials by cemetery and month ———

/** Burials of the period per cemetery and month (by burial date), from the registry. */
async function burialCounts(s: TReportScope) {
  return rowsOf<{ cemeteryId: number; month: string; n: number }>(
    s,
    sql`select p.cemetery_id as "cemeteryId", to_char(b.burial_date, 'YYYY-MM') as month, count(*)::int as n
        from burials b join plots p on p.id = b.plot_id
        where b.burial_date >= ${s.period.from}::date and b.burial_date <= ${s.period.to}::date
          and ${akimatCemeteryScope(s.akimatId, sql`p.cemetery_id`)}
        group by 1, 2`,
  );
}

/** The burial records behind a figure: the city's (or one cemetery's) burials of the period (or of one month of it). */
async function burialRows(s: TReportScope, d: { c?: string; m?: string }, page: TPageWindow): Promise<TDrillPage> {
  const cemetery = cemeteryOf(s, d.c);
  let from = s.period.from;
  let to = s.period.to;
  if (d.m) {
    const [y, m] = d.m.split("-").map(Number) as [number, number];
    const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
    from = from > `${d.m}-01` ? from : `${d.m}-01`;
    to = to < `${d.m}-${last}` ? to : `${d.m}-${last}`;
  }
  const where = sql`b.burial_date >= ${from}::date and b.burial_date <= ${to}::date
    and ${cemetery === null ? sql`false` : cemetery ? sql`p.cemetery_id = ${cemetery.id}` : akimatCemeteryScope(s.akimatId, sql`p.cemetery_id`)}`;
  const total = await countOf(
    s,
    sql`select count(*)::int as n from burials b join plots p on p.id = b.plot_id where ${where}`,
  );
  const rows = await rowsOf<{
    surname: string;
    name: string;
    patronymic: string;
    cemeteryId: number;
    sector: string;
    row: string;
    number: number;
    burialDate: string;
    deathDate: string | null;
  }>(
    s,
    sql`select b.surname, b.name, b.patronymic, p.cemetery_id as "cemeteryId", p.sector, p.row, p.number,
               b.burial_date::text as "burialDate", b.death_date::text as "deathDate"
        from burials b join plots p on p.id = b.plot_id where ${where}
        order by b.burial_date, b.id limit ${page.limit} offset ${page.offset}`,
  );
  const t = s.t;
  const title = [t("reports.burials.rows"), cemetery ? cemetery.name : null, d.m ? monthLabel(s, d.m) : null].filter(
    Boolean,
  );
  return {
    title: title.join(" · "),
    columns: [
      { label: t("reports.col.deceased"), isNumeric: false },
      { label: t("reports.col.cemetery"), isNumeric: false },
      { label: t("reports.col.place"), isNumeric: false },
      { label: t("reports.col.burial_date"), isNumeric: false },
      { label: t("reports.col.death_date"), isNumeric: false },
    ],
    items: rows.map((r) => [
      fullName(r),
      s.cemeteries.find((c) => c.id === r.cemeteryId)?.name ?? "",
      t("reports.place", { sector: r.sector, row: r.row, number: r.number }),
      formatDate(s.locale, r.burialDate),
      r.deathDate ? formatDate(s.locale, r.deathDate) : "",
    ]),
    total,
  };
}

registerReportSection({
  id: "burials",
  order: 10,
  titleKey: "reports.burials.title",
  async tables(s) {
    const counts = await burialCounts(s);
    const months = monthsOf(s.period);
    const n = (c: number | null, m: string | null) =>
      counts
        .filter((r) => (c === null || r.cemeteryId === c) && (m === null || r.month === m))
        .reduce((a, r) => a + r.n, 0);
    const rows: TReportTable["rows"] = s.cemeteries.map((c) => ({
      cells: [
        text(c.name),
        ...months.map((m) => num(n(c.id, m), drillKey({ c: c.id, m }))),
        num(n(c.id, null), drillKey({ c: c.id })),
      ],
    }));
    rows.push({
      isTotal: true,
      cells: [
        text(s.t("reports.total")),
        ...months.map((m) => num(n(null, m), drillKey({ m }))),
        num(n(null, null), "all"),
      ],
    });
    return [
      {
        id: "burials.by_month",
        title: s.t("reports.burials.by_month"),
        columns: [
          { label: s.t("reports.col.cemetery"), isNumeric: false },
          ...months.map((m) => ({ label: monthLabel(s, m), isNumeric: true })),
          { label: s.t("reports.total"), isNumeric: true },
        ],
        rows,
        chart: { by: "columns", series: months.map((_, i) => i + 1), isStacked: true },
      },
    ];
  },
  async rows(s, key, page) {
    const d = parseDrill(key, { c: ID, m: MONTH });
    return d ? burialRows(s, d, page) : null;
  },
});

// ——— Burial requests (bookings) by status and kind ———

registerReportSection({
  id: "bookings",
  order: 20,
  titleKey: "reports.bookings.title",
  async tables(s) {
    const counts = await rowsOf<{ status: string; kind: string; n: number }>(
      s,
      sql`select status, kind, count(*)::int as n from burial_requests
          where created_at >= ${s.period.start} and created_at < ${s.period.end}
            and ${akimatCemeteryScope(s.akimatId, sql`cemetery_id`)}
          group by 1, 2`,
    );
    const sum = (pick: (r: { status: string; kind: string }) => boolean) =>
      counts.filter(pick).reduce((a, r) => a + r.n, 0);
    const all = sum(() => true);
    const table = (values: readonly string[], field: "status" | "kind", part: "s" | "k"): TReportTable => ({
      id: `bookings.by_${field}`,
      title: s.t(`reports.bookings.by_${field}`),
      columns: [
        { label: s.t(`reports.col.${field}`), isNumeric: false },
        { label: s.t("reports.col.requests"), isNumeric: true },
      ],
      rows: [
        ...values.map((v) => ({
          cells: [
            text(s.t(`burial_request.${field}.${v}`)),
            num(
              sum((r) => r[field] === v),
              drillKey({ [part]: v }),
            ),
          ],
        })),
        { isTotal: true, cells: [text(s.t("reports.total")), num(all, "all")] },
      ],
      chart: { by: "rows", series: [1], isStacked: false },
    });
    return [table(BURIAL_REQUEST_STATUSES, "status", "s"), table(BURIAL_KINDS, "kind", "k")];
  },
  async rows(s, key, page) {
    const d = parseDrill(key, {
      s: new RegExp(`^(${BURIAL_REQUEST_STATUSES.join("|")})$`),
      k: new RegExp(`^(${BURIAL_KINDS.join("|")})$`),
    });
    if (!d) return null;
    const where = sql`r.created_at >= ${s.period.start} and r.created_at < ${s.period.end}
      and ${akimatCemeteryScope(s.akimatId, sql`r.cemetery_id`)}
      ${d.s ? sql`and r.status = ${d.s}` : sql``} ${d.k ? sql`and r.kind = ${d.k}` : sql``}`;
    const total = await countOf(s, sql`select count(*)::int as n from burial_requests r where ${where}`);
    const rows = await rowsOf<{
      id: number;
      createdAt: string;
      surname: string;
      name: string;
      patronymic: string;
      cemeteryId: number;
      kind: string;
      status: string;
      burialDate: string | null;
    }>(
      s,
      sql`select r.id, r.created_at as "createdAt", r.surname, r.name, r.patronymic, r.cemetery_id as "cemeteryId",
                 r.kind, r.status, r.burial_date::text as "burialDate"
          from burial_requests r where ${where}
          order by r.created_at, r.id limit ${page.limit} offset ${page.offset}`,
    );
    const t = s.t;
    return {
      title: [
        t("reports.bookings.rows"),
        d.s ? t(`burial_request.status.${d.s}`) : null,
        d.k ? t(`burial_request.kind.${d.k}`) : null,
      ]
        .filter(Boolean)
        .join(" · "),
      columns: [
        { label: t("reports.col.number"), isNumeric: false },
        { label: t("reports.col.created"), isNumeric: false },
        { label: t("reports.col.deceased"), isNumeric: false },
        { label: t("reports.col.cemetery"), isNumeric: false },
        { label: t("reports.col.kind"), isNumeric: false },
        { label: t("reports.col.status"), isNumeric: false },
        { label: t("reports.col.burial_date"), isNumeric: false },
      ],
      items: rows.map((r) => [
        requestNumber(r.id, r.createdAt),
        formatDate(s.locale, new Date(r.createdAt)),
        fullName(r),
        s.cemeteries.find((c) => c.id === r.cemeteryId)?.name ?? "",
        t(`burial_request.kind.${r.kind}`),
        t(`burial_request.status.${r.status}`),
        r.burialDate ? formatDate(s.locale, r.burialDate) : "",
      ]),
      total,
    };
  },
});

// ——— Places per cemetery now, and months of capacity left ———

registerReportSection({
  id: "occupancy",
  order: 30,
  titleKey: "reports.occupancy.title",
  async tables(s) {
    // The place counts the database keeps per cemetery (`cemetery_counts`, migration 0009), as
    // the public pages read them: never a count of every plot.
    const counts = await rowsOf<{ id: number } & Record<(typeof PLOT_STATUSES)[number], number>>(
      s,
      sql`select c.id, coalesce(cc.free, 0) as free, coalesce(cc.reserved, 0) as reserved,
                 coalesce(cc.occupied, 0) as occupied, coalesce(cc.unavailable, 0) as unavailable
          from cemeteries c left join cemetery_counts cc on cc.cemetery_id = c.id
          where c.akimat_id = ${s.akimatId}`,
    );
    const burials = await rowsOf<{ cemeteryId: number; n: number }>(
      s,
      sql`select p.cemetery_id as "cemeteryId", count(*)::int as n
          from burials b join plots p on p.id = b.plot_id
          where b.burial_date >= ${s.period.from}::date and b.burial_date <= ${s.period.to}::date
            and ${akimatCemeteryScope(s.akimatId, sql`p.cemetery_id`)}
          group by 1`,
    );
    const months = periodMonths(s.period);
    const noRate = s.t("reports.occupancy.no_rate");
    const line = (
      label: string,
      c: Record<(typeof PLOT_STATUSES)[number], number>,
      buried: number,
      id: number | undefined,
    ): TReportCell[] => {
      const left = monthsLeft(c.free, buried, s.period);
      return [
        text(label),
        ...PLOT_STATUSES.map((status) => num(Number(c[status]), drillKey({ c: id, p: status }))),
        num(buried, drillKey({ c: id, b: 1 })),
        { value: Math.round((buried / months) * 10) / 10 },
        left === null ? text(noRate) : { value: left },
      ];
    };
    const zero = { free: 0, reserved: 0, occupied: 0, unavailable: 0 };
    const totals = { ...zero };
    let buriedAll = 0;
    const rows: TReportTable["rows"] = s.cemeteries.map((cem) => {
      const c = counts.find((r) => r.id === cem.id) ?? { id: cem.id, ...zero };
      for (const status of PLOT_STATUSES) totals[status] += Number(c[status]);
      const buried = burials.find((b) => b.cemeteryId === cem.id)?.n ?? 0;
      buriedAll += buried;
      return { cells: line(cem.name, c, buried, cem.id) };
    });
    rows.push({ isTotal: true, cells: line(s.t("reports.total"), totals, buriedAll, undefined) });
    return [
      {
        id: "occupancy.places",
        title: s.t("reports.occupancy.places"),
        columns: [
          { label: s.t("reports.col.cemetery"), isNumeric: false },
          ...PLOT_STATUSES.map((status) => ({ label: s.t(`plot.status.${status}`), isNumeric: true })),
          { label: s.t("reports.col.burials_in_period"), isNumeric: true },
          { label: s.t("reports.col.per_month"), isNumeric: true },
          { label: s.t("reports.col.months_left"), isNumeric: true },
        ],
        rows,
        chart: { by: "rows", series: [1, 2, 3, 4], isStacked: true },
        note: s.t("reports.occupancy.note"),
      },
    ];
  },
  async rows(s, key, page) {
    const d = parseDrill(key, { c: ID, p: new RegExp(`^(${PLOT_STATUSES.join("|")})$`), b: /^1$/ });
    if (!d || (d.p === undefined) === (d.b === undefined)) return null;
    if (d.b) return burialRows(s, { c: d.c }, page);
    const cemetery = cemeteryOf(s, d.c);
    const where = sql`p.status = ${d.p} and ${
      cemetery === null
        ? sql`false`
        : cemetery
          ? sql`p.cemetery_id = ${cemetery.id}`
          : akimatCemeteryScope(s.akimatId, sql`p.cemetery_id`)
    }`;
    const total = await countOf(s, sql`select count(*)::int as n from plots p where ${where}`);
    const rows = await rowsOf<{ cemeteryId: number; sector: string; row: string; number: number }>(
      s,
      sql`select p.cemetery_id as "cemeteryId", p.sector, p.row, p.number from plots p where ${where}
          order by p.cemetery_id, p.sector, p.row, p.number limit ${page.limit} offset ${page.offset}`,
    );
    const t = s.t;
    return {
      title: [t("reports.occupancy.rows"), cemetery?.name, t(`plot.status.${d.p}`)].filter(Boolean).join(" · "),
      columns: [
        { label: t("reports.col.cemetery"), isNumeric: false },
        { label: t("reports.col.place"), isNumeric: false },
        { label: t("reports.col.status"), isNumeric: false },
      ],
      items: rows.map((r) => [
        s.cemeteries.find((c) => c.id === r.cemeteryId)?.name ?? "",
        t("reports.place", { sector: r.sector, row: r.row, number: r.number }),
        t(`plot.status.${d.p}`),
      ]),
      total,
    };
  },
});

// ——— News published ———

registerReportSection({
  id: "news",
  order: 60,
  titleKey: "reports.news.title",
  async tables(s) {
    const counts = await rowsOf<{ category: string; n: number }>(
      s,
      sql`select category, count(*)::int as n from news
          where akimat_id = ${s.akimatId} and status = 'published'
            and published_at >= ${s.period.start} and published_at < ${s.period.end}
          group by 1`,
    );
    const n = (c: string) => counts.find((r) => r.category === c)?.n ?? 0;
    return [
      {
        id: "news.by_category",
        title: s.t("reports.news.by_category"),
        columns: [
          { label: s.t("reports.col.category"), isNumeric: false },
          { label: s.t("reports.col.published"), isNumeric: true },
        ],
        rows: [
          ...NEWS_CATEGORIES.map((c) => ({
            cells: [text(s.t(`news.category.${c}`)), num(n(c), drillKey({ cat: c }))],
          })),
          {
            isTotal: true,
            cells: [
              text(s.t("reports.total")),
              num(
                counts.reduce((a, r) => a + r.n, 0),
                "all",
              ),
            ],
          },
        ],
        chart: { by: "rows", series: [1], isStacked: false },
      },
    ];
  },
  async rows(s, key, page) {
    const d = parseDrill(key, { cat: new RegExp(`^(${NEWS_CATEGORIES.join("|")})$`) });
    if (!d) return null;
    const where = sql`akimat_id = ${s.akimatId} and status = 'published'
      and published_at >= ${s.period.start} and published_at < ${s.period.end}
      ${d.cat ? sql`and category = ${d.cat}` : sql``}`;
    const total = await countOf(s, sql`select count(*)::int as n from news where ${where}`);
    const rows = await rowsOf<{ titleRu: string; titleKk: string; category: string; publishedAt: string }>(
      s,
      sql`select title_ru as "titleRu", title_kk as "titleKk", category, published_at as "publishedAt"
          from news where ${where} order by published_at, id limit ${page.limit} offset ${page.offset}`,
    );
    const t = s.t;
    return {
      title: [t("reports.news.rows"), d.cat ? t(`news.category.${d.cat}`) : null].filter(Boolean).join(" · "),
      columns: [
        { label: t("reports.col.title"), isNumeric: false },
        { label: t("reports.col.category"), isNumeric: false },
        { label: t("reports.col.published_at"), isNumeric: false },
      ],
      items: rows.map((r) => [
        (s.locale === "kk" ? r.titleKk || r.titleRu : r.titleRu || r.titleKk) ?? "",
        t(`news.category.${r.category}`),
        formatDate(s.locale, new Date(r.publishedAt)),
      ]),
      total,
    };
  },
});
