import { describe, expect, it } from "vitest";
import { bayesianRating } from "./catalog.ts";
import { meanRating, REVIEW_WINDOW_DAYS, reviewWindowEnd } from "./reviews.ts";

describe("bayesianRating", () => {
  it("is (sum + m·C) / (count + m), counted by hand", () => {
    // One 5★ review in a city whose mean is 4.3, prior weight 5: (5 + 21.5) / 6.
    expect(bayesianRating(5, 1, 4.3)).toBeCloseTo(26.5 / 6);
    // A hundred reviews averaging 4.8: (480 + 21.5) / 105.
    expect(bayesianRating(480, 100, 4.3)).toBeCloseTo(501.5 / 105);
    expect(bayesianRating(5, 1, 4.3, 10)).toBeCloseTo(48 / 11);
  });

  it("does not let one 5★ review outrank a hundred 4.8s, with the weight 5 or 10", () => {
    for (const m of [5, 10]) {
      for (const city of [3.9, 4.3, 4.6, 4.75]) {
        expect(bayesianRating(480, 100, city, m), `m=${m}, C=${city}`).toBeGreaterThan(bayesianRating(5, 1, city, m));
      }
    }
  });

  it("gives an item without reviews the city's mean, and a 4.9 with many reviews more than a 4.9 with few", () => {
    expect(bayesianRating(0, 0, 4.4)).toBeCloseTo(4.4);
    expect(bayesianRating(490, 100, 4.4)).toBeGreaterThan(bayesianRating(49, 10, 4.4));
    expect(bayesianRating(0, 0, 0, 0)).toBe(0);
  });
});

describe("meanRating and the window", () => {
  it("shows the plain mean with one decimal, none without reviews", () => {
    expect(meanRating(480, 100)).toBe(4.8);
    expect(meanRating(14, 3)).toBe(4.7);
    expect(meanRating(0, 0)).toBeNull();
  });

  it("ends the review window 100 days after the line was done", () => {
    expect(REVIEW_WINDOW_DAYS).toBe(100);
    expect(reviewWindowEnd(new Date("2026-11-25T06:00:00Z")).toISOString()).toBe("2027-03-05T06:00:00.000Z");
  });
});
