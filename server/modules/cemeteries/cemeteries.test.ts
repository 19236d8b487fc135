import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createHarness, type Harness } from "../../test/harness.ts";
import { DEMO_CEMETERIES, ensureRegistryCemetery } from "../burials/burials.seed.ts";
import { demoAkimatId, knownRegistry } from "../../test/registry-fixtures.ts";
import { layoutPlots } from "./cemeteries.layout.ts";
import { plots } from "./cemeteries.tables.ts";

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => h.close());

let cemeteryId: number;
let otherCemeteryId: number;
beforeEach(async () => {
  await h.reset();
  // Only the known people live in the registry of this test.
  ({ cemeteryId, otherCemeteryId } = await knownRegistry(h.db));
});

describe("the public cemeteries", () => {
  it("lists cemeteries with their counts in the page's language", async () => {
    const res = await h.request("GET", "/cemeteries", { headers: { "accept-language": "kk" } });
    const kensay = res.json.items.find((c: { id: number }) => c.id === cemeteryId);
    expect(kensay.name).toBe("«Кеңсай» мұсылман зираты");
    const total = Object.values(kensay.counts as Record<string, number>).reduce((a, b) => a + b, 0);
    expect(total).toBe(48);
    const muslim = await h.request("GET", "/cemeteries?religion=muslim");
    expect(muslim.json.items.map((c: { id: number }) => c.id)).toEqual([cemeteryId]);
  });
});

describe("plots by viewport", () => {
  it("answers the plots touching a viewport as GeoJSON, and asks to zoom in past the limit", async () => {
    const all = await h.db.select().from(plots).where(eq(plots.cemeteryId, cemeteryId));
    const first = all.find((p) => p.sector === "А" && p.row === "1" && p.number === 1) as (typeof all)[number];
    // A viewport around the first plot only (plots are 0.5 m apart, so shrink inside it).
    const bbox = [first.minLng + 1e-7, first.minLat + 1e-7, first.maxLng - 1e-7, first.maxLat - 1e-7].join(",");
    const one = await h.request("GET", `/cemeteries/${cemeteryId}/plots?bbox=${bbox}`);
    expect(one.status).toBe(200);
    expect(one.json.features).toHaveLength(1);
    expect(one.json.features[0].properties).toMatchObject({ sector: "А", row: "1", number: 1 });
    expect(one.json.features[0].geometry.type).toBe("Polygon");
    const wide = await h.request("GET", `/cemeteries/${cemeteryId}/plots?bbox=76,43,77,44`);
    expect(wide.json).toMatchObject({ tooMany: false, total: all.length });
    const big = await ensureRegistryCemetery(h.db, await demoAkimatId(h.db), DEMO_CEMETERIES[2] as never, {
      rows: 21,
      perRow: 25,
      seed: 3,
    });
    const crowded = await h.request("GET", `/cemeteries/${big}/plots?bbox=76,43,77,44`);
    expect(crowded.json).toMatchObject({ tooMany: true, total: 2100, features: [] });
    const bad = await h.request("GET", `/cemeteries/${cemeteryId}/plots?bbox=77,43,76,44`);
    expect(bad.status).toBe(422);
    expect(bad.json.error.fields[0].path).toBe("bbox");
  });
});

describe("free places by sector and row (the phone's picker)", () => {
  it("lists only rows with free places, in natural order, and a row's free places by number", async () => {
    // Two more sectors, "10" and "2", of ten rows of three places, beside the known cemetery's.
    const drafts = layoutPlots({ origin: { lng: 76.99, lat: 43.25 }, sectors: ["10", "2"], rows: 10, perRow: 3 });
    await h.db.insert(plots).values(drafts.map((d) => ({ ...d, cemeteryId, status: "occupied" as const })));
    await h.db.update(plots).set({ status: "occupied" }).where(eq(plots.cemeteryId, cemeteryId));
    const free = [
      ["10", "10", 1],
      ["10", "10", 2],
      ["2", "9", 1],
      ["2", "2", 3],
      ["2", "2", 1],
    ] as const;
    for (const [sector, row, number] of free) {
      await h.db
        .update(plots)
        .set({ status: "free" })
        .where(
          and(eq(plots.cemeteryId, cemeteryId), eq(plots.sector, sector), eq(plots.row, row), eq(plots.number, number)),
        );
    }
    // Places of other statuses are not listed, nor are another cemetery's free places.
    await h.db
      .update(plots)
      .set({ status: "unavailable" })
      .where(and(eq(plots.cemeteryId, cemeteryId), eq(plots.sector, "2"), eq(plots.row, "2"), eq(plots.number, 2)));
    await h.db.update(plots).set({ status: "free" }).where(eq(plots.cemeteryId, otherCemeteryId));

    const sectors = await h.request("GET", `/cemeteries/${cemeteryId}/free-sectors`);
    expect(sectors.status).toBe(200);
    expect(sectors.json).toEqual({
      items: [
        { sector: "2", free: 3 },
        { sector: "10", free: 2 },
      ],
    });
    const rows = await h.request("GET", `/cemeteries/${cemeteryId}/free-rows?sector=2`);
    expect(rows.status).toBe(200);
    expect(rows.json).toEqual({
      items: [
        { row: "2", free: 2 },
        { row: "9", free: 1 },
      ],
    });
    // A sector without free places (or unknown) has no rows to offer.
    expect((await h.request("GET", `/cemeteries/${cemeteryId}/free-rows?sector=А`)).json).toEqual({ items: [] });

    const places = await h.request("GET", `/cemeteries/${cemeteryId}/free-places?sector=2&row=2`);
    expect(places.status).toBe(200);
    expect(places.json.items.map((p: { number: number }) => p.number)).toEqual([1, 3]);
    const draft = drafts.find((d) => d.sector === "2" && d.row === "2" && d.number === 1) as (typeof drafts)[number];
    expect(places.json.items[0]).toMatchObject({
      sector: "2",
      row: "2",
      number: 1,
      status: "free",
      box: [draft.minLng, draft.minLat, draft.maxLng, draft.maxLat],
    });
    // A row with no free place is an empty list; a cemetery that does not exist a 404.
    const none = await h.request("GET", `/cemeteries/${cemeteryId}/free-places?sector=2&row=5`);
    expect(none.json).toEqual({ items: [] });
    expect((await h.request("GET", "/cemeteries/999999/free-sectors")).status).toBe(404);
    expect((await h.request("GET", "/cemeteries/999999/free-rows?sector=1")).status).toBe(404);
    expect((await h.request("GET", "/cemeteries/999999/free-places?sector=1&row=1")).status).toBe(404);
    // Sector and row are required.
    const bad = await h.request("GET", `/cemeteries/${cemeteryId}/free-places?sector=2`, {
      headers: { "accept-language": "kk" },
    });
    expect(bad.status).toBe(422);
    expect(bad.json.error.fields.map((f: { path: string }) => f.path)).toEqual(["row"]);
  });
});
