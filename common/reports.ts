/**
 * The city's reports (`/user/reports`), isomorphic and free of zod at run time: the period presets
 * and how each turns into days on Almaty's calendar, the months a period spans, and the types of
 * the API's answers (their zod schemas are in `report-schemas.ts`).
 */
import type { z } from "zod";
import { calendarDaysBetween, isDay, type TDay } from "./calendar/days.ts";
import { PERIOD_PRESETS, type PeriodPreset, periodPreset, presetDays } from "./calendar/periods.ts";
import type * as S from "./report-schemas.ts";

/** The presets of a report's period: the lists' presets (`common/calendar/periods.ts`). */
export const REPORT_PRESETS = PERIOD_PRESETS;
export type TReportPreset = PeriodPreset;
export const DEFAULT_PRESET: TReportPreset = "30d";

/** The longest period a report covers, in days (two years and a leap day: two years' month columns). */
export const MAX_REPORT_DAYS = 731;

/** A report's period: its first and last day (both included), in Almaty. */
export type TPeriod = { from: TDay; to: TDay };

const pad = (n: number) => String(n).padStart(2, "0");
const ymd = (y: number, m: number, d: number) => `${y}-${pad(m)}-${pad(d)}`;

/**
 * The days of a preset on `today` (Almaty's day, `almatyDay(now)`), as the lists count them
 * (`presetDays`). `custom` takes `from` and `to` when both are days in order at most
 * {@link MAX_REPORT_DAYS} apart; anything else falls back to the default preset.
 */
export function periodOf(preset: string | null | undefined, today: TDay, custom: Partial<TPeriod> = {}): TPeriod {
  const p = periodPreset(preset) ?? DEFAULT_PRESET;
  if (p === "custom") {
    const { from, to } = custom;
    if (isDay(from) && isDay(to) && from <= to && calendarDaysBetween(from, to) < MAX_REPORT_DAYS) return { from, to };
    return presetDays(DEFAULT_PRESET, today) as TPeriod;
  }
  return presetDays(p, today) as TPeriod;
}

/** The preset a URL names, or the default. */
export function presetOf(value: string | null | undefined): TReportPreset {
  return periodPreset(value) ?? DEFAULT_PRESET;
}

/** Days in a period, both ends included. */
export const periodDays = (p: TPeriod) => calendarDaysBetween(p.from, p.to) + 1;

/** The months (`YYYY-MM`) a period touches, in order. */
export function monthsOf(p: TPeriod): string[] {
  const out: string[] = [];
  let [y, m] = p.from.split("-").map(Number) as [number, number];
  const last = p.to.slice(0, 7);
  for (let month = ymd(y, m, 1).slice(0, 7); month <= last; month = ymd(y, m, 1).slice(0, 7)) {
    out.push(month);
    [y, m] = m === 12 ? [y + 1, 1] : [y, m + 1];
  }
  return out;
}

/** The period's length in average months (365.25 / 12 days each): what a monthly rate divides by. */
export const periodMonths = (p: TPeriod) => periodDays(p) / (365.25 / 12);

/**
 * Months of capacity left: free places at the period's rate of burials per month; null when the
 * period had no burials (no rate to divide by). One decimal.
 */
export function monthsLeft(free: number, burials: number, p: TPeriod): number | null {
  if (burials <= 0) return null;
  return Math.round((free / (burials / periodMonths(p))) * 10) / 10;
}

/** One cell of a report's table: a number or a word, and the key of the list behind it, if any. */
export type TReportCell = z.infer<typeof S.ZReportCell>;
/** A table of a report's section, as the page, the chart, the XLSX and the PDF draw it. */
export type TReportTable = z.infer<typeof S.ZReportTable>;
/** A section of the report (burials, bookings, occupancy, news; appeals and reburials later). */
export type TReportSection = z.infer<typeof S.ZReportSection>;
/** `GET /reports`: the akimat, the period and every section. */
export type TReport = z.infer<typeof S.ZReport>;
/** `GET /reports/sections/{section}/rows`: a page of the rows behind one figure. */
export type TReportRows = z.infer<typeof S.ZReportRows>;
