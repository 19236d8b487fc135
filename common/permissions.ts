import type { Role } from "./roles.ts";

/**
 * Permissions as data: which roles may do what. The API checks a permission at its edge
 * (`requirePermission`, declared on each operation), the route table names the permission of
 * each guarded screen, and a workflow's moves name the permission each move needs. Scopes
 * (whose request, which cemetery) are checked by `server/modules/access/`, not here.
 */
export const PERMISSIONS = {
  // Burial requests (bookings): the family's side
  "burial.book": ["client"],
  /** Reading burial requests: the family their own, the cemetery's staff theirs (scope in the service). */
  "burial.read": ["client", "manager", "admin"],
  "burial.cancel_own": ["client"],
  // Burial requests: the cemetery's side (their cemeteries only; the admin everywhere)
  "booking.view": ["manager", "admin"],
  "booking.record_payment": ["manager", "admin"],
  "booking.confirm": ["manager", "admin"],
  "booking.complete": ["manager", "admin"],
  "booking.cancel": ["manager", "admin"],
} as const satisfies Record<string, readonly Role[]>;

export type Permission = keyof typeof PERMISSIONS;

/** Whether a role holds a permission. */
export function can(role: Role | null | undefined, permission: Permission): boolean {
  return role != null && (PERMISSIONS[permission] as readonly Role[]).includes(role);
}
