/**
 * The sections of a supplier's report (issue 15 §4; definitions in `common/supplier-reports.ts`,
 * decision 024): the figures of the period, the quality against Kaspi.kz's thresholds (30-day
 * cancellations, 90-day rating), orders and revenue per day / week / month, the top items. Every
 * figure opens the company's orders behind it (drill keys `f:<figure>`, `b:<first day of a step>`,
 * `i:<item>`), each with its page.
 */
import { type SQL, sql } from "drizzle-orm";
import { almatyInstant } from "../../../common/calendar/almaty.ts";
import { addCalendarDays, addCalendarMonths, type TDay } from "../../../common/calendar/days.ts";
import { formatNumber } from "../../../common/i18n.ts";
import type { TReportTable } from "../../../common/reports.ts";
import {
  chartStep,
  isCancelFlagged,
  isRatingFlagged,
  QUALITY,
  sharePercent,
} from "../../../common/supplier-reports.ts";
import { drillKey, ID, num, oneOf, parseDrill, rowsOf, text } from "../reports/report-kit.ts";
import { countedReview, supplierRating } from "../reviews/reviews.ratings.ts";
import { reviews } from "../reviews/reviews.tables.ts";
import {
  CANCELLED_BY_SUPPLIER,
  EXPIRED,
  HAS_DONE,
  orderFacts,
  orderRows,
  placedIn,
  supplierReport,
  type TSupplierScope,
  type TWindow,
} from "./supplier-reports.kind.ts";

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The company's orders with a review counted in ratings (`countedReview`, as `supplierRating`
 * counts them) written since `since`: what its rating is made of.
 */
const ratedSince = (s: TSupplierScope, since: Date) =>
  sql`so.supplier_id = ${s.supplierId} and exists (
        select 1 from order_lines rl join ${reviews} on ${reviews.lineId} = rl.id
        where rl.supplier_order_id = so.id and ${reviews.supplierId} = ${s.supplierId}
          and ${countedReview()} and ${reviews.createdAt} >= ${since.toISOString()}::timestamptz)`;

/** The company's rating over the reviews written since `since` (the reviews module's definition). */
const ratingSince = (s: TSupplierScope, since: Date) => supplierRating(s.db, s.supplierId, since);

/** The last `days` days (today included) as instants. */
const lastDays = (s: TSupplierScope, days: number): TWindow => ({
  start: almatyInstant(addCalendarDays(s.today, -(days - 1)), "00:00"),
  end: almatyInstant(addCalendarDays(s.today, 1), "00:00"),
});

/** Since when the period's rating counts reviews: its first day, or the beginning for all time. */
const ratingStart = (s: TSupplierScope) => (s.preset === "all" ? new Date(0) : s.period.start);

/** Orders, cancelled by the supplier, expired, with a done line, done revenue: of a window. */
export async function orderFigures(s: TSupplierScope, w: TWindow) {
  const [r] = await rowsOf<{ orders: number; cancelled: number; expired: number; withDone: number; revenue: number }>(
    s,
    sql`select count(*)::int as orders,
               count(*) filter (where f.cancelled)::int as cancelled,
               count(*) filter (where f.status = 'expired')::int as expired,
               count(*) filter (where f.has_done)::int as "withDone",
               coalesce(sum(f.done_amount), 0)::bigint as revenue
        from ${orderFacts(s, w)} f`,
  );
  return {
    orders: Number(r?.orders ?? 0),
    cancelled: Number(r?.cancelled ?? 0),
    expired: Number(r?.expired ?? 0),
    withDone: Number(r?.withDone ?? 0),
    revenue: Number(r?.revenue ?? 0),
  };
}

/** The company's quality: 30-day cancellations by it, 90-day rating, and whether each crosses its threshold. */
export async function supplierQuality(s: TSupplierScope) {
  const [f, rating] = await Promise.all([
    orderFigures(s, lastDays(s, QUALITY.cancelDays)),
    ratingSince(s, lastDays(s, QUALITY.ratingDays).start),
  ]);
  return {
    orders30: f.orders,
    cancelled30: f.cancelled,
    cancelShare30: sharePercent(f.cancelled, f.orders),
    rating90: { mean: rating.mean, count: rating.count },
    isCancelFlagged: isCancelFlagged(f.cancelled, f.orders),
    isRatingFlagged: isRatingFlagged(rating.sum, rating.count),
  };
}

