import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createHarness, type Harness } from "../../test/harness.ts";
import { DEMO_CEMETERIES, ensureRegistryCemetery } from "../burials/burials.seed.ts";
import { akimats } from "../users/organisations.tables.ts";
import { users } from "../users/users.tables.ts";
import { managerCemeteries } from "./access.tables.ts";
import { holders } from "./audiences.ts";

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => h.close());
beforeEach(async () => h.reset());

const idOf = async (phone: string) =>
  ((await h.db.select({ id: users.id }).from(users).where(eq(users.phone, phone)))[0] as { id: number }).id;

describe("holders", () => {
  it("finds the holders of a permission in its scope, and nobody whose role lacks it", async () => {
    const akimatId = ((await h.db.select().from(akimats))[0] as { id: number }).id;
    const cemetery = await ensureRegistryCemetery(h.db, akimatId, DEMO_CEMETERIES[0] as never, {
      rows: 1,
      perRow: 1,
      seed: 1,
    });
    const other = await ensureRegistryCemetery(h.db, akimatId, DEMO_CEMETERIES[1] as never, {
      rows: 1,
      perRow: 1,
      seed: 2,
    });
    const manager = await idOf(h.phones.manager);
    await h.db.delete(managerCemeteries);
    await h.db.insert(managerCemeteries).values({ userId: manager, cemeteryId: cemetery });
    // A cemetery: its managers only (not those of another cemetery, not the admin).
    expect(await holders(h.db, "booking.view", { cemeteryId: cemetery })).toEqual([manager]);
    expect(await holders(h.db, "booking.view", { cemeteryId: other })).toEqual([]);
    expect(await holders(h.db, "burial.book", { cemeteryId: cemetery })).toEqual([]);
    // The platform: its admins, for a permission admins hold.
    const admin = await idOf(h.phones.admin);
    expect(await holders(h.db, "suppliers.review", "platform")).toEqual([admin]);
    expect(await holders(h.db, "news.manage", "platform")).toEqual([]);
    // An akimat: its staff, or its admins only.
    const akimatAdmin = await idOf(h.phones.akimat);
    const [employee] = await h.db
      .insert(users)
      .values({ phone: "+77010009911", role: "akimat", status: "active", akimatId, akimatRole: "employee" })
      .returning({ id: users.id });
    expect(await holders(h.db, "news.manage", { akimatId })).toEqual([akimatAdmin, employee?.id].sort());
    expect(await holders(h.db, "news.manage", { akimatId, akimatAdmins: true })).toEqual([akimatAdmin]);
    expect(await holders(h.db, "news.manage", { akimatId: akimatId + 1000 })).toEqual([]);
    // A company: its people.
    const [supplier] = await h.db.select().from(users).where(eq(users.phone, h.phones.supplier));
    expect(await holders(h.db, "supplier.profile", { supplierId: supplier?.supplierId as number })).toEqual([
      supplier?.id,
    ]);
    expect(await holders(h.db, "suppliers.review", { supplierId: supplier?.supplierId as number })).toEqual([]);
  });
});
