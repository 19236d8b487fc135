/**
 * Scopes: where a user's permissions reach. `common/permissions.ts` says which roles may do a kind
 * of work; this module says on which records: a manager works in the cemeteries assigned to them
 * and the admin in every one, an akimat's staff in their own akimat (changing its staff is for the
 * akimat's admin), a supplier in its own company, anyone on what they own. Services ask it before
 * they touch a record, and list queries fold its condition into their `where`, so a list never shows
 * what a single read would refuse.
 *
 * Each entity's scope is one named function here, of one shape: `(caller, columns) => SQL | null`
 * (null: every row; `false`: none), given the entity's own columns so that this module needs no
 * table of the modules above it: `burialRequestScope`, `registryRequestScope`, `newsScope`,
 * `supplierReviewScope`, `supplierOrderScope`, and `appealScope` / `reburialScope` for records addressed to an akimat by a person
 * (appeals). A workflow's machine names its scope as `scope: (caller) => xScope(caller, table…)`.
 *
 * This is the one place that turns a role into a scope; services do not compare roles themselves.
 */
import { and, asc, eq, isNull, or, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { can } from "../../../common/permissions.ts";
import type { Queryable } from "../../db/client.ts";
import { AppError, fieldError } from "../../lib/errors.ts";
import { managerCemeteries } from "./access.tables.ts";
import { cemeteries } from "../cemeteries/cemeteries.tables.ts";
import { users } from "../users/users.tables.ts";
import type { TSessionUser } from "../../lib/caller.ts";

type Who = Pick<TSessionUser, "id" | "role">;

/** Whether a user works in every cemetery without assignments: the admin. */
function worksEverywhere(user: Who): boolean {
  return user.role === "admin";
}

// ——— Cemeteries ———

/** The cemeteries assigned to a user, by id (none for anyone who is not a manager). */
export async function managerCemeteryIds(db: Queryable, userId: number): Promise<number[]> {
  const rows = await db
    .select({ id: managerCemeteries.cemeteryId })
    .from(managerCemeteries)
    .where(eq(managerCemeteries.userId, userId))
    .orderBy(asc(managerCemeteries.cemeteryId));
  return rows.map((r) => r.id);
}

/** The managers who work in a cemetery (whom a family's request to it concerns), by user id. */
export async function managersOf(db: Queryable, cemeteryId: number): Promise<number[]> {
  const rows = await db
    .select({ id: managerCemeteries.userId })
    .from(managerCemeteries)
    .innerJoin(users, eq(users.id, managerCemeteries.userId))
    .where(and(eq(managerCemeteries.cemeteryId, cemeteryId), eq(users.role, "manager")))
    .orderBy(asc(managerCemeteries.userId));
  return rows.map((r) => r.id);
}

/** The cemeteries a user works in: `"all"` for the admin, the assigned ones for a manager, none otherwise. */
export async function staffCemeteryIds(db: Queryable, user: Who): Promise<number[] | "all"> {
  if (worksEverywhere(user)) return "all";
  if (user.role !== "manager") return [];
  return managerCemeteryIds(db, user.id);
}

/** The ids of a manager's cemeteries, as a subquery (no round trip before the list's own query). */
const assignedTo = (userId: number) =>
  sql`(select ${managerCemeteries.cemeteryId} from ${managerCemeteries} where ${managerCemeteries.userId} = ${userId})`;

/**
 * The condition that keeps a list to the cemeteries a user works in, on the list's cemetery column:
 * null for the admin (every cemetery), the assigned ones for a manager, nothing for other roles.
 */
export function cemeteryScope(user: Who, cemeteryColumn: AnyPgColumn): SQL | null {
  if (worksEverywhere(user)) return null;
  if (user.role !== "manager") return sql`false`;
  return sql`${cemeteryColumn} in ${assignedTo(user.id)}`;
}

/** Whether a user works in a cemetery: the admin in every one, a manager in those assigned to them. */
export async function worksInCemetery(db: Queryable, user: Who, cemeteryId: number): Promise<boolean> {
  const ids = await staffCemeteryIds(db, user);
  return ids === "all" || ids.includes(cemeteryId);
}

/**
 * Lets the admin into every cemetery and a manager into the cemeteries assigned to them:
 * 403 `cemetery_not_assigned` for a manager's other cemeteries, 403 `forbidden` for other roles.
 */
export async function assertManagesCemetery(db: Queryable, user: Who, cemeteryId: number): Promise<void> {
  if (worksEverywhere(user)) return;
  if (user.role !== "manager") throw new AppError(403, "forbidden");
  const [row] = await db
    .select({ id: managerCemeteries.cemeteryId })
    .from(managerCemeteries)
    .where(and(eq(managerCemeteries.userId, user.id), eq(managerCemeteries.cemeteryId, cemeteryId)));
  if (!row) throw new AppError(403, "cemetery_not_assigned");
}

/**
 * Whether a staff member handles a visitor's request: the admin always; a manager when it names one
 * of their cemeteries, or names none and they have any (such requests go to every cemetery's staff).
 */
export async function handlesRequestFor(db: Queryable, user: Who, cemeteryId: number | null): Promise<boolean> {
  const ids = await staffCemeteryIds(db, user);
  if (ids === "all") return true;
  return cemeteryId === null ? ids.length > 0 : ids.includes(cemeteryId);
}

/**
 * `handlesRequestFor` as a list's condition, on the request's cemetery column: null for the admin;
 * for a manager the requests of their cemeteries and, when they have any, those that named none.
 */
export function registryRequestScope(user: Who, cemeteryColumn: AnyPgColumn): SQL | null {
  const own = cemeteryScope(user, cemeteryColumn);
  if (own === null || user.role !== "manager") return own;
  return or(own, and(isNull(cemeteryColumn), sql`exists ${assignedTo(user.id)}`)) as SQL;
}

// ——— Burial requests ———

/**
 * The burial requests a user reaches, on the request's columns: a family (a client) their own
 * (`applicant`), the cemeteries' staff those of the cemeteries they work in (the admin all), anyone
 * else none.
 */
export function burialRequestScope(user: Who, columns: { applicant: AnyPgColumn; cemetery: AnyPgColumn }): SQL | null {
  if (user.role === "client") return eq(columns.applicant, user.id);
  return cemeteryScope(user, columns.cemetery);
}

// ——— A grave's hand-over ———

/**
 * The hand-overs of graves a user reaches, on the hand-over's columns: a family (a client) those it
 * sends (`from`) and those naming its phone as the relative's (`toPhone`: a relative who signed up
 * with that phone after it was sent sees it too); the cemeteries' staff those of the cemeteries
 * they work in (the admin all); anyone else none.
 */
export function handoverScope(
  user: Pick<TSessionUser, "id" | "role" | "phone">,
  columns: { from: AnyPgColumn; toPhone: AnyPgColumn; cemetery: AnyPgColumn },
): SQL | null {
  if (user.role === "client") return or(eq(columns.from, user.id), eq(columns.toPhone, user.phone)) as SQL;
  return cemeteryScope(user, columns.cemetery);
}

// ——— The akimat ———

/** The akimat a staff member works for, or 403 (not an akimat's staff). */
export function akimatIdOf(user: Pick<TSessionUser, "role" | "akimatId">): number {
  if (user.role !== "akimat" || !user.akimatId) throw new AppError(403, "forbidden");
  return user.akimatId;
}

/** Whether a user is staff of this akimat. */
export function worksForAkimat(user: Pick<TSessionUser, "role" | "akimatId">, akimatId: number): boolean {
  return user.role === "akimat" && user.akimatId === akimatId;
}

/** An akimat's news: its staff reach their own akimat's items; anyone else is refused (403). */
export function newsScope(user: Pick<TSessionUser, "role" | "akimatId">, akimatColumn: AnyPgColumn): SQL {
  return eq(akimatColumn, akimatIdOf(user));
}

/**
 * Whether an account is on an akimat's staff (with `admin`: is its admin — the head who extends an
 * appeal's term), read from the database: for someone other than the caller, e.g. an assignee.
 */
export async function isAkimatStaff(
  db: Queryable,
  userId: number | null,
  akimatId: number,
  opts: { admin?: boolean } = {},
): Promise<boolean> {
  if (userId === null) return false;
  const [u] = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.id, userId),
        eq(users.role, "akimat"),
        eq(users.akimatId, akimatId),
        opts.admin ? eq(users.akimatRole, "admin") : undefined,
      ),
    );
  return u !== undefined;
}

