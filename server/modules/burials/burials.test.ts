import { readFileSync } from "node:fs";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { spellName } from "../../../common/search-text.ts";
import { createHarness, type Harness } from "../../test/harness.ts";
import { KNOWN_PEOPLE, knownRegistry } from "../../test/registry-fixtures.ts";
import { burials } from "./burials.tables.ts";
import { plots } from "../cemeteries/cemeteries.tables.ts";

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

const search = async (query: Record<string, string | number>) => {
  const qs = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]));
  const res = await h.request("GET", `/burials/search?${qs}`);
  expect(res.status).toBe(200);
  return res.json as { items: { surname: string; name: string }[]; total: number };
};
const surnames = (r: { items: { surname: string }[] }) => r.items.map((i) => i.surname);

describe("registry search", () => {
  it("matches Kazakh letters with Russian look-alikes both ways, and ё with е", async () => {
    // Exact matches first; near names (one letter away) may follow.
    expect(surnames(await search({ q: "Жумабаев Ерлан" }))[0]).toBe("Жұмабаев");
    expect(surnames(await search({ q: "Жұмабаева" }))[0]).toBe("Жумабаева");
    expect(surnames(await search({ q: "Алиев Аскар" }))).toEqual(["Әлиев"]);
    expect(surnames(await search({ q: "Әлиева" }))[0]).toBe("Алиева");
    expect(surnames(await search({ q: "федоров петр" }))).toEqual(["Фёдоров"]);
  });

  it("finds partial names, any of the three parts, case-insensitively", async () => {
    expect(surnames(await search({ q: "жумаб" })).sort()).toEqual(["Жумабаева", "Жумабекова", "Жұмабаев"].sort());
    // Unrelated names never come up.
    expect(surnames(await search({ q: "Жумабаев" }))).not.toContain("Иванов");
    expect(surnames(await search({ q: "СЕРГЕЙ" }))).toEqual(["Иванов"]);
    expect(surnames(await search({ q: "Петровна" }))[0]).toBe("Алиева");
  });

  it("forgives a one-letter typo, ranking exact matches first", async () => {
    // Иваноф is one letter from Иванов (and from the patronymic Иванович, found after it).
    expect(surnames(await search({ q: "Иваноф" }))[0]).toBe("Иванов");
    expect(surnames(await search({ q: "Жумобаев" }))[0]).toBe("Жұмабаев");
    const r = await search({ q: "Жумабаева" });
    expect(r.items[0]?.surname).toBe("Жумабаева");
  });

  it("filters by birth and death year and by cemetery", async () => {
    expect(surnames(await search({ q: "Жумаб", deathYear: 2015 }))).toEqual(["Жумабаева"]);
    expect(surnames(await search({ birthYear: 1930 }))).toEqual(["Фёдоров"]);
    expect((await search({ q: "Иванов Сергей", cemeteryId: otherCemeteryId })).total).toBe(0);
    expect(surnames(await search({ q: "Иванов Сергей", cemeteryId }))).toEqual(["Иванов"]);
  });

  it("never returns or searches the IIN", async () => {
    const r = await h.request("GET", `/burials/search?q=${encodeURIComponent("Жұмабаев")}`);
    expect(JSON.stringify(r.json)).not.toContain("500101300123");
    expect(JSON.stringify(r.json)).not.toMatch(/"iin"/);
    expect((await search({ q: "500101300123" })).total).toBe(0);
    const one = await h.request("GET", `/burials/${r.json.items[0].id}`);
    expect(one.status).toBe(200);
    expect(one.json).toMatchObject({ surname: "Жұмабаев", sector: "А", row: "1" });
    expect(JSON.stringify(one.json)).not.toContain("500101300123");
  });

  it("keeps the search and the plots' statuses in step as records change", async () => {
    const [ivanov] = await h.db.select().from(burials).where(eq(burials.surname, "Иванов"));
    const plotId = ivanov?.plotId as number;
    const statusOf = async (id: number) => (await h.db.select().from(plots).where(eq(plots.id, id)))[0]?.status;
    expect(await statusOf(plotId)).toBe("occupied");
    await h.db
      .update(burials)
      .set({ surname: "Петренко", searchName: spellName("Петренко Сергей Николаевич") })
      .where(eq(burials.id, ivanov?.id as number));
    expect(surnames(await search({ q: "Петренко" }))).toEqual(["Петренко"]);
    expect(surnames(await search({ q: "Иванов Сергей" }))).toEqual([]);
    await h.db.delete(burials).where(eq(burials.id, ivanov?.id as number));
    expect((await search({ q: "Петренко" })).total).toBe(0);
    expect(await statusOf(plotId)).toBe("free");
    await h.db.insert(burials).values({ plotId, surname: "Ким", name: "Виктор", searchName: spellName("Ким Виктор") });
    expect(await statusOf(plotId)).toBe("occupied");
    expect(surnames(await search({ q: "ким виктор" }))).toEqual(["Ким"]);
  });

  it("shows one cemetery with its boundary, and a plot with its graves but no staff notes or IIN", async () => {
    const c = await h.request("GET", `/cemeteries/${cemeteryId}`);
    expect(c.status).toBe(200);
    expect(c.json.boundary.length).toBeGreaterThanOrEqual(4);
    expect(c.json.boundary[0]).toHaveLength(2);
    expect((await h.request("GET", "/cemeteries/999999")).status).toBe(404);
    const [grave] = await h.db.select().from(burials).where(eq(burials.surname, "Жұмабаев"));
    await h.db
      .update(plots)
      .set({ notes: "ключ у сторожа" })
      .where(eq(plots.id, grave?.plotId as number));
    const p = await h.request("GET", `/plots/${grave?.plotId}`);
    expect(p.status).toBe(200);
    expect(p.json).toMatchObject({ status: "occupied", graves: [{ surname: "Жұмабаев" }] });
    expect(JSON.stringify(p.json)).not.toContain("ключ у сторожа");
    expect(JSON.stringify(p.json)).not.toContain("500101300123");
  });

  it("answers an empty query with nothing, and a grave that is not there with 404", async () => {
    expect((await search({ q: "" })).total).toBe(0);
    expect((await h.request("GET", "/burials/999999")).status).toBe(404);
  });
});

