/**
 * Working days on Kazakhstan's production calendar (`kazakhstan.ts`), for the appeals' deadlines
 * (APPK, Code No. 350-VI of 29.06.2020): the server's due dates and timers, the staff's
 * "N working days left", the reports' handling times. Isomorphic and free of server imports.
 *
 * How an appeal's term is counted (decision 018):
 * - Art. 64: an appeal is registered on the day it arrives; one that arrives after working hours
 *   or on a day off is registered on the next working day → {@link registrationDay}.
 * - Art. 76 p. 1: it is considered within fifteen working days "from the day of its arrival". The
 *   registration day itself is not counted: the term runs from the next day, as a term in days
 *   does in Kazakh law, so the due day is the 15th working day after the registration day,
 *   `addWorkingDays(registered, 15)`, and the answer is on time when given by the end of it.
 *   Redirection (art. 65 and 76 p. 3: three working days) and the notice of an extension (three
 *   working days) are counted the same way.
 *
 * Years outside the data: a day of a year the data does not hold is judged by the law's fixed
 * holidays (`LAW_FIXED_HOLIDAYS`) and the weekend rule, without transfers and without Kurban ait
 * (its date cannot be derived), and {@link dayInfo} says it is provisional. For a year after the
 * data it misses only the days off nobody knows yet (transfers, Kurban ait), as long as the law's
 * list holds: a due date computed on it is at worst early, never late. A year before 2024 gets
 * today's list, not its own history; no appeal of this platform dates from then.
 */
import { almatyDay, almatyMinutes, timeMinutes } from "./almaty.ts";
import { addCalendarDays, isWeekend, type TDay } from "./days.ts";
import { CALENDAR_YEARS, LAW_FIXED_HOLIDAYS, RELIGIOUS, type TCalendarYear, type THolidayName } from "./kazakhstan.ts";

/** Why a day is worked or not. */
export type TDayKind =
  /** Monday to Friday, nothing special. */
  | "weekday"
  /** Saturday or Sunday. */
  | "weekend"
  /** A holiday (or Orthodox Christmas, Kurban ait), on a weekday or a weekend. */
  | "holiday"
  /** The next working day after a holiday that fell on a weekend (law on holidays, art. 5). */
  | "moved_day_off"
  /** A weekday made a day of rest by a transfer. */
  | "transfer_rest"
  /** A Saturday or Sunday made a working day by a transfer. */
  | "transfer_work";

/** What the calendar says of a day. */
export type TDayInfo = {
  readonly day: TDay;
  readonly isWorking: boolean;
  readonly kind: TDayKind;
  /** The holiday of the day; for a moved day off, the holiday it stands for. */
  readonly holiday: THolidayName | null;
  /** The day's year is not (or not yet) the published calendar: more days off may come. */
  readonly isProvisional: boolean;
};

type TSpecial = { kind: Exclude<TDayKind, "weekday" | "weekend">; holiday: THolidayName | null };

/** A year's days, built once: what each day is, and the working days up to it (a running count). */
type TYearTable = {
  readonly days: readonly TDayInfo[];
  readonly index: ReadonlyMap<TDay, number>;
  /** `through[i]`: the working days from 1 January through `days[i]`. */
  readonly through: Uint16Array;
};

/** The years a day may have: wide enough for any deadline or report, narrow enough to stay sane. */
export const FIRST_YEAR = 1900;
export const LAST_YEAR = 2199;

const KNOWN = new Map(CALENDAR_YEARS.map((y) => [y.year, y]));
const tables = new Map<number, TYearTable>();

/** The year's calendar: the data's record, or one made from the law's fixed holidays (provisional). */
export function calendarYear(year: number): TCalendarYear {
  return (
    KNOWN.get(year) ?? {
      year,
      status: "provisional",
      holidays: LAW_FIXED_HOLIDAYS.map(([monthDay, name]) => [`${year}-${monthDay}`, name] as const),
      transfers: [],
      sources: [],
    }
  );
}

/** The days of a year that are not plain weekdays or weekends. */
function specialDays(y: TCalendarYear): Map<TDay, TSpecial> {
  const special = new Map<TDay, TSpecial>();
  const holidays = [...y.holidays].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  for (const [day, name] of holidays) special.set(day, { kind: "holiday", holiday: name });
  for (const t of y.transfers) {
    special.set(t.work, { kind: "transfer_work", holiday: null });
    special.set(t.rest, { kind: "transfer_rest", holiday: null });
  }
  // Law on holidays, art. 5: a holiday on a Saturday or Sunday gives the next working day after it
  // (in date order, so the three days of Nauryz over a weekend give consecutive days). The holidays
  // end by 16 December, so the day found stays in the same year.
  for (const [day, name] of holidays) {
    if (RELIGIOUS.has(name) || !isWeekend(day)) continue;
    let next = addCalendarDays(day, 1);
    while (isWeekend(next) || special.has(next)) next = addCalendarDays(next, 1);
    special.set(next, { kind: "moved_day_off", holiday: name });
  }
  return special;
}

function yearTable(year: number): TYearTable {
  let table = tables.get(year);
  if (table) return table;
  if (!Number.isInteger(year) || year < FIRST_YEAR || year > LAST_YEAR) {
    throw new RangeError(`the calendar covers ${FIRST_YEAR}–${LAST_YEAR}: ${year}`);
  }
  const y = calendarYear(year);
  const isProvisional = y.status !== "official";
  const special = specialDays(y);
  const days: TDayInfo[] = [];
  const first = `${year}-01-01`;
  for (let day = first; day.startsWith(`${year}-`); day = addCalendarDays(day, 1)) {
    const s = special.get(day);
    const weekend = isWeekend(day);
    days.push(
      s
        ? { day, isWorking: s.kind === "transfer_work", kind: s.kind, holiday: s.holiday, isProvisional }
        : { day, isWorking: !weekend, kind: weekend ? "weekend" : "weekday", holiday: null, isProvisional },
    );
  }
  const through = new Uint16Array(days.length);
  days.forEach((d, i) => {
    through[i] = (i > 0 ? (through[i - 1] as number) : 0) + (d.isWorking ? 1 : 0);
  });
  table = { days, index: new Map(days.map((d, i) => [d.day, i])), through };
  tables.set(year, table);
  return table;
}

