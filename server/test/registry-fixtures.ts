import { eq } from "drizzle-orm";
import { expect } from "vitest";
import { spellName } from "../../common/search-text.ts";
import type { Queryable } from "../db/client.ts";
import { akimats } from "../modules/users/organisations.tables.ts";
import { DEMO_CEMETERIES, ensureRegistryCemetery } from "../modules/burials/burials.seed.ts";
import { burials } from "../modules/burials/burials.tables.ts";
import { plots } from "../modules/cemeteries/cemeteries.tables.ts";
import { assignManager, bookingCemetery } from "./booking-fixtures.ts";
import type { Harness } from "./harness.ts";

/**
 * Shared set-up of the registry tests (cemeteries, burials, registry requests): the demo akimat,
 * demo cemeteries holding known people only, a manager's two cemeteries, a cemetery's form.
 */

/** The demo akimat (Almaty), the only one the harness seeds. */
export async function demoAkimatId(db: Queryable): Promise<number> {
  const [akimat] = await db.select({ id: akimats.id }).from(akimats).where(eq(akimats.city, "Алматы"));
  if (!akimat) throw new Error("no demo akimat");
  return akimat.id;
}

/** The people of the search tests: surname, name, patronymic, birth and death year, IIN (the first only). */
export const KNOWN_PEOPLE: [string, string, string, number, number, string | null][] = [
  ["Жұмабаев", "Ерлан", "Маратұлы", 1950, 2010, "500101300123"],
  ["Жумабаева", "Айгуль", "Серикқызы", 1955, 2015, null],
  ["Әлиев", "Асқар", "Бекұлы", 1940, 1999, null],
  ["Алиева", "Мария", "Петровна", 1962, 2020, null],
  ["Фёдоров", "Пётр", "Иванович", 1930, 1990, null],
  ["Жумабекова", "Дана", "Ерлановна", 1970, 2021, null],
  ["Иванов", "Сергей", "Николаевич", 1948, 2005, null],
];

/**
 * The first two demo cemeteries of the demo akimat (2 rows of 6 places, then 1 row of 4, in each
 * of their 4 sectors), with only the known people in the registry: on the first places of the
 * first cemetery, one each.
 */
export async function knownRegistry(db: Queryable): Promise<{ cemeteryId: number; otherCemeteryId: number }> {
  const akimatId = await demoAkimatId(db);
  const cemeteryId = await ensureRegistryCemetery(db, akimatId, DEMO_CEMETERIES[0] as never, {
    rows: 2,
    perRow: 6,
    seed: 1,
  });
  const otherCemeteryId = await ensureRegistryCemetery(db, akimatId, DEMO_CEMETERIES[1] as never, {
    rows: 1,
    perRow: 4,
    seed: 2,
  });
  await db.delete(burials);
  const places = await db.select({ id: plots.id }).from(plots).where(eq(plots.cemeteryId, cemeteryId));
  await db.insert(burials).values(
    KNOWN_PEOPLE.map(([surname, name, patronymic, birthYear, deathYear, iin], i) => ({
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
  return { cemeteryId, otherCemeteryId };
}

/**
 * The first two demo cemeteries, one row of 4 places in each sector, with no burial records and
 * every place free; the demo manager works in the first (`mine`) only and is signed in
 * (`manager`); `freePlot` and `otherPlot` are a place of each.
 */
export async function managersCemeteries(h: Harness) {
  const akimatId = await demoAkimatId(h.db);
  const mine = await bookingCemetery(h.db, akimatId, { perRow: 4 });
  const other = await bookingCemetery(h.db, akimatId, { which: 1, perRow: 4 });
  await assignManager(h.db, h.phones.manager, mine.id);
  return {
    mine: mine.id,
    other: other.id,
    manager: await h.login(h.phones.manager),
    freePlot: mine.rows[0]?.[0] as number,
    otherPlot: other.rows[0]?.[0] as number,
  };
}

/** About 200 × 150 m of southern Almaty. */
export const RING: [number, number][] = [
  [76.9, 43.2],
  [76.9025, 43.2],
  [76.9025, 43.2014],
  [76.9, 43.2014],
];

/** The admin's form of a new cemetery of the akimat, inside `RING`; `over` changes fields. */
export const cemeteryForm = (akimatId: number, over: Record<string, unknown> = {}) => ({
  akimatId,
  nameRu: "Кладбище «Тестовое»",
  nameKk: "«Сынақ» зираты",
  city: "Алматы",
  religion: "all",
  status: "open",
  capacity: 5000,
  burialFee: 25000,
  burialSlots: { days: [1, 2, 3, 4, 5], from: "10:00", to: "16:00" },
  boundary: RING,
  ...over,
});

/** Creates a cemetery as the admin (`POST /cemeteries`), expecting 201; returns its id. */
export async function createCemetery(h: Harness, admin: string, form: Record<string, unknown>): Promise<number> {
  const res = await h.request("POST", "/cemeteries", { token: admin, body: form });
  expect(res.status).toBe(201);
  return res.json.id as number;
}
