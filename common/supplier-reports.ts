/**
 * A supplier's quality and reports (issue 15 §4), isomorphic and free of zod at run time: the
 * periods, the chart's steps, the quality thresholds (Kaspi.kz's norms, decision 024) and the
 * types of the API's answers (their zod schemas are in `supplier-report-schemas.ts`).
 *
 * Definitions (the figures of a period count the supplier's orders by the time they were placed,
 * `supplier_orders.created_at`, in Almaty's days):
 * - orders: the supplier's orders placed in the period;
 * - revenue: the amounts of the done lines of those orders;
 * - average order: revenue ÷ the orders with at least one done line;
 * - rating: mean and count of the approved reviews counted in ratings written since the period's
 *   first day (all time: since the beginning);
 * - cancelled by the supplier: orders it declined, or where it cancelled any line (`cancelled_by =
 *   'supplier'` on the order or a line); the share is those ÷ orders;
 * - late acceptances: orders not accepted in time (`status = 'expired'`);
 * - top items: by done revenue, with quantities, under the lines' snapshot names.
 */
import type { z } from "zod";
import { addCalendarDays, type TDay } from "./calendar/days.ts";
import type * as S from "./supplier-report-schemas.ts";

/** The periods of a supplier's report: the last 7, 30 or 90 days (today included), or all time. */
export const SUPPLIER_PERIODS = ["7d", "30d", "90d", "all"] as const;
export type TSupplierPeriod = (typeof SUPPLIER_PERIODS)[number];
export const DEFAULT_SUPPLIER_PERIOD: TSupplierPeriod = "30d";

/** A period named in a URL, or the default. */
export function supplierPeriodOf(value: string | null | undefined): TSupplierPeriod {
  return SUPPLIER_PERIODS.find((p) => p === value) ?? DEFAULT_SUPPLIER_PERIOD;
}

/**
 * The days of a period on `today` (Almaty's day), both included; all time starts on the day of the
 * supplier's first order (`firstDay`, today when it has none).
 */
export function supplierPeriodDays(period: TSupplierPeriod, today: TDay, firstDay?: TDay | null) {
  switch (period) {
    case "7d":
      return { from: addCalendarDays(today, -6), to: today };
    case "30d":
      return { from: addCalendarDays(today, -29), to: today };
    case "90d":
      return { from: addCalendarDays(today, -89), to: today };
    case "all":
      return { from: firstDay && firstDay < today ? firstDay : today, to: today };
  }
}

/** The chart's step of a period: days for 7 and 30 days, weeks for 90, months for all time. */
export function chartStep(period: TSupplierPeriod): "day" | "week" | "month" {
  return period === "90d" ? "week" : period === "all" ? "month" : "day";
}

/**
 * The quality thresholds (Kaspi.kz): cancellations by the supplier over the last 30 days above 5%
 * flag it (the target is under 3%); a 90-day rating under 4.0, with at least one rated review,
 * flags it.
 */
export const QUALITY = {
  cancelDays: 30,
  cancelLimitPercent: 5,
  cancelTargetPercent: 3,
  ratingDays: 90,
  ratingMin: 4,
} as const;

/** Over the limit: strictly more than 5% of the orders (exactly 5% is not), in integers. */
export const isCancelFlagged = (cancelled: number, orders: number) =>
  orders > 0 && cancelled * 100 > orders * QUALITY.cancelLimitPercent;

/** Under the minimum: the exact mean (not the shown one-decimal mean) below 4.0, with a review at least. */
export const isRatingFlagged = (sum: number, count: number) => count > 0 && sum < count * QUALITY.ratingMin;

/** A share in percent with one decimal; null without orders. */
export const sharePercent = (part: number, whole: number) =>
  whole > 0 ? Math.round((part * 1000) / whole) / 10 : null;

/** A supplier's quality figures: the 30-day cancellations, the 90-day rating, the flags. */
export type TSupplierQuality = z.infer<typeof S.ZSupplierQuality>;
/** `GET /supplier-reports`: the supplier, the period, its quality and the report's sections. */
export type TSupplierReport = z.infer<typeof S.ZSupplierReport>;
/** `GET /supplier-quality`: every active supplier's quality, the flagged first. */
export type TSupplierQualityList = z.infer<typeof S.ZSupplierQualityList>;
