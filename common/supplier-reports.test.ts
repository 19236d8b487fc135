import { describe, expect, it } from "vitest";
import {
  chartStep,
  isCancelFlagged,
  isRatingFlagged,
  sharePercent,
  supplierPeriodDays,
  supplierPeriodOf,
} from "./supplier-reports.ts";

describe("a supplier's periods", () => {
  it("turn into Almaty's days, today included; all time from the first order", () => {
    expect(supplierPeriodDays("7d", "2026-03-05")).toEqual({ from: "2026-02-27", to: "2026-03-05" });
    expect(supplierPeriodDays("30d", "2026-03-05")).toEqual({ from: "2026-02-04", to: "2026-03-05" });
    expect(supplierPeriodDays("90d", "2026-03-05")).toEqual({ from: "2025-12-06", to: "2026-03-05" });
    expect(supplierPeriodDays("all", "2026-03-05", "2025-07-14")).toEqual({ from: "2025-07-14", to: "2026-03-05" });
    expect(supplierPeriodDays("all", "2026-03-05", null)).toEqual({ from: "2026-03-05", to: "2026-03-05" });
    expect(supplierPeriodOf("90d")).toBe("90d");
    expect(supplierPeriodOf("year")).toBe("30d");
    expect([chartStep("7d"), chartStep("30d"), chartStep("90d"), chartStep("all")]).toEqual([
      "day",
      "day",
      "week",
      "month",
    ]);
  });
});

describe("the quality thresholds (Kaspi.kz)", () => {
  it("flag cancellations strictly above 5%", () => {
    expect(isCancelFlagged(1, 20)).toBe(false);
    expect(isCancelFlagged(5, 100)).toBe(false);
    expect(isCancelFlagged(1, 19)).toBe(true);
    expect(isCancelFlagged(51, 1000)).toBe(true);
    expect(isCancelFlagged(0, 0)).toBe(false);
  });
  it("flag a rating strictly below 4.0 with a review at least, on the exact mean", () => {
    expect(isRatingFlagged(8, 2)).toBe(false);
    expect(isRatingFlagged(79, 20)).toBe(true);
    expect(isRatingFlagged(0, 0)).toBe(false);
  });
  it("give shares in percent with one decimal", () => {
    expect(sharePercent(1, 19)).toBe(5.3);
    expect(sharePercent(2, 7)).toBe(28.6);
    expect(sharePercent(0, 0)).toBeNull();
  });
});
