/**
 * Instants read on the akimat's clock. Kazakhstan keeps one zone, UTC+5 all year, since
 * 1 March 2024 (Almaty was UTC+6 before). The zone is the IANA `Asia/Almaty` through
 * `@date-fns/tz`, which asks the runtime's `Intl` for the offset: Node 20.20 (ICU 78, tzdata
 * 2025c) has the 2024 change, and `almaty.test.ts` fails on a runtime that does not. A browser
 * whose time zone data predates 2024 would read an hour ahead; only the staff's countdowns run
 * there, and the server decides every deadline.
 */
// The mini class from its own module: the package's index would bring the full one along.
import { TZDateMini } from "@date-fns/tz/date/mini";
import { formatDay, isDay, type TDay } from "./days.ts";

export const ALMATY = "Asia/Almaty";

const TIME_SHAPE = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** Minutes after midnight of a `HH:MM` time. */
export function timeMinutes(time: string): number {
  const m = TIME_SHAPE.exec(time);
  if (!m) throw new RangeError(`not a time (HH:MM): ${JSON.stringify(time)}`);
  return Number(m[1]) * 60 + Number(m[2]);
}

function onAlmatyClock(instant: Date): Date {
  const at = instant.getTime();
  if (Number.isNaN(at)) throw new RangeError("not an instant: Invalid Date");
  return new TZDateMini(at, ALMATY);
}

/** The day an instant falls on in Almaty: "today" for deadlines and countdowns. */
export function almatyDay(instant: Date): TDay {
  return formatDay(onAlmatyClock(instant));
}

/**
 * `almatyDay` for many instants (a report's thousands of answers): the zone's offset is asked of
 * `Intl` once per UTC date — at its first and last minute — instead of once per instant (9 µs
 * each), and a date whose two offsets differ (the day the zone changed) is read instant by instant.
 * Gives what `almatyDay` gives for every instant.
 */
export function almatyDayReader(): (instant: Date) => TDay {
  const offsets = new Map<number, number | null>();
  const DAY = 86_400_000;
  return (instant) => {
    const at = instant.getTime();
    const date = Math.floor(at / DAY);
    let offset = offsets.get(date);
    if (offset === undefined) {
      const first = new TZDateMini(date * DAY, ALMATY).getTimezoneOffset();
      const last = new TZDateMini(date * DAY + DAY - 60_000, ALMATY).getTimezoneOffset();
      offset = first === last ? -first * 60_000 : null;
      offsets.set(date, offset);
    }
    return offset === null ? almatyDay(instant) : new Date(at + offset).toISOString().slice(0, 10);
  };
}

/** Minutes after midnight in Almaty at an instant. */
export function almatyMinutes(instant: Date): number {
  const t = onAlmatyClock(instant);
  return t.getHours() * 60 + t.getMinutes();
}

/** The instant of a day and time (`HH:MM`) in Almaty, e.g. a timer at the end of a due day. */
export function almatyInstant(day: TDay, time: string): Date {
  const minutes = timeMinutes(time);
  if (!isDay(day)) throw new RangeError(`not a day (YYYY-MM-DD): ${JSON.stringify(day)}`);
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  return new Date(new TZDateMini(y, m - 1, d, Math.floor(minutes / 60), minutes % 60, ALMATY).getTime());
}
