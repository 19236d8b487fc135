import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Role } from "../../../common/roles.ts";
import { createHarness, type Harness } from "../../test/harness.ts";
import { akimats } from "../users/organisations.tables.ts";
import { DEMO_CEMETERIES, ensureRegistryCemetery } from "../burials/burials.seed.ts";
import { managerCemeteries } from "./access.tables.ts";
import { cemeteries } from "../cemeteries/cemeteries.tables.ts";
import { registryRequests } from "../registry-requests/registry-requests.tables.ts";
import { users } from "../users/users.tables.ts";
import {
  akimatIdOf,
  assertAkimatAdmin,
  cemeteryScope,
  handlesRequestFor,
  ownSupplierId,
  registryRequestScope,
  staffCemeteryIds,
} from "./access.service.ts";

let h: Harness;
let mine: number;
let other: number;
let managerId: number;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => h.close());
beforeEach(async () => {
  await h.reset();
  const akimatId = ((await h.db.select().from(akimats))[0] as { id: number }).id;
  mine = await ensureRegistryCemetery(h.db, akimatId, DEMO_CEMETERIES[0] as never, { rows: 1, perRow: 1, seed: 1 });
  other = await ensureRegistryCemetery(h.db, akimatId, DEMO_CEMETERIES[1] as never, { rows: 1, perRow: 1, seed: 2 });
  const [m] = await h.db.select().from(users).where(eq(users.phone, h.phones.manager));
  managerId = m?.id as number;
  await h.db.insert(managerCemeteries).values({ userId: managerId, cemeteryId: mine });
});

const who = (role: Role, id = 999) => ({ id, role });

/** The cemeteries a list shows a user once the scope is folded into its query. */
async function listed(user: { id: number; role: Role }) {
  const scope = cemeteryScope(user, cemeteries.id);
  const rows = await h.db
    .select({ id: cemeteries.id })
    .from(cemeteries)
    .where(scope ?? undefined)
    .orderBy(asc(cemeteries.id));
  return rows.map((r) => r.id);
}

describe("cemetery scope", () => {
  it("keeps a manager's lists to their cemeteries, the admin's to none, every other role's to nothing", async () => {
    expect(cemeteryScope(who("admin"), cemeteries.id)).toBeNull();
    expect(await listed(who("admin"))).toEqual([mine, other].sort((a, b) => a - b));
    expect(await listed(who("manager", managerId))).toEqual([mine]);
    for (const role of ["client", "supplier", "akimat"] as const)
      expect(await listed(who(role, managerId))).toEqual([]);
    expect(await staffCemeteryIds(h.db, who("manager", managerId))).toEqual([mine]);
    expect(await staffCemeteryIds(h.db, who("admin"))).toBe("all");
    expect(await staffCemeteryIds(h.db, who("client", managerId))).toEqual([]);
  });

  it("shows a manager the requests they handle, as handlesRequestFor decides one by one", async () => {
    const base = { kind: "search" as const, applicantName: "А", applicantPhone: "+77010000099", surname: "Б" };
    await h.db.insert(registryRequests).values([
      { ...base, cemeteryId: mine, ip: "a" },
      { ...base, cemeteryId: other, ip: "a" },
      { ...base, cemeteryId: null, ip: "a" },
    ]);
    const visible = async (user: { id: number; role: Role }) => {
      const scope = registryRequestScope(user, registryRequests.cemeteryId);
      const rows = await h.db
        .select({ cemeteryId: registryRequests.cemeteryId })
        .from(registryRequests)
        .where(scope ?? undefined);
      return rows.map((r) => r.cemeteryId);
    };
    const all = await h.db.select({ cemeteryId: registryRequests.cemeteryId }).from(registryRequests);
    for (const user of [who("manager", managerId), who("admin"), who("client", managerId)]) {
      const oneByOne = [];
      for (const r of all) if (await handlesRequestFor(h.db, user, r.cemeteryId)) oneByOne.push(r.cemeteryId);
      expect(new Set(await visible(user)), user.role).toEqual(new Set(oneByOne));
    }
    expect(new Set(await visible(who("manager", managerId)))).toEqual(new Set([mine, null]));
    // A manager with no cemetery handles nothing, not even the requests that named none.
    await h.db.delete(managerCemeteries);
    expect(await visible(who("manager", managerId))).toEqual([]);
    expect(await handlesRequestFor(h.db, who("manager", managerId), null)).toBe(false);
  });
});

describe("akimat and supplier scopes", () => {
  const staff = { role: "akimat" as const, akimatId: 7, akimatRole: "employee" as const };

  it("gives an akimat's staff their akimat and only its admin the right to change its staff", () => {
    expect(akimatIdOf(staff)).toBe(7);
    expect(() => akimatIdOf({ role: "admin", akimatId: null })).toThrow(expect.objectContaining({ code: "forbidden" }));
    expect(() => assertAkimatAdmin(staff)).toThrow(expect.objectContaining({ code: "not_akimat_admin" }));
    expect(assertAkimatAdmin({ ...staff, akimatRole: "admin" })).toBe(7);
    expect(() => assertAkimatAdmin({ role: "client", akimatId: null, akimatRole: null })).toThrow(
      expect.objectContaining({ code: "forbidden" }),
    );
  });

  it("gives a supplier's account its own company only", () => {
    expect(ownSupplierId({ supplierId: 3 })).toBe(3);
    expect(() => ownSupplierId({ supplierId: null })).toThrow(expect.objectContaining({ code: "supplier_not_found" }));
  });
});
