/**
 * A cemetery's boundary brought in from outside the map: pasted coordinates (one point a line,
 * "lat, lon" as map apps copy them, dot or comma decimals), pasted GeoJSON text, or a GeoJSON /
 * KML / GPX file as GPS apps export it. Runs in the browser (and in tests) with no DOM: KML's few
 * elements that matter are read from the text, so the same code is tested in Node.
 *
 * The result is a ring of [lng, lat] points, not closed, as the boundary editor and the API keep
 * it; every failure is a translation key (`boundary.import.*`) with its parameters.
 */

export type TRing = [number, number][];

export type TBoundaryProblem = { key: string; params?: Record<string, string | number> };

export type TBoundaryImport =
  | {
      ok: true;
      ring: TRing;
      /** How many points the source had, when it was simplified to fit `MAX_BOUNDARY_POINTS`. */
      simplifiedFrom?: number;
    }
  | { ok: false; problem: TBoundaryProblem };

/** The API keeps at most this many points of a boundary (`ZCemeteryInput`). */
export const MAX_BOUNDARY_POINTS = 500;

/**
 * Kazakhstan's extent with a margin, the same as the API's check: a point outside it is a typo,
 * another country, or latitude and longitude given the other way round.
 */
export const KZ_EXTENT = { minLng: 46, maxLng: 88, minLat: 40, maxLat: 56 } as const;

const fail = (key: string, params?: TBoundaryProblem["params"]): TBoundaryImport => ({
  ok: false,
  problem: { key: `boundary.import.${key}`, params },
});

/** A source could not be read: thrown inside, turned into a problem at the edge. */
class ImportProblem extends Error {
  constructor(
    readonly key: string,
    readonly params?: TBoundaryProblem["params"],
  ) {
    super(key);
  }
}

const inKz = ([lng, lat]: readonly [number, number]) =>
  lng >= KZ_EXTENT.minLng && lng <= KZ_EXTENT.maxLng && lat >= KZ_EXTENT.minLat && lat <= KZ_EXTENT.maxLat;

/** Six decimals: about ten centimetres, as the editor keeps points. */
const round = (x: number) => Math.round(x * 1e6) / 1e6;

// ---------------------------------------------------------------------------------------------
// Pasted lines

const NUMBER = /^[+-]?\d+(?:[.,]\d+)?$/;

/**
 * The numbers of one pasted line. Separators, in order of trust: `;` or a tab; a comma followed by
 * a space ("43.25, 76.93" or "43,25, 76,93"); spaces ("43,25 76,93"); a lone comma ("43.25,76.93").
 * A degree sign and N / E letters around a number are dropped ("43.25° N").
 */
function lineNumbers(line: string): number[] | null {
  const clean = line.replace(/[°º]/g, " ").replace(/(\d)\s*[NnEeСсВв](?=\s|[,;]|$)/g, "$1");
  let parts: string[];
  if (/[;\t]/.test(clean)) parts = clean.split(/[;\t]+/);
  else if (/,\s/.test(clean)) parts = clean.split(/,\s+/);
  else if (/\s/.test(clean.trim())) parts = clean.trim().split(/\s+/);
  // "43.25,76.93,850" (dots for decimals, commas between) or a lone comma between two numbers.
  else if (clean.includes(".") || (clean.match(/,/g) ?? []).length === 1) parts = clean.split(",");
  else parts = [clean];
  const values = parts.map((p) => p.trim()).filter(Boolean);
  if (values.length < 2 || values.length > 3 || !values.every((v) => NUMBER.test(v))) return null;
  return values.map((v) => Number(v.replace(",", ".")));
}

/** A point number and a name may start a line ("1 43.25 76.93", "Т1: 43.25, 76.93"); they are skipped. */
function stripLabel(line: string): string {
  return line.replace(/^\s*(?:\p{L}[\p{L}\d_-]*\s*[:.)-]?\s*|\d+\s*[:.)]\s+)/u, "");
}

function parseLines(text: string): TRing {
  const ring: TRing = [];
  const lines = text.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const raw = (lines[i] as string).trim();
    // Blank lines and header lines ("lat, lon", "Широта Долгота") carry no digits.
    if (!raw || !/\d/.test(raw)) continue;
    const numbers = lineNumbers(raw) ?? lineNumbers(stripLabel(raw));
    if (!numbers) throw new ImportProblem("bad_line", { line: i + 1, text: raw.slice(0, 60) });
    const [lat, lng] = numbers as [number, number];
    if (Math.abs(lat) > 90 || Math.abs(lng) > 180) throw new ImportProblem("out_of_range", { line: i + 1 });
    ring.push([lng, lat]);
  }
  return ring;
}

// ---------------------------------------------------------------------------------------------
// GeoJSON

type Geometry = { type?: unknown; coordinates?: unknown; geometries?: unknown };

