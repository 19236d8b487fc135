import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { nameQueries } from "../../../bench/name-queries.ts";
import { searchTokens } from "../../../common/search-text.ts";
import { seedDemo } from "../../db/seed.ts";
import { createHarness, type Harness } from "../../test/harness.ts";
import { seedRegistryDemo } from "./burials.seed.ts";
import { candidateWords, pageSql, SEARCH_COUNT_CAP, searchBurials, searchSql } from "./burials.service.ts";

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
  await h.reset();
  const { akimatId } = await seedDemo(h.db);
  await seedRegistryDemo(h.db, akimatId);
});
afterAll(async () => h.close());

type Query = Parameters<typeof searchBurials>[1];

/** The search as it was done in two statements: the dictionary lookup, then the page. */
async function twoStatements(q: Query) {
  const candidates = await candidateWords(h.db, searchTokens(q.q ?? ""));
  if (candidates.some((words) => words.length === 0)) return { ids: [], total: 0 };
  const rows = (await h.db.execute(pageSql(searchSql(q, candidates)))).rows as { id: number; total: string }[];
  return {
    ids: rows.map((r) => r.id),
    total: rows.length ? Math.min(Number(rows[0]?.total), SEARCH_COUNT_CAP + 1) : 0,
  };
}

async function oneCall(q: Query) {
  const page = await searchBurials(h.db, q);
  return { ids: page.items.map((i) => i.id), total: page.total + (page.totalCapped ? 1 : 0) };
}

describe("the registry search in one call (burial_search, migration 0020)", () => {
  it("answers a search with words in one statement", async () => {
    const execute = vi.spyOn(h.db, "execute");
    try {
      for (const q of ["Жұмабаев", "Жумабаева Айгул", "Zhumabaev Erlan", "Qasymova Aigül", "жумаб"]) {
        execute.mockClear();
        const page = await searchBurials(h.db, { q, page: 1, locale: "ru" });
        expect(page.total, q).toBeGreaterThan(0);
        expect(execute, q).toHaveBeenCalledTimes(1);
      }
    } finally {
      execute.mockRestore();
    }
  });

  it("finds the same records in the same order as the two statements did, with every filter", async () => {
    const names = nameQueries().filter((_, i) => i % 11 === 0);
    const queries: Query[] = [
      ...names.map((q) => ({ q, page: 1, locale: "ru" as const })),
      ...["Жумаб", "умаб", "ова", "Ив", "Zhumab", "Ахметов Ерлан Маратович", "Нұрлан Жұмабаев", "Ким О"].map((q) => ({
        q,
        page: 1,
        locale: "ru" as const,
      })),
      // Typos go the two-statement way in both: they must still agree.
      ...["Иваноф", "Жумобаев Ерлан", "Qwertyzzz"].map((q) => ({ q, page: 1, locale: "ru" as const })),
      ...names
        .filter((_, i) => i % 4 === 0)
        .flatMap((q, i) => [
          { q, page: 2, locale: "ru" as const },
          { q, page: 1, locale: "ru" as const, deathYear: 1965 + (i % 61) },
          { q, page: 1, locale: "ru" as const, birthYear: 1930 + (i % 50) },
          { q, page: 1, locale: "ru" as const, cemeteryId: 1 + (i % 3) },
        ]),
    ];
    expect(queries.length).toBeGreaterThan(400);
    let found = 0;
    for (const q of queries) {
      const expected = await twoStatements(q);
      expect(await oneCall(q), JSON.stringify(q)).toEqual(expected);
      if (expected.total > 0) found++;
    }
    // Most of the registry's names are found: the comparison is not between empty answers.
    expect(found).toBeGreaterThan(queries.length / 2);
  });
});
