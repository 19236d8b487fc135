import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { spellName } from "../../../common/search-text.ts";
import { akimats } from "../akimats/akimats.tables.ts";
import { createHarness, type Harness } from "../../test/harness.ts";
import { DEMO_CEMETERIES, ensureRegistryCemetery } from "../burials/burials.seed.ts";
import { burials } from "../burials/burials.tables.ts";
import { plots } from "./cemeteries.tables.ts";

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => h.close());

let cemeteryId: number;
const names: [string, string, string, number, number, string | null][] = [
  ["Жұмабаев", "Ерлан", "Маратұлы", 1950, 2010, "500101300123"],
  ["Жумабаева", "Айгуль", "Серикқызы", 1955, 2015, null],
  ["Әлиев", "Асқар", "Бекұлы", 1940, 1999, null],
  ["Алиева", "Мария", "Петровна", 1962, 2020, null],
  ["Фёдоров", "Пётр", "Иванович", 1930, 1990, null],
  ["Жумабекова", "Дана", "Ерлановна", 1970, 2021, null],
  ["Иванов", "Сергей", "Николаевич", 1948, 2005, null],
];

beforeEach(async () => {
  await h.reset();
  const [akimat] = await h.db.select({ id: akimats.id }).from(akimats).where(eq(akimats.city, "Алматы"));
  const akimatId = akimat?.id as number;
  cemeteryId = await ensureRegistryCemetery(h.db, akimatId, DEMO_CEMETERIES[0] as never, {
    rows: 2,
    perRow: 6,
    seed: 1,
  });
  await ensureRegistryCemetery(h.db, akimatId, DEMO_CEMETERIES[1] as never, {
    rows: 1,
    perRow: 4,
    seed: 2,
  });
  // Only the known people below live in the registry of this test.
  await h.db.delete(burials);
  const places = await h.db.select({ id: plots.id }).from(plots).where(eq(plots.cemeteryId, cemeteryId));
  await h.db.insert(burials).values(
    names.map(([surname, name, patronymic, birthYear, deathYear, iin], i) => ({
      plotId: (places[i] as { id: number }).id,
      surname,
      name,
      patronymic,
      birthYear,
      deathYear,
      iin,
      searchName: spellName(`${surname} ${name} ${patronymic}`),
    })),
  );
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
    const [akimat] = await h.db.select({ id: akimats.id }).from(akimats);
    const big = await ensureRegistryCemetery(h.db, akimat?.id as number, DEMO_CEMETERIES[2] as never, {
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