const isPosition = (p: unknown): p is number[] =>
  Array.isArray(p) && p.length >= 2 && p.length <= 4 && p.every((x) => typeof x === "number" && Number.isFinite(x));

function positions(value: unknown): TRing {
  if (!Array.isArray(value) || !value.every(isPosition)) throw new ImportProblem("bad_geojson");
  return value.map((p) => {
    const [lng, lat] = p as [number, number];
    if (Math.abs(lat) > 90 || Math.abs(lng) > 180) throw new ImportProblem("out_of_range_geo");
    return [lng, lat];
  });
}

/** Shapes found in a source, by kind: a polygon beats a line, a line beats loose points. */
type Shapes = { polygons: TRing[]; lines: TRing[]; points: TRing };

function collectGeometry(g: Geometry | null | undefined, into: Shapes) {
  if (!g || typeof g !== "object") return;
  switch (g.type) {
    case "Polygon":
      if (Array.isArray(g.coordinates) && g.coordinates.length) into.polygons.push(positions(g.coordinates[0]));
      break;
    case "MultiPolygon":
      for (const poly of Array.isArray(g.coordinates) ? g.coordinates : []) {
        if (Array.isArray(poly) && poly.length) into.polygons.push(positions(poly[0]));
      }
      break;
    case "LineString":
      into.lines.push(positions(g.coordinates));
      break;
    case "MultiLineString":
      for (const line of Array.isArray(g.coordinates) ? g.coordinates : []) into.lines.push(positions(line));
      break;
    case "Point":
      into.points.push(...positions([g.coordinates]));
      break;
    case "MultiPoint":
      into.points.push(...positions(g.coordinates));
      break;
    case "GeometryCollection":
      for (const part of Array.isArray(g.geometries) ? g.geometries : []) collectGeometry(part as Geometry, into);
      break;
    default:
      throw new ImportProblem("bad_geojson");
  }
}

function collectGeoJson(doc: unknown, into: Shapes) {
  if (!doc || typeof doc !== "object") throw new ImportProblem("bad_geojson");
  const d = doc as { type?: unknown; features?: unknown; geometry?: unknown };
  if (d.type === "FeatureCollection") {
    if (!Array.isArray(d.features)) throw new ImportProblem("bad_geojson");
    for (const f of d.features) collectGeoJson(f, into);
  } else if (d.type === "Feature") {
    collectGeometry(d.geometry as Geometry | null, into);
  } else collectGeometry(d as Geometry, into);
}

// ---------------------------------------------------------------------------------------------
// KML

/** The text of every `<coordinates>` inside the elements named `tag` (any namespace prefix). */
function elements(xml: string, tag: string): string[] {
  const re = new RegExp(`<(?:[\\w-]+:)?${tag}\\b[^>]*>([\\s\\S]*?)</(?:[\\w-]+:)?${tag}\\s*>`, "g");
  return [...xml.matchAll(re)].map((m) => m[1] as string);
}

/** KML coordinates: "lon,lat[,alt]" tuples separated by white space. */
function kmlCoordinates(text: string): TRing {
  const body = text.replace(/<!\[CDATA\[([\s\S]*?)\]\]>/g, "$1").trim();
  if (!body) return [];
  return body.split(/\s+/).map((tuple) => {
    const parts = tuple.split(",");
    if (parts.length < 2 || parts.length > 3 || !parts.every((p) => NUMBER.test(p) && !p.includes(","))) {
      throw new ImportProblem("bad_kml");
    }
    const [lng, lat] = parts.map(Number) as [number, number];
    if (Math.abs(lat) > 90 || Math.abs(lng) > 180) throw new ImportProblem("out_of_range_geo");
    return [lng, lat];
  });
}

function collectKml(xml: string, into: Shapes) {
  const doc = xml.replace(/<!--[\s\S]*?-->/g, "");
  if (!/<(?:[\w-]+:)?kml\b/.test(doc) && !/<(?:[\w-]+:)?Placemark\b/.test(doc)) throw new ImportProblem("bad_kml");
  for (const polygon of elements(doc, "Polygon")) {
    const outer = elements(polygon, "outerBoundaryIs")[0] ?? polygon;
    const coords = elements(outer, "coordinates")[0];
    if (coords !== undefined) into.polygons.push(kmlCoordinates(coords));
  }
  // Lines and rings outside polygons: a walked perimeter saved as a path.
  const withoutPolygons = doc.replace(/<(?:[\w-]+:)?Polygon\b[\s\S]*?<\/(?:[\w-]+:)?Polygon\s*>/g, "");
  for (const tag of ["LineString", "LinearRing"]) {
    for (const line of elements(withoutPolygons, tag)) {
      const coords = elements(line, "coordinates")[0];
      if (coords !== undefined) into.lines.push(kmlCoordinates(coords));
    }
  }
  // Google's track extension (`gx:Track`): one `gx:coord` of "lon lat alt" per fix.
  for (const track of elements(withoutPolygons, "Track")) {
    into.lines.push(
      kmlCoordinates(
        elements(track, "coord")
          .map((c) => c.trim().split(/\s+/).join(","))
          .join(" "),
      ),
    );
  }
  for (const point of elements(withoutPolygons, "Point")) {
    const coords = elements(point, "coordinates")[0];
    if (coords !== undefined) into.points.push(...kmlCoordinates(coords));
  }
}

