import { describe, expect, it } from "vitest";
import { periodPreset, presetDays } from "./periods.ts";

describe("periods", () => {
  it("computes each preset's days, today included", () => {
    const today = "2026-03-15";
    expect(presetDays("7d", today)).toEqual({ from: "2026-03-09", to: "2026-03-15" });
    expect(presetDays("30d", today)).toEqual({ from: "2026-02-14", to: "2026-03-15" });
    expect(presetDays("this_month", today)).toEqual({ from: "2026-03-01", to: "2026-03-15" });
    expect(presetDays("last_month", today)).toEqual({ from: "2026-02-01", to: "2026-02-28" });
    expect(presetDays("quarter", today)).toEqual({ from: "2026-01-01", to: "2026-03-15" });
    expect(presetDays("year", today)).toEqual({ from: "2026-01-01", to: "2026-03-15" });
  });

  it("crosses years and leap days", () => {
    expect(presetDays("last_month", "2027-01-10")).toEqual({ from: "2026-12-01", to: "2026-12-31" });
    expect(presetDays("last_month", "2028-03-31")).toEqual({ from: "2028-02-01", to: "2028-02-29" });
    expect(presetDays("quarter", "2026-12-31")).toEqual({ from: "2026-10-01", to: "2026-12-31" });
    expect(presetDays("7d", "2027-01-03")).toEqual({ from: "2026-12-28", to: "2027-01-03" });
  });

  it("takes custom days as given, swapped when reversed, null until both are days", () => {
    expect(presetDays("custom", "2026-03-15", { from: "2026-01-05", to: "2026-02-01" })).toEqual({
      from: "2026-01-05",
      to: "2026-02-01",
    });
    expect(presetDays("custom", "2026-03-15", { from: "2026-02-01", to: "2026-01-05" })).toEqual({
      from: "2026-01-05",
      to: "2026-02-01",
    });
    expect(presetDays("custom", "2026-03-15", { from: "2026-02-30", to: "2026-03-01" })).toBeNull();
    expect(presetDays("custom", "2026-03-15", { from: "", to: null })).toBeNull();
    expect(periodPreset("quarter")).toBe("quarter");
    expect(periodPreset("decade")).toBeNull();
  });
});
