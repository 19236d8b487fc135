/**
 * An akimat's staff: the accounts of role `akimat` that carry the akimat's id and their role in it
 * (`users.akimat_id`, `akimat_role`). The akimat's admin invites, edits and removes them; the
 * product's admin invites an akimat's first admin together with the akimat (`createAkimat`).
 */
import { and, asc, count, eq } from "drizzle-orm";
import type { TEmployee } from "../../../common/api-types.ts";
import type { Db, Queryable } from "../../db/client.ts";
import type { Actor, TSessionUser } from "../../lib/caller.ts";
import { AppError } from "../../lib/errors.ts";
import { orderOf, pageWindow, type TListQuery, type TPage, toPage } from "../../lib/list.ts";
import { assertAkimatAdmin } from "../access/access.service.ts";
import { writeAudit } from "../audit/audit.service.ts";
import { deleteAccount } from "../auth/auth.service.ts";
import { linkTo } from "../../../common/route-table.ts";
import { tell } from "../notifications/notifications.service.ts";
import { akimatNotices } from "./akimats.notices.ts";
import { insertInvitedAccount, personOfAccount } from "../users/users.service.ts";
import { users } from "../users/users.tables.ts";

export type { TEmployee };

/** The accounts of an akimat's staff, as a condition on `users`. */
const staffOf = (akimatId: number) => and(eq(users.akimatId, akimatId), eq(users.role, "akimat"));

/** One employee of the akimat, locked for a change, or 404 `user_not_found` (another akimat's too). */
async function employeeOf(tx: Queryable, akimatId: number, id: number): Promise<typeof users.$inferSelect> {
  const [target] = await tx
    .select()
    .from(users)
    .where(and(eq(users.id, id), staffOf(akimatId)))
    .for("update");
  if (!target) throw new AppError(404, "user_not_found");
  return target;
}

const toEmployee = (u: typeof users.$inferSelect): TEmployee => ({
  ...personOfAccount(u),
  position: u.position,
  akimatRole: u.akimatRole ?? "employee",
});

/** The akimat's employees, a page at a time, by surname (or last sign-in). */
export async function listEmployeePage(
  db: Queryable,
  akimatId: number,
  q: TListQuery<"surname" | "lastLoginAt", unknown>,
): Promise<TPage<TEmployee>> {
  const where = staffOf(akimatId);
  const { limit, offset } = pageWindow(q);
  const [[counted], rows] = await Promise.all([
    db.select({ n: count() }).from(users).where(where),
    db
      .select()
      .from(users)
      .where(where)
      .orderBy(...orderOf(q.sort, { surname: users.surname, lastLoginAt: users.lastLoginAt }, users.id))
      .limit(limit)
      .offset(offset),
  ]);
  return toPage(rows.map(toEmployee), counted?.n ?? 0, q);
}

/** Every employee of the akimat (its card in the admin's area). */
export async function listEmployees(db: Queryable, akimatId: number): Promise<TEmployee[]> {
  const rows = await db.select().from(users).where(staffOf(akimatId)).orderBy(asc(users.surname), asc(users.name));
  return rows.map(toEmployee);
}

export type TInvite = {
  phone: string;
  surname: string;
  name: string;
  patronymic: string;
  position: string;
};

/**
 * Creates an invited staff account for a phone. The person logs in with a code sent to that
 * phone; there is nothing else to hand over.
 */
export async function inviteAkimatEmployee(
  tx: Queryable,
  actor: Actor,
  akimatId: number,
  input: TInvite & { akimatRole: "admin" | "employee" },
): Promise<TEmployee> {
  const u = await insertInvitedAccount(tx, {
    phone: input.phone,
    role: "akimat",
    akimatId,
    akimatRole: input.akimatRole,
    surname: input.surname,
    name: input.name,
    patronymic: input.patronymic,
    position: input.position,
  });
  await writeAudit(tx, {
    actor,
    entityType: "user",
    entityId: u.id,
    action: "invite",
    to: "invited",
    data: { akimatId, akimatRole: input.akimatRole },
  });
  const invited = input.akimatRole === "admin" ? akimatNotices.akimat_invited : akimatNotices.employee_invited;
  await tell(tx, [invited(u.id, {}, { link: linkTo("user-users", {}) })]);
  return toEmployee(u);
}

export async function inviteEmployee(
  db: Db,
  user: TSessionUser,
  input: TInvite & { akimatRole: "admin" | "employee" },
): Promise<TEmployee> {
  const akimatId = assertAkimatAdmin(user);
  return db.transaction((tx) => inviteAkimatEmployee(tx, { id: user.id, role: user.role }, akimatId, input));
}

export async function updateEmployee(
  db: Db,
  user: TSessionUser,
  id: number,
  input: Omit<TInvite, "phone"> & { akimatRole: "admin" | "employee" },
): Promise<TEmployee> {
  const akimatId = assertAkimatAdmin(user);
  return db.transaction(async (tx) => {
    const target = await employeeOf(tx, akimatId, id);
    if (target.id === user.id && input.akimatRole !== "admin") {
      // An admin cannot demote themselves and leave the akimat with no one to manage it.
      throw new AppError(409, "cannot_remove_self");
    }
    const [row] = await tx
      .update(users)
      .set({
        surname: input.surname,
        name: input.name,
        patronymic: input.patronymic,
        position: input.position,
        akimatRole: input.akimatRole,
      })
      .where(eq(users.id, id))
      .returning();
    if (target.akimatRole !== input.akimatRole) {
      await writeAudit(tx, {
        actor: { id: user.id, role: user.role },
        entityType: "user",
        entityId: id,
        action: "change_akimat_role",
        from: target.akimatRole,
        to: input.akimatRole,
      });
    }
    return toEmployee(row as typeof users.$inferSelect);
  });
}

export async function removeEmployee(db: Db, user: TSessionUser, id: number): Promise<void> {
  const akimatId = assertAkimatAdmin(user);
  if (id === user.id) throw new AppError(409, "cannot_remove_self");
  await db.transaction(async (tx) => {
    const target = await employeeOf(tx, akimatId, id);
    await deleteAccount(tx, id);
    await writeAudit(tx, {
      actor: { id: user.id, role: user.role },
      entityType: "user",
      entityId: id,
      action: "remove",
      from: target.status,
      to: null,
      data: { akimatId },
    });
  });
}
