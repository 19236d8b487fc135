import { describe, expect, it } from "vitest";
import type { TPlotProps } from "./api-types.ts";
import { choosePlot, MAX_SELECTED_PLOTS } from "./plot-selection.ts";

const plot = (number: number, over: Partial<TPlotProps> = {}): TPlotProps => ({
  id: number,
  sector: "A",
  row: "3",
  number,
  status: "free",
  ...over,
});
const numbers = (r: { plots: TPlotProps[] }) => r.plots.map((p) => p.number);

describe("choosing places on the reserve map", () => {
  it("starts with one free place and grows by free neighbours on either side", () => {
    let r = choosePlot([], plot(5));
    expect(numbers(r)).toEqual([5]);
    r = choosePlot(r.plots, plot(6));
    expect(numbers(r)).toEqual([5, 6]);
    r = choosePlot(r.plots, plot(4));
    expect(numbers(r)).toEqual([4, 5, 6]);
    expect(r.notice).toBeUndefined();
  });

  it("refuses places that are not free and keeps the choice", () => {
    const r = choosePlot([plot(5)], plot(6, { status: "occupied" }));
    expect(numbers(r)).toEqual([5]);
    expect(r.notice).toBe("reserve.only_free");
  });

  it("starts again from a place that is not a neighbour, saying why", () => {
    expect(choosePlot([plot(5)], plot(7))).toMatchObject({ notice: "reserve.only_adjacent" });
    expect(numbers(choosePlot([plot(5)], plot(7)))).toEqual([7]);
    // Same number in another row or sector is not a neighbour.
    expect(numbers(choosePlot([plot(5)], plot(6, { id: 60, row: "4" })))).toEqual([6]);
    expect(choosePlot([plot(5)], plot(6, { id: 61, sector: "B" })).notice).toBe("reserve.only_adjacent");
  });

  it("takes an end out when it is chosen again, and restarts from a middle place", () => {
    const three = [plot(4), plot(5), plot(6)];
    expect(numbers(choosePlot(three, plot(4)))).toEqual([5, 6]);
    expect(numbers(choosePlot(three, plot(6)))).toEqual([4, 5]);
    expect(numbers(choosePlot(three, plot(5)))).toEqual([5]);
    expect(numbers(choosePlot([plot(5)], plot(5)))).toEqual([]);
  });

  it(`chooses at most ${MAX_SELECTED_PLOTS} places together`, () => {
    const full = Array.from({ length: MAX_SELECTED_PLOTS }, (_, i) => plot(i + 1));
    const r = choosePlot(full, plot(MAX_SELECTED_PLOTS + 1));
    expect(r.plots).toHaveLength(MAX_SELECTED_PLOTS);
    expect(r.notice).toBe("reserve.limit_reached");
  });
});
