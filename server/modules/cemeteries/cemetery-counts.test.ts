import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { foldName } from "../../../common/search-text.ts";
import { akimats } from "../users/organisations.tables.ts";
import { createHarness, type Harness } from "../../test/harness.ts";
import { DEMO_CEMETERIES, ensureRegistryCemetery } from "../burials/burials.seed.ts";
import { burials } from "../burials/burials.tables.ts";
import type { PLOT_STATUSES } from "../../../common/api-types.ts";
import { cemeteries, cemeteryCounts, plots } from "./cemeteries.tables.ts";

/**
 * The place counts of the home and reserve pages are kept by triggers on `plots` (migration
 * 0009). They must equal a recount of the plots after every kind of change, including many
 * transactions changing one cemetery at once (on PostgreSQL these run on parallel connections:
 * `bash scripts/with-postgres.sh npx vitest run server/modules/cemeteries/cemetery-counts.test.ts`).
 */
let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => h.close());

let first: number;
let second: number;
beforeEach(async () => {
  await h.reset();
  const [akimat] = await h.db.select({ id: akimats.id }).from(akimats).where(eq(akimats.city, "Алматы"));
  const akimatId = akimat?.id as number;
  first = await ensureRegistryCemetery(h.db, akimatId, DEMO_CEMETERIES[0] as never, { rows: 3, perRow: 10, seed: 1 });
  second = await ensureRegistryCemetery(h.db, akimatId, DEMO_CEMETERIES[1] as never, { rows: 2, perRow: 5, seed: 2 });
});

type Counts = Record<(typeof PLOT_STATUSES)[number], number>;

/** The counts as a full recount of the plots gives them. */
async function recount(): Promise<Map<number, Counts>> {
  const rows = await h.db.execute(sql`
    select c.id,
           count(p.id) filter (where p.status = 'free')::int as free,
           count(p.id) filter (where p.status = 'reserved')::int as reserved,
           count(p.id) filter (where p.status = 'occupied')::int as occupied,
           count(p.id) filter (where p.status = 'unavailable')::int as unavailable
    from cemeteries c left join plots p on p.cemetery_id = c.id group by c.id`);
  return new Map(
    (rows.rows as ({ id: number } & Counts)[]).map(({ id, ...c }) => [
      Number(id),
      {
        free: Number(c.free),
        reserved: Number(c.reserved),
        occupied: Number(c.occupied),
        unavailable: Number(c.unavailable),
      },
    ]),
  );
}

/** The counts the public API answers, by cemetery. */
async function published(): Promise<Map<number, Counts>> {
  const res = await h.request("GET", "/cemeteries");
  expect(res.status).toBe(200);
  return new Map((res.json.items as { id: number; counts: Counts }[]).map((c) => [c.id, c.counts]));
}

async function expectCurrent() {
  const truth = await recount();
  expect(await published()).toEqual(truth);
  // Every cemetery has its row (the detail page reads it too).
  for (const [id, counts] of truth) {
    const res = await h.request("GET", `/cemeteries/${id}`);
    expect(res.json.counts).toEqual(counts);
  }
  return truth;
}

const plotIds = async (cemeteryId: number) =>
  (await h.db.select({ id: plots.id }).from(plots).where(eq(plots.cemeteryId, cemeteryId)).orderBy(plots.id)).map(
    (p) => p.id,
  );