// ——— The period's figures ———

const FIGURES = ["orders", "revenue", "cancelled", "expired", "rated"] as const;
type TFigure = (typeof FIGURES)[number];

/** The condition of a figure's orders in the period. */
function figureWhere(s: TSupplierScope, f: TFigure): SQL {
  switch (f) {
    case "orders":
      return placedIn(s);
    case "revenue":
      return sql`${placedIn(s)} and ${HAS_DONE}`;
    case "cancelled":
      return sql`${placedIn(s)} and ${CANCELLED_BY_SUPPLIER}`;
    case "expired":
      return sql`${placedIn(s)} and ${EXPIRED}`;
    case "rated":
      return ratedSince(s, ratingStart(s));
  }
}

supplierReport.register({
  id: "summary",
  order: 10,
  titleKey: "supplier_reports.section.summary",
  async tables(s) {
    const [f, rating] = await Promise.all([orderFigures(s, s.period), ratingSince(s, ratingStart(s))]);
    const d = (figure: TFigure) => drillKey({ f: figure });
    const row = (key: string, value: number | null, figure: TFigure) => ({
      cells: [text(s.t(`supplier_reports.figure.${key}`)), num(value, d(figure))],
    });
    return [
      {
        id: "summary.figures",
        title: s.t("supplier_reports.table.figures"),
        columns: [
          { label: s.t("supplier_reports.column.figure"), isNumeric: false },
          { label: s.t("supplier_reports.column.value"), isNumeric: true },
        ],
        rows: [
          row("orders", f.orders, "orders"),
          row("revenue", f.revenue, "revenue"),
          row("average", f.withDone ? Math.round(f.revenue / f.withDone) : null, "revenue"),
          row("rating", rating.mean, "rated"),
          row("reviews", rating.count, "rated"),
          row("cancelled", f.cancelled, "cancelled"),
          row("cancel_share", sharePercent(f.cancelled, f.orders), "cancelled"),
          row("expired", f.expired, "expired"),
        ],
        note: s.t("supplier_reports.note.figures"),
      },
    ];
  },
  async rows(s, key, page) {
    const p = parseDrill(key, { f: oneOf(FIGURES) });
    if (!p?.f) return null;
    const f = p.f as TFigure;
    return orderRows(s, s.t(`supplier_reports.drill.${f}`), figureWhere(s, f), page);
  },
});

// ——— Quality against the thresholds ———

const QUALITY_FIGURES = ["orders30", "cancelled30", "rated90"] as const;

