import { useMemo } from "react";
import { placeText } from "../../../common/place-text.ts";
import type { TPlotProps } from "../../../common/api-types.ts";
import { useT } from "../../lib/hooks.ts";
import { STATUS_COLORS, STATUS_MARKS } from "./leaflet.ts";

/** The plots of the map's viewport as a list, row by row: the keyboard's way to every plot. */
export function PlotList({
  plots,
  selected,
  onChoose,
}: {
  plots: TPlotProps[];
  selected: ReadonlySet<number>;
  onChoose: (p: TPlotProps) => void;
}) {
  const { t } = useT();
  const rows = useMemo(() => {
    const byRow = new Map<string, TPlotProps[]>();
    for (const p of plots) {
      const key = `${p.sector}\u0000${p.row}`;
      byRow.set(key, [...(byRow.get(key) ?? []), p]);
    }
    return [...byRow.values()]
      .map((ps) => ps.sort((a, b) => a.number - b.number))
      .sort(
        (a, b) =>
          `${a[0]?.sector}`.localeCompare(`${b[0]?.sector}`, "ru", { numeric: true }) ||
          `${a[0]?.row}`.localeCompare(`${b[0]?.row}`, "ru", { numeric: true }),
      );
  }, [plots]);
  return (
    <details className="plot-list" data-testid="plot-list">
      <summary>{t("reserve.list_title", { count: plots.length })}</summary>
      {rows.map((ps) => (
        <div key={`${ps[0]?.sector}-${ps[0]?.row}`} className="plot-list__row">
          <h4>
            {t("search.sector")} {ps[0]?.sector}, {t("search.row").toLowerCase()} {ps[0]?.row}
          </h4>
          <ul>
            {ps.map((p) => (
              <li key={p.id}>
                <button
                  type="button"
                  className={`plot-chip plot-chip--${p.status}`}
                  aria-pressed={selected.has(p.id)}
                  aria-label={`${placeText(t, p)}: ${t(`plot.status.${p.status}`)}`}
                  style={{ borderColor: STATUS_COLORS[p.status] }}
                  title={t(`plot.status.${p.status}`)}
                  onClick={() => onChoose(p)}
                >
                  <span className="plot-chip__number">{p.number}</span>
                  <span className="plot-chip__mark" aria-hidden="true">
                    {STATUS_MARKS[p.status]}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </details>
  );
}
