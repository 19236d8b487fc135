/**
 * Leaflet touches `window` when imported, so maps load it here, in the browser only, from an
 * effect. Its stylesheet comes with the same chunk. One promise for the whole page.
 */
import type * as Leaflet from "leaflet";

export type L = typeof Leaflet;

let loading: Promise<L> | undefined;

export function loadLeaflet(): Promise<L> {
  loading ??= Promise.all([import("leaflet"), import("leaflet/dist/leaflet.css")]).then(([mod]) => {
    const L = ((mod as { default?: L }).default ?? mod) as L;
    guardCanvasRedraw(L);
    guardZoomAfterRemove(L);
    return L;
  });
  return loading;
}

/**
 * A canvas renderer's redraw waits for the next animation frame; a map removed in between (a page
 * left while its plots were still being drawn) has dropped the canvas, and the frame failed with
 * "Cannot read properties of undefined (reading 'clearRect')" (Leaflet issue #6030, not wholly
 * fixed in 1.9.4). A redraw with no canvas left has nothing to draw: it is skipped.
 */
function guardCanvasRedraw(L: L) {
  const canvas = L.Canvas.prototype as unknown as { _redraw(): void; _ctx?: unknown; _redrawRequest?: unknown };
  const redraw = canvas._redraw;
  if ((redraw as { guarded?: boolean }).guarded) return;
  const guarded = function (this: typeof canvas) {
    if (this._ctx) redraw.call(this);
    else this._redrawRequest = null;
  };
  (guarded as { guarded?: boolean }).guarded = true;
  canvas._redraw = guarded;
}

/**
 * An animated zoom (a map fitted to one or two cemeteries) ends on a timer Leaflet 1.9.4 does not
 * clear when the map is removed (Leaflet issue #9575, fixed only in 2.0): a page left within that
 * quarter second failed with "Cannot read properties of undefined (reading '_leaflet_pos')". A zoom
 * step of a removed map (no panes left) is skipped.
 */
function guardZoomAfterRemove(L: L) {
  const map = L.Map.prototype as unknown as Record<string, unknown> & { guarded?: boolean };
  if (map.guarded) return;
  map.guarded = true;
  for (const name of ["_onZoomTransitionEnd", "_animateZoom"]) {
    const step = map[name] as (this: { _mapPane?: unknown }, ...args: unknown[]) => unknown;
    map[name] = function (this: { _mapPane?: unknown }, ...args: unknown[]) {
      if (this._mapPane) return step.apply(this, args);
      return undefined;
    };
  }
}

/**
 * Text for Leaflet's tooltips, popups and icons, as an element that holds it as text.
 *
 * Security note: Leaflet inserts a string content as HTML (`innerHTML`), outside React's
 * escaping, so a cemetery named `<img src=x onerror=...>` or a sector with markup became live
 * markup for every visitor. Every content handed to Leaflet goes through here instead (a static
 * test, `app/dom-sinks.test.ts`, fails on any other non-literal content).
 */
export function asText(text: string | readonly string[], tagName: "span" | "div" = "span"): HTMLElement {
  const element = document.createElement(tagName);
  if (typeof text === "string") {
    element.textContent = text;
  } else {
    // Several lines (a label's name over its count): each its own span, each set as text.
    for (const part of text) {
      const line = document.createElement("span");
      line.textContent = part;
      element.append(line);
    }
  }
  return element;
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
