import { asc, eq, type SQL, sql } from "drizzle-orm";
import { integer, pgTable } from "drizzle-orm/pg-core";
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
  appealScope,
  akimatIdOf,
  assertAkimatAdmin,
  burialRequestScope,
  cemeteryScope,
  handlesRequestFor,
  newsScope,
  ownSupplierId,
  readsSupplier,
  catalogScope,
  assertSupplierOwner,
  registryRequestScope,
  staffCemeteryIds,
  supplierReviewScope,
  worksInCemetery,
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

/**
 * Records of every entity's shape, in a table of this test's own (the per-file database is this
 * file's): an akimat, an applicant (user ids 10, 11: clients; 12: a supplier's person) and a cemetery.
 */
const probe = pgTable("access_scope_probe", {
  id: integer().primaryKey(),
  akimatId: integer().notNull(),
  applicantId: integer().notNull(),
  cemeteryId: integer().notNull(),
});
const A = 1;
const B = 2;

describe("each entity's scope", () => {
  beforeEach(async () => {
    await h.db.execute(
      sql`create table if not exists access_scope_probe (id integer primary key, akimat_id integer not null, applicant_id integer not null, cemetery_id integer not null)`,
    );
    await h.db.delete(probe);
    await h.db.insert(probe).values([
      { id: 1, akimatId: A, applicantId: 10, cemeteryId: mine },
      { id: 2, akimatId: B, applicantId: 11, cemeteryId: other },
      { id: 3, akimatId: A, applicantId: 12, cemeteryId: other },
    ]);
  });

  type TWho = { id: number; role: Role; akimatId: number | null; supplierId: number | null };
  const person = (role: Role, id: number, more: Partial<TWho> = {}): TWho => ({
    id,
    role,
    akimatId: null,
    supplierId: null,
    ...more,
  });
  const rowsOf = async (scope: SQL | null) => {
    const rows = await h.db
      .select({ id: probe.id })
      .from(probe)
      .where(scope ?? undefined)
      .orderBy(asc(probe.id));
    return rows.map((r) => r.id);
  };

  it("burial requests: the family its own, a manager their cemeteries', the admin all, others none", async () => {
    const scope = (u: TWho) => burialRequestScope(u, { applicant: probe.applicantId, cemetery: probe.cemeteryId });
    expect(scope(person("admin", 1))).toBeNull();
    expect(await rowsOf(scope(person("admin", 1)))).toEqual([1, 2, 3]);
    expect(await rowsOf(scope(person("manager", managerId)))).toEqual([1]);
    expect(await rowsOf(scope(person("client", 10)))).toEqual([1]);
    expect(await rowsOf(scope(person("client", 11)))).toEqual([2]);
    expect(await rowsOf(scope(person("client", 99)))).toEqual([]);
    expect(await rowsOf(scope(person("supplier", 12, { supplierId: 3 })))).toEqual([]);
    expect(await rowsOf(scope(person("akimat", 20, { akimatId: A })))).toEqual([]);
  });

  it("records addressed to an akimat: its staff theirs, the applicant their own; the admin and a manager none", async () => {
    const scope = (u: TWho) => appealScope(u, { akimatId: probe.akimatId, applicantId: probe.applicantId });
    expect(await rowsOf(scope(person("admin", 1)))).toEqual([]);
    expect(await rowsOf(scope(person("akimat", 20, { akimatId: A })))).toEqual([1, 3]);
    expect(await rowsOf(scope(person("akimat", 21, { akimatId: B })))).toEqual([2]);
    expect(await rowsOf(scope(person("akimat", 22)))).toEqual([]);
    expect(await rowsOf(scope(person("manager", managerId)))).toEqual([]);
    expect(await rowsOf(scope(person("client", 10)))).toEqual([1]);
    expect(await rowsOf(scope(person("client", 11)))).toEqual([2]);
    expect(await rowsOf(scope(person("client", 99)))).toEqual([]);
    expect(await rowsOf(scope(person("supplier", 12, { supplierId: 3 })))).toEqual([3]);
    expect(await rowsOf(scope(person("supplier", 13, { supplierId: 4 })))).toEqual([]);
  });

  it("news: an akimat's staff their own akimat's items; anyone else is refused", async () => {
    expect(await rowsOf(newsScope(person("akimat", 20, { akimatId: A }), probe.akimatId))).toEqual([1, 3]);
    expect(await rowsOf(newsScope(person("akimat", 21, { akimatId: B }), probe.akimatId))).toEqual([2]);
    for (const role of ["admin", "manager", "supplier", "client"] as const)
      expect(() => newsScope(person(role, 1), probe.akimatId), role).toThrow(
        expect.objectContaining({ code: "forbidden" }),
      );
  });

  it("suppliers: the reviewers reach every company through the machine; a company reads only its own documents", async () => {
    expect(supplierReviewScope(person("admin", 1))).toBeNull();
    for (const role of ["akimat", "manager", "supplier", "client"] as const)
      expect(await rowsOf(supplierReviewScope(person(role, 1, { supplierId: 1 }))), role).toEqual([]);
    expect(readsSupplier(person("admin", 1), 3)).toBe(true);
    expect(readsSupplier(person("supplier", 12, { supplierId: 3 }), 3)).toBe(true);
    expect(readsSupplier(person("supplier", 12, { supplierId: 3 }), 4)).toBe(false);
    for (const role of ["akimat", "manager", "client"] as const)
      expect(readsSupplier(person(role, 1), 3), role).toBe(false);
  });

  it("the catalogue: a company's people its own items (whatever their status), the moderators all, nobody else any", async () => {
    // The probe's akimat column stands for the item's company here: rows 1 and 3 of company 1, row 2 of company 2.
    const scope = (u: TWho) => catalogScope(u, probe.akimatId);
    expect(scope(person("admin", 1))).toBeNull();
    expect(await rowsOf(scope(person("supplier", 12, { supplierId: 1 })))).toEqual([1, 3]);
    expect(await rowsOf(scope(person("supplier", 13, { supplierId: 2 })))).toEqual([2]);
    expect(await rowsOf(scope(person("supplier", 14)))).toEqual([]);
    for (const role of ["akimat", "manager", "client"] as const)
      expect(await rowsOf(scope(person(role, 1, { supplierId: 1 }))), role).toEqual([]);
    // Only the company's owner changes its people.
    const owner = { role: "supplier" as const, supplierId: 1, supplierRole: "owner" as const };
    expect(assertSupplierOwner(owner)).toBe(1);
    expect(() => assertSupplierOwner({ ...owner, supplierRole: "employee" })).toThrow(
      expect.objectContaining({ code: "not_supplier_owner" }),
    );
    expect(() => assertSupplierOwner({ role: "client", supplierId: null, supplierRole: null })).toThrow(
      expect.objectContaining({ code: "supplier_not_found" }),
    );
  });

  it("a cemetery: the admin works in every one, a manager in their own, nobody else in any", async () => {
    expect(await worksInCemetery(h.db, person("admin", 1), other)).toBe(true);
    expect(await worksInCemetery(h.db, person("manager", managerId), mine)).toBe(true);
    expect(await worksInCemetery(h.db, person("manager", managerId), other)).toBe(false);
    for (const role of ["akimat", "supplier", "client"] as const)
      expect(await worksInCemetery(h.db, person(role, managerId), mine), role).toBe(false);
  });
});
