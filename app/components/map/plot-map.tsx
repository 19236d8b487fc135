import type { GeoJSON as GeoJSONLayer, LatLngBounds, Layer, Map as LeafletMap } from "leaflet";
import { useEffect, useRef, useState } from "react";
import type { PlotStatus, TPlotProps } from "../../../common/api-types.ts";
import { browserApi } from "../../lib/browser-api.ts";
import { useT } from "../../lib/hooks.ts";
import { asText, type L, STATUS_COLORS, STATUS_MARKS, toLatLng } from "./leaflet.ts";
import { placeText } from "../../../common/place-text.ts";
import { openingPoints, type TExtent, useLeafletMap } from "./use-map.ts";

export type { TExtent };

export type PlotMapProps = {
  cemeteryId: number;
  /** The cemetery's boundary ring, [lng, lat]. */
  boundary: [number, number][] | null;
  /** The box around the cemetery's plots (staff maps): the map opens on it and the boundary. */
  extent?: TExtent | null;
  center: [number, number];
  /** A grave to show: the map opens on it and marks it. */
  focus?: [number, number];
  /** Plots drawn as chosen. */
  selected?: ReadonlySet<number>;
  /** A box the map fits itself to whenever it changes ([minLng, minLat, maxLng, maxLat]: the row a picker shows). */
  fitTo?: TExtent | null;
  /** A box the map keeps in sight (the chosen places): it moves only when the box is not already in view. */
  keepInView?: TExtent | null;
  onPlotClick?: (plot: TPlotProps) => void;
  /** Every viewport answer, so the page can list the plots it shows. */
  onPlots?: (plots: TPlotProps[], tooMany: boolean) => void;
  /** Change it to load the viewport again (after a plot changed). */
  reloadKey?: number;
  label: string;
  className?: string;
};

const STATUSES: PlotStatus[] = ["free", "reserved", "occupied", "unavailable"];

/**
 * Padding, in pixels, that keeps what the map brings into view clear of its zoom buttons (top
 * left): on a desktop the chosen places used to sit under them.
 */
function clearOfControls(map: LeafletMap): { topLeft: [number, number]; bottomRight: [number, number] } {
  const zoom = map.getContainer().querySelector<HTMLElement>(".leaflet-control-zoom");
  const right = zoom ? zoom.offsetLeft + zoom.offsetWidth : 0;
  return { topLeft: [right + 16, 16], bottomRight: [16, 16] };
}

/**
 * Fits the map to a box (`always`), or only when the box is not wholly in sight, leaving room
 * for the zoom buttons.
 */
function bringIntoView({ L, map }: { L: L; map: LeafletMap }, box: TExtent, always: boolean) {
  const { topLeft, bottomRight } = clearOfControls(map);
  const bounds = L.latLngBounds(toLatLng([box[0], box[1]]), toLatLng([box[2], box[3]]));
  if (!always) {
    const size = map.getSize();
    const nw = map.latLngToContainerPoint(bounds.getNorthWest());
    const se = map.latLngToContainerPoint(bounds.getSouthEast());
    const inSight =
      nw.x >= topLeft[0] && nw.y >= topLeft[1] && se.x <= size.x - bottomRight[0] && se.y <= size.y - bottomRight[1];
    if (inSight) return;
  }
  map.fitBounds(bounds, { paddingTopLeft: topLeft, paddingBottomRight: bottomRight, maxZoom: 21, animate: false });
}

/**
 * The chosen plots' box on the screen, `left,top,right,bottom` in the map's pixels, kept on the
 * map element (`data-selected-box`) so a browser test can tell that nothing covers them.
 */
