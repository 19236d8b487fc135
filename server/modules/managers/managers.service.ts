/**
 * Cemetery managers: the admin invites them by phone and assigns them the cemeteries they work
 * in. What a manager may reach is decided by the access module (`server/modules/access/`) from
 * these assignments. Every change runs in a transaction with its audit row and a notification to
 * the manager.
 */
import { and, asc, eq, inArray } from "drizzle-orm";
import type { TCemeteryRef, TManager, TManagerList } from "../../../common/api-types.ts";
import type { Locale } from "../../../common/locale.ts";
import type { Db, Queryable } from "../../db/client.ts";
import { AppError } from "../../lib/errors.ts";
import { writeAudit } from "../audit/audit.service.ts";
import { managerCemeteryIds } from "../access/access.service.ts";
import { deleteAccount } from "../auth/auth.service.ts";
import { tell } from "../notifications/notifications.service.ts";
import { linkTo } from "../../../common/route-table.ts";
import { managerNotices } from "./managers.notices.ts";
import { managerCemeteries } from "../access/access.tables.ts";
import { cemeteries } from "../cemeteries/cemeteries.tables.ts";
import { users } from "../users/users.tables.ts";
import type { Actor } from "../../lib/caller.ts";

const nameColumn = (locale: Locale) => (locale === "kk" ? cemeteries.nameKk : cemeteries.nameRu);

/** Every cemetery, by name in the locale: what the admin may assign. */
async function allCemeteries(db: Queryable, locale: Locale): Promise<TCemeteryRef[]> {
  return db
    .select({ id: cemeteries.id, name: nameColumn(locale) })
    .from(cemeteries)
    .orderBy(asc(nameColumn(locale)), asc(cemeteries.id));
}

async function managersWhere(db: Queryable, locale: Locale, id?: number): Promise<TManager[]> {
  const rows = await db
    .select()
    .from(users)
    .where(id === undefined ? eq(users.role, "manager") : and(eq(users.role, "manager"), eq(users.id, id)))
    .orderBy(asc(users.surname), asc(users.name), asc(users.id));
  if (rows.length === 0) return [];
  const assigned = await db
    .select({ userId: managerCemeteries.userId, id: cemeteries.id, name: nameColumn(locale) })
    .from(managerCemeteries)
    .innerJoin(cemeteries, eq(cemeteries.id, managerCemeteries.cemeteryId))
    .where(
      inArray(
        managerCemeteries.userId,
        rows.map((u) => u.id),
      ),
    )
    .orderBy(asc(nameColumn(locale)), asc(cemeteries.id));
  return rows.map((u) => ({
    id: u.id,
    phone: u.phone,
    surname: u.surname,
    name: u.name,
    patronymic: u.patronymic,
    status: u.status,
    lastLoginAt: u.lastLoginAt?.toISOString() ?? null,
    cemeteries: assigned.filter((a) => a.userId === u.id).map((a) => ({ id: a.id, name: a.name })),
  }));
}

/** The managers with their cemeteries, and every cemetery there is to assign. */
export async function listManagers(db: Db, locale: Locale): Promise<TManagerList> {
  return { items: await managersWhere(db, locale), cemeteries: await allCemeteries(db, locale) };
}

export async function getManager(db: Queryable, id: number, locale: Locale): Promise<TManager> {
  const [m] = await managersWhere(db, locale, id);
  if (!m) throw new AppError(404, "manager_not_found");
  return m;
}

/**
 * Assigns a cemetery to a manager in the caller's transaction. Assigning it again changes
 * nothing (no audit row, no second notification): returns whether it was new.
 */
async function assignIn(tx: Queryable, actor: Actor, managerId: number, cemeteryId: number): Promise<boolean> {
  const [c] = await tx
    .select({ id: cemeteries.id, nameRu: cemeteries.nameRu, nameKk: cemeteries.nameKk })
    .from(cemeteries)
    .where(eq(cemeteries.id, cemeteryId));
  if (!c) throw new AppError(404, "cemetery_not_found");
  const inserted = await tx
    .insert(managerCemeteries)
    .values({ userId: managerId, cemeteryId })
    .onConflictDoNothing()
    .returning({ id: managerCemeteries.cemeteryId });
  if (inserted.length === 0) return false;
  await writeAudit(tx, {
    actor,
    entityType: "user",
    entityId: managerId,
    action: "assign_cemetery",
    data: { cemeteryId },
  });
  await tell(tx, [
    // The name in both languages: the manager reads it in theirs.
    managerNotices.cemetery_assigned(
      managerId,
      { cemetery: { ru: c.nameRu, kk: c.nameKk } },
      { link: linkTo("manager-cemetery-item", { id: cemeteryId }) },
    ),
  ]);
  return true;
}

