import { describe, expect, it } from "vitest";
import {
  addCalendarDays,
  addCalendarMonths,
  addCalendarYears,
  calendarDaysBetween,
  dayDate,
  formatDay,
  isDay,
  isWeekend,
  weekday,
} from "./days.ts";

describe("days", () => {
  it("accepts only real YYYY-MM-DD days", () => {
    expect(isDay("2024-02-29")).toBe(true);
    expect(isDay("2025-02-29")).toBe(false);
    expect(isDay("2025-13-01")).toBe(false);
    expect(isDay("2025-1-01")).toBe(false);
    expect(isDay("2025-01-01T00:00")).toBe(false);
    expect(isDay(20250101)).toBe(false);
    expect(() => dayDate("2025-02-29")).toThrow(RangeError);
    expect(() => addCalendarDays("31.12.2025", 1)).toThrow(RangeError);
  });

  it("counts calendar days across months, years and 29 February", () => {
    expect(addCalendarDays("2024-02-28", 1)).toBe("2024-02-29");
    expect(addCalendarDays("2024-02-29", 1)).toBe("2024-03-01");
    expect(addCalendarDays("2025-12-31", 1)).toBe("2026-01-01");
    expect(addCalendarDays("2026-01-01", -1)).toBe("2025-12-31");
    expect(calendarDaysBetween("2024-01-01", "2025-01-01")).toBe(366);
    expect(calendarDaysBetween("2025-01-01", "2024-01-01")).toBe(-366);
    expect(formatDay(dayDate("2026-03-21"))).toBe("2026-03-21");
  });

  it("adds months: a day the month lacks is its last day", () => {
    expect(addCalendarMonths("2026-01-20", 2)).toBe("2026-03-20");
    expect(addCalendarMonths("2025-12-31", 2)).toBe("2026-02-28");
    expect(addCalendarMonths("2023-12-31", 2)).toBe("2024-02-29");
    expect(addCalendarMonths("2026-11-30", 2)).toBe("2027-01-30");
  });

  it("adds years: 29 February + 1 year is 28 February (date-fns), + 4 years 29 February", () => {
    expect(addCalendarYears("2024-02-29", 1)).toBe("2025-02-28");
    expect(addCalendarYears("2024-02-29", 15)).toBe("2039-02-28");
    expect(addCalendarYears("2024-02-29", 4)).toBe("2028-02-29");
    expect(addCalendarYears("2010-06-15", 15)).toBe("2025-06-15");
    expect(isDay(addCalendarYears("2012-02-29", 13))).toBe(true);
  });

  it("reads weekdays the same whatever the machine's zone (UTC dates)", () => {
    expect(weekday("2026-03-21")).toBe(6);
    expect(weekday("2025-01-05")).toBe(0);
    expect(isWeekend("2025-01-05")).toBe(true);
    expect(isWeekend("2025-01-03")).toBe(false);
  });
});