supplierReport.register({
  id: "quality",
  order: 20,
  titleKey: "supplier_reports.section.quality",
  async tables(s) {
    const q = await supplierQuality(s);
    const verdict = (flagged: boolean, known: boolean) =>
      text(
        s.t(
          known
            ? flagged
              ? "supplier_reports.quality.flagged"
              : "supplier_reports.quality.ok"
            : "supplier_reports.quality.no_data",
        ),
      );
    const cells = (
      key: string,
      value: number | null,
      drill: string,
      threshold: string,
      flag: ReturnType<typeof text>,
    ) => ({
      cells: [text(s.t(`supplier_reports.quality.${key}`)), num(value, drill), text(threshold), flag],
    });
    const table: TReportTable = {
      id: "quality.thresholds",
      title: s.t("supplier_reports.table.quality"),
      columns: [
        { label: s.t("supplier_reports.column.figure"), isNumeric: false },
        { label: s.t("supplier_reports.column.value"), isNumeric: true },
        { label: s.t("supplier_reports.column.threshold"), isNumeric: false },
        { label: s.t("supplier_reports.column.verdict"), isNumeric: false },
      ],
      rows: [
        cells(
          "cancel_share",
          q.cancelShare30,
          drillKey({ f: "cancelled30" }),
          s.t("supplier_reports.quality.cancel_threshold", {
            limit: QUALITY.cancelLimitPercent,
            target: QUALITY.cancelTargetPercent,
          }),
          verdict(q.isCancelFlagged, q.orders30 > 0),
        ),
        cells("orders", q.orders30, drillKey({ f: "orders30" }), "", text("")),
        cells(
          "rating",
          q.rating90.mean,
          drillKey({ f: "rated90" }),
          s.t("supplier_reports.quality.rating_threshold", { min: formatNumber(s.locale, QUALITY.ratingMin) }),
          verdict(q.isRatingFlagged, q.rating90.count > 0),
        ),
        cells("reviews", q.rating90.count, drillKey({ f: "rated90" }), "", text("")),
      ],
      note: s.t("supplier_reports.note.quality"),
    };
    return [table];
  },
  async rows(s, key, page) {
    const p = parseDrill(key, { f: oneOf(QUALITY_FIGURES) });
    if (!p?.f) return null;
    const where =
      p.f === "rated90"
        ? ratedSince(s, lastDays(s, QUALITY.ratingDays).start)
        : p.f === "cancelled30"
          ? sql`${placedIn(s, lastDays(s, QUALITY.cancelDays))} and ${CANCELLED_BY_SUPPLIER}`
          : placedIn(s, lastDays(s, QUALITY.cancelDays));
    return orderRows(s, s.t(`supplier_reports.drill.${p.f}`), where, page);
  },
});

// ——— Orders and revenue per day, week or month ———

type TStep = { start: TDay; end: TDay; label: string };

const short = (day: TDay) => `${day.slice(8, 10)}.${day.slice(5, 7)}`;
const minDay = (a: TDay, b: TDay) => (a < b ? a : b);

/** The chart's steps of the period: days (7, 30 days), weeks from its first day (90 days), calendar months (all time). */
export function stepsOf(s: Pick<TSupplierScope, "preset" | "period" | "t">): TStep[] {
  const { from, to } = s.period;
  const step = chartStep(s.preset);
  const out: TStep[] = [];
  if (step === "day") {
    for (let d = from; d <= to; d = addCalendarDays(d, 1)) out.push({ start: d, end: d, label: short(d) });
  } else if (step === "week") {
    for (let d = from; d <= to; d = addCalendarDays(d, 7)) {
      const end = minDay(addCalendarDays(d, 6), to);
      out.push({ start: d, end, label: `${short(d)}–${short(end)}` });
    }
  } else {
    for (let first = `${from.slice(0, 7)}-01`; first <= to; first = addCalendarMonths(first, 1)) {
      const start = first < from ? from : first;
      const end = minDay(addCalendarDays(addCalendarMonths(first, 1), -1), to);
      out.push({ start, end, label: `${s.t(`reports.month.${Number(first.slice(5, 7))}`)} ${first.slice(0, 4)}` });
    }
  }
  return out;
}

const stepWindow = (st: TStep): TWindow => ({
  start: almatyInstant(st.start, "00:00"),
  end: almatyInstant(addCalendarDays(st.end, 1), "00:00"),
});

