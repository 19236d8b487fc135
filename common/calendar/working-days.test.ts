import { describe, expect, it } from "vitest";
import { addCalendarDays } from "./days.ts";
import {
  addWorkingDays,
  calendarYear,
  dayInfo,
  isWithinOfficeHours,
  isWorkingDay,
  OFFICE_HOURS,
  registrationDay,
  subtractWorkingDays,
  workingDaysBetween,
} from "./working-days.ts";

/** An instant given as Almaty's wall clock (UTC+5 since 1 March 2024). */
const almaty = (local: string) => new Date(`${local}+05:00`);

/**
 * The due days below were counted by hand on the published calendars (the registration day not
 * counted; see working-days.ts): each comment lists the working days counted.
 */
describe("the 15-working-day term of an appeal (APPK art. 76)", () => {
  it("registered the day before Nauryz 2024", () => {
    // 21–22 March off, 23 on a Saturday moved to Monday 25: 26, 27, 28, 29 Mar; 1–5, 8–12, 15 Apr.
    expect(addWorkingDays("2024-03-20", 15)).toBe("2024-04-15");
  });

  it("registered on the Friday before the Saturday worked in May 2024", () => {
    // Saturday 4 May is worked (1), Monday 6 (2), 7–9 off, 10 (3), 13–17 (8), 20–24 (13), 27, 28.
    expect(addWorkingDays("2024-05-03", 1)).toBe("2024-05-04");
    expect(addWorkingDays("2024-05-03", 15)).toBe("2024-05-28");
  });

  it("over New Year 2025: 3 January rested, Sunday 5 January worked, 7 January Christmas", () => {
    // 23–27 Dec (5), 30, 31 (7), Sunday 5 Jan (8), 6 (9), 8, 9, 10 (12), 13, 14, 15.
    expect(addWorkingDays("2024-12-20", 15)).toBe("2025-01-15");
  });

  it("over Kurban ait: Friday 6 June 2025, Wednesday 27 May 2026", () => {
    // 3, 4, 5 Jun (3), 9–13 (8), 16–20 (13), 23, 24.
    expect(addWorkingDays("2025-06-02", 15)).toBe("2025-06-24");
    // 5, 6, 8 May (3), 12–15 (7), 18–22 (12), 25, 26, then 28 (27 is Kurban ait).
    expect(addWorkingDays("2026-05-04", 15)).toBe("2026-05-28");
  });

  it("arriving after hours on a Friday before 8 March on a Saturday (2025)", () => {
    // 18:30 on Friday 7 March: Saturday 8 (the holiday), Sunday, Monday 10 (its day off) → Tuesday 11.
    const registered = registrationDay(almaty("2025-03-07T18:30:00"));
    expect(registered).toBe("2025-03-11");
    // 12, 13, 14 (3), 17–20 (7), 21 and 24–25 Nauryz, 26, 27, 28 (10), 31 Mar, 1–4 Apr.
    expect(addWorkingDays(registered, 15)).toBe("2025-04-04");
  });

  it("arriving on a holiday: Nauryz 2026 on a Monday, its weekend days off on Tuesday and Wednesday", () => {
    const registered = registrationDay(almaty("2026-03-23T11:00:00"));
    expect(registered).toBe("2026-03-26");
    // 27 Mar (1), 30, 31, 1–3 Apr (6), 6–10 (11), 13–16.
    expect(addWorkingDays(registered, 15)).toBe("2026-04-16");
  });

  it("counts into a year the data does not hold, and says the answer is provisional", () => {
    // 16 Dec 2027 a holiday; 21–24, 27–31 Dec (9); 1–2 Jan 2028 on a weekend → 3, 4 Jan off;
    // 5, 6 (11), 7 Christmas, 10–13.
    const due = addWorkingDays("2027-12-20", 15);
    expect(due).toBe("2028-01-13");
    expect(dayInfo(due).isProvisional).toBe(true);
    expect(dayInfo("2028-01-03")).toMatchObject({ isWorking: false, kind: "moved_day_off", holiday: "new_year" });
  });
});

