import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ItemStatus } from "../../../common/catalog.ts";
import type { Queryable } from "../../db/client.ts";
import { DEMO_PHONES, ensureSupplier } from "../../db/seed.ts";
import type { Actor } from "../../lib/caller.ts";
import { AppError } from "../../lib/errors.ts";
import { createHarness, type Harness } from "../../test/harness.ts";
import { actorsOf, itFollowsTheGrids, type TActorName } from "../../test/move-table.ts";
import { users } from "../users/users.tables.ts";
import { catalogMachine } from "./catalog.machine.ts";
import { catalogItems, catalogRevisions } from "./catalog.tables.ts";

let h: Harness;
let actors: Record<TActorName, Actor>;
let supplierId: number;
beforeAll(async () => {
  h = await createHarness();
  await h.reset();
  actors = await actorsOf(h);
  const [u] = await h.db.select().from(users).where(eq(users.phone, DEMO_PHONES.supplier));
  supplierId = u?.supplierId as number;
});
afterAll(async () => h.close());

const CONTENT = {
  category: "flowers",
  kind: "product",
  nameRu: "Венок траурный",
  nameKk: "Аза гүл шоқтары",
  price: 15000,
  unit: "piece",
  city: "Алматы",
} as const;

/** An item of the demo company in a status; one on sale or hidden carries a pending revision. */
async function create(db: Queryable, status: ItemStatus, company = supplierId) {
  const [row] = await db
    .insert(catalogItems)
    .values({ ...CONTENT, supplierId: company, status, submittedAt: status === "consideration" ? new Date() : null })
    .returning();
  const item = row as typeof catalogItems.$inferSelect;
  if (status !== "active" && status !== "inactive") return item;
  const [rev] = await db
    .insert(catalogRevisions)
    .values({ ...CONTENT, itemId: item.id, price: 17000 })
    .returning({ id: catalogRevisions.id });
  const [withRevision] = await db
    .update(catalogItems)
    .set({ pendingRevisionId: rev?.id as number, submittedAt: new Date() })
    .where(eq(catalogItems.id, item.id))
    .returning();
  return withRevision as typeof catalogItems.$inferSelect;
}

/**
 * The company's people submit, hide, show and withdraw a revision; the catalogue's moderators (the
 * admin) approve, return, block and unblock, and decide on revisions; nobody else touches an item.
 * A revision's moves keep the item's status (it stays on sale meanwhile).
 */
const EXPECTED = {
  submit: `
             draft          consideration improvement    active inactive blocked
    admin    403            403           403            403    403      403
    manager  403            403           403            403    403      403
    akimat   403            403           403            403    403      403
    supplier consideration  409           consideration  409    409      409
    client   403            403           403            403    403      403
    system   403            403           403            403    403      403`,
  approve: `
             draft consideration improvement active inactive blocked
    admin    409   active        409         409    409      409
    manager  403   403           403         403    403      403
    akimat   403   403           403         403    403      403
    supplier 403   403           403         403    403      403
    client   403   403           403         403    403      403
    system   403   403           403         403    403      403`,
  return: `
             draft consideration improvement active inactive blocked
    admin    409   improvement   409         409    409      409
    manager  403   403           403         403    403      403
    akimat   403   403           403         403    403      403
    supplier 403   403           403         403    403      403
    client   403   403           403         403    403      403
    system   403   403           403         403    403      403`,
  hide: `
             draft consideration improvement active   inactive blocked
    admin    403   403           403         403      403      403
    manager  403   403           403         403      403      403
    akimat   403   403           403         403      403      403
    supplier 409   409           409         inactive 409      409
    client   403   403           403         403      403      403
    system   403   403           403         403      403      403`,
  show: `
             draft consideration improvement active inactive blocked
    admin    403   403           403         403    403      403
    manager  403   403           403         403    403      403
    akimat   403   403           403         403    403      403
    supplier 409   409           409         409    active   409
    client   403   403           403         403    403      403
    system   403   403           403         403    403      403`,
  block: `
             draft   consideration improvement active  inactive blocked
    admin    blocked blocked       blocked     blocked blocked  409
    manager  403     403           403         403     403      403
    akimat   403     403           403         403     403      403
    supplier 403     403           403         403     403      403
    client   403     403           403         403     403      403
    system   403     403           403         403     403      403`,
  unblock: `
             draft consideration improvement active inactive blocked
    admin    409   409           409         409    409      consideration
    manager  403   403           403         403    403      403
    akimat   403   403           403         403    403      403
    supplier 403   403           403         403    403      403
    client   403   403           403         403    403      403
    system   403   403           403         403    403      403`,
  approve_revision: `
             draft consideration improvement active inactive blocked
    admin    409   409           409         active inactive 409
    manager  403   403           403         403    403      403
    akimat   403   403           403         403    403      403
    supplier 403   403           403         403    403      403
    client   403   403           403         403    403      403
    system   403   403           403         403    403      403`,
  return_revision: `
             draft consideration improvement active inactive blocked
    admin    409   409           409         active inactive 409
    manager  403   403           403         403    403      403
    akimat   403   403           403         403    403      403
    supplier 403   403           403         403    403      403
    client   403   403           403         403    403      403
    system   403   403           403         403    403      403`,
  withdraw_revision: `
             draft consideration improvement active inactive blocked
    admin    403   403           403         403    403      403
    manager  403   403           403         403    403      403
    akimat   403   403           403         403    403      403
    supplier 409   409           409         active inactive 409
    client   403   403           403         403    403      403
    system   403   403           403         403    403      403`,
};

