import type { Marker } from "leaflet";
import { useEffect, useRef, useState } from "react";
import {
  MAX_BOUNDARY_FILE_BYTES,
  parseBoundaryFile,
  parseBoundaryText,
  type TBoundaryImport,
} from "../../../common/boundary-import.ts";
import { useT } from "../../lib/hooks.ts";
import { describedBy, Field } from "../form.tsx";
import { asText, toLatLng } from "./leaflet.ts";
import { openingPoints, type TExtent, useLeafletMap } from "./use-map.ts";

type Point = [number, number];

/** What the last import said: how many points it gave, or its problem, as shown to the admin. */
type ImportNote = { ok: true; text: string } | { ok: false; text: string };

/**
 * Drawing a cemetery's boundary: a click on the map adds a point, a point's handle drags to move
 * it, and the list under the map edits or removes any point by keyboard. The ring (not closed,
 * [lng, lat]) goes to the form in a hidden input named `name`, as JSON.
 *
 * A boundary measured elsewhere comes in whole: coordinates pasted into `${name}Text` (also read
 * by the form's action when the page is not hydrated yet) or a GeoJSON / KML file, read in the
 * browser by `common/boundary-import.ts`. The map opens on the boundary and the plots (`extent`).
 */
export function BoundaryEditor({
  name,
  initial,
  center,
  extent,
  error,
  textError,
}: {
  name: string;
  initial: Point[];
  center: Point;
  /** The cemetery's plots, [minLng, minLat, maxLng, maxLat]: the map opens on them too. */
  extent?: TExtent | null;
  error?: string;
  /** The action's problem with pasted text (a form posted before hydration). */
  textError?: string;
}) {
  const { t } = useT();
  const [points, setPoints] = useState<Point[]>(initial);
  const [chosen, setChosen] = useState<number | null>(null);
  const [note, setNote] = useState<ImportNote | null>(null);
  const [text, setText] = useState("");
  const opening = openingPoints(initial, extent);
  const { ref, leaflet } = useLeafletMap(
    { center, zoom: initial.length ? 16 : 15, fit: opening.length >= 2 ? opening : null },
    t("boundary.map_label"),
  );
  const pointsRef = useRef(points);
  pointsRef.current = points;

  /** Takes an imported ring, or shows why not; the map moves to the new boundary. */
  const apply = (result: TBoundaryImport) => {
    if (!result.ok) {
      setNote({ ok: false, text: t(result.problem.key, result.problem.params) });
      return false;
    }
    setPoints(result.ring);
    setChosen(null);
    const done = t("boundary.import.done", { count: result.ring.length });
    const simplified = result.simplifiedFrom
      ? ` ${t("boundary.import.simplified", { from: result.simplifiedFrom, to: result.ring.length })}`
      : "";
    setNote({ ok: true, text: done + simplified });
    if (leaflet) {
      const { L, map } = leaflet;
      map.fitBounds(L.latLngBounds(result.ring.map(toLatLng)), { padding: [40, 40], animate: false });
    }
    return true;
  };
  const applyText = () => {
    if (apply(parseBoundaryText(text))) setText("");
  };
  const applyFile = async (input: HTMLInputElement) => {
    const file = input.files?.[0];
    if (!file) return;
    if (file.size > MAX_BOUNDARY_FILE_BYTES) {
      setNote({ ok: false, text: t("boundary.import.too_big") });
    } else {
      try {
        apply(parseBoundaryFile(file.name, await file.text()));
      } catch {
        setNote({ ok: false, text: t("boundary.import.unreadable") });
      }
    }
    // The same file chosen again (after fixing it) fires a change again.
    input.value = "";
  };
  const shownProblem = note && !note.ok ? note.text : textError;

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
      <fieldset className="boundary-import" data-testid="boundary-import">
        <legend>{t("boundary.import.title")}</legend>
        <p className="field__hint" id={`${name}-import-hint`}>
          {t("boundary.import.intro")}
        </p>
        <Field id={`${name}-text`} label={t("boundary.import.paste")}>
          <textarea
            id={`${name}-text`}
            name={`${name}Text`}
            rows={4}
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
            spellCheck={false}
            placeholder={"43.2567, 76.9286\n43.2567, 76.9306\n43.2587, 76.9306"}
            aria-invalid={shownProblem ? true : undefined}
            aria-describedby={[`${name}-import-hint`, shownProblem ? `${name}-import-error` : ""].join(" ").trim()}
          />
        </Field>
        <div className="boundary-editor__tools">
          <button
            type="button"
            className="button button--ghost button--small"
            onClick={applyText}
            disabled={!text.trim()}
            data-testid="boundary-paste-apply"
          >
            {t("boundary.import.paste_apply")}
          </button>
        </div>
        <Field id={`${name}-file`} label={t("boundary.import.file")} hint={t("boundary.import.file_hint")}>
          <input
            id={`${name}-file`}
            type="file"
            accept=".geojson,.json,.kml,.gpx,.txt,.csv,application/geo+json,application/vnd.google-earth.kml+xml,application/gpx+xml"
            onChange={(e) => void applyFile(e.currentTarget)}
            aria-describedby={describedBy(`${name}-file`, true)}
            data-testid="boundary-file"
          />
        </Field>
        {shownProblem ? (
          <p className="field__error" id={`${name}-import-error`} role="alert" data-testid="boundary-import-error">
            {shownProblem}
          </p>
        ) : note?.ok ? (
          <p className="alert alert--success" role="status" data-testid="boundary-import-done">
            {note.text}
          </p>
        ) : null}
      </fieldset>
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
