/**
 * A supplier company's people (issue 15 §1): the accounts of role `supplier` that carry the
 * company's id and their role in it (`users.supplier_id`, `supplier_role`). Every one of them works
 * the catalogue; the owner (who registered the company) invites people by phone and removes them,
 * as an akimat's admin does its staff (`akimats/akimat-staff.service.ts`).
 */
import { and, asc, eq, sql } from "drizzle-orm";
import type { TSupplierPerson } from "../../../common/catalog-schemas.ts";
import { linkTo } from "../../../common/route-table.ts";
import type { Db, Queryable } from "../../db/client.ts";
import type { TSessionUser } from "../../lib/caller.ts";
import { AppError } from "../../lib/errors.ts";
import { assertSupplierOwner, ownSupplierId } from "../access/access.service.ts";
import { writeAudit } from "../audit/audit.service.ts";
import { deleteAccount } from "../auth/auth.service.ts";
import { tell } from "../notifications/notifications.service.ts";
import { suppliers } from "../users/organisations.tables.ts";
import { insertInvitedAccount, personOfAccount } from "../users/users.service.ts";
import { users } from "../users/users.tables.ts";
import { supplierNotices } from "./suppliers.notices.ts";

const peopleOf = (supplierId: number) => and(eq(users.supplierId, supplierId), eq(users.role, "supplier"));

const toPerson = (u: typeof users.$inferSelect): TSupplierPerson => ({
  ...personOfAccount(u),
  supplierRole: u.supplierRole ?? "owner",
});

/** The company's people, owners first (`owner` sorts after `employee`, and a role not set is an owner's: nulls first), by surname. */
export async function listSupplierPeople(db: Queryable, user: TSessionUser): Promise<TSupplierPerson[]> {
  const rows = await db
    .select()
    .from(users)
    .where(peopleOf(ownSupplierId(user)))
    .orderBy(sql`${users.supplierRole} desc nulls first`, asc(users.surname), asc(users.id));
  return rows.map(toPerson);
}

/**
 * The owner invites a person by phone: an invited account of the company, an employee, who signs
 * in with a code sent to that phone. A phone with an account already is refused (the field's 409).
 */
export async function inviteSupplierPerson(
  db: Db,
  user: TSessionUser,
  input: { phone: string; surname: string; name: string; patronymic: string },
): Promise<TSupplierPerson> {
  const supplierId = assertSupplierOwner(user);
  return db.transaction(async (tx) => {
    const u = await insertInvitedAccount(tx, { ...input, role: "supplier", supplierId, supplierRole: "employee" });
    await writeAudit(tx, {
      actor: { id: user.id, role: user.role },
      entityType: "user",
      entityId: u.id,
      action: "invite",
      to: "invited",
      data: { supplierId, supplierRole: "employee" },
    });
    const [s] = await tx.select({ name: suppliers.companyName }).from(suppliers).where(eq(suppliers.id, supplierId));
    await tell(tx, [
      supplierNotices.supplier_person_invited(
        u.id,
        { company: s?.name ?? "" },
        { link: linkTo("supplier-services-active", {}) },
      ),
    ]);
    return toPerson(u);
  });
}

/** The owner removes an employee of the company (their sessions end); never themselves or another owner. */
export async function removeSupplierPerson(db: Db, user: TSessionUser, id: number): Promise<void> {
  const supplierId = assertSupplierOwner(user);
  if (id === user.id) throw new AppError(409, "cannot_remove_self");
  await db.transaction(async (tx) => {
    const [target] = await tx
      .select()
      .from(users)
      .where(and(eq(users.id, id), peopleOf(supplierId)))
      .for("update");
    if (!target) throw new AppError(404, "user_not_found");
    if (target.supplierRole !== "employee") throw new AppError(409, "cannot_remove_self");
    await deleteAccount(tx, id);
    await writeAudit(tx, {
      actor: { id: user.id, role: user.role },
      entityType: "user",
      entityId: id,
      action: "remove",
      from: target.status,
      to: null,
      data: { supplierId },
    });
  });
}
