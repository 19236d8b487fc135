import type { Marker } from "leaflet";
import { useEffect, useRef, useState } from "react";
import { useT } from "../../lib/hooks.ts";
import { asText, toLatLng } from "./leaflet.ts";
import { useLeafletMap } from "./use-map.ts";

type Point = [number, number];

/**
 * Drawing a cemetery's boundary: a click on the map adds a point, a point's handle drags to move
 * it, and the list under the map edits or removes any point by keyboard. The ring (not closed,
 * [lng, lat]) goes to the form in a hidden input named `name`, as JSON.
 */
export function BoundaryEditor({
  name,
  initial,
  center,
  error,
}: {
  name: string;
  initial: Point[];
  center: Point;
  error?: string;
}) {
  const { t } = useT();
  const [points, setPoints] = useState<Point[]>(initial);
  const [chosen, setChosen] = useState<number | null>(null);
  const { ref, leaflet } = useLeafletMap(
    { center, zoom: initial.length ? 16 : 15, fit: initial.length >= 3 ? initial : null },
    t("boundary.map_label"),
  );
  const pointsRef = useRef(points);
  pointsRef.current = points;

  // A click on the map adds a point at the end of the ring.
  useEffect(() => {
    if (!leaflet) return;
    const add = (e: { latlng: { lat: number; lng: number } }) => {
      setPoints((ps) => [...ps, [round(e.latlng.lng), round(e.latlng.lat)]]);
      setChosen(pointsRef.current.length);
    };
    leaflet.map.on("click", add);
    return () => {
      leaflet.map.off("click", add);
    };
  }, [leaflet]);

  // The ring and its draggable handles, redrawn when the points change.
  useEffect(() => {
    if (!leaflet) return;
    const { L, map } = leaflet;
    const shape =
      points.length >= 2
        ? L.polygon(points.map(toLatLng), { color: "#1f5c5a", weight: 2, fillOpacity: 0.15, interactive: false }).addTo(
            map,
          )
        : null;
    const handles: Marker[] = points.map((p, i) =>
      L.marker(toLatLng(p), {
        draggable: true,
        keyboard: false,
        title: t("boundary.point", { n: i + 1 }),
        icon: L.divIcon({
          className: `vertex${i === chosen ? " vertex--chosen" : ""}`,
          html: asText(String(i + 1)),
          iconSize: [26, 26],
        }),
      })
        .on("click", () => setChosen(i))
        .on("dragend", (e) => {
          const ll = (e.target as Marker).getLatLng();
          setPoints((ps) => ps.map((q, j) => (j === i ? [round(ll.lng), round(ll.lat)] : q)));
          setChosen(i);
        })
        .addTo(map),
    );
    return () => {
      shape?.remove();
      for (const h of handles) h.remove();
    };
  }, [leaflet, points, chosen, t]);

  const remove = (i: number) => {
    setPoints((ps) => ps.filter((_, j) => j !== i));
    setChosen(null);
  };
  const move = (i: number, axis: 0 | 1, value: string) => {
    const n = Number(value.replace(",", "."));
    if (Number.isFinite(n)) setPoints((ps) => ps.map((q, j) => (j === i ? (axis === 0 ? [n, q[1]] : [q[0], n]) : q)));
  };

  return (
    <div className="boundary-editor">
      <p className="field__hint" id={`${name}-hint`}>
        {t("boundary.hint")}
      </p>
      <div className="plot-map">
        <div ref={ref} className="plot-map__canvas" data-testid="boundary-map" data-points={points.length} />
      </div>
      {error ? (
        <p className="field__error" id={`${name}-error`} role="alert">
          {error}
        </p>
      ) : null}
      <input type="hidden" name={name} value={JSON.stringify(points)} />
      <div className="boundary-editor__tools">
        <button
          type="button"
          className="button button--ghost button--small"
          disabled={chosen === null}
          onClick={() => chosen !== null && remove(chosen)}
          data-testid="boundary-delete"
        >
          {t("boundary.delete_chosen")}
        </button>
        <button
          type="button"
          className="button button--ghost button--small"
          disabled={points.length === 0}
          onClick={() => setPoints([])}
        >
          {t("boundary.clear")}
        </button>
      </div>
      <details className="boundary-editor__list">
        <summary>{t("boundary.list", { count: points.length })}</summary>
        <table className="table">
          <thead>
            <tr>
              <th scope="col">№</th>
              <th scope="col">{t("boundary.lng")}</th>
              <th scope="col">{t("boundary.lat")}</th>
              <th scope="col">
                <span className="visually-hidden">{t("common.actions")}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {points.map((p, i) => (
              <tr key={`${i}:${p[0]}:${p[1]}`} className={i === chosen ? "is-chosen" : undefined}>
                <td>{i + 1}</td>
                <td>
                  <input
                    aria-label={`${t("boundary.lng")} ${i + 1}`}
                    inputMode="decimal"
                    defaultValue={p[0]}
                    onBlur={(e) => move(i, 0, e.currentTarget.value)}
                  />
                </td>
                <td>
                  <input
                    aria-label={`${t("boundary.lat")} ${i + 1}`}
                    inputMode="decimal"
                    defaultValue={p[1]}
                    onBlur={(e) => move(i, 1, e.currentTarget.value)}
                  />
                </td>
                <td>
                  <button type="button" className="button button--ghost button--small" onClick={() => remove(i)}>
                    {t("boundary.delete_point", { n: i + 1 })}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </div>
  );
}

/** Six decimals: about ten centimetres. */
const round = (x: number) => Math.round(x * 1e6) / 1e6;
