import { describe, expect, it } from "vitest";
import {
  ARRIVED_M,
  arrowDeg,
  bearingDeg,
  compassPoint,
  distanceM,
  hasArrived,
  headingOf,
  LOW_ACCURACY_M,
  localProjection,
  roundDistance,
  scaleBarM,
  type TLngLat,
} from "./walk-geometry.ts";

/** A point `east` and `north` metres from `p` (small distances, flat Earth). */
const offset = ([lng, lat]: TLngLat, east: number, north: number): TLngLat => [
  lng + east / (111_195 * Math.cos((lat * Math.PI) / 180)),
  lat + north / 111_195,
];

const ALMATY: TLngLat = [76.9286, 43.2567];

describe("distance", () => {
  it("is zero at the same point and symmetric", () => {
    expect(distanceM(ALMATY, ALMATY)).toBe(0);
    const other: TLngLat = [76.95, 43.24];
    expect(distanceM(ALMATY, other)).toBeCloseTo(distanceM(other, ALMATY), 6);
  });

  it("measures metres at a cemetery's scale within a few centimetres", () => {
    expect(distanceM(ALMATY, offset(ALMATY, 120, 0))).toBeCloseTo(120, 1);
    expect(distanceM(ALMATY, offset(ALMATY, 0, -35))).toBeCloseTo(35, 1);
    expect(distanceM(ALMATY, offset(ALMATY, 30, 40))).toBeCloseTo(50, 1);
  });

  it("gives known long distances (Almaty – Astana, about 970 km)", () => {
    expect(distanceM(ALMATY, [71.4491, 51.1694]) / 1000).toBeGreaterThan(960);
    expect(distanceM(ALMATY, [71.4491, 51.1694]) / 1000).toBeLessThan(980);
  });
});

describe("bearing and its words", () => {
  it("points to the four quarters and between them", () => {
    expect(bearingDeg(ALMATY, offset(ALMATY, 0, 50))).toBeCloseTo(0, 0);
    expect(bearingDeg(ALMATY, offset(ALMATY, 50, 0))).toBeCloseTo(90, 0);
    expect(bearingDeg(ALMATY, offset(ALMATY, 0, -50))).toBeCloseTo(180, 0);
    expect(bearingDeg(ALMATY, offset(ALMATY, -50, 0))).toBeCloseTo(270, 0);
    expect(bearingDeg(ALMATY, offset(ALMATY, 50, 50))).toBeCloseTo(45, 0);
  });

  it("names the nearest of eight compass points, north on both sides of 0°", () => {
    expect(compassPoint(0)).toBe("n");
    expect(compassPoint(359)).toBe("n");
    expect(compassPoint(22)).toBe("n");
    expect(compassPoint(23)).toBe("ne");
    expect(compassPoint(45)).toBe("ne");
    expect(compassPoint(90)).toBe("e");
    expect(compassPoint(135)).toBe("se");
    expect(compassPoint(180)).toBe("s");
    expect(compassPoint(225)).toBe("sw");
    expect(compassPoint(270)).toBe("w");
    expect(compassPoint(315)).toBe("nw");
    expect(compassPoint(-45)).toBe("nw");
    expect(compassPoint(720 + 90)).toBe("e");
  });

  it("turns the arrow by the phone's heading, or leaves it north-up without one", () => {
    expect(arrowDeg(45, null)).toBe(45);
    expect(arrowDeg(45, 45)).toBe(0);
    expect(arrowDeg(10, 350)).toBe(20);
    expect(arrowDeg(350, 10)).toBe(340);
  });

  it("reads the compass from Safari's heading or an absolute event's alpha, never a relative one", () => {
    expect(headingOf({ alpha: 10, webkitCompassHeading: 270 })).toBe(270);
    expect(headingOf({ alpha: 90, absolute: true })).toBe(270);
    expect(headingOf({ alpha: 0, absolute: true })).toBe(0);
    expect(headingOf({ alpha: 90, absolute: true }, 90)).toBe(0);
    expect(headingOf({ alpha: 90, absolute: false })).toBeNull();
    expect(headingOf({ alpha: null, absolute: true })).toBeNull();
  });
});

describe("arrival", () => {
  it("says arrived within 10 m, and within a wider accuracy up to its limit", () => {
    expect(hasArrived(ARRIVED_M, 5)).toBe(true);
    expect(hasArrived(ARRIVED_M + 1, 5)).toBe(false);
    expect(hasArrived(18, 20)).toBe(true);
    expect(hasArrived(25, 20)).toBe(false);
    // A position ±200 m says nothing about being there.
    expect(hasArrived(LOW_ACCURACY_M + 1, 200)).toBe(false);
    expect(hasArrived(LOW_ACCURACY_M, 200)).toBe(true);
  });
});

describe("the plan's projection", () => {
  it("puts the origin at 0, east to +x and north to −y (up on the screen), in metres", () => {
    const proj = localProjection(ALMATY);
    const [x0, y0] = proj(ALMATY);
    expect(Math.abs(x0) + Math.abs(y0)).toBe(0);
    const [x, y] = proj(offset(ALMATY, 30, 40));
    expect(x).toBeCloseTo(30, 0);
    expect(y).toBeCloseTo(-40, 0);
  });
});

describe("distances as people say them", () => {
  it("rounds metres, then tens of metres, then kilometres", () => {
    expect(roundDistance(7.4)).toEqual({ unit: "m", value: 7 });
    expect(roundDistance(123)).toEqual({ unit: "m", value: 125 });
    expect(roundDistance(999)).toEqual({ unit: "m", value: 1000 });
    expect(roundDistance(2440)).toEqual({ unit: "km", value: 2.4 });
  });

  it("picks a round scale bar no longer than asked", () => {
    expect(scaleBarM(73)).toBe(50);
    expect(scaleBarM(30)).toBe(20);
    expect(scaleBarM(12)).toBe(10);
    expect(scaleBarM(600)).toBe(500);
  });
});