const INPUT: Record<string, Record<string, unknown>> = {
  return: { reasons: ["photos"], comment: "Нужны фото венка" },
  return_revision: { reasons: ["price"], comment: "" },
  block: { reason: "Запрещённый товар" },
};

describe("the catalogue item's machine", () => {
  itFollowsTheGrids(catalogMachine, EXPECTED, () => ({
    h,
    actors,
    create: (db, status) => create(db, status),
    input: (m) => INPUT[m] ?? {},
  }));

  it("refuses to submit or show an item of a company not yet activated, with a clear refusal", async () => {
    const pending = await ensureSupplier(h.db, {
      bin: "200140009876",
      companyName: "ТОО «Жаңа»",
      headName: "Ахметов Ержан",
      city: "Алматы",
      status: "pending",
    });
    for (const [status, move] of [
      ["draft", "submit"],
      ["inactive", "show"],
    ] as const) {
      const row = await create(h.db, status, pending);
      expect(await catalogMachine.movesFor(h.db, row, actors.supplier, new Date())).not.toContain(move);
      const refused = await h.db
        .transaction((tx) => catalogMachine.move(tx, h.services, row, move, actors.supplier))
        .catch((e: AppError) => e);
      expect(refused).toMatchObject({ status: 409, code: "catalog_company_not_active" });
    }
  });

  it("approving a revision copies it onto the item; returning one keeps the version on sale", async () => {
    const approved = await create(h.db, "active");
    const after = await h.db.transaction((tx) =>
      catalogMachine.move(tx, h.services, approved, "approve_revision", actors.admin),
    );
    expect(after).toMatchObject({ status: "active", price: 17000, pendingRevisionId: null });
    const returned = await create(h.db, "active");
    const kept = await h.db.transaction((tx) =>
      catalogMachine.move(tx, h.services, returned, "return_revision", actors.admin, {
        reasons: ["price"],
        comment: "Цена без доставки?",
      }),
    );
    expect(kept).toMatchObject({ status: "active", price: 15000, pendingRevisionId: null });
    const [rev] = await h.db.select().from(catalogRevisions).where(eq(catalogRevisions.itemId, returned.id));
    expect(rev).toMatchObject({ status: "returned", returnReasons: ["price"], returnComment: "Цена без доставки?" });
  });

  it("asks for a reason code to return, and for a comment with «other»", async () => {
    for (const input of [
      { reasons: [], comment: "x" },
      { reasons: ["other"], comment: " " },
    ]) {
      const row = await create(h.db, "consideration");
      const refused = await h.db
        .transaction((tx) => catalogMachine.move(tx, h.services, row, "return", actors.admin, input))
        .catch((e: AppError) => e);
      expect(refused).toBeInstanceOf(AppError);
      expect((refused as AppError).status).toBe(422);
    }
  });
});
