/**
 * The reports in the API, as zod schemas: the city's period query and the answers' shape, which
 * every kind of report shares (the city's; a supplier's, `supplier-report-schemas.ts`). Every
 * section answers in one generic shape (tables of cells, each figure carrying the key of the list
 * behind it), so a module adds a section — appeals, reburials — without a schema of its own, and
 * the page, the charts and the XLSX and PDF writers draw any section the same way. Types are in
 * `reports.ts` (zod-free for the page).
 */
import { z } from "zod";
import { calendarDaysBetween, isDay } from "./calendar/days.ts";
import { MAX_REPORT_DAYS } from "./reports.ts";
import { pageNumber } from "./paging.ts";
import { isoDate, ZId } from "./schemas.ts";

/** A real day (`isoDate` lets `2026-02-30` through as March's 2nd; a report's edge must be the day typed). */
const ZDay = isoDate.refine(isDay, "validation.date");

const PERIOD = {
  from: ZDay,
  to: ZDay,
  /** The admin's choice of akimat; an akimat's staff see their own (another's id is refused). */
  akimatId: ZId.optional(),
  lang: z.enum(["ru", "kk"]).optional(),
};

/** `from` no later than `to`, and at most {@link MAX_REPORT_DAYS} days. */
function checkPeriod(q: { from: string; to: string }, ctx: z.RefinementCtx) {
  // A day that is not one (`2026-02-30`) is already the field's problem.
  if (!isDay(q.from) || !isDay(q.to)) return;
  if (q.from > q.to) ctx.addIssue({ code: "custom", path: ["to"], message: "validation.period_order" });
  else if (calendarDaysBetween(q.from, q.to) + 1 > MAX_REPORT_DAYS) {
    ctx.addIssue({ code: "custom", path: ["to"], message: "validation.period_too_long" });
  }
}

/** The query of the report and its files: the period (days in Almaty, both included) and, for the admin, the akimat. */
export const ZReportQuery = z.object(PERIOD).superRefine(checkPeriod);

/** What the rows behind a figure add to any report's query: the figure's `drill` key, the page (20 rows, at most 100). */
export const DRILL_QUERY = {
  drill: z.string().trim().min(1).max(200),
  page: z
    .string()
    .optional()
    .transform((v) => pageNumber(v)),
  pageSize: z
    .string()
    .optional()
    .transform((v) => Math.min(100, v && /^[0-9]{1,6}$/.test(v) ? Math.max(1, Number(v)) : 20)),
};

/** The rows behind a figure: the report's query, the figure's `drill` key, the page. */
export const ZReportRowsQuery = z.object({ ...PERIOD, ...DRILL_QUERY }).superRefine(checkPeriod);

export const ZReportCell = z.object({
  value: z.union([z.number(), z.string(), z.null()]),
  /** The key of the rows behind this figure (`GET /reports/sections/{section}/rows?drill=`). */
  drill: z.string().optional(),
});

export const ZReportTable = z
  .object({
    /** Unique within the report (`bookings.status`). */
    id: z.string(),
    title: z.string(),
    columns: z.array(z.object({ label: z.string(), isNumeric: z.boolean() })),
    rows: z.array(z.object({ cells: z.array(ZReportCell), isTotal: z.boolean().optional() })),
    /**
     * How the page charts it: bars of the numeric `series` columns per row (`by: "rows"`), or bars
     * of every row per `series` column (`by: "columns"`, e.g. months), `stacked` or side by side.
     */
    chart: z
      .object({ by: z.enum(["rows", "columns"]), series: z.array(z.number()), isStacked: z.boolean() })
      .optional(),
    note: z.string().optional(),
  })
  .meta({ id: "ReportTable" });

export const ZReportSection = z
  .object({ id: z.string(), title: z.string(), tables: z.array(ZReportTable) })
  .meta({ id: "ReportSection" });

export const ZReport = z
  .object({
    akimat: z.object({ id: z.number(), name: z.string() }),
    from: z.string(),
    to: z.string(),
    sections: z.array(ZReportSection),
  })
  .meta({ id: "Report" });

/** The rows behind one figure: a page of a plain table. */
export const ZReportRows = z
  .object({
    title: z.string(),
    columns: z.array(z.object({ label: z.string(), isNumeric: z.boolean() })),
    items: z.array(z.array(z.union([z.number(), z.string(), z.null()]))),
    /**
     * Each row's own page (`linkTo`, without the locale's prefix), by the rows' order; null for a
     * row without one. Absent when no row has a page (burial records, places, news).
     */
    links: z.array(z.string().nullable()).optional(),
    total: z.number(),
    page: z.number(),
    pageSize: z.number(),
  })
  .meta({ id: "ReportRows" });