/** The manager's row, locked for the change, or 404 (also for a user of another role). */
async function lockManager(tx: Queryable, id: number) {
  const [m] = await tx
    .select()
    .from(users)
    .where(and(eq(users.id, id), eq(users.role, "manager")))
    .for("update");
  if (!m) throw new AppError(404, "manager_not_found");
  return m;
}

/**
 * Invites a manager by phone with the cemeteries they start in. A phone that already belongs to
 * a manager is not invited twice: the cemeteries are added to that manager (`created: false`).
 * A phone of any other account is refused with 409, next to the phone field.
 */
export async function inviteManager(
  db: Db,
  actor: Actor,
  locale: Locale,
  input: { phone: string; surname: string; name: string; patronymic: string; cemeteryIds: number[] },
): Promise<{ manager: TManager; created: boolean }> {
  return db.transaction(async (tx) => {
    const phoneTaken = new AppError(409, "phone_taken", {}, [{ path: "phone", key: "errors.phone_taken" }]);
    const [existing] = await tx.select().from(users).where(eq(users.phone, input.phone)).for("update");
    // The *target* account's role, not the caller's: a phone already a manager's is reused (its
    // cemeteries added), a phone of any other kind of account is refused. Data, not access.
    if (existing && existing.role !== "manager") throw phoneTaken;
    let id = existing?.id;
    if (!id) {
      const [row] = await tx
        .insert(users)
        .values({
          phone: input.phone,
          role: "manager",
          status: "invited",
          surname: input.surname,
          name: input.name,
          patronymic: input.patronymic,
        })
        // Someone may have registered the phone since the check above.
        .onConflictDoNothing()
        .returning({ id: users.id });
      if (!row) throw phoneTaken;
      id = row.id;
      await writeAudit(tx, {
        actor,
        entityType: "user",
        entityId: id,
        action: "invite",
        to: "invited",
        data: { role: "manager" },
      });
      await tell(tx, [
        managerNotices.manager_invited(id, { name: input.name }, { link: linkTo("manager-cemetery", {}) }),
      ]);
    }
    for (const cemeteryId of input.cemeteryIds) await assignIn(tx, actor, id, cemeteryId);
    return { manager: await getManager(tx, id, locale), created: !existing };
  });
}

/** Assigns a cemetery to a manager; idempotent. */
export async function assignCemetery(
  db: Db,
  actor: Actor,
  locale: Locale,
  managerId: number,
  cemeteryId: number,
): Promise<TManager> {
  return db.transaction(async (tx) => {
    await lockManager(tx, managerId);
    await assignIn(tx, actor, managerId, cemeteryId);
    return getManager(tx, managerId, locale);
  });
}

/** Takes a cemetery away from a manager; idempotent (an unassigned cemetery stays unassigned). */
export async function unassignCemetery(
  db: Db,
  actor: Actor,
  locale: Locale,
  managerId: number,
  cemeteryId: number,
): Promise<TManager> {
  return db.transaction(async (tx) => {
    await lockManager(tx, managerId);
    const [c] = await tx
      .select({ id: cemeteries.id, nameRu: cemeteries.nameRu, nameKk: cemeteries.nameKk })
      .from(cemeteries)
      .where(eq(cemeteries.id, cemeteryId));
    if (!c) throw new AppError(404, "cemetery_not_found");
    const removed = await tx
      .delete(managerCemeteries)
      .where(and(eq(managerCemeteries.userId, managerId), eq(managerCemeteries.cemeteryId, cemeteryId)))
      .returning({ id: managerCemeteries.cemeteryId });
    if (removed.length > 0) {
      await writeAudit(tx, {
        actor,
        entityType: "user",
        entityId: managerId,
        action: "unassign_cemetery",
        data: { cemeteryId },
      });
      await tell(tx, [
        managerNotices.cemetery_unassigned(
          managerId,
          { cemetery: { ru: c.nameRu, kk: c.nameKk } },
          { link: linkTo("manager-cemetery", {}) },
        ),
      ]);
    }
    return getManager(tx, managerId, locale);
  });
}

/**
 * Ends a manager's access the way akimat staff are removed: the account and its sessions go,
 * with its assignments; the audit log keeps the trail.
 */
export async function removeManager(db: Db, actor: Actor, managerId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const m = await lockManager(tx, managerId);
    const cemeteryIds = await managerCemeteryIds(tx, managerId);
    await deleteAccount(tx, managerId);
    await writeAudit(tx, {
      actor,
      entityType: "user",
      entityId: managerId,
      action: "remove",
      from: m.status,
      to: null,
      data: { role: "manager", cemeteryIds },
    });
  });
}