function keepSelectedBox(map: LeafletMap, layer: GeoJSONLayer | null, selected: ReadonlySet<number> | undefined) {
  const container = map.getContainer();
  let box: [number, number, number, number] | null = null;
  layer?.eachLayer((l) => {
    const p = (l as unknown as { feature?: { properties: TPlotProps } }).feature?.properties;
    if (!p || !selected?.has(p.id)) return;
    const b = (l as unknown as { getBounds: () => LatLngBounds }).getBounds();
    const nw = map.latLngToContainerPoint(b.getNorthWest());
    const se = map.latLngToContainerPoint(b.getSouthEast());
    box = box
      ? [Math.min(box[0], nw.x), Math.min(box[1], nw.y), Math.max(box[2], se.x), Math.max(box[3], se.y)]
      : [nw.x, nw.y, se.x, se.y];
  });
  if (box) container.dataset.selectedBox = (box as number[]).map((n) => Math.round(n)).join(",");
  else delete container.dataset.selectedBox;
}

const styleOf = (p: TPlotProps, selected: ReadonlySet<number> | undefined) => {
  const chosen = selected?.has(p.id) ?? false;
  return {
    color: chosen ? "#0b57d0" : "#ffffff",
    weight: chosen ? 3 : 0.6,
    fillColor: STATUS_COLORS[p.status],
    fillOpacity: chosen ? 0.95 : 0.8,
  };
};

/**
 * A cemetery's plot map: the boundary, and the plots of the visible area coloured by status,
 * loaded from `GET /cemeteries/{id}/plots?bbox=` each time the map stops moving. Past the API's
 * limit the map asks to zoom in. Clicking a plot reports it; every plot is also reachable from the
 * list the page builds from `onPlots`. Draw time of each viewport is kept in `data-draw-ms`.
 */