// ---------------------------------------------------------------------------------------------
// GPX

/** The `lat` and `lon` attributes of each element named `tag`, in order. */
function gpxPoints(xml: string, tag: string): TRing {
  return [...xml.matchAll(new RegExp(`<(?:[\\w-]+:)?${tag}\\b([^>]*)>`, "g"))].map((m) => {
    const attrs = m[1] as string;
    const lat = Number(/\blat\s*=\s*["']([^"']+)["']/.exec(attrs)?.[1]);
    const lng = Number(/\blon\s*=\s*["']([^"']+)["']/.exec(attrs)?.[1]);
    if (!Number.isFinite(lat) || !Number.isFinite(lng)) throw new ImportProblem("bad_gpx");
    if (Math.abs(lat) > 90 || Math.abs(lng) > 180) throw new ImportProblem("out_of_range_geo");
    return [lng, lat];
  });
}

/** GPX as GPS devices write it: a track (`trkpt`) or route (`rtept`) walked round, or waypoints. */
function collectGpx(xml: string, into: Shapes) {
  const doc = xml.replace(/<!--[\s\S]*?-->/g, "");
  for (const segment of elements(doc, "trkseg")) into.lines.push(gpxPoints(segment, "trkpt"));
  for (const route of elements(doc, "rte")) into.lines.push(gpxPoints(route, "rtept"));
  into.points.push(...gpxPoints(doc, "wpt"));
}

// ---------------------------------------------------------------------------------------------
// The ring

/** Area of a ring in squared degrees (shoelace), to choose the largest polygon. */
function area(ring: TRing): number {
  let s = 0;
  for (let i = 0; i < ring.length; i++) {
    const [x1, y1] = ring[i] as [number, number];
    const [x2, y2] = ring[(i + 1) % ring.length] as [number, number];
    s += x1 * y2 - x2 * y1;
  }
  return Math.abs(s) / 2;
}

function pick(shapes: Shapes): TRing {
  if (shapes.polygons.length) {
    return shapes.polygons.reduce((best, p) => (area(p) > area(best) ? p : best));
  }
  if (shapes.lines.length) return shapes.lines.reduce((best, l) => (l.length > best.length ? l : best));
  return shapes.points;
}

/** Rounded, without repeated neighbours and without the closing point. */
function tidy(ring: TRing): TRing {
  const out: TRing = [];
  for (const [lng, lat] of ring) {
    const p: [number, number] = [round(lng), round(lat)];
    const last = out[out.length - 1];
    if (!last || last[0] !== p[0] || last[1] !== p[1]) out.push(p);
  }
  const first = out[0];
  const last = out[out.length - 1];
  if (out.length > 1 && first && last && first[0] === last[0] && first[1] === last[1]) out.pop();
  return out;
}

/** Distance of p from the segment a–b, in degrees (the ring is small: flat is fine). */
function segmentDistance(p: [number, number], a: [number, number], b: [number, number]): number {
  const [dx, dy] = [b[0] - a[0], b[1] - a[1]];
  const len = dx * dx + dy * dy;
  const t = len ? Math.max(0, Math.min(1, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / len)) : 0;
  return Math.hypot(p[0] - (a[0] + t * dx), p[1] - (a[1] + t * dy));
}

/** Douglas–Peucker: the points that matter at this tolerance, first and last kept. */
function simplifyLine(points: TRing, tolerance: number): TRing {
  const keep = new Uint8Array(points.length);
  keep[0] = 1;
  keep[points.length - 1] = 1;
  const stack: [number, number][] = [[0, points.length - 1]];
  while (stack.length) {
    const [from, to] = stack.pop() as [number, number];
    let worst = -1;
    let worstAt = -1;
    for (let i = from + 1; i < to; i++) {
      const d = segmentDistance(
        points[i] as [number, number],
        points[from] as [number, number],
        points[to] as [number, number],
      );
      if (d > worst) {
        worst = d;
        worstAt = i;
      }
    }
    if (worstAt > 0 && worst > tolerance) {
      keep[worstAt] = 1;
      stack.push([from, worstAt], [worstAt, to]);
    }
  }
  return points.filter((_, i) => keep[i]);
}

/**
 * A GPS track walked around a cemetery has thousands of points; the API keeps 500. The tolerance
 * grows (from about 10 cm) until the ring fits, so the shape changes as little as it can.
 */
