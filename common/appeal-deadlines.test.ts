import { describe, expect, it } from "vitest";
import {
  answerDueDay,
  appealCountdown,
  appealRegistration,
  earliestHearingDay,
  escalationDays,
  escalationInstant,
  extensionNoticeByDay,
  isOverdue,
  isValidExtension,
  maxExtensionDay,
  redirectByDay,
  workingDaysLeft,
} from "./appeal-deadlines.ts";
import { dayInfo } from "./calendar/working-days.ts";

/**
 * Every date below was counted by hand on the published calendars (2024–2026 official, 2027
 * provisional; `common/calendar/kazakhstan.ts`): the working days after the registration day,
 * skipping weekends, holidays, the weekdays off that replace holidays on a weekend, and the
 * ministry's transfers. Almaty is UTC+5 since March 2024: 09:00 there is 04:00Z.
 */
describe("the registration of an appeal (office hours 09:00–18:00, Almaty)", () => {
  it("registers an appeal that arrives on a working day before closing on that day, at its own time", () => {
    const at = new Date("2026-03-20T12:59:00Z"); // Friday 17:59
    expect(appealRegistration(at)).toEqual({ day: "2026-03-20", at, isDeferred: false });
  });

  it("defers an appeal that arrives at closing time to 09:00 of the next working day, past Nauryz (21–25 March 2026)", () => {
    expect(appealRegistration(new Date("2026-03-20T13:00:00Z"))).toEqual({
      day: "2026-03-26",
      at: new Date("2026-03-26T04:00:00Z"),
      isDeferred: true,
    });
    // Monday 23 March, a holiday, at 11:00; Tuesday 24, a weekday off for the Saturday's holiday.
    expect(appealRegistration(new Date("2026-03-23T06:00:00Z")).day).toBe("2026-03-26");
    expect(appealRegistration(new Date("2026-03-24T06:00:00Z")).day).toBe("2026-03-26");
  });

  it("registers an appeal that arrives before opening on a working day that day, as the reception opens", () => {
    expect(appealRegistration(new Date("2026-04-15T02:30:00Z"))).toEqual({
      day: "2026-04-15",
      at: new Date("2026-04-15T04:00:00Z"),
      isDeferred: true,
    });
  });

  it("follows the transfer of 2025: Friday 3 January rested, Sunday 5 January worked", () => {
    expect(appealRegistration(new Date("2025-01-03T05:00:00Z")).day).toBe("2025-01-05");
    expect(appealRegistration(new Date("2025-01-05T05:00:00Z"))).toMatchObject({
      day: "2025-01-05",
      isDeferred: false,
    });
  });

  it("defers New Year's Eve after hours past 1–4 January 2027 (2 January a Saturday: Monday 4 off)", () => {
    expect(appealRegistration(new Date("2026-12-31T14:00:00Z")).day).toBe("2027-01-05");
  });
});

describe("the due day: the 15th working day after registration", () => {
  it.each([
    // Before Nauryz 2026: 21–25 March off.
    ["2026-03-20", "2026-04-15"],
    // Before the May holidays 2026: 1, 7 May, 11 May (for Saturday 9 May) off; Kurban ait 27 May after it.
    ["2026-04-30", "2026-05-26"],
    // Capital Day, Monday 6 July 2026.
    ["2026-07-01", "2026-07-23"],
    // 30 August is no holiday in 2026: Monday 31 August is worked.
    ["2026-08-28", "2026-09-18"],
    // In 2025 it was, on a Saturday: Monday 1 September off.
    ["2025-08-29", "2025-09-22"],
    // Independence Day, Wednesday 16 December 2026 (17 December is worked since 2022), then New Year
    // 2027 and Orthodox Christmas on Thursday 7 January 2027.
    ["2026-12-14", "2027-01-08"],
    // New Year 2025 with the transfer: 3 January off, Sunday 5 January worked, 7 January off.
    ["2024-12-31", "2025-01-24"],
    // Nauryz 2024: 21–23 March, Saturday 23 gives Monday 25 off (decision 018's example).
    ["2024-03-20", "2024-04-15"],
  ])("registered %s: due %s", (registered, due) => {
    expect(answerDueDay(registered)).toBe(due);
  });

  it("works on 17 December 2026 and rests on 16 December", () => {
    expect(dayInfo("2026-12-16").isWorking).toBe(false);
    expect(dayInfo("2026-12-17").isWorking).toBe(true);
  });
});

