import { useEffect, useRef } from "react";
import type { TReportTable } from "../../common/reports.ts";
import { useT } from "../lib/hooks.ts";

/**
 * A report table's chart. Chart.js arrives with a dynamic import once the page has hydrated
 * (decision 020), so the page renders and works without it; the table under the chart holds the
 * same figures for screen readers and for anyone before the chart is drawn.
 */
export function ReportChart({ table, onPick }: { table: TReportTable; onPick: (drill: string) => void }) {
  const { t, locale } = useT();
  const canvas = useRef<HTMLCanvasElement>(null);
  const pick = useRef(onPick);
  pick.current = onPick;
  useEffect(() => {
    let cleanup: (() => void) | undefined;
    let cancelled = false;
    import("./report-chart.client.ts").then(({ drawChart }) => {
      if (cancelled || !canvas.current) return;
      cleanup = drawChart(canvas.current, table, locale === "kk" ? "kk-KZ" : "ru-RU", (d) => pick.current(d));
      canvas.current.dataset.drawn = "true";
    });
    return () => {
      cancelled = true;
      cleanup?.();
    };
  }, [table, locale]);
  if (!table.chart) return null;
  return (
    <div className="report-chart">
      <canvas ref={canvas} role="img" aria-label={t("reports.chart", { title: table.title })} data-testid="chart" />
    </div>
  );
}