export function PlotMap(props: PlotMapProps) {
  const { t, locale } = useT();
  const { cemeteryId, boundary, extent, center, focus, selected, reloadKey, label, fitTo, keepInView } = props;
  const opening = openingPoints(boundary, extent);
  const { ref, leaflet } = useLeafletMap(
    { center: focus ?? center, zoom: focus ? 20 : 17, fit: focus || opening.length < 2 ? null : opening },
    label,
  );
  const [tooMany, setTooMany] = useState(false);
  const [failed, setFailed] = useState(false);
  const layer = useRef<GeoJSONLayer | null>(null);
  // Callbacks change on every render of the page; the map's listeners read the latest ones.
  const handlers = useRef(props);
  handlers.current = props;
  const selectedRef = useRef(selected);
  selectedRef.current = selected;

  const tRef = useRef(t);
  tRef.current = t;

  // The boundary and the grave's mark.
  useEffect(() => {
    if (!leaflet) return;
    const { L, map } = leaflet;
    const drawn: Layer[] = [];
    if (boundary && boundary.length >= 3) {
      drawn.push(
        L.polygon(boundary.map(toLatLng), {
          color: "#1f5c5a",
          weight: 2,
          fill: true,
          fillColor: "#dcebe9",
          fillOpacity: 0.35,
          interactive: false,
        }).addTo(map),
      );
    }
    for (const d of drawn) (d as { bringToBack?: () => void }).bringToBack?.();
    if (focus) {
      // The grave's mark lies in its own pane above the plots' canvas, so they never cover it.
      const pane = map.getPane("grave") ?? map.createPane("grave");
      pane.style.zIndex = "450";
      drawn.push(
        L.circleMarker(toLatLng(focus), {
          pane: "grave",
          renderer: L.svg({ pane: "grave" }),
          radius: 12,
          color: "#a12b2b",
          weight: 4,
          fillOpacity: 0.15,
          interactive: false,
        }).addTo(map),
      );
    }
    return () => {
      for (const d of drawn) d.remove();
    };
  }, [leaflet, boundary, focus]);

  // Plots of the viewport, reloaded whenever the map stops moving, and when reloadKey changes.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reloadKey asks for a reload on purpose
  useEffect(() => {
    if (!leaflet) return;
    const { L, map } = leaflet;
    const api = browserApi(locale);
    let seq = 0;
    // A large cemetery opened whole has too many plots to draw: go in towards its middle, twice at most.
    let autoZoom = 2;
    const load = async () => {
      const mine = ++seq;
      const b = map.getBounds();
      const bbox = [b.getWest(), b.getSouth(), b.getEast(), b.getNorth()].map((x) => x.toFixed(6)).join(",");
      try {
        const fc = await api.get("/cemeteries/:id/plots", { params: { id: cemeteryId }, query: { bbox } });
        if (mine !== seq) return;
        if (fc.tooMany && autoZoom-- > 0) {
          map.zoomIn(1, { animate: false });
          return;
        }
        autoZoom = 0;
        setFailed(false);
        setTooMany(fc.tooMany);
        const started = performance.now();
        layer.current?.remove();
        layer.current = L.geoJSON(fc as never, {
          style: (f) => styleOf(f?.properties as TPlotProps, selectedRef.current),
        })
          // One click handler and one tooltip for the whole layer, not one per plot.
          .on("click", (e) => {
            const p = (e as unknown as { layer: { feature: { properties: TPlotProps } } }).layer.feature.properties;
            handlers.current.onPlotClick?.(p);
          })
          .bindTooltip((l) => {
            const p = (l as unknown as { feature: { properties: TPlotProps } }).feature.properties;
            const t = tRef.current;
            return asText(`${placeText(t, p)}: ${t(`plot.status.${p.status}`)}`);
          })
          .addTo(map);
        requestAnimationFrame(() => {
          map.getContainer().dataset.drawMs = (performance.now() - started).toFixed(1);
          map.getContainer().dataset.plots = String(fc.features.length);
          keepSelectedBox(map, layer.current, selectedRef.current);
        });
        handlers.current.onPlots?.(
          fc.features.map((f) => f.properties),
          fc.tooMany,
        );
      } catch {
        if (mine === seq) setFailed(true);
      }
    };
    map.on("moveend", load);
    void load();
    return () => {
      seq++;
      map.off("moveend", load);
      layer.current?.remove();
      layer.current = null;
    };
  }, [leaflet, cemeteryId, locale, reloadKey]);

  // Restyle on a new selection without reloading.
  useEffect(() => {
    layer.current?.setStyle((f) => styleOf(f?.properties as TPlotProps, selectedRef.current));
    if (leaflet) keepSelectedBox(leaflet.map, layer.current, selectedRef.current);
  });

  // Fit to the row asked for; keep the chosen places in sight. Both clear of the zoom buttons.
  const fitKey = fitTo?.join(",") ?? "";
  const keepKey = keepInView?.join(",") ?? "";
  // biome-ignore lint/correctness/useExhaustiveDependencies: the box's text stands for the box
  useEffect(() => {
    if (leaflet && fitTo) bringIntoView(leaflet, fitTo, true);
  }, [leaflet, fitKey]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the box's text stands for the box
  useEffect(() => {
    if (leaflet && keepInView) bringIntoView(leaflet, keepInView, false);
  }, [leaflet, keepKey]);

  return (
    <div className={`plot-map ${props.className ?? ""}`}>
      <div ref={ref} className="plot-map__canvas" data-testid="plot-map" data-ready={leaflet ? "true" : "false"} />
      {tooMany ? (
        <p className="plot-map__note" role="status">
          {t("map.zoom_in")}
        </p>
      ) : null}
      {failed ? (
        <p className="plot-map__note plot-map__note--error" role="alert">
          {t("map.failed")}
        </p>
      ) : null}
      <ul className="map-legend" aria-label={t("map.legend")}>
        {STATUSES.map((s) => (
          <li key={s}>
            <span className="map-legend__swatch" style={{ background: STATUS_COLORS[s] }} aria-hidden="true" />
            <span className="map-legend__mark" aria-hidden="true">
              {STATUS_MARKS[s]}
            </span>
            {t(`plot.status.${s}`)}
          </li>
        ))}
      </ul>
    </div>
  );
}
