import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createHarness, type Harness } from "../../test/harness.ts";
import { DEMO_CEMETERIES, ensureRegistryCemetery } from "../burials/burials.seed.ts";
import { demoAkimatId, knownRegistry } from "../../test/registry-fixtures.ts";
import { plots } from "./cemeteries.tables.ts";

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => h.close());

let cemeteryId: number;
beforeEach(async () => {
  await h.reset();
  // Only the known people live in the registry of this test.
  ({ cemeteryId } = await knownRegistry(h.db));
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