/** A case's assignee must be on the staff of the case's akimat: else 422 on `assigneeId`. */
export async function checkAkimatAssignee(db: Queryable, assigneeId: number, akimatId: number): Promise<void> {
  if (!(await isAkimatStaff(db, assigneeId, akimatId))) throw fieldError("assigneeId", "validation.appeal_assignee");
}

/** Whether a user is the admin of their akimat (who invites, edits and removes its staff). */
export function isAkimatAdmin(user: Pick<TSessionUser, "role" | "akimatId" | "akimatRole">): boolean {
  return user.role === "akimat" && Boolean(user.akimatId) && user.akimatRole === "admin";
}

/** The akimat whose staff the caller may change: 403 `forbidden` for others, `not_akimat_admin` for its employees. */
export function assertAkimatAdmin(user: Pick<TSessionUser, "role" | "akimatId" | "akimatRole">): number {
  const akimatId = akimatIdOf(user);
  if (!isAkimatAdmin(user)) throw new AppError(403, "not_akimat_admin");
  return akimatId;
}

// ——— Supplier companies ———

/**
 * The companies reached through the review machine: every one for those who review suppliers,
 * none for anyone else (a supplier reads its own company through `/suppliers/me`).
 */
export function supplierReviewScope(user: Pick<TSessionUser, "role">): SQL | null {
  return can(user.role, "suppliers.review") ? null : sql`false`;
}

