import type { Map as LeafletMap } from "leaflet";
import { useEffect, useRef, useState } from "react";
import { useRootData, useT } from "../../lib/hooks.ts";
import { type L, loadLeaflet, toLatLng } from "./leaflet.ts";

/** A box, [minLng, minLat, maxLng, maxLat]: the extent of a cemetery's plots. */
export type TExtent = [number, number, number, number];

/** The points a staff map opens on: a boundary ring and the corners of the plots' box. */
export function openingPoints(
  ring: [number, number][] | null | undefined,
  extent?: TExtent | null,
): [number, number][] {
  return [
    ...(ring ?? []),
    ...(extent
      ? ([
          [extent[0], extent[1]],
          [extent[2], extent[3]],
        ] as [number, number][])
      : []),
  ];
}

export type MapView = {
  /** [lng, lat] to centre on when there is nothing to fit. */
  center: [number, number];
  zoom: number;
  /** [lng, lat] points to fit the view to: a cemetery's boundary and the corners of its plots. */
  fit?: [number, number][] | null;
};

/**
 * Creates a Leaflet map in the returned element once the browser has loaded Leaflet. With
 * `MAP_TILE_URL` set, a base map of tiles lies under the drawing; without it the map is a plain
 * background, so nothing is fetched from outside. The map's container is keyboard reachable
 * (arrows pan, + and − zoom) and carries the given accessible name.
 */
export function useLeafletMap(view: MapView, label: string) {
  const ref = useRef<HTMLDivElement>(null);
  const tileUrl = useRootData()?.mapTileUrl ?? null;
  const { t } = useT();
  // Leaflet's zoom buttons say "Zoom in" / "Zoom out" in English: their titles (read aloud as
  // their names) in the page's language instead.
  const zoomIn = t("map.zoom_in_button");
  const zoomOut = t("map.zoom_out_button");
  const [state, setState] = useState<{ L: L; map: LeafletMap } | null>(null);
  // The first view only: later changes move the map through the returned instance.
  const initial = useRef(view);

  useEffect(() => {
    let cancelled = false;
    let map: LeafletMap | undefined;
    void loadLeaflet().then((L) => {
      if (cancelled || !ref.current) return;
      const v = initial.current;
      map = L.map(ref.current, {
        preferCanvas: true,
        zoomSnap: 0.5,
        maxZoom: 22,
        attributionControl: Boolean(tileUrl),
        zoomControl: false,
      });
      L.control.zoom({ zoomInTitle: zoomIn, zoomOutTitle: zoomOut }).addTo(map);
      if (tileUrl) {
        L.tileLayer(tileUrl, { maxZoom: 19, maxNativeZoom: 19, attribution: "© OpenStreetMap" }).addTo(map);
      }
      if (v.fit && v.fit.length >= 2) {
        // A lone plot is a tiny box: stop at a street-level zoom rather than the deepest one.
        map.fitBounds(L.latLngBounds(v.fit.map(toLatLng)), { padding: [40, 40], animate: false, maxZoom: 20 });
      } else map.setView(toLatLng(v.center), v.zoom, { animate: false });
      map.getContainer().setAttribute("aria-label", label);
      map.getContainer().setAttribute("role", "application");
      // The visible box, [west, south, east, north], kept on the element so a browser test can
      // tell that the map opened on (fitted) what it shows.
      const keepView = () => {
        const b = map?.getBounds();
        if (b)
          map
            ?.getContainer()
            .setAttribute("data-view", [b.getWest(), b.getSouth(), b.getEast(), b.getNorth()].join(","));
      };
      map.on("moveend zoomend", keepView);
      keepView();
      setState({ L, map });
    });
    return () => {
      cancelled = true;
      // An animation still running when the page leaves would step a removed map (Leaflet's
      // `_leaflet_pos` of undefined): stopped first.
      map?.stop();
      map?.remove();
    };
  }, [tileUrl, label, zoomIn, zoomOut]);

  return { ref, leaflet: state };
}
