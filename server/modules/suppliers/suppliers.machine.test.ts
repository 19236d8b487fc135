import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SupplierStatus } from "../../../common/api-types.ts";
import type { Queryable } from "../../db/client.ts";
import { createHarness, type Harness } from "../../test/harness.ts";
import { actorsOf, itFollowsTheGrids, type TActorName } from "../../test/move-table.ts";
import { supplierMachine } from "./suppliers.machine.ts";
import { suppliers } from "../users/organisations.tables.ts";
import type { Actor } from "../../lib/caller.ts";

let h: Harness;
let actors: Record<TActorName, Actor>;
beforeAll(async () => {
  h = await createHarness();
  await h.reset();
  actors = await actorsOf(h);
});
afterAll(async () => h.close());

let n = 0;
async function create(db: Queryable, status: SupplierStatus) {
  n += 1;
  const [row] = await db
    .insert(suppliers)
    .values({
      bin: String(900000000000 + n),
      companyName: `ТОО «Тест ${n}»`,
      headName: "Серіков Болат",
      city: "Алматы",
      status,
      blockReason: status === "blocked" ? "Жалобы" : null,
    })
    .returning();
  return row as typeof suppliers.$inferSelect;
}

/** Only the admin reviews suppliers: activate a new company, block it (new or active), unblock it. */
const EXPECTED = {
  activate: `
             pending  active  blocked
    admin    active   409     409
    manager  403      403     403
    akimat   403      403     403
    supplier 403      403     403
    client   403      403     403
    system   403      403     403`,
  block: `
             pending  active   blocked
    admin    blocked  blocked  409
    manager  403      403      403
    akimat   403      403      403
    supplier 403      403      403
    client   403      403      403
    system   403      403      403`,
  unblock: `
             pending  active  blocked
    admin    409      409     active
    manager  403      403     403
    akimat   403      403     403
    supplier 403      403     403
    client   403      403     403
    system   403      403     403`,
};

describe("the supplier's machine", () => {
  itFollowsTheGrids(supplierMachine, EXPECTED, () => ({
    h,
    actors,
    create,
    input: (m) => (m === "block" ? { reason: "Жалобы клиентов" } : {}),
  }));

  it("blocks only with a reason, which it keeps until the company is unblocked", async () => {
    const row = await create(h.db, "active");
    for (const reason of [undefined, "", "   "]) {
      const err = await h.db
        .transaction((tx) => supplierMachine.move(tx, h.services, row, "block", actors.admin, { reason }))
        .catch((e) => e);
      expect(err).toMatchObject({ status: 422, fields: [{ path: "reason" }] });
    }
    const blocked = await h.db.transaction((tx) =>
      supplierMachine.move(tx, h.services, row, "block", actors.admin, { reason: " Жалобы клиентов " }),
    );
    expect(blocked).toMatchObject({ status: "blocked", blockReason: "Жалобы клиентов" });
    const active = await h.db.transaction((tx) =>
      supplierMachine.move(tx, h.services, blocked, "unblock", actors.admin),
    );
    expect(active).toMatchObject({ status: "active", blockReason: null });
    const [stored] = await h.db.select().from(suppliers).where(eq(suppliers.id, row.id));
    expect(stored).toMatchObject({ status: "active", blockReason: null });
  });
});