supplierReport.register({
  id: "dynamics",
  order: 30,
  titleKey: "supplier_reports.section.dynamics",
  async tables(s) {
    const byDay = await rowsOf<{ day: TDay; orders: number; revenue: number }>(
      s,
      sql`select f.day, count(*)::int as orders, coalesce(sum(f.done_amount), 0)::bigint as revenue
          from ${orderFacts(s)} f group by 1`,
    );
    const steps = stepsOf(s).map((st) => {
      const days = byDay.filter((r) => r.day >= st.start && r.day <= st.end);
      return {
        ...st,
        orders: days.reduce((a, r) => a + Number(r.orders), 0),
        revenue: days.reduce((a, r) => a + Number(r.revenue), 0),
      };
    });
    const stepLabel = s.t(`supplier_reports.step.${chartStep(s.preset)}`);
    const table = (what: "orders" | "revenue"): TReportTable => ({
      id: `dynamics.${what}`,
      title: s.t(`supplier_reports.table.${what}_${chartStep(s.preset)}`),
      columns: [
        { label: stepLabel, isNumeric: false },
        { label: s.t(`supplier_reports.column.${what}`), isNumeric: true },
      ],
      rows: [
        ...steps.map((st) => ({ cells: [text(st.label), num(st[what], drillKey({ f: what, b: st.start }))] })),
        {
          isTotal: true,
          cells: [
            text(s.t("reports.total")),
            num(
              steps.reduce((a, st) => a + st[what], 0),
              drillKey({ f: what }),
            ),
          ],
        },
      ],
      chart: { by: "rows", series: [1], isStacked: false },
    });
    return [table("orders"), table("revenue")];
  },
  async rows(s, key, page) {
    const p = parseDrill(key, { f: oneOf(["orders", "revenue"]), b: DAY });
    if (!p?.f) return null;
    const step = p.b === undefined ? undefined : stepsOf(s).find((st) => st.start === p.b);
    if (p.b !== undefined && !step) return null;
    const where = sql`${placedIn(s, step ? stepWindow(step) : s.period)}${p.f === "revenue" ? sql` and ${HAS_DONE}` : sql``}`;
    const title = s.t(`supplier_reports.drill.${p.f}`) + (step ? ` — ${step.label}` : "");
    return orderRows(s, title, where, page);
  },
});

// ——— Top items ———

const TOP_ITEMS = 10;

supplierReport.register({
  id: "items",
  order: 40,
  titleKey: "supplier_reports.section.items",
  async tables(s) {
    const items = await rowsOf<{ itemId: number; nameRu: string; nameKk: string; quantity: number; revenue: number }>(
      s,
      sql`select l.item_id as "itemId",
                 (array_agg(l.name_ru order by l.id desc))[1] as "nameRu",
                 (array_agg(l.name_kk order by l.id desc))[1] as "nameKk",
                 sum(l.quantity)::int as quantity, sum(l.amount)::bigint as revenue
          from order_lines l join supplier_orders so on so.id = l.supplier_order_id
          where ${placedIn(s)} and l.status = 'done'
          group by l.item_id
          order by revenue desc, quantity desc, l.item_id
          limit ${TOP_ITEMS}`,
    );
    return [
      {
        id: "items.top",
        title: s.t("supplier_reports.table.items", { n: TOP_ITEMS }),
        columns: [
          { label: s.t("supplier_reports.column.item"), isNumeric: false },
          { label: s.t("supplier_reports.column.quantity"), isNumeric: true },
          { label: s.t("supplier_reports.column.revenue"), isNumeric: true },
        ],
        rows: items.map((i) => {
          const drill = drillKey({ i: i.itemId });
          return {
            cells: [
              text(s.locale === "kk" ? i.nameKk || i.nameRu : i.nameRu),
              num(Number(i.quantity), drill),
              num(Number(i.revenue), drill),
            ],
          };
        }),
        chart: { by: "rows", series: [2], isStacked: false },
      },
    ];
  },
  async rows(s, key, page) {
    const p = parseDrill(key, { i: ID });
    if (!p?.i) return null;
    const [name] = await rowsOf<{ name: string }>(
      s,
      sql`select ${s.locale === "kk" ? sql`coalesce(nullif(l.name_kk, ''), l.name_ru)` : sql`l.name_ru`} as name
          from order_lines l join supplier_orders so on so.id = l.supplier_order_id
          where so.supplier_id = ${s.supplierId} and l.item_id = ${Number(p.i)} order by l.id desc limit 1`,
    );
    if (!name) return null;
    return orderRows(
      s,
      s.t("supplier_reports.drill.item", { item: name.name }),
      sql`${placedIn(s)} and exists (select 1 from order_lines il where il.supplier_order_id = so.id and il.item_id = ${Number(p.i)} and il.status = 'done')`,
      page,
    );
  },
});
