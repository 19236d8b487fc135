import type { TPlotProps } from "./api-types.ts";

/** Places one visitor may choose together (neighbours in one row). */
export const MAX_SELECTED_PLOTS = 4;

export type SelectionResult = {
  plots: TPlotProps[];
  /** Why the choice did not simply grow, as a translation key; absent when it did. */
  notice?: "reserve.only_free" | "reserve.only_adjacent" | "reserve.limit_reached";
};

/**
 * Choosing places on `/reserve`, in the picker and on the map alike: a free place starts a choice; a free neighbour of it
 * (same sector and row, number ±1 from either end) joins it; choosing an end again takes it
 * out. Anything else starts the choice again from the new place, with a notice saying why.
 * The choice is kept sorted by number.
 */
export function choosePlot(current: readonly TPlotProps[], plot: TPlotProps): SelectionResult {
  const plots = [...current].sort((a, b) => a.number - b.number);
  if (plot.status !== "free") return { plots, notice: "reserve.only_free" };
  const first = plots[0];
  const last = plots[plots.length - 1];
  if (!first || !last) return { plots: [plot] };
  const index = plots.findIndex((p) => p.id === plot.id);
  if (index >= 0) {
    if (index === 0) return { plots: plots.slice(1) };
    if (index === plots.length - 1) return { plots: plots.slice(0, -1) };
    return { plots: [plot] };
  }
  const sameRow = plot.sector === first.sector && plot.row === first.row;
  const touches = plot.number === first.number - 1 || plot.number === last.number + 1;
  if (!sameRow || !touches) return { plots: [plot], notice: "reserve.only_adjacent" };
  if (plots.length >= MAX_SELECTED_PLOTS) return { plots, notice: "reserve.limit_reached" };
  return { plots: [...plots, plot].sort((a, b) => a.number - b.number) };
}