describe("the other terms", () => {
  it("redirects within 3 working days of registration", () => {
    expect(redirectByDay("2026-03-20")).toBe("2026-03-30");
    expect(redirectByDay("2026-04-30")).toBe("2026-05-06");
    expect(redirectByDay("2024-12-31")).toBe("2025-01-08");
  });

  it("tells of an extension within 3 working days (6 May 2026: 7 and 11 May off)", () => {
    expect(extensionNoticeByDay("2026-05-06")).toBe("2026-05-13");
  });

  it("holds the hearing at least 3 working days after the notice", () => {
    expect(earliestHearingDay("2026-03-19")).toBe("2026-03-27");
  });

  it("extends to two calendar months from registration at most, the working day before when that day is off", () => {
    expect(maxExtensionDay("2026-03-20")).toBe("2026-05-20");
    // 9 March 2026 is the Monday off for Sunday 8 March: Friday 6 March.
    expect(maxExtensionDay("2026-01-09")).toBe("2026-03-06");
    // 31 May 2026 is a Sunday.
    expect(maxExtensionDay("2026-03-31")).toBe("2026-05-29");
    expect(isValidExtension("2026-03-20", "2026-04-15", "2026-05-20")).toBe(true);
    expect(isValidExtension("2026-03-20", "2026-04-15", "2026-05-21")).toBe(false);
    expect(isValidExtension("2026-03-20", "2026-04-15", "2026-04-15")).toBe(false);
    // A day off is no due day.
    expect(isValidExtension("2026-03-20", "2026-04-15", "2026-05-11")).toBe(false);
  });

  it("escalates 2 working days before the due day and on it, at 09:00 Almaty", () => {
    expect(escalationDays("2026-04-15")).toEqual({ soon: "2026-04-13", due: "2026-04-15" });
    // Due Tuesday 26 May 2026: Monday 25, Friday 22.
    expect(escalationDays("2026-05-26").soon).toBe("2026-05-22");
    // Due Friday 8 January 2027: Wednesday 6, Tuesday 5 (7 January off).
    expect(escalationDays("2027-01-08").soon).toBe("2027-01-05");
    expect(escalationInstant("2026-04-13")).toEqual(new Date("2026-04-13T04:00:00Z"));
  });

  it("counts the working days left: 15 on registration, 0 on the due day, negative after it", () => {
    expect(workingDaysLeft("2026-03-20", "2026-04-15")).toBe(15);
    expect(workingDaysLeft("2026-04-13", "2026-04-15")).toBe(2);
    expect(workingDaysLeft("2026-04-15", "2026-04-15")).toBe(0);
    expect(workingDaysLeft("2026-04-16", "2026-04-15")).toBe(-1);
    expect(workingDaysLeft("2026-04-18", "2026-04-15")).toBe(-2);
  });

  it("is overdue only after the due day in force, and only while open", () => {
    const open = { status: "in_work" as const, dueDay: "2026-04-15", extendedUntil: null };
    expect(isOverdue(open, "2026-04-15")).toBe(false);
    expect(isOverdue(open, "2026-04-16")).toBe(true);
    expect(isOverdue({ ...open, extendedUntil: "2026-05-20" }, "2026-04-16")).toBe(false);
    expect(isOverdue({ ...open, status: "answered" }, "2026-04-16")).toBe(false);
    expect(appealCountdown(open, "2026-04-13")).toEqual({
      dueDay: "2026-04-15",
      daysLeft: 2,
      isOverdue: false,
      isDueSoon: true,
    });
    expect(appealCountdown(open, "2026-04-10")).toMatchObject({ daysLeft: 3, isDueSoon: false });
    expect(appealCountdown(open, "2026-04-17")).toMatchObject({ daysLeft: -2, isOverdue: true, isDueSoon: false });
    expect(appealCountdown({ ...open, status: "withdrawn" }, "2026-04-17")).toEqual({
      dueDay: "2026-04-15",
      daysLeft: null,
      isOverdue: false,
      isDueSoon: false,
    });
  });
});
