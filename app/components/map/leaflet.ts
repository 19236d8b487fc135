/**
 * Leaflet touches `window` when imported, so maps load it here, in the browser only, from an
 * effect. Its stylesheet comes with the same chunk. One promise for the whole page.
 */
import type * as Leaflet from "leaflet";

export type L = typeof Leaflet;

let loading: Promise<L> | undefined;

export function loadLeaflet(): Promise<L> {
  loading ??= Promise.all([import("leaflet"), import("leaflet/dist/leaflet.css")]).then(
    ([mod]) => ((mod as { default?: L }).default ?? mod) as L,
  );
  return loading;
}

/** [lng, lat] (GeoJSON order) to Leaflet's [lat, lng]. */
export const toLatLng = ([lng, lat]: readonly [number, number]): [number, number] => [lat, lng];

/** Plot colours by status, the same in the legend, the map and the lists. */
export const STATUS_COLORS = {
  free: "#2e8b57",
  reserved: "#d08a1a",
  occupied: "#6b7c93",
  unavailable: "#3d3d3d",
} as const;

/**
 * Plot status shapes, so a status never rests on colour alone: the chips of the plot lists and
 * the legend show them next to the colours.
 */
export const STATUS_MARKS = {
  free: "○",
  reserved: "◐",
  occupied: "●",
  unavailable: "✕",
} as const;
