import type { TPolygon } from "./cemeteries.tables.ts";

/** Metres to degrees near a latitude (good enough for cemetery-sized areas). */
export function metresToDegrees(lat: number) {
  const perDegLat = 111_320;
  const perDegLng = 111_320 * Math.cos((lat * Math.PI) / 180);
  return { lat: 1 / perDegLat, lng: 1 / perDegLng };
}

export type TPlotDraft = {
  sector: string;
  row: string;
  number: number;
  polygon: TPolygon;
  minLng: number;
  minLat: number;
  maxLng: number;
  maxLat: number;
  size: string;
};

/**
 * Lays out plots in a grid from a south-west corner: sectors side by side (west to east), rows
 * from south to north, places along each row. Plots are `width × depth` metres with paths between
 * places, rows and sectors. Shared by the demo seed and the admin's "generate by ranges".
 */
export function layoutPlots(input: {
  origin: { lng: number; lat: number };
  sectors: string[];
  rows: number;
  perRow: number;
  width?: number;
  depth?: number;
  /** The first row's number (rows are numbered upwards from it). */
  rowStart?: number;
}): TPlotDraft[] {
  const rowStart = input.rowStart ?? 1;
  const width = input.width ?? 1.2;
  const depth = input.depth ?? 2.2;
  const gap = 0.5;
  const rowGap = 1.0;
  const sectorGap = 6;
  const deg = metresToDegrees(input.origin.lat);
  const sectorWidth = input.perRow * (width + gap);
  const out: TPlotDraft[] = [];
  input.sectors.forEach((sector, s) => {
    for (let r = 0; r < input.rows; r++) {
      for (let n = 0; n < input.perRow; n++) {
        const x0 = s * (sectorWidth + sectorGap) + n * (width + gap);
        const y0 = r * (depth + rowGap);
        const minLng = input.origin.lng + x0 * deg.lng;
        const maxLng = input.origin.lng + (x0 + width) * deg.lng;
        const minLat = input.origin.lat + y0 * deg.lat;
        const maxLat = input.origin.lat + (y0 + depth) * deg.lat;
        out.push({
          sector,
          row: String(rowStart + r),
          number: n + 1,
          polygon: {
            type: "Polygon",
            coordinates: [
              [
                [minLng, minLat],
                [maxLng, minLat],
                [maxLng, maxLat],
                [minLng, maxLat],
                [minLng, minLat],
              ],
            ],
          },
          minLng,
          minLat,
          maxLng,
          maxLat,
          size: `${width} × ${depth} м`.replace(/\./g, ","),
        });
      }
    }
  });
  return out;
}

/** The rectangle around a set of plots, with a margin in metres, as a closed polygon. */
export function boundaryAround(plots: TPlotDraft[], margin = 8): TPolygon {
  const minLng = Math.min(...plots.map((p) => p.minLng));
  const maxLng = Math.max(...plots.map((p) => p.maxLng));
  const minLat = Math.min(...plots.map((p) => p.minLat));
  const maxLat = Math.max(...plots.map((p) => p.maxLat));
  const deg = metresToDegrees(minLat);
  const [w, e, s, n] = [
    minLng - margin * deg.lng,
    maxLng + margin * deg.lng,
    minLat - margin * deg.lat,
    maxLat + margin * deg.lat,
  ];
  return {
    type: "Polygon",
    coordinates: [
      [
        [w, s],
        [e, s],
        [e, n],
        [w, n],
        [w, s],
      ],
    ],
  };
}

/** Whether a [lng, lat] point lies inside a ring (ray casting; points on the edge may go either way). */
export function insideRing(point: readonly [number, number], ring: readonly (readonly [number, number])[]): boolean {
  const [x, y] = point;
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i] as [number, number];
    const [xj, yj] = ring[j] as [number, number];
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}
