/**
 * A supplier's report and the admin's quality list (issue 15 §4, decision 024): the company whose
 * figures a caller reads (`reportedSupplierOf` of the access module: its people their own, the
 * admin the one named), the period, and the supplier kind's sections run for them; the quality of
 * every active company against Kaspi.kz's thresholds, the flagged first.
 */
import { and, eq, gte, sql } from "drizzle-orm";
import { almatyDay, almatyInstant } from "../../../common/calendar/almaty.ts";
import { addCalendarDays } from "../../../common/calendar/days.ts";
import type { Locale } from "../../../common/locale.ts";
import { can } from "../../../common/permissions.ts";
import type { TReportRows, TReportSection } from "../../../common/reports.ts";
import { linkTo } from "../../../common/route-table.ts";
import { meanRating } from "../../../common/reviews.ts";
import {
  DEFAULT_SUPPLIER_PERIOD,
  isCancelFlagged,
  isRatingFlagged,
  QUALITY,
  sharePercent,
  supplierPeriodDays,
  type TSupplierPeriod,
  type TSupplierQualityList,
  type TSupplierReport,
} from "../../../common/supplier-reports.ts";
import type { Queryable } from "../../db/client.ts";
import type { TSessionUser } from "../../lib/caller.ts";
import { AppError } from "../../lib/errors.ts";
import { reportedSupplierOf } from "../access/access.service.ts";
import { periodWithInstants, translatorOf } from "../reports/reports.registry.ts";
import { countedReview } from "../reviews/reviews.ratings.ts";
import { reviews } from "../reviews/reviews.tables.ts";
import { suppliers } from "../users/organisations.tables.ts";
import { CANCELLED_BY_SUPPLIER, supplierReport, type TSupplierScope } from "./supplier-reports.kind.ts";
import { supplierQuality } from "./supplier-reports.sections.ts";

/** What a supplier's report is asked for: the period, and the admin's choice of company. */
export type TSupplierReportRequest = { period?: TSupplierPeriod; supplierId?: number };

/** The scope of a caller's supplier report: the company, its name, the period with its instants. */
export async function supplierScope(
  db: Queryable,
  user: TSessionUser,
  q: TSupplierReportRequest,
  locale: Locale,
  now: Date,
): Promise<TSupplierScope & { supplierName: string }> {
  const supplierId = reportedSupplierOf(user, q.supplierId);
  const [company] = await db
    .select({ id: suppliers.id, name: suppliers.companyName })
    .from(suppliers)
    .where(eq(suppliers.id, supplierId));
  if (!company) throw new AppError(404, "supplier_not_found");
  const preset = q.period ?? DEFAULT_SUPPLIER_PERIOD;
  const today = almatyDay(now);
  let first: string | null = null;
  if (preset === "all") {
    const { rows } = await db.execute(
      sql`select to_char(min(created_at) at time zone 'Asia/Almaty', 'YYYY-MM-DD') as day from supplier_orders where supplier_id = ${supplierId}`,
    );
    first = (rows[0] as { day: string | null } | undefined)?.day ?? null;
  }
  // The company's people open their tickets; the admin reads an order on its own read-only page.
  const isFulfiller = can(user.role, "orders.fulfil");
  return {
    db,
    supplierId,
    supplierName: company.name,
    preset,
    period: periodWithInstants(supplierPeriodDays(preset, today, first)),
    today,
    locale,
    t: translatorOf(locale),
    orderLink: (id, status) =>
      isFulfiller
        ? linkTo(status === "new" || status === "accepted" ? "supplier-ticket-active" : "supplier-ticket-archive", {
            id,
          })
        : linkTo("admin-supplier-order", { id: supplierId, orderId: id }),
  };
}

/** The whole report: the company's quality and every section, in order. */
export async function buildSupplierReport(
  db: Queryable,
  user: TSessionUser,
  q: TSupplierReportRequest,
  locale: Locale,
  now: Date,
): Promise<TSupplierReport> {
  const scope = await supplierScope(db, user, q, locale, now);
  const [quality, sections] = await Promise.all([supplierQuality(scope), supplierReport.build(scope)]);
  return {
    supplier: { id: scope.supplierId, name: scope.supplierName },
    period: scope.preset,
    from: scope.period.from,
    to: scope.period.to,
    quality,
    sections,
  };
}