describe("addWorkingDays and subtractWorkingDays", () => {
  it("with 0 give the day itself when it is worked, else the next (previous) working day", () => {
    expect(addWorkingDays("2026-03-20", 0)).toBe("2026-03-20");
    expect(addWorkingDays("2026-03-21", 0)).toBe("2026-03-26");
    expect(subtractWorkingDays("2026-03-23", 0)).toBe("2026-03-20");
    expect(addWorkingDays("2024-05-04", 0)).toBe("2024-05-04");
  });

  it("count back for escalations: 2 working days before a due day", () => {
    expect(subtractWorkingDays("2025-06-24", 2)).toBe("2025-06-20");
    expect(subtractWorkingDays("2026-03-26", 1)).toBe("2026-03-20");
    expect(subtractWorkingDays("2024-05-06", 1)).toBe("2024-05-04");
    expect(subtractWorkingDays("2025-01-06", 1)).toBe("2025-01-05");
    expect(subtractWorkingDays("2024-05-28", 15)).toBe("2024-05-03");
    expect(subtractWorkingDays("2026-01-05", 1)).toBe("2025-12-31");
  });

  it("undo each other and agree with workingDaysBetween on every day of 2024–2027", () => {
    for (let day = "2024-01-01"; day < "2028-01-01"; day = addCalendarDays(day, 1)) {
      for (const n of [1, 2, 3, 15]) {
        const due = addWorkingDays(day, n);
        expect(isWorkingDay(due)).toBe(true);
        expect(workingDaysBetween(day, due), `${day} + ${n}`).toBe(n);
        expect(subtractWorkingDays(due, n), `${day} + ${n} − ${n}`).toBe(subtractWorkingDays(day, 0));
      }
    }
  });

  it("refuse counts that are negative, fractional or absurd, and days that are not days", () => {
    for (const n of [-1, 1.5, Number.NaN, 10_001]) {
      expect(() => addWorkingDays("2025-01-06", n)).toThrow(RangeError);
      expect(() => subtractWorkingDays("2025-01-06", n)).toThrow(RangeError);
    }
    for (const day of ["2025-02-29", "2025-1-6", "06.01.2025", "", "1899-12-29", "2200-01-01"]) {
      expect(() => isWorkingDay(day), day).toThrow(RangeError);
    }
    expect(() => workingDaysBetween("2025-01-06", "2025-02-30")).toThrow(RangeError);
  });
});

describe("workingDaysBetween", () => {
  it("counts the working days after `from` through `to`, negative the other way round", () => {
    const cases: [string, string, number][] = [
      ["2024-03-20", "2024-04-15", 15],
      ["2025-06-02", "2025-06-02", 0],
      ["2025-02-14", "2025-02-17", 1], // Friday → Monday
      ["2024-05-03", "2024-05-04", 1], // the Saturday worked
      ["2024-12-31", "2025-01-06", 2], // Sunday 5 and Monday 6 January
      ["2026-03-20", "2026-03-25", 0], // all of Nauryz 2026 off
      ["2024-12-31", "2025-12-31", 246],
      ["2023-12-31", "2026-12-31", 249 + 246 + 247],
    ];
    for (const [from, to, n] of cases) {
      expect(workingDaysBetween(from, to), `${from} → ${to}`).toBe(n);
      expect(workingDaysBetween(to, from), `${to} → ${from}`).toBe(n === 0 ? 0 : -n);
    }
    expect(Object.is(workingDaysBetween("2026-03-25", "2026-03-20"), 0)).toBe(true);
  });

  it("gives a countdown: 2 left on the Friday before, 0 on the due day, −1 after it", () => {
    expect(workingDaysBetween("2025-06-20", "2025-06-24")).toBe(2);
    expect(workingDaysBetween("2025-06-24", "2025-06-24")).toBe(0);
    expect(workingDaysBetween("2025-06-25", "2025-06-24")).toBe(-1);
  });
});