/** Whether a user reads a company's documents: those who review suppliers, and the company's own people. */
export function readsSupplier(user: Pick<TSessionUser, "role" | "supplierId">, supplierId: number): boolean {
  return can(user.role, "suppliers.review") || user.supplierId === supplierId;
}

/**
 * The supplier company whose report and quality a caller reads: a supplier's people their own
 * company (naming another is a 404, as if it did not exist), the admin the one they name (naming
 * none is a 422: the admin has no company of their own).
 */
export function reportedSupplierOf(user: Pick<TSessionUser, "id" | "role" | "supplierId">, requested?: number): number {
  if (worksEverywhere(user)) {
    if (requested === undefined) {
      throw new AppError(422, "validation_failed", {}, [{ path: "supplierId", key: "validation.required" }]);
    }
    return requested;
  }
  if (!user.supplierId || (requested !== undefined && requested !== user.supplierId)) {
    throw new AppError(404, "supplier_not_found");
  }
  return user.supplierId;
}

/**
 * The akimat whose city a caller sees in city-wide figures (the reports): an akimat's staff their
 * own akimat (naming another is 403), the admin the one they name (undefined when they name none).
 */
export function akimatCityOf(
  user: Pick<TSessionUser, "id" | "role" | "akimatId">,
  requested?: number,
): number | undefined {
  if (worksEverywhere(user)) return requested;
  const own = akimatIdOf(user);
  if (requested !== undefined && requested !== own) throw new AppError(403, "forbidden");
  return own;
}

/** The condition that keeps rows to the cemeteries of one akimat's city, on the rows' cemetery column. */
export function akimatCemeteryScope(akimatId: number, cemeteryColumn: AnyPgColumn | SQL): SQL {
  return sql`${cemeteryColumn} in (select ${cemeteries.id} from ${cemeteries} where ${cemeteries.akimatId} = ${akimatId})`;
}

/**
 * The catalogue's items a user reaches (issue 15 §1), on the item's company column: the moderators
 * every one, a supplier's people their own company's (whatever its status: one company never sees
 * another's items under moderation), nobody else any (visitors read active items through the
 * public list, which is not a scope).
 */
export function catalogScope(user: Pick<TSessionUser, "role" | "supplierId">, supplierColumn: AnyPgColumn): SQL | null {
  if (can(user.role, "catalog.moderate")) return null;
  if (can(user.role, "catalog.manage") && user.supplierId) return eq(supplierColumn, user.supplierId);
  return sql`false`;
}

/** Whether a supplier's person is its owner (who manages the company's people). */
export function isSupplierOwner(user: Pick<TSessionUser, "role" | "supplierId" | "supplierRole">): boolean {
  return user.role === "supplier" && Boolean(user.supplierId) && user.supplierRole !== "employee";
}

/** The company whose people the caller may change: 404 without one, 403 `not_supplier_owner` for its employees. */
export function assertSupplierOwner(user: Pick<TSessionUser, "role" | "supplierId" | "supplierRole">): number {
  const supplierId = ownSupplierId(user);
  if (!isSupplierOwner(user)) throw new AppError(403, "not_supplier_owner");
  return supplierId;
}

// ——— Owners ———

/** The supplier company a user speaks for, or 404 `supplier_not_found`. */
export function ownSupplierId(user: Pick<TSessionUser, "supplierId">): number {
  if (!user.supplierId) throw new AppError(404, "supplier_not_found");
  return user.supplierId;
}