export function simplifyRing(ring: TRing, max = MAX_BOUNDARY_POINTS): TRing {
  if (ring.length <= max) return ring;
  let tolerance = 1e-6;
  // Closed for simplification, so the joint between the last and the first point counts too.
  const closed = [...ring, ring[0] as [number, number]];
  for (;;) {
    const out = simplifyLine(closed, tolerance).slice(0, -1);
    if (out.length <= max) return out;
    tolerance *= 1.5;
  }
}

const cross = (o: [number, number], a: [number, number], b: [number, number]) =>
  (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);

function segmentsCross(a: [number, number], b: [number, number], c: [number, number], d: [number, number]): boolean {
  const d1 = cross(c, d, a);
  const d2 = cross(c, d, b);
  const d3 = cross(a, b, c);
  const d4 = cross(a, b, d);
  return ((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0));
}

/**
 * The first pair of edges of the ring that cross each other (1-based: edge i runs from point i to
 * point i + 1), or null. Points in the wrong order draw a bow tie; at 500 points this is 125,000
 * cheap checks.
 */
export function selfIntersection(ring: TRing): [number, number] | null {
  const n = ring.length;
  for (let i = 0; i < n; i++) {
    const a = ring[i] as [number, number];
    const b = ring[(i + 1) % n] as [number, number];
    for (let j = i + 2; j < n; j++) {
      if (i === 0 && j === n - 1) continue; // neighbours through the closing edge
      if (segmentsCross(a, b, ring[j] as [number, number], ring[(j + 1) % n] as [number, number]))
        return [i + 1, j + 1];
    }
  }
  return null;
}

/** Checks a ring read from any source: enough points, inside Kazakhstan, not crossing itself. */
function finish(raw: TRing, order: "latlng" | "lnglat"): TBoundaryImport {
  let ring = tidy(raw);
  if (ring.length < 3) return fail("too_few", { count: ring.length });
  const outside = ring.filter((p) => !inKz(p)).length;
  if (outside) {
    const swapped = ring.every(([lng, lat]) => inKz([lat, lng]));
    if (swapped) return fail(order === "latlng" ? "swapped_lines" : "swapped_geo");
    return fail("outside_kz", { count: outside });
  }
  const source = ring.length;
  ring = simplifyRing(ring);
  const crossing = selfIntersection(ring);
  if (crossing) return fail("self_intersection", { a: crossing[0], b: crossing[1] });
  return source > ring.length ? { ok: true, ring, simplifiedFrom: source } : { ok: true, ring };
}

function fromShapes(collect: (into: Shapes) => void): TBoundaryImport {
  const shapes: Shapes = { polygons: [], lines: [], points: [] };
  collect(shapes);
  const ring = pick(shapes);
  if (!ring.length) return fail("no_shape");
  return finish(ring, "lnglat");
}

function guard(run: () => TBoundaryImport): TBoundaryImport {
  try {
    return run();
  } catch (e) {
    if (e instanceof ImportProblem) return fail(e.key, e.params);
    throw e;
  }
}

/** What was pasted: GeoJSON, KML, or coordinate lines ("lat, lon"). */
export function parseBoundaryText(text: string): TBoundaryImport {
  const body = text.replace(/^\uFEFF/, "").trim();
  if (!body) return fail("empty");
  return guard(() => {
    if (body.startsWith("{")) {
      let doc: unknown;
      try {
        doc = JSON.parse(body);
      } catch {
        throw new ImportProblem("bad_json");
      }
      return fromShapes((into) => collectGeoJson(doc, into));
    }
    if (body.startsWith("<")) {
      if (/<(?:[\w-]+:)?gpx\b/.test(body)) return fromShapes((into) => collectGpx(body, into));
      return fromShapes((into) => collectKml(body, into));
    }
    return finish(parseLines(body), "latlng");
  });
}

/** A file's largest size to read: a GPS export of a cemetery's outline is a few hundred kilobytes. */
export const MAX_BOUNDARY_FILE_BYTES = 5 * 1024 * 1024;

/** An uploaded file, by its name and text: `.geojson` / `.json`, `.kml`, `.gpx`, or a text of lines. */
export function parseBoundaryFile(name: string, text: string): TBoundaryImport {
  const ext = name.toLowerCase().split(".").pop() ?? "";
  if (ext === "kmz") return fail("kmz");
  const body = text.replace(/^\uFEFF/, "").trim();
  if (ext === "kml" && !body.startsWith("<")) return fail("bad_kml");
  if (ext === "gpx" && !/<(?:[\w-]+:)?gpx\b/.test(body)) return fail("bad_gpx");
  if ((ext === "geojson" || ext === "json") && !body.startsWith("{")) return fail("bad_json");
  return parseBoundaryText(body);
}
