import { addCalendarDays, addCalendarMonths, isDay, type TDay } from "./days.ts";

/**
 * The periods the staff's lists and the city's reports filter by: the last 7 or 30 days (today
 * included), this month, last month, this quarter, this year, or days chosen by hand. The URL holds
 * the preset (`period=30d`) and, for `custom`, the days (`from`, `to`); the server reads days.
 */
export const PERIOD_PRESETS = ["7d", "30d", "this_month", "last_month", "quarter", "year", "custom"] as const;
export type PeriodPreset = (typeof PERIOD_PRESETS)[number];

export type TPeriod = { from: TDay; to: TDay };

const firstOfMonth = (day: TDay) => `${day.slice(0, 8)}01`;

/**
 * The days of a preset on `today` (Almaty's day), both included; `custom` takes `from` and `to` as
 * given (swapped when reversed) and is null while either is not a real day.
 */
export function presetDays(
  preset: PeriodPreset,
  today: TDay,
  custom: { from?: string | null; to?: string | null } = {},
): TPeriod | null {
  switch (preset) {
    case "7d":
      return { from: addCalendarDays(today, -6), to: today };
    case "30d":
      return { from: addCalendarDays(today, -29), to: today };
    case "this_month":
      return { from: firstOfMonth(today), to: today };
    case "last_month": {
      const from = addCalendarMonths(firstOfMonth(today), -1);
      return { from, to: addCalendarDays(firstOfMonth(today), -1) };
    }
    case "quarter": {
      const month = Number(today.slice(5, 7));
      const first = month - ((month - 1) % 3);
      return { from: `${today.slice(0, 4)}-${String(first).padStart(2, "0")}-01`, to: today };
    }
    case "year":
      return { from: `${today.slice(0, 4)}-01-01`, to: today };
    case "custom": {
      const { from, to } = custom;
      if (!isDay(from) || !isDay(to)) return null;
      return from <= to ? { from, to } : { from: to, to: from };
    }
  }
}

/** A preset named in a URL, or null for anything else. */
export function periodPreset(value: string | null | undefined): PeriodPreset | null {
  return PERIOD_PRESETS.find((p) => p === value) ?? null;
}