describe("registry search in Latin script and across spellings", () => {
  /** People of this block, on the free places of the first cemetery (the common ones take 7). */
  const latinPeople: [string, string, string][] = [
    ["Жумабаев", "Ерлан", "Маратович"],
    ["Қоңырбаев", "Ғалым", "Серікұлы"],
    ["Сейтқасымов", "Нұржан", ""],
    ["Ахметов", "Ильдар", "Ринатович"],
    ["Ахметова", "Илдар", ""],
  ];
  const fullNames = (r: { items: { surname: string; name: string }[] }) => r.items.map((i) => `${i.surname} ${i.name}`);

  beforeEach(async () => {
    const places = await h.db.select({ id: plots.id }).from(plots).where(eq(plots.cemeteryId, cemeteryId));
    await h.db.insert(burials).values(
      latinPeople.map(([surname, name, patronymic], i) => ({
        plotId: (places[KNOWN_PEOPLE.length + i] as { id: number }).id,
        surname,
        name,
        patronymic,
        searchName: spellName(`${surname} ${name} ${patronymic}`),
      })),
    );
  });

  it("finds Cyrillic records by passport spellings", async () => {
    // The exact reading of the Latin word first (Жумабаев), then the Kazakh spelling (Жұмабаев).
    expect(surnames(await search({ q: "Zhumabaev" })).slice(0, 2)).toEqual(["Жумабаев", "Жұмабаев"]);
    expect(fullNames(await search({ q: "Zhumabaev Erlan" }))).toEqual(["Жумабаев Ерлан", "Жұмабаев Ерлан"]);
    expect(surnames(await search({ q: "Kongyrbayev" }))).toEqual(["Қоңырбаев"]);
    expect(fullNames(await search({ q: "Seitkassymov Nurzhan" }))).toEqual(["Сейтқасымов Нұржан"]);
    expect(fullNames(await search({ q: "SEITKASSYMOV" }))).toEqual(["Сейтқасымов Нұржан"]);
    // Unfinished Latin words find what they start, like Cyrillic ones.
    expect(surnames(await search({ q: "Seitkas" }))).toEqual(["Сейтқасымов"]);
  });

  it("finds Cyrillic records in the 2021 Kazakh Latin alphabet and its drafts", async () => {
    expect(fullNames(await search({ q: "Qoñyrbaev Ğalym" }))).toEqual(["Қоңырбаев Ғалым"]);
    expect(fullNames(await search({ q: "Qon'yrbaev G'alym" }))).toEqual(["Қоңырбаев Ғалым"]);
    expect(fullNames(await search({ q: "Qońyrbaev Ǵalym" }))).toEqual(["Қоңырбаев Ғалым"]);
    expect(
      surnames(await search({ q: "Jumabaev" }))
        .slice(0, 2)
        .sort(),
    ).toEqual(["Жумабаев", "Жұмабаев"].sort());
    // A Latin name matches nothing unrelated.
    expect((await search({ q: "Qoñyrbaev Nurzhan" })).total).toBe(0);
  });

  it("finds a name written with or without the soft sign, the exact spelling first", async () => {
    expect(fullNames(await search({ q: "Илдар" }))).toEqual(["Ахметова Илдар", "Ахметов Ильдар"]);
    expect(fullNames(await search({ q: "Ильдар" }))).toEqual(["Ахметов Ильдар", "Ахметова Илдар"]);
    expect(fullNames(await search({ q: "Ахметов Илдар" }))[0]).toBe("Ахметов Ильдар");
    // The Kazakh spelling of a query ranks its own spelling first too.
    expect(surnames(await search({ q: "Жұмабаев" })).slice(0, 2)).toEqual(["Жұмабаев", "Жумабаев"]);
    expect(surnames(await search({ q: "Жумабаев" })).slice(0, 2)).toEqual(["Жумабаев", "Жұмабаев"]);
  });

  it("spells existing records again and rebuilds the index in the migration, as spellName does", async () => {
    const migration = readFileSync(new URL("../../db/migrations/0011_search_spelling.sql", import.meta.url), "utf8");
    const expression = migration.match(/SET "search_name" = (trim\([\s\S]*?\)\));/)?.[1];
    expect(expression).toBeTruthy();
    const samples = ["Жұмабаев Ильдар-Ёлкин", "Д'Арк  Жанна (Орлеанская)", "ФЁДОРОВ Пётр Иванович"];
    for (const sample of samples) {
      const sqlText = (expression as string).replace(
        /"surname" \|\| ' ' \|\| "name" \|\| ' ' \|\| "patronymic"/,
        `'${sample.replace(/'/g, "''")}'::text`,
      );
      const result = await h.db.execute(sql.raw(`select ${sqlText} as spelled`));
      expect((result.rows[0] as { spelled: string }).spelled).toBe(spellName(sample));
    }
  });
});