describe("cemetery place counts", () => {
  it("are right after plots are inserted, and zero for a cemetery without plots", async () => {
    const truth = await expectCurrent();
    const n = (await plotIds(first)).length;
    expect(n).toBeGreaterThan(20);
    expect(Object.values(truth.get(first) as Counts).reduce((a, b) => a + b, 0)).toBe(n);
    const [akimat] = await h.db.select({ id: akimats.id }).from(akimats).limit(1);
    const [empty] = await h.db
      .insert(cemeteries)
      .values({ akimatId: akimat?.id as number, nameRu: "Пустое", nameKk: "Бос", city: "Алматы" })
      .returning({ id: cemeteries.id });
    const counts = (await published()).get(empty?.id as number);
    expect(counts).toEqual({ free: 0, reserved: 0, occupied: 0, unavailable: 0 });
  });

  it("follow status changes, one plot or many in one statement, and plots moved between cemeteries", async () => {
    const ids = await plotIds(first);
    const n = ids.length;
    await h.db.update(plots).set({ status: "free" }).where(eq(plots.cemeteryId, first));
    expect((await expectCurrent()).get(first)?.free).toBe(n);
    await h.db
      .update(plots)
      .set({ status: "reserved" })
      .where(eq(plots.id, ids[0] as number));
    await h.db
      .update(plots)
      .set({ status: "unavailable" })
      .where(inArray(plots.id, ids.slice(1, 6)));
    expect((await expectCurrent()).get(first)).toEqual({ free: n - 6, reserved: 1, occupied: 0, unavailable: 5 });
    // An edit that changes no status leaves the counts alone.
    await h.db.update(plots).set({ notes: "осмотрено" }).where(eq(plots.cemeteryId, first));
    expect((await expectCurrent()).get(first)).toEqual({ free: n - 6, reserved: 1, occupied: 0, unavailable: 5 });
    const before = (await recount()).get(second) as Counts;
    await h.db
      .update(plots)
      .set({ cemeteryId: second, sector: "Перенос" })
      .where(inArray(plots.id, ids.slice(0, 3)));
    const after = await expectCurrent();
    expect(after.get(first)).toEqual({ free: n - 6, reserved: 0, occupied: 0, unavailable: 3 });
    expect(after.get(second)).toEqual({
      ...before,
      reserved: before.reserved + 1,
      unavailable: before.unavailable + 2,
    });
  });

  it("follow burial records (a plot with a record is occupied) and plot deletions", async () => {
    await h.db.delete(burials);
    await h.db.update(plots).set({ status: "free" });
    const ids = await plotIds(first);
    const n = ids.length;
    await h.db
      .insert(burials)
      .values(
        ids.slice(0, 4).map((plotId, i) => ({ plotId, surname: `Тестов${i}`, searchName: foldName(`Тестов${i}`) })),
      );
    expect((await expectCurrent()).get(first)).toEqual({ free: n - 4, reserved: 0, occupied: 4, unavailable: 0 });
    await h.db.delete(burials).where(eq(burials.plotId, ids[0] as number));
    expect((await expectCurrent()).get(first)?.occupied).toBe(3);
    await h.db.delete(plots).where(inArray(plots.id, ids.slice(20)));
    expect((await expectCurrent()).get(first)).toEqual({ free: 17, reserved: 0, occupied: 3, unavailable: 0 });
    // A cemetery removed with its plots leaves no counts behind.
    await h.db.delete(burials);
    await h.db.delete(cemeteries).where(eq(cemeteries.id, second));
    const rows = await h.db.select().from(cemeteryCounts).where(eq(cemeteryCounts.cemeteryId, second));
    expect(rows).toEqual([]);
    await expectCurrent();
  });

  it("stay right when many transactions change one cemetery at the same time", async () => {
    await h.db.delete(burials);
    await h.db.update(plots).set({ status: "free" });
    const ids = await plotIds(first);
    const moves = ["reserved", "occupied", "unavailable", "free"] as const;
    // Each transaction changes its plot, then holds its transaction open a moment, so on
    // PostgreSQL the others run meanwhile on their own connections and meet on the same row.
    const work = ids.map((id, i) =>
      h.db.transaction(async (tx) => {
        await tx
          .update(plots)
          .set({ status: moves[i % moves.length] })
          .where(eq(plots.id, id));
        await tx.execute(sql`select pg_sleep(0.02)`);
        if (i % 5 === 0) {
          await tx.insert(plots).values({
            cemeteryId: first,
            sector: "Новый",
            row: String(i),
            number: 1,
            polygon: { type: "Polygon", coordinates: [] },
            minLng: 0,
            minLat: 0,
            maxLng: 0,
            maxLat: 0,
            status: "reserved",
          });
        }
        if (i % 7 === 3) await tx.delete(plots).where(eq(plots.id, id));
      }),
    );
    // Some of them change their mind: the counts must not keep what was rolled back.
    const failing = ids.slice(0, 5).map((id) =>
      h.db
        .transaction(async (tx) => {
          await tx.update(plots).set({ status: "unavailable" }).where(eq(plots.id, id));
          await tx.execute(sql`select pg_sleep(0.02)`);
          throw new Error("rolled back");
        })
        .catch(() => undefined),
    );
    await Promise.all([...work, ...failing]);
    const truth = await expectCurrent();
    const c = truth.get(first) as Counts;
    const deleted = ids.filter((_, i) => i % 7 === 3).length;
    const added = ids.filter((_, i) => i % 5 === 0).length;
    expect(c.free + c.reserved + c.occupied + c.unavailable).toBe(ids.length - deleted + added);
  });
});