/** The day's year table and its place in it; a RangeError for anything but a real `YYYY-MM-DD` day. */
function locate(day: TDay): { table: TYearTable; i: number; year: number } {
  const year = /^\d{4}-\d{2}-\d{2}$/.test(day) ? Number(day.slice(0, 4)) : Number.NaN;
  const table = Number.isNaN(year) ? undefined : yearTable(year);
  const i = table?.index.get(day);
  if (!table || i === undefined) throw new RangeError(`not a day (YYYY-MM-DD): ${JSON.stringify(day)}`);
  return { table, i, year };
}

/** What the calendar says of a day (`YYYY-MM-DD`); throws a RangeError on anything else. */
export function dayInfo(day: TDay): TDayInfo {
  const { table, i } = locate(day);
  return table.days[i] as TDayInfo;
}

/** Whether the akimat works on a day (Monday to Friday, less the days off, plus transferred working days). */
export function isWorkingDay(day: TDay): boolean {
  return dayInfo(day).isWorking;
}

/** Counts of working days are whole and not negative; a bound keeps a wrong count from looping for long. */
function checkCount(n: number): void {
  if (!Number.isInteger(n) || n < 0 || n > 10_000) {
    throw new RangeError(`a count of working days is a whole number from 0 to 10000: ${n}`);
  }
}

/**
 * Walks from `day` one calendar day at a time in `direction` until `n` working days are passed
 * (`n` = 0: until a working day, `day` itself included).
 */
function walk(day: TDay, n: number, direction: 1 | -1): TDay {
  checkCount(n);
  let { table, i, year } = locate(day);
  let left = n;
  if (left === 0 && (table.days[i] as TDayInfo).isWorking) return day;
  for (;;) {
    i += direction;
    if (i < 0 || i >= table.days.length) {
      year += direction;
      table = yearTable(year);
      i = direction === 1 ? 0 : table.days.length - 1;
    }
    const d = table.days[i] as TDayInfo;
    if (d.isWorking && (left === 0 || --left === 0)) return d.day;
  }
}

/**
 * The `n`-th working day after `day`, the day itself not counted: the due day of a term of `n`
 * working days that starts on `day` (`addWorkingDays(registered, 15)`). With `n` = 0, `day` when it
 * is a working day, else the next working day. The answer is always a working day.
 */
export function addWorkingDays(day: TDay, n: number): TDay {
  return walk(day, n, 1);
}

/**
 * The `n`-th working day before `day`, the day itself not counted: "2 working days before the due
 * day" is `subtractWorkingDays(due, 2)`. With `n` = 0, `day` when it is a working day, else the
 * working day before it. The answer is always a working day.
 */
export function subtractWorkingDays(day: TDay, n: number): TDay {
  return walk(day, n, -1);
}

/**
 * The working days after `from` up to and including `to`; negative, the same count, when `to` is
 * before `from`. So `workingDaysBetween(d, addWorkingDays(d, n)) === n` for n ≥ 1, and
 * `workingDaysBetween(a, b) === -workingDaysBetween(b, a)`.
 * - Countdown: `workingDaysBetween(today, due)` working days left; 0 on the due day itself,
 *   negative once it has passed.
 * - Handling time: `workingDaysBetween(registered, answered)`; 0 for an answer the same day.
 */
export function workingDaysBetween(from: TDay, to: TDay): number {
  const a = locate(from);
  const b = locate(to);
  if (to < from) return 0 - workingDaysBetween(to, from); // 0 - 0 is 0, where -0 would not equal 0
  // Running counts: the working days through `to`, less those through `from`, over the years between.
  let n = (b.table.through[b.i] as number) - (a.table.through[a.i] as number);
  for (let year = a.year; year < b.year; year++) {
    const t = yearTable(year);
    n += t.through[t.days.length - 1] as number;
  }
  return n;
}

/** The office hours of the akimat's reception, Almaty time (`HH:MM`, the closing minute excluded). */
export type TOfficeHours = { readonly opens: string; readonly closes: string };

export const OFFICE_HOURS: TOfficeHours = { opens: "09:00", closes: "18:00" };

/** Whether an instant falls on a working day within office hours. */
export function isWithinOfficeHours(instant: Date, hours: TOfficeHours = OFFICE_HOURS): boolean {
  const minutes = almatyMinutes(instant);
  return isWorkingDay(almatyDay(instant)) && minutes >= timeMinutes(hours.opens) && minutes < timeMinutes(hours.closes);
}

/**
 * The day an appeal arriving at `instant` is registered (APPK art. 64): the day it arrives when
 * that is a working day and the office has not closed yet — within office hours, or before they
 * begin, when it is registered as the office opens —, else the next working day (after closing
 * time, or on a day off). Days are Almaty's.
 */
export function registrationDay(instant: Date, hours: TOfficeHours = OFFICE_HOURS): TDay {
  const day = almatyDay(instant);
  if (isWorkingDay(day) && almatyMinutes(instant) < timeMinutes(hours.closes)) return day;
  return addWorkingDays(day, 1);
}