// ——— Orders of goods and services ———

/**
 * The suppliers' orders a user reaches, on the order's supplier and family columns: a supplier's
 * people their company's (never another's), the admin every one (to read: the suppliers' quality),
 * anyone else their own (the family).
 */
export function supplierOrderScope(
  user: Pick<TSessionUser, "id" | "role" | "supplierId">,
  columns: { supplierId: AnyPgColumn; clientId: AnyPgColumn },
): SQL | null {
  if (worksEverywhere(user)) return null;
  if (user.role === "supplier") return user.supplierId ? eq(columns.supplierId, user.supplierId) : sql`false`;
  return eq(columns.clientId, user.id);
}

// ——— Appeals to the akimat ———

/**
 * The appeals a user reaches, as a list's condition on the appeal's akimat and applicant columns:
 * an akimat's staff their akimat's (whoever filed them), anyone else their own (the applicant);
 * nobody else's — not even the platform's admin, who handles no appeal (they carry the citizens'
 * personal data and correspondence with the state body).
 */
export function appealScope(
  user: Pick<TSessionUser, "id" | "role" | "akimatId">,
  columns: { akimatId: AnyPgColumn; applicantId: AnyPgColumn },
): SQL {
  if (user.role === "akimat") return user.akimatId ? eq(columns.akimatId, user.akimatId) : sql`false`;
  return eq(columns.applicantId, user.id);
}

/** Whether a user is staff of the akimat an appeal is addressed to (`appealScope`'s staff side). */
export function handlesAppealsOf(user: Pick<TSessionUser, "role" | "akimatId">, akimatId: number): boolean {
  return worksForAkimat(user, akimatId);
}

// ——— Reburial requests ———

/**
 * The reburial requests a user reaches: an akimat's staff those addressed to their akimat, anyone
 * else their own (the applicant) — as appeals, and for the same reason not the platform's admin
 * (a family's documents and correspondence with the state body).
 */
export function reburialScope(
  user: Pick<TSessionUser, "id" | "role" | "akimatId">,
  columns: { akimatId: AnyPgColumn; applicantId: AnyPgColumn },
): SQL {
  return appealScope(user, columns);
}

/** Whether a user is staff of the akimat a reburial request is addressed to. */
export function handlesReburialsOf(user: Pick<TSessionUser, "role" | "akimatId">, akimatId: number): boolean {
  return worksForAkimat(user, akimatId);
}

// ——— Reviews of the marketplace ———

/**
 * The reviews a user reaches through the review machine: the moderators every one; a supplier
 * company's people the published reviews of their own company (never another's, never one still
 * in moderation or refused: those are between the family and the platform); a family its own.
 */
export function reviewScope(
  user: Pick<TSessionUser, "id" | "role" | "supplierId">,
  columns: { authorId: AnyPgColumn; supplierId: AnyPgColumn; status: AnyPgColumn },
): SQL | null {
  if (can(user.role, "reviews.moderate")) return null;
  if (can(user.role, "reviews.respond")) {
    return user.supplierId
      ? sql`${eq(columns.supplierId, user.supplierId)} and ${eq(columns.status, "approved")}`
      : sql`false`;
  }
  if (can(user.role, "reviews.write")) return eq(columns.authorId, user.id);
  return sql`false`;
}

/** The appeals against reviews a user reaches: the moderators every one, a supplier company's people their own. */
export function reviewAppealScope(
  user: Pick<TSessionUser, "role" | "supplierId">,
  columns: { supplierId: AnyPgColumn },
): SQL | null {
  if (can(user.role, "reviews.moderate")) return null;
  if (can(user.role, "reviews.respond") && user.supplierId) return eq(columns.supplierId, user.supplierId);
  return sql`false`;
}

// ——— Grave care ———

/**
 * The care requests and permits of graves a user reaches, on the record's cemetery and on its
 * grave's responsible person as it is now (a subquery of the burial record, so a hand-over moves
 * the access with the grave): the cemetery's staff those of their cemeteries (the admin all), a
 * family the graves it is responsible for, anyone else none.
 */
export function graveCareScope(
  user: Who,
  columns: { cemeteryId: AnyPgColumn; responsibleUserId: SQL | AnyPgColumn },
): SQL | null {
  if (user.role === "client") return sql`${columns.responsibleUserId} = ${user.id}`;
  return cemeteryScope(user, columns.cemeteryId);
}
