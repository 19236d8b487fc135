/**
 * The supplier's report as a kind of report (`reportKind` of the reports' engine): its scope — one
 * company, a period of `SUPPLIER_PERIODS`, where a drilled order's page is for the reader — and the
 * SQL its sections share: the company's orders placed in a window, and the definitions of the
 * figures (`common/supplier-reports.ts`, decision 024) as conditions on a supplier order `so`.
 */
import { type SQL, sql } from "drizzle-orm";
import { formatDate, formatMoney } from "../../../common/i18n.ts";
import { supplierOrderNumber } from "../../../common/orders.ts";
import type { TSupplierPeriod } from "../../../common/supplier-reports.ts";
import { countOf, rowsOf, type TPageWindow } from "../reports/report-kit.ts";
import { reportKind, type TBaseReportScope, type TDrillPage } from "../reports/reports.registry.ts";

/** What a supplier's sections compute for: one company, a period, the reader's language. */
export type TSupplierScope = TBaseReportScope & {
  supplierId: number;
  preset: TSupplierPeriod;
  /** The page of one of the company's orders for this reader (the supplier's ticket, the admin's read-only view). */
  orderLink: (id: number, status: string) => string;
};

/** The supplier's report: its sections register on it (`supplier-reports.sections.ts`). */
export const supplierReport = reportKind<TSupplierScope>("supplier");

/** A window of instants: the period's, or the quality's last 30 / 90 days. */
export type TWindow = { start: Date; end: Date };

/** The company's orders placed in a window (`so` is the supplier order). */
export const placedIn = (s: TSupplierScope, w: TWindow = s.period) =>
  sql`so.supplier_id = ${s.supplierId} and so.created_at >= ${w.start.toISOString()}::timestamptz and so.created_at < ${w.end.toISOString()}::timestamptz`;

/** Cancelled by the supplier: it declined the order, or cancelled any of its lines. */
export const CANCELLED_BY_SUPPLIER = sql`(so.cancelled_by = 'supplier' or exists (select 1 from order_lines cl where cl.supplier_order_id = so.id and cl.cancelled_by = 'supplier'))`;
/** Not accepted in time. */
export const EXPIRED = sql`so.status = 'expired'`;
/** With at least one done line (what the average order divides by). */
export const HAS_DONE = sql`exists (select 1 from order_lines dl where dl.supplier_order_id = so.id and dl.status = 'done')`;
/** Almaty's day an order was placed. */
const PLACED_DAY = sql`to_char(so.created_at at time zone 'Asia/Almaty', 'YYYY-MM-DD')`;

/**
 * The company's orders placed in a window with what the figures count of each, read in one pass
 * over their lines (a join grouped by order, not three subqueries per order): `cancelled` by the
 * supplier (the order or a line), `has_done` (a done line), `done_amount`, and its Almaty `day`.
 * The same definitions as {@link CANCELLED_BY_SUPPLIER} and {@link HAS_DONE}, which the drills filter by.
 */
export const orderFacts = (s: TSupplierScope, w: TWindow = s.period) =>
  sql`(select so.id, so.status, ${PLACED_DAY} as day,
              (so.cancelled_by = 'supplier' or coalesce(bool_or(l.cancelled_by = 'supplier'), false)) as cancelled,
              coalesce(bool_or(l.status = 'done'), false) as has_done,
              coalesce(sum(l.amount) filter (where l.status = 'done'), 0) as done_amount
       from supplier_orders so left join order_lines l on l.supplier_order_id = so.id
       where ${placedIn(s, w)}
       group by so.id)`;

/**
 * A page of the company's orders matching `where`, newest first: number, placed, status, total,
 * each with its page for the reader.
 */
export async function orderRows(s: TSupplierScope, title: string, where: SQL, page: TPageWindow): Promise<TDrillPage> {
  const [total, rows] = await Promise.all([
    countOf(s, sql`select count(*)::int as n from supplier_orders so where ${where}`),
    rowsOf<{
      id: number;
      orderId: number;
      orderAt: string;
      position: number;
      createdAt: string;
      status: string;
      total: number;
    }>(
      s,
      sql`select so.id, so.order_id as "orderId", o.created_at as "orderAt", so.position,
                 so.created_at as "createdAt", so.status, so.total
          from supplier_orders so join orders o on o.id = so.order_id
          where ${where}
          order by so.created_at desc, so.id desc
          limit ${page.limit} offset ${page.offset}`,
    ),
  ]);
  return {
    title,
    columns: [
      { label: s.t("supplier_reports.rows.number"), isNumeric: false },
      { label: s.t("supplier_reports.rows.placed"), isNumeric: false },
      { label: s.t("supplier_reports.rows.status"), isNumeric: false },
      { label: s.t("supplier_reports.rows.total"), isNumeric: true },
    ],
    items: rows.map((r) => [
      supplierOrderNumber(r.orderId, new Date(r.orderAt), r.position),
      formatDate(s.locale, new Date(r.createdAt), true),
      s.t(`order.status.${r.status}`),
      formatMoney(s.locale, Number(r.total)),
    ]),
    links: rows.map((r) => s.orderLink(r.id, r.status)),
    total,
  };
}
