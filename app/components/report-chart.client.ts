/**
 * Chart.js for the reports page only (decision 020): the bar chart's parts registered once, loaded
 * by `report-chart.tsx` with a dynamic import after hydration, so no other page and no first load
 * carries it. Draws a report table's `chart` hint as bars (side by side or stacked).
 */
import { BarController, BarElement, CategoryScale, Chart, Legend, LinearScale, Tooltip } from "chart.js";
import type { TReportTable } from "../../common/reports.ts";

Chart.register(BarController, BarElement, CategoryScale, LinearScale, Tooltip, Legend);

/** Distinguishable on white and for the common colour blindnesses (Okabe–Ito). */
const PALETTE = ["#0072B2", "#E69F00", "#009E73", "#CC79A7", "#56B4E9", "#D55E00", "#F0E442", "#000000"];

const numberOf = (v: unknown) => (typeof v === "number" ? v : 0);

/** The chart's categories and bar series of a table, from its hint; the totals row is left out. */
export function chartData(table: TReportTable) {
  const hint = table.chart;
  const rows = table.rows.map((r, index) => ({ r, index })).filter(({ r }) => !r.isTotal);
  if (!hint) return null;
  if (hint.by === "rows") {
    return {
      labels: rows.map(({ r }) => String(r.cells[0]?.value ?? "")),
      datasets: hint.series.map((col, i) => ({
        label: table.columns[col]?.label ?? "",
        data: rows.map(({ r }) => numberOf(r.cells[col]?.value)),
        drills: rows.map(({ r }) => r.cells[col]?.drill),
        backgroundColor: PALETTE[i % PALETTE.length] as string,
      })),
    };
  }
  return {
    labels: hint.series.map((col) => table.columns[col]?.label ?? ""),
    datasets: rows.map(({ r }, i) => ({
      label: String(r.cells[0]?.value ?? ""),
      data: hint.series.map((col) => numberOf(r.cells[col]?.value)),
      drills: hint.series.map((col) => r.cells[col]?.drill),
      backgroundColor: PALETTE[i % PALETTE.length] as string,
    })),
  };
}

/** Draws the table's chart on the canvas; a bar pressed opens the rows behind it. Returns the cleanup. */
export function drawChart(
  canvas: HTMLCanvasElement,
  table: TReportTable,
  locale: string,
  onPick: (drill: string) => void,
): () => void {
  const data = chartData(table);
  if (!data) return () => {};
  const stacked = table.chart?.isStacked ?? false;
  const chart = new Chart(canvas, {
    type: "bar",
    data: { labels: data.labels, datasets: data.datasets.map(({ drills: _, ...d }) => d) },
    options: {
      locale,
      responsive: true,
      maintainAspectRatio: false,
      animation: false,
      scales: {
        x: { stacked, ticks: { autoSkip: true, maxRotation: 60 } },
        y: { stacked, beginAtZero: true, ticks: { precision: 0 } },
      },
      plugins: { legend: { display: data.datasets.length > 1, position: "bottom" } },
      onClick: (_event, elements) => {
        const hit = elements[0];
        const drill = hit ? data.datasets[hit.datasetIndex]?.drills[hit.index] : undefined;
        if (drill) onPick(drill);
      },
    },
  });
  return () => chart.destroy();
}
