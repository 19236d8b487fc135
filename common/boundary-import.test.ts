import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  MAX_BOUNDARY_POINTS,
  parseBoundaryFile,
  parseBoundaryText,
  selfIntersection,
  simplifyRing,
  type TBoundaryImport,
  type TRing,
} from "./boundary-import.ts";
// Both catalogs, as the server registers them.
import "./catalogs.ts";
import { translate } from "./i18n.ts";

const fixture = (name: string) => readFileSync(new URL(`../tests/fixtures/boundary/${name}`, import.meta.url), "utf8");

const ring = (r: TBoundaryImport) => {
  if (!r.ok) throw new Error(`expected a ring, got ${r.problem.key}`);
  return r.ring;
};
const problem = (r: TBoundaryImport) => (r.ok ? null : r.problem);

describe("pasted coordinates", () => {
  it("reads lat, lon lines in the ways map apps and spreadsheets copy them", () => {
    const expected: TRing = [
      [76.9286, 43.2567],
      [76.9306, 43.2567],
      [76.9306, 43.2587],
    ];
    for (const text of [
      "43.2567, 76.9286\n43.2567, 76.9306\n43.2587, 76.9306",
      "43,2567 76,9286\n43,2567 76,9306\n43,2587 76,9306",
      "43,2567; 76,9286\r\n43,2567;76,9306\r\n43,2587\t76,9306\r\n",
      "43.2567,76.9286\n43.2567 76.9306\n43,2587, 76,9306",
      "Широта Долгота\n\n1) 43.2567 76.9286\nТ2: 43.2567, 76.9306\nP3 43.2587° N, 76.9306° E",
      // The ring closed by repeating its first point, and an altitude column.
      "43.2567, 76.9286, 850\n43.2567, 76.9306, 851\n43.2587, 76.9306, 852\n43.2567, 76.9286, 850",
    ]) {
      expect(ring(parseBoundaryText(text)), text).toEqual(expected);
    }
  });

  it("names the line it cannot read", () => {
    expect(problem(parseBoundaryText("43.25, 76.92\n43.25 / 76.93\n43.26, 76.93"))).toEqual({
      key: "boundary.import.bad_line",
      params: { line: 2, text: "43.25 / 76.93" },
    });
    expect(problem(parseBoundaryText("43.25 76.92 1 2"))?.key).toBe("boundary.import.bad_line");
  });

  it("says when there are too few points, and when nothing was pasted", () => {
    expect(problem(parseBoundaryText("43.25, 76.92\n43.26, 76.93"))).toEqual({
      key: "boundary.import.too_few",
      params: { count: 2 },
    });
    // A repeated point is one point.
    expect(problem(parseBoundaryText("43.25, 76.92\n43.25, 76.92\n43.26, 76.93"))?.params).toEqual({ count: 2 });
    expect(problem(parseBoundaryText("  \n "))?.key).toBe("boundary.import.empty");
  });

  it("tells longitude-first lines from points outside Kazakhstan and impossible numbers", () => {
    expect(problem(parseBoundaryText("76.9286, 43.2567\n76.9306, 43.2567\n76.9306, 43.2587"))?.key).toBe(
      "boundary.import.swapped_lines",
    );
    expect(problem(parseBoundaryText("55.75, 37.61\n55.76, 37.62\n55.76, 37.61"))).toEqual({
      key: "boundary.import.outside_kz",
      params: { count: 3 },
    });
    expect(problem(parseBoundaryText("43.25, 76.92\n143.25, 76.93\n43.26, 76.93"))).toEqual({
      key: "boundary.import.out_of_range",
      params: { line: 2 },
    });
  });

  it("refuses a ring whose points are in an order that crosses itself", () => {
    // A bow tie: the third and fourth corners swapped.
    const text = "43.2500, 76.9200\n43.2500, 76.9300\n43.2600, 76.9200\n43.2600, 76.9300";
    expect(problem(parseBoundaryText(text))).toEqual({
      key: "boundary.import.self_intersection",
      params: { a: 2, b: 4 },
    });
  });
});

