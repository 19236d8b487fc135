import type { CircleMarker, Map as LeafletMap } from "leaflet";
import { useEffect, useMemo, useRef } from "react";
import type { TCemeterySummary } from "../../../common/api-types.ts";
import { useT } from "../../lib/hooks.ts";
import { asText, toLatLng } from "./leaflet.ts";
import { useLeafletMap } from "./use-map.ts";

const overlaps = (a: DOMRect, b: DOMRect) =>
  a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

/** Pixels a label keeps from the map's edge: its 1 px border and 10 px rounded corners clip what touches it. */
const LABEL_INSET = 6;

/**
 * Places, in the marks' order, each label on the first side of its mark (above, below, then
 * beside it towards the map's middle, then away from it) where it lies wholly inside the map and covers neither an earlier label nor any
 * mark; a label that fits nowhere is hidden (on a phone the city's cemeteries stand close
 * together). Every cemetery is also in the list next to the map, and zooming in brings hidden
 * labels back. The number shown is kept in `data-labels`.
 */
function placeLabels(map: LeafletMap, marks: CircleMarker[]) {
  const container = map.getContainer();
  // Clear of the map's border and rounded corners, which would cut a label flush against the edge.
  const outer = container.getBoundingClientRect();
  const box = new DOMRect(
    outer.left + LABEL_INSET,
    outer.top + LABEL_INSET,
    outer.width - 2 * LABEL_INSET,
    outer.height - 2 * LABEL_INSET,
  );
  const middle = map.getSize().x / 2;
  // The marks are drawn on a canvas: their boxes come from their centres and radii.
  const taken: DOMRect[] = marks.map((m) => {
    const at = map.latLngToContainerPoint(m.getLatLng());
    const r = m.getRadius() + 2;
    return new DOMRect(outer.left + at.x - r, outer.top + at.y - r, 2 * r, 2 * r);
  });
  let shown = 0;
  for (const m of marks) {
    const tooltip = m.getTooltip();
    const el = tooltip?.getElement();
    if (!tooltip || !el) continue;
    const toRight = map.latLngToContainerPoint(m.getLatLng()).x < middle;
    const sides = [
      "top",
      "bottom",
      ...(toRight ? (["right", "left"] as const) : (["left", "right"] as const)),
    ] as const;
    el.style.visibility = "";
    const side = sides.find((direction) => {
      tooltip.options.direction = direction;
      tooltip.options.offset = [0, 0];
      tooltip.update();
      let r = el.getBoundingClientRect();
      // Above or below a mark near the map's edge, the label slides along while it still points at the mark.
      const slide = r.right > box.right ? box.right - r.right : r.left < box.left ? box.left - r.left : 0;
      if ((direction === "top" || direction === "bottom") && slide && Math.abs(slide) <= r.width / 2 - 12) {
        tooltip.options.offset = [slide, 0];
        tooltip.update();
        r = el.getBoundingClientRect();
      }
      const inside = r.left >= box.left && r.right <= box.right && r.top >= box.top && r.bottom <= box.bottom;
      return inside && !taken.some((o) => overlaps(r, o));
    });
    if (side) {
      taken.push(el.getBoundingClientRect());
      shown++;
    } else {
      tooltip.options.direction = sides[0];
      tooltip.options.offset = [0, 0];
      tooltip.update();
      el.style.visibility = "hidden";
    }
  }
  container.dataset.labels = String(shown);
}

/** Almaty, where the map opens when no cemetery has a centre. */
const CITY_CENTER: [number, number] = [76.9286, 43.2567];

/**
 * Cemeteries as marks on a map, each with its name and free places; choosing one reports it.
 * The same cemeteries are listed next to the map, so the map is never the only way in.
 */
export function CemeteriesMap({
  cemeteries,
  onChoose,
}: {
  cemeteries: TCemeterySummary[];
  onChoose: (id: number) => void;
}) {
  const { t } = useT();
  // Kept between renders: a new array would draw the marks and their labels again each time.
  const placed = useMemo(() => cemeteries.filter((c) => c.center), [cemeteries]);
  const ring = useMemo(() => placed.map((c) => c.center as [number, number]), [placed]);
  const { ref, leaflet } = useLeafletMap(
    { center: ring[0] ?? CITY_CENTER, zoom: 11, fit: ring.length >= 3 ? ring : null },
    t("reserve.map_label"),
  );
  const choose = useRef(onChoose);
  choose.current = onChoose;

  useEffect(() => {
    if (!leaflet) return;
    const { L, map } = leaflet;
    // The cemeteries with most free places get their labels first when labels would collide.
    const byFree = [...placed].sort((a, b) => b.counts.free - a.counts.free);
    const marks = byFree.map((c) =>
      L.circleMarker(toLatLng(c.center as [number, number]), {
        radius: 11,
        color: "#123c3b",
        weight: 2,
        fillColor: c.counts.free > 0 ? "#2e8b57" : "#6b7c93",
        fillOpacity: 0.85,
      })
        .bindTooltip(asText([c.name, t("reserve.free_count", { count: c.counts.free })]), {
          permanent: true,
          direction: "top",
          className: "cemetery-label",
        })
        .on("click", () => choose.current(c.id))
        .addTo(map),
    );
    // Framed at once, as the map opens (use-map): a zoom still animating when the page is left
    // steps the labels of a removed map (Leaflet's `_leaflet_pos` of undefined).
    if (ring.length === 1 || ring.length === 2)
      map.fitBounds(L.latLngBounds(ring.map(toLatLng)).pad(0.5), { maxZoom: 14, animate: false });
    const declutter = () => placeLabels(map, marks);
    map.on("zoomend moveend resize", declutter);
    declutter();
    return () => {
      map.off("zoomend moveend resize", declutter);
      for (const m of marks) m.remove();
    };
  }, [leaflet, placed, ring, t]);

  return (
    <div className="plot-map">
      <div ref={ref} className="plot-map__canvas plot-map__canvas--overview" data-testid="cemeteries-map" />
    </div>
  );
}
