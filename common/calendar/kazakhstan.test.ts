import { describe, expect, it } from "vitest";
import { addCalendarDays, isDay, isWeekend, weekday } from "./days.ts";
import { CALENDAR_YEARS, HOLIDAY_NAMES, LAW_FIXED_HOLIDAYS } from "./kazakhstan.ts";
import { dayInfo, workingDaysBetween } from "./working-days.ts";

/**
 * The published calendars, typed in from the sources of each year (five-day week): the weekdays
 * off, the weekend days worked, and the working days of the year. The calendar must give exactly
 * these, the days moved off weekends by rule included.
 */
const PUBLISHED = {
  2024: {
    weekdaysOff: [
      "01-01",
      "01-02",
      "03-08",
      "03-21",
      "03-22",
      "03-25",
      "05-01",
      "05-07",
      "05-08",
      "05-09",
      "07-08",
      "08-30",
      "10-25",
      "12-16",
    ],
    weekendWorked: ["05-04"],
    // 117 days of rest for a five-day week (aqshamnews.kz): 366 − 117.
    workingDays: 249,
  },
  2025: {
    weekdaysOff: [
      "01-01",
      "01-02",
      "01-03",
      "01-07",
      "03-10",
      "03-21",
      "03-24",
      "03-25",
      "05-01",
      "05-07",
      "05-09",
      "06-06",
      "07-07",
      "09-01",
      "10-27",
      "12-16",
    ],
    weekendWorked: ["01-05"],
    workingDays: 246,
  },
  2026: {
    weekdaysOff: [
      "01-01",
      "01-02",
      "01-07",
      "03-09",
      "03-23",
      "03-24",
      "03-25",
      "05-01",
      "05-07",
      "05-11",
      "05-27",
      "07-06",
      "10-26",
      "12-16",
    ],
    weekendWorked: [],
    // 246 in the calendar published in January, and 31 August worked since the new Constitution.
    workingDays: 247,
  },
} as const;

describe("the production calendar's data", () => {
  it("holds consecutive years, each holiday a real day of its year, listed once, in order", () => {
    expect(CALENDAR_YEARS.map((y) => y.year)).toEqual([2024, 2025, 2026, 2027]);
    for (const y of CALENDAR_YEARS) {
      const days = y.holidays.map(([day]) => day);
      for (const day of days) {
        expect(isDay(day), day).toBe(true);
        expect(day.startsWith(`${y.year}-`), day).toBe(true);
      }
      expect(new Set(days).size, `${y.year}: a holiday listed twice`).toBe(days.length);
      expect(days, `${y.year}: in date order`).toEqual([...days].sort());
      for (const [, name] of y.holidays) expect(HOLIDAY_NAMES).toContain(name);
    }
  });

  it("has one first day of Kurban ait a year, and the three days of Nauryz", () => {
    for (const y of CALENDAR_YEARS) {
      expect(
        y.holidays.filter(([, n]) => n === "kurban_ait"),
        `${y.year}`,
      ).toHaveLength(1);
      expect(
        y.holidays.filter(([, n]) => n === "nauryz").map(([d]) => d),
        `${y.year}`,
      ).toEqual([`${y.year}-03-21`, `${y.year}-03-22`, `${y.year}-03-23`]);
    }
  });

  it("pairs each transfer: a Saturday or Sunday worked, a weekday rested, in its year, neither a holiday", () => {
    for (const y of CALENDAR_YEARS) {
      const holidays = new Set(y.holidays.map(([day]) => day));
      const seen = new Set<string>();
      for (const t of y.transfers) {
        expect(isWeekend(t.work), `${t.work} is worked: a Saturday or Sunday`).toBe(true);
        expect(isWeekend(t.rest), `${t.rest} is rested: a weekday`).toBe(false);
        for (const day of [t.work, t.rest]) {
          expect(day.startsWith(`${y.year}-`), day).toBe(true);
          expect(holidays.has(day), `${day} is a holiday`).toBe(false);
          expect(seen.has(day), `${day} in two transfers`).toBe(false);
          seen.add(day);
        }
        expect(t.act.length).toBeGreaterThan(10);
      }
    }
  });

  it("names its sources, and calls only the years with the ministry's calendar official", () => {
    for (const y of CALENDAR_YEARS) {
      expect(y.sources.length, `${y.year}`).toBeGreaterThan(0);
      for (const url of y.sources) expect(url).toMatch(/^https:\/\/[^\s]+$/);
    }
    expect(Object.fromEntries(CALENDAR_YEARS.map((y) => [y.year, y.status]))).toEqual({
      2024: "official",
      2025: "official",
      2026: "official",
      2027: "provisional",
    });
  });

  it("keeps 2027 to the law's list (Constitution Day on 15 March) and Kurban ait", () => {
    const y2027 = CALENDAR_YEARS.find((y) => y.year === 2027);
    const fixed = y2027?.holidays.filter(([, n]) => n !== "kurban_ait").map(([d, n]) => [d.slice(5), n]);
    expect(fixed).toEqual(LAW_FIXED_HOLIDAYS.map(([md, n]) => [md, n]));
    // Until the new Constitution: 30 August; 2026 has neither date.
    for (const year of [2024, 2025]) {
      const y = CALENDAR_YEARS.find((c) => c.year === year);
      expect(y?.holidays.filter(([, n]) => n === "constitution_day").map(([d]) => d)).toEqual([`${year}-08-30`]);
    }
    expect(CALENDAR_YEARS.find((y) => y.year === 2026)?.holidays.some(([, n]) => n === "constitution_day")).toBe(false);
  });

  for (const [year, published] of Object.entries(PUBLISHED)) {
    it(`gives the published calendar of ${year}`, () => {
      const weekdaysOff: string[] = [];
      const weekendWorked: string[] = [];
      for (let day = `${year}-01-01`; day.startsWith(year); day = addCalendarDays(day, 1)) {
        const info = dayInfo(day);
        expect(info.isProvisional).toBe(false);
        if (!isWeekend(day) && !info.isWorking) weekdaysOff.push(day.slice(5));
        if (isWeekend(day) && info.isWorking) weekendWorked.push(day.slice(5));
      }
      expect(weekdaysOff).toEqual(published.weekdaysOff);
      expect(weekendWorked).toEqual(published.weekendWorked);
      expect(workingDaysBetween(`${Number(year) - 1}-12-31`, `${year}-12-31`)).toBe(published.workingDays);
    });
  }

  it("says why a day is off", () => {
    expect(dayInfo("2025-03-10")).toEqual({
      day: "2025-03-10",
      isWorking: false,
      kind: "moved_day_off",
      holiday: "womens_day",
      isProvisional: false,
    });
    expect(dayInfo("2025-01-03")).toMatchObject({ isWorking: false, kind: "transfer_rest", holiday: null });
    expect(dayInfo("2025-01-05")).toMatchObject({ isWorking: true, kind: "transfer_work" });
    expect(dayInfo("2024-06-16")).toMatchObject({ isWorking: false, kind: "holiday", holiday: "kurban_ait" });
    // Kurban ait on a Sunday gives no Monday (Labour Code art. 84 p. 5), nor Christmas on a Sunday.
    expect(dayInfo("2024-06-17")).toMatchObject({ isWorking: true, kind: "weekday" });
    expect(weekday("2024-01-07")).toBe(0);
    expect(dayInfo("2024-01-08")).toMatchObject({ isWorking: true, kind: "weekday" });
    expect(dayInfo("2026-08-31")).toMatchObject({ isWorking: true, kind: "weekday", isProvisional: false });
  });
});