describe("GeoJSON and KML files", () => {
  it("takes a Polygon's outer ring from a FeatureCollection, dropping altitude and the closing point", () => {
    const r = parseBoundaryFile("граница.geojson", fixture("almaty-east.geojson"));
    expect(ring(r)).toEqual([
      [77.01, 43.28],
      [77.014, 43.28],
      [77.015, 43.2825],
      [77.012, 43.284],
      [77.0095, 43.2825],
    ]);
    // Pasted as text it is the same.
    expect(parseBoundaryText(fixture("almaty-east.geojson"))).toEqual(r);
  });

  it("takes the largest polygon of a MultiPolygon", () => {
    expect(ring(parseBoundaryFile("parts.json", fixture("two-parts.geojson")))).toEqual([
      [77.03, 43.29],
      [77.034, 43.29],
      [77.034, 43.293],
      [77.03, 43.293],
    ]);
  });

  it("closes a walked GPS track (KML LineString, lon,lat,alt) into a ring, ignoring waypoints", () => {
    expect(ring(parseBoundaryFile("track.KML", fixture("gps-track.kml")))).toEqual([
      [76.95, 43.3],
      [76.953, 43.3],
      [76.9545, 43.302],
      [76.953, 43.304],
      [76.95, 43.304],
    ]);
  });

  it("reads a KML Polygon's outer boundary with namespace prefixes and CDATA, not its hole", () => {
    expect(ring(parseBoundaryFile("fence.kml", fixture("fence.kml")))).toEqual([
      [76.96, 43.31],
      [76.964, 43.31],
      [76.964, 43.313],
      [76.96, 43.313],
    ]);
  });

  it("reads a Google gx:Track of a KML recording", () => {
    expect(ring(parseBoundaryFile("track.kml", fixture("gx-track.kml")))).toEqual([
      [76.98, 43.33],
      [76.982, 43.33],
      [76.982, 43.3315],
      [76.98, 43.3315],
    ]);
  });

  it("reads a GPX track walked round the fence (lat and lon in any order), not its waypoints", () => {
    expect(ring(parseBoundaryFile("walk.gpx", fixture("walk.gpx")))).toEqual([
      [76.97, 43.32],
      [76.973, 43.32],
      [76.973, 43.3225],
      [76.97, 43.3225],
    ]);
    expect(problem(parseBoundaryFile("walk.gpx", "<kml></kml>"))?.key).toBe("boundary.import.bad_gpx");
    expect(problem(parseBoundaryFile("walk.gpx", '<gpx><trkseg><trkpt lat="x" lon="1"/></trkseg></gpx>'))?.key).toBe(
      "boundary.import.bad_gpx",
    );
  });

  it("falls back to loose points when a file holds only waypoints", () => {
    const points = {
      type: "FeatureCollection",
      features: [
        [76.95, 43.3],
        [76.951, 43.3],
        [76.951, 43.301],
      ].map((c) => ({ type: "Feature", properties: {}, geometry: { type: "Point", coordinates: c } })),
    };
    expect(ring(parseBoundaryFile("points.geojson", JSON.stringify(points)))).toHaveLength(3);
  });

  it("explains broken and foreign files", () => {
    expect(problem(parseBoundaryFile("a.geojson", "{ not json"))?.key).toBe("boundary.import.bad_json");
    expect(problem(parseBoundaryFile("a.geojson", "43.25, 76.92"))?.key).toBe("boundary.import.bad_json");
    expect(problem(parseBoundaryFile("a.geojson", '{"type":"Topology","objects":{}}'))?.key).toBe(
      "boundary.import.bad_geojson",
    );
    expect(problem(parseBoundaryFile("a.geojson", '{"type":"Polygon","coordinates":[[["x",1]]]}'))?.key).toBe(
      "boundary.import.bad_geojson",
    );
    expect(problem(parseBoundaryFile("a.geojson", '{"type":"FeatureCollection","features":[]}'))?.key).toBe(
      "boundary.import.no_shape",
    );
    expect(problem(parseBoundaryFile("a.kml", "<html><body>404</body></html>"))?.key).toBe("boundary.import.bad_kml");
    expect(problem(parseBoundaryFile("a.kml", "PK\u0003\u0004"))?.key).toBe("boundary.import.bad_kml");
    expect(problem(parseBoundaryFile("a.kmz", "PK\u0003\u0004"))?.key).toBe("boundary.import.kmz");
    expect(
      problem(
        parseBoundaryFile(
          "a.kml",
          "<kml><Placemark><LineString><coordinates>1;2</coordinates></LineString></Placemark></kml>",
        ),
      )?.key,
    ).toBe("boundary.import.bad_kml");
    // GeoJSON with latitude first: every point would be in Kazakhstan the other way round.
    const swapped = {
      type: "Polygon",
      coordinates: [
        [
          [43.25, 76.92],
          [43.25, 76.93],
          [43.26, 76.93],
          [43.25, 76.92],
        ],
      ],
    };
    expect(problem(parseBoundaryFile("a.geojson", JSON.stringify(swapped)))?.key).toBe("boundary.import.swapped_geo");
  });

  it("has a message in the catalog for every problem", () => {
    for (const key of [
      "empty",
      "bad_line",
      "out_of_range",
      "out_of_range_geo",
      "too_few",
      "swapped_lines",
      "swapped_geo",
      "outside_kz",
      "self_intersection",
      "bad_json",
      "bad_geojson",
      "bad_kml",
      "bad_gpx",
      "kmz",
      "no_shape",
    ]) {
      for (const locale of ["ru", "kk"] as const) {
        const text = translate(locale, `boundary.import.${key}`, { count: 2, line: 1, text: "x", a: 1, b: 2 });
        expect(text, `${locale} ${key}`).not.toContain("boundary.import");
      }
    }
  });
});

describe("the ring", () => {
  it("simplifies a long GPS track to the API's limit, keeping its corners", () => {
    // A square walked with a point every ~1 m: 4 × 400 points.
    const track: TRing = [];
    const side = 400;
    for (let i = 0; i < side; i++) track.push([76.95 + i * 1e-5, 43.3]);
    for (let i = 0; i < side; i++) track.push([76.954, 43.3 + i * 1e-5]);
    for (let i = 0; i < side; i++) track.push([76.954 - i * 1e-5, 43.304]);
    for (let i = 0; i < side; i++) track.push([76.95, 43.304 - i * 1e-5]);
    const out = simplifyRing(track);
    expect(out.length).toBeLessThanOrEqual(MAX_BOUNDARY_POINTS);
    for (const corner of [
      [76.95, 43.3],
      [76.954, 43.3],
      [76.954, 43.304],
      [76.95, 43.304],
    ]) {
      expect(out).toContainEqual(corner);
    }
    const text = track.map(([lng, lat]) => `${lat.toFixed(6)}, ${lng.toFixed(6)}`).join("\n");
    const parsed = parseBoundaryText(text);
    expect(parsed.ok && parsed.simplifiedFrom).toBe(1600);
  });

  it("finds crossing edges but not neighbours sharing a point", () => {
    expect(
      selfIntersection([
        [0, 0],
        [1, 0],
        [1, 1],
        [0, 1],
      ]),
    ).toBeNull();
    expect(
      selfIntersection([
        [0, 0],
        [1, 1],
        [1, 0],
        [0, 1],
      ]),
    ).toEqual([1, 3]);
  });
});
