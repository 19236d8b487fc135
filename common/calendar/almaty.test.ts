import { describe, expect, it } from "vitest";
import { ALMATY, almatyDay, almatyDayReader, almatyInstant, almatyMinutes, timeMinutes } from "./almaty.ts";

/** The offset the runtime's time zone data gives Almaty at an instant, `GMT+05:00`. */
const offset = (iso: string) =>
  new Intl.DateTimeFormat("en-US", { timeZone: ALMATY, timeZoneName: "longOffset" })
    .formatToParts(new Date(iso))
    .find((p) => p.type === "timeZoneName")?.value;

describe("Almaty's clock", () => {
  it("is UTC+6 until 1 March 2024 and UTC+5 from then on, in this runtime's time zone data", () => {
    expect(offset("2024-02-29T17:59:59Z")).toBe("GMT+06:00");
    expect(offset("2024-02-29T18:00:00Z")).toBe("GMT+05:00");
    for (const year of [2024, 2025, 2026, 2027]) {
      for (const month of ["03", "06", "09", "12"]) expect(offset(`${year}-${month}-15T12:00:00Z`)).toBe("GMT+05:00");
    }
  });

  it("gives the day of an instant in Almaty", () => {
    expect(almatyDay(new Date("2025-03-06T18:59:59Z"))).toBe("2025-03-06");
    expect(almatyDay(new Date("2025-03-06T19:00:00Z"))).toBe("2025-03-07");
    // The last hour of 29 February 2024 came twice: 23:59:59 at UTC+6, then 23:00 again at UTC+5.
    expect(almatyDay(new Date("2024-02-29T17:59:59Z"))).toBe("2024-02-29");
    expect(almatyDay(new Date("2024-02-29T18:00:00Z"))).toBe("2024-02-29");
    expect(almatyDay(new Date("2024-02-29T19:00:00Z"))).toBe("2024-03-01");
    expect(almatyMinutes(new Date("2026-05-28T13:00:00Z"))).toBe(18 * 60);
  });

  it("reads many instants' days as almatyDay does, across the change of 2024 too", () => {
    const read = almatyDayReader();
    // Every 7 minutes over 27 February – 3 March 2024 (the change), and every 53 minutes of 2026.
    const instants: Date[] = [];
    for (let t = Date.parse("2024-02-27T00:00:00Z"); t < Date.parse("2024-03-03T00:00:00Z"); t += 7 * 60_000) {
      instants.push(new Date(t));
    }
    for (let t = Date.parse("2026-01-01T00:00:00Z"); t < Date.parse("2027-01-01T00:00:00Z"); t += 53 * 60_000) {
      instants.push(new Date(t));
    }
    for (const instant of instants) expect(read(instant), instant.toISOString()).toBe(almatyDay(instant));
    expect(read(new Date("2024-02-29T18:30:00Z"))).toBe("2024-02-29");
    expect(read(new Date("2026-04-21T19:30:00Z"))).toBe("2026-04-22");
  });

  it("gives the instant of a day and time in Almaty", () => {
    expect(almatyInstant("2026-05-28", "18:00").toISOString()).toBe("2026-05-28T13:00:00.000Z");
    expect(almatyInstant("2024-02-01", "09:00").toISOString()).toBe("2024-02-01T03:00:00.000Z");
    expect(almatyInstant("2026-01-01", "00:00").toISOString()).toBe("2025-12-31T19:00:00.000Z");
    expect(() => almatyInstant("2026-02-29", "09:00")).toThrow(RangeError);
    expect(() => almatyInstant("2026-02-28", "24:00")).toThrow(RangeError);
  });

  it("reads times written HH:MM only", () => {
    expect(timeMinutes("09:00")).toBe(540);
    expect(timeMinutes("23:59")).toBe(1439);
    for (const t of ["9:00", "24:00", "12:60", "12-00", ""]) expect(() => timeMinutes(t), t).toThrow(RangeError);
  });
});
