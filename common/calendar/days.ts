/**
 * Calendar days written as `YYYY-MM-DD`, the way the database's `date` columns and the API carry
 * them. Isomorphic: the arithmetic is date-fns' on `UTCDate`s, so a day means the same on a server
 * in UTC and in a browser in Almaty or Moscow (a plain `Date` would shift with the machine's zone).
 */
import { UTCDateMini } from "@date-fns/utc/date/mini";
import {
  addDays,
  addMonths,
  addYears,
  differenceInCalendarDays,
  getDay,
  isValid,
  lightFormat,
  parseISO,
} from "date-fns";

/** A calendar day, `YYYY-MM-DD`. Only a type alias: check outside input with {@link isDay}. */
export type TDay = string;

const DAY_SHAPE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * date-fns' `in` context that makes its results UTC dates. The mini class from its own module:
 * the package's index also loads the full class (formatters included), and marks no module free
 * of side effects, so bundlers would keep it.
 */
const utc = (value: Date | number | string) => new UTCDateMini(+new Date(value));

/** Whether `value` is a real day written `YYYY-MM-DD` (`2025-02-29` is not). */
export function isDay(value: unknown): value is TDay {
  return typeof value === "string" && DAY_SHAPE.test(value) && isValid(parseISO(value, { in: utc }));
}

/** The day as a date at 00:00 UTC; throws on anything but a real `YYYY-MM-DD` day. */
export function dayDate(day: TDay): Date {
  const date = DAY_SHAPE.test(day) ? parseISO(day, { in: utc }) : null;
  if (!date || !isValid(date)) throw new RangeError(`not a day (YYYY-MM-DD): ${JSON.stringify(day)}`);
  return date;
}

/** The `YYYY-MM-DD` of a date, read in the date's own zone (UTC for {@link dayDate}'s). */
export function formatDay(date: Date): TDay {
  return lightFormat(date, "yyyy-MM-dd");
}

/** The day `n` calendar days after `day` (before it when `n` is negative). */
export function addCalendarDays(day: TDay, n: number): TDay {
  return formatDay(addDays(dayDate(day), n));
}

/**
 * The same month and day `years` later. A 29 February lands on 28 February of a common year
 * (date-fns' convention, and the Civil Code's for a term in years that ends in a month without
 * that date: its last day).
 */
export function addCalendarYears(day: TDay, years: number): TDay {
  return formatDay(addYears(dayDate(day), years));
}

/**
 * The same day `months` later; a day the month lacks lands on its last day (31 January + 1 month =
 * 28 or 29 February), as for years.
 */
export function addCalendarMonths(day: TDay, months: number): TDay {
  return formatDay(addMonths(dayDate(day), months));
}

/** Calendar days from `from` to `to`: 1 from a day to the next, negative backwards. */
export function calendarDaysBetween(from: TDay, to: TDay): number {
  return differenceInCalendarDays(dayDate(to), dayDate(from));
}

/** 0 Sunday … 6 Saturday, as `Date.getDay`. */
export function weekday(day: TDay): number {
  return getDay(dayDate(day));
}

/** Saturday or Sunday. */
export function isWeekend(day: TDay): boolean {
  const d = weekday(day);
  return d === 0 || d === 6;
}

/** `15.04.2026`: a day as notifications and SMS write it, the same in both languages. */
export const dmy = (day: TDay) => `${day.slice(8, 10)}.${day.slice(5, 7)}.${day.slice(0, 4)}`;