describe("registrationDay (APPK art. 64), Almaty time", () => {
  it("is the day of arrival within office hours, and before they begin on a working day", () => {
    expect(registrationDay(almaty("2025-06-02T09:00:00"))).toBe("2025-06-02");
    expect(registrationDay(almaty("2025-06-02T17:59:59"))).toBe("2025-06-02");
    expect(registrationDay(almaty("2025-06-02T07:30:00"))).toBe("2025-06-02");
    // The Saturday worked in 2024 is a working day like any other.
    expect(registrationDay(almaty("2024-05-04T10:00:00"))).toBe("2024-05-04");
  });

  it("is the next working day after closing time or on a day off", () => {
    expect(registrationDay(almaty("2025-06-02T18:00:00"))).toBe("2025-06-03");
    expect(registrationDay(almaty("2025-06-05T20:00:00"))).toBe("2025-06-09"); // Kurban ait on Friday 6
    expect(registrationDay(almaty("2025-12-31T18:00:00"))).toBe("2026-01-05");
    expect(registrationDay(almaty("2026-01-01T00:00:00"))).toBe("2026-01-05");
    expect(registrationDay(almaty("2025-01-04T12:00:00"))).toBe("2025-01-05"); // the Sunday worked
  });

  it("reads the day in Almaty, not in UTC", () => {
    // 19:30 UTC on Thursday 6 March 2025 is 00:30 on Friday 7 in Almaty.
    expect(registrationDay(new Date("2025-03-06T19:30:00Z"))).toBe("2025-03-07");
    // Almaty was UTC+6 until 1 March 2024: 12:30 UTC on 29 February was 18:30, after hours.
    expect(registrationDay(new Date("2024-02-29T12:30:00Z"))).toBe("2024-03-01");
    expect(registrationDay(new Date("2024-03-01T12:30:00Z"))).toBe("2024-03-01");
  });

  it("takes other office hours", () => {
    const late = { opens: "10:00", closes: "19:00" };
    expect(registrationDay(almaty("2025-03-07T18:30:00"), late)).toBe("2025-03-07");
    expect(registrationDay(almaty("2025-03-07T19:00:00"), late)).toBe("2025-03-11");
    expect(OFFICE_HOURS).toEqual({ opens: "09:00", closes: "18:00" });
  });

  it("isWithinOfficeHours: a working day, from opening to the minute before closing", () => {
    expect(isWithinOfficeHours(almaty("2025-06-02T09:00:00"))).toBe(true);
    expect(isWithinOfficeHours(almaty("2025-06-02T08:59:00"))).toBe(false);
    expect(isWithinOfficeHours(almaty("2025-06-02T18:00:00"))).toBe(false);
    expect(isWithinOfficeHours(almaty("2024-05-04T10:00:00"))).toBe(true);
    expect(isWithinOfficeHours(almaty("2024-05-05T10:00:00"))).toBe(false);
    expect(() => isWithinOfficeHours(almaty("2025-06-02T10:00:00"), { opens: "9:00", closes: "18:00" })).toThrow(
      RangeError,
    );
  });

  it("refuses an invalid instant", () => {
    expect(() => registrationDay(new Date(Number.NaN))).toThrow(RangeError);
  });
});

describe("years outside the data", () => {
  it("follow the law's fixed holidays and the weekend rule, flagged provisional, without Kurban ait", () => {
    const y = calendarYear(2031);
    expect(y.status).toBe("provisional");
    expect(y.sources).toEqual([]);
    expect(y.holidays.some(([, n]) => n === "kurban_ait")).toBe(false);
    // Constitution Day on a Saturday: the Monday after is the day off.
    expect(dayInfo("2031-03-15")).toMatchObject({ isWorking: false, kind: "holiday", holiday: "constitution_day" });
    expect(dayInfo("2031-03-17")).toMatchObject({
      isWorking: false,
      kind: "moved_day_off",
      holiday: "constitution_day",
    });
    expect(dayInfo("2031-06-02").isProvisional).toBe(true);
    expect(dayInfo("2026-06-01").isProvisional).toBe(false);
    expect(dayInfo("2027-06-01").isProvisional).toBe(true);
  });
});
