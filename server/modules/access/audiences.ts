/**
 * Audiences: who is told of a change, by the work they hold rather than by name. A notice goes to
 * the holders of a permission within a scope — the managers of a cemetery, the admins of an
 * akimat, the people of a supplier company, the platform's admins — read from the same data that
 * grants the work (roles' permissions, `common/permissions.ts`; assignments and memberships).
 */
import { and, asc, eq, type SQL } from "drizzle-orm";
import { type Permission, PERMISSIONS } from "../../../common/permissions.ts";
import type { Role } from "../../../common/roles.ts";
import type { Queryable } from "../../db/client.ts";
import { users } from "../users/users.tables.ts";
import { managerCemeteries } from "./access.tables.ts";

/** Where the work is held: a cemetery, an akimat (its admins only, or all its staff), a company, the platform. */
export type TAudienceScope =
  | { cemeteryId: number }
  | { akimatId: number; akimatAdmins?: boolean }
  | { supplierId: number }
  | "platform";

/**
 * The users (ids, ascending) who hold `permission` within `scope`: of a cemetery, the managers
 * assigned to it; of an akimat, its staff (or its admins); of a company, its people; of the
 * platform, the admins. A role without the permission is never in the audience.
 */
export async function holders(tx: Queryable, permission: Permission, scope: TAudienceScope): Promise<number[]> {
  const roles = PERMISSIONS[permission] as readonly Role[];
  const by = (role: Role, where: SQL | undefined) =>
    roles.includes(role)
      ? tx
          .select({ id: users.id })
          .from(users)
          .where(and(eq(users.role, role), where))
          .orderBy(asc(users.id))
      : Promise.resolve([]);
  let rows: { id: number }[];
  if (scope === "platform") rows = await by("admin", undefined);
  else if ("cemeteryId" in scope) {
    rows = roles.includes("manager")
      ? await tx
          .select({ id: users.id })
          .from(managerCemeteries)
          .innerJoin(users, eq(users.id, managerCemeteries.userId))
          .where(and(eq(managerCemeteries.cemeteryId, scope.cemeteryId), eq(users.role, "manager")))
          .orderBy(asc(users.id))
      : [];
  } else if ("akimatId" in scope) {
    rows = await by(
      "akimat",
      and(eq(users.akimatId, scope.akimatId), scope.akimatAdmins ? eq(users.akimatRole, "admin") : undefined),
    );
  } else rows = await by("supplier", eq(users.supplierId, scope.supplierId));
  return rows.map((r) => r.id);
}

/**
 * Whom a step of a case's applicant concerns (a case addressed to an akimat: an appeal, a reburial
 * request): its assignee, or while nobody is assigned the akimat's admins who hold `permission`.
 */
export async function assigneeOrAdmins(
  tx: Queryable,
  permission: Permission,
  row: { akimatId: number; assigneeId: number | null },
): Promise<number[]> {
  return row.assigneeId !== null
    ? [row.assigneeId]
    : holders(tx, permission, { akimatId: row.akimatId, akimatAdmins: true });
}