/** One section of a supplier's report. */
export async function buildSupplierSection(
  db: Queryable,
  user: TSessionUser,
  id: string,
  q: TSupplierReportRequest,
  locale: Locale,
  now: Date,
): Promise<TReportSection> {
  return supplierReport.buildOne(() => supplierScope(db, user, q, locale, now), id);
}

/** A page of the company's orders behind one figure (its `drill` key); 422 for a key the section never gives. */
export async function supplierReportRows(
  db: Queryable,
  user: TSessionUser,
  id: string,
  q: TSupplierReportRequest & { drill: string; page: number; pageSize: number },
  locale: Locale,
  now: Date,
): Promise<TReportRows> {
  return supplierReport.rows(() => supplierScope(db, user, q, locale, now), id, q);
}

/**
 * Every active supplier's quality: orders and cancellations by the supplier over the last 30 days,
 * the 90-day rating; the flagged first (cancellations, then rating), then by share and name.
 */
export async function supplierQualityList(db: Queryable, now: Date): Promise<TSupplierQualityList> {
  const today = almatyDay(now);
  const end = almatyInstant(addCalendarDays(today, 1), "00:00").toISOString();
  const start30 = almatyInstant(addCalendarDays(today, -(QUALITY.cancelDays - 1)), "00:00").toISOString();
  const start90 = almatyInstant(addCalendarDays(today, -(QUALITY.ratingDays - 1)), "00:00").toISOString();
  const [companies, ratings] = await Promise.all([
    db.execute(
      sql`select s.id, s.company_name as name,
            (select count(*) from supplier_orders so where so.supplier_id = s.id
               and so.created_at >= ${start30}::timestamptz and so.created_at < ${end}::timestamptz)::int as orders,
            (select count(*) from supplier_orders so where so.supplier_id = s.id
               and so.created_at >= ${start30}::timestamptz and so.created_at < ${end}::timestamptz
               and ${CANCELLED_BY_SUPPLIER})::int as cancelled
          from suppliers s where s.status = 'active'`,
    ),
    // The 90-day ratings as `supplierRating` counts them, for every company at once.
    db
      .select({
        supplierId: reviews.supplierId,
        sum: sql<number>`coalesce(sum(${reviews.rating}), 0)::int`,
        count: sql<number>`count(*)::int`,
      })
      .from(reviews)
      .where(and(gte(reviews.createdAt, new Date(start90)), countedReview()))
      .groupBy(reviews.supplierId),
  ]);
  const ratingOf = new Map(ratings.map((r) => [r.supplierId, { sum: Number(r.sum), count: Number(r.count) }]));
  const items = (companies.rows as { id: number; name: string; orders: number; cancelled: number }[]).map((r) => {
    const [orders, cancelled] = [Number(r.orders), Number(r.cancelled)];
    const { sum, count } = ratingOf.get(r.id) ?? { sum: 0, count: 0 };
    return {
      supplier: { id: r.id, name: r.name },
      orders30: orders,
      cancelled30: cancelled,
      cancelShare30: sharePercent(cancelled, orders),
      rating90: { mean: meanRating(sum, count), count },
      isCancelFlagged: isCancelFlagged(cancelled, orders),
      isRatingFlagged: isRatingFlagged(sum, count),
    };
  });
  const weight = (i: (typeof items)[number]) => Number(i.isCancelFlagged) * 2 + Number(i.isRatingFlagged);
  items.sort(
    (a, b) =>
      weight(b) - weight(a) ||
      (b.cancelShare30 ?? 0) - (a.cancelShare30 ?? 0) ||
      a.supplier.name.localeCompare(b.supplier.name, "ru") ||
      a.supplier.id - b.supplier.id,
  );
  return { items };
}
