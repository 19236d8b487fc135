import { describe, expect, it } from "vitest";
import { inSeason, isMonthDay, permitDueDay, permitValidUntil } from "./ennoblement.ts";

/** Almaty is UTC+5: 10:00 there is 05:00 UTC. */
const almaty = (day: string, time: string) => new Date(`${day}T${time}:00+05:00`);

describe("a permit's term", () => {
  it("is one working day after the request's registration day, counted by hand", () => {
    // Tuesday → Wednesday.
    expect(permitDueDay(almaty("2026-11-24", "10:00"))).toBe("2026-11-25");
    // Friday in office hours → Monday.
    expect(permitDueDay(almaty("2026-11-27", "10:00"))).toBe("2026-11-30");
    // Friday evening: registered on Monday → Tuesday.
    expect(permitDueDay(almaty("2026-11-27", "19:30"))).toBe("2026-12-01");
    // Saturday → registered Monday → Tuesday.
    expect(permitDueDay(almaty("2026-11-28", "12:00"))).toBe("2026-12-01");
    // Tuesday 15 December: Wednesday 16 is Independence Day → Thursday 17.
    expect(permitDueDay(almaty("2026-12-15", "10:00"))).toBe("2026-12-17");
    // Friday 6 March: Monday 9 is the day off for 8 March → Tuesday 10.
    expect(permitDueDay(almaty("2026-03-06", "10:00"))).toBe("2026-03-10");
  });

  it("is valid for a month from its issue, the last day included", () => {
    expect(permitValidUntil("2026-11-24")).toBe("2026-12-23");
    expect(permitValidUntil("2026-01-31")).toBe("2026-02-27");
    expect(permitValidUntil("2026-12-01")).toBe("2026-12-31");
  });
});

describe("the installation season", () => {
  const summer = { start: "04-01", end: "10-31" };
  const winter = { start: "11-01", end: "03-31" };
  it("holds its ends, and wraps across the new year", () => {
    expect(inSeason("2026-04-01", summer)).toBe(true);
    expect(inSeason("2026-10-31", summer)).toBe(true);
    expect(inSeason("2026-03-31", summer)).toBe(false);
    expect(inSeason("2026-11-01", summer)).toBe(false);
    expect(inSeason("2026-12-15", winter)).toBe(true);
    expect(inSeason("2027-02-10", winter)).toBe(true);
    expect(inSeason("2026-06-10", winter)).toBe(false);
    expect(inSeason("2026-06-10", null)).toBe(true);
  });
  it("takes only real days of the year as its ends", () => {
    expect(isMonthDay("02-29")).toBe(true);
    expect(isMonthDay("02-30")).toBe(false);
    expect(isMonthDay("13-01")).toBe(false);
    expect(isMonthDay("4-1")).toBe(false);
  });
});
