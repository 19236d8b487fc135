import { useEffect, useRef } from "react";
import type { TCemeterySummary } from "../../../common/api-types.ts";
import { useT } from "../../lib/hooks.ts";
import { asText, toLatLng } from "./leaflet.ts";
import { useLeafletMap } from "./use-map.ts";

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
  const placed = cemeteries.filter((c) => c.center);
  const ring = placed.map((c) => c.center as [number, number]);
  const { ref, leaflet } = useLeafletMap(
    { center: ring[0] ?? CITY_CENTER, zoom: 11, fit: ring.length >= 3 ? ring : null },
    t("reserve.map_label"),
  );
  const choose = useRef(onChoose);
  choose.current = onChoose;

  useEffect(() => {
    if (!leaflet) return;
    const { L, map } = leaflet;
    const marks = placed.map((c) =>
      L.circleMarker(toLatLng(c.center as [number, number]), {
        radius: 11,
        color: "#123c3b",
        weight: 2,
        fillColor: c.counts.free > 0 ? "#2e8b57" : "#6b7c93",
        fillOpacity: 0.85,
      })
        .bindTooltip(asText(`${c.name}: ${t("reserve.free_count", { count: c.counts.free })}`), {
          permanent: placed.length <= 6,
          direction: "top",
        })
        .on("click", () => choose.current(c.id))
        .addTo(map),
    );
    if (ring.length === 1 || ring.length === 2)
      map.fitBounds(L.latLngBounds(ring.map(toLatLng)).pad(0.5), { maxZoom: 14 });
    return () => {
      for (const m of marks) m.remove();
    };
  }, [leaflet, placed, ring, t]);

  return (
    <div className="plot-map">
      <div ref={ref} className="plot-map__canvas plot-map__canvas--overview" data-testid="cemeteries-map" />
    </div>
  );
}
