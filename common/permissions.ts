import type { Role } from "./roles.ts";

/**
 * Permissions as data: which roles may do what. The API checks a permission at its edge
 * (`requirePermission`, declared on each operation), the route table names the permission of
 * each guarded screen, and a workflow's moves name the permission each move needs. Scopes
 * (whose request, which cemetery) are checked by `server/modules/access/`, not here.
 *
 * One permission per kind of work, not per endpoint. Operations open to everyone or to any
 * signed-in user declare `"public"` or `"signed-in"` instead (`server/lib/api-route.ts`).
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
  // The platform's administration
  "akimats.manage": ["admin"],
  /** Create and edit cemeteries, generate plots, import plots and records from XLSX. */
  "cemeteries.manage": ["admin"],
  /** Invite managers, assign and take away their cemeteries. */
  "managers.manage": ["admin"],
  /** Review supplier companies: list them with their documents, activate, block, unblock. */
  "suppliers.review": ["admin"],
  /** Read any stored file, whoever uploaded it and whatever it belongs to. */
  "uploads.read_any": ["admin"],
  // The cemetery's staff: plots, burial records, the visitors' registry requests (a manager in
  // the cemeteries assigned to them, the admin in every one)
  "cemetery.work": ["manager", "admin"],
  // The akimat's staff (their own akimat only)
  "news.manage": ["akimat"],
  /** The akimat's staff list; inviting, editing and removing is for the akimat's admin (scope). */
  "employees.manage": ["akimat"],
  // Appeals to the akimat (APPK). Whose appeals: the applicant's own, the akimat's staff their
  // akimat's (`appealScope`); the platform's admin handles none.
  /** Write an appeal to an akimat, follow one's own, withdraw it, add documents when asked. */
  "appeals.create": ["client", "supplier"],
  /** Read one's appeals: the applicant their own, the akimat's staff their akimat's. */
  "appeals.read": ["client", "supplier", "akimat"],
  /** Handle the akimat's appeals: record oral ones, assign, ask for documents, hear, redirect, answer. */
  "appeals.handle": ["akimat"],
  /** Extend an appeal's term: the akimat's head (its admin; checked on the person by the machine). */
  "appeals.extend": ["akimat"],
  /** The city's reports (`/user/reports`): an akimat's staff for their own city, the admin for any akimat's. */
  "reports.view": ["akimat", "admin"],
  // A grave's hand-over (issue 16 §3): the responsible person passes the grave to a relative, who
  // agrees; the cemetery's staff decide (`handoverScope`).
  /** Hand a grave one is responsible for over to a relative; agree to or decline one naming one's phone. */
  "handovers.create": ["client"],
  /** Read hand-overs: the family those it sent or that name it, the cemetery's staff their cemeteries'. */
  "handovers.read": ["client", "manager", "admin"],
  /** Approve or refuse a hand-over of a grave of one's cemetery. */
  "handovers.decide": ["manager", "admin"],
  // Reburial requests (issue 14 C): the family asks the akimat; its staff decide (`reburialScope`).
  /** Apply for a reburial, follow one's requests, add documents when asked, withdraw, book the approved destination. */
  "reburials.create": ["client"],
  /** Read reburial requests: the applicant their own, the akimat's staff their akimat's. */
  "reburials.read": ["client", "akimat"],
  /** Handle the akimat's reburial requests: assign, ask for documents, hear, approve or refuse. */
  "reburials.handle": ["akimat"],
  // Orders of goods and services (issue 15 §2). Whose: the family its own, a supplier's people
  // their company's (`supplierOrderScope`), the admin every one to read (the suppliers' quality).
  /** Fill a cart for one's burial, check out, pay, cancel before acceptance, confirm receipt, dispute. */
  "orders.place": ["client"],
  /** Read orders: the family its own, a supplier its company's, the admin any. */
  "orders.read": ["client", "supplier", "admin"],
  /** Fulfil the company's orders: accept, decline, work each line, record a payment taken. */
  "orders.fulfil": ["supplier"],
  // Reviews of the marketplace (issue 15 §3): whose reviews, `reviewScope` (access module).
  /** Write and edit one's reviews of one's own done order lines; read them. */
  "reviews.write": ["client"],
  /** Read the company's published reviews, reply once, appeal one. */
  "reviews.respond": ["supplier"],
  /** Moderate reviews (approve, reject) and decide the suppliers' appeals against them. */
  "reviews.moderate": ["admin"],
  // The suppliers' quality and reports (issue 15 §4; decision 024)
  /** A supplier's report: its people their own company's, the admin any company's (`reportedSupplierOf`). */
  "supplier.reports": ["supplier", "admin"],
  /** The suppliers' quality list (30-day cancellations, 90-day rating, the flagged first) and one company's orders behind it. */
  "suppliers.quality": ["admin"],
  // A supplier company's own account
  "supplier.profile": ["supplier"],
  /** The company's people: listed by all of them; invited and removed by its owner (scope: `assertSupplierOwner`). */
  "supplier.people": ["supplier"],
  // The marketplace's catalogue (issue 15 §1)
  /** Prepare, submit, edit, hide and show the company's own items (every person of the company). */
  "catalog.manage": ["supplier"],
  /** Moderate the catalogue: approve, return for improvement, block and unblock items and their revisions. */
  "catalog.moderate": ["admin"],
  // Grave care (issue 16 §3): whose requests and permits, `graveCareScope` (the family the graves it is
  // responsible for now, the cemetery's staff their cemeteries').
  /** Order works for one's grave or a permit to install, pay, cancel before scheduling, accept or dispute the works. */
  "care.order": ["client"],
  /** Read care requests and permits: the family its graves', the cemetery's staff their cemeteries'. */
  "care.read": ["client", "manager", "admin"],
  /** The cemetery's side: the price list and season, accept, schedule, do, reject; issue or refuse permits. */
  "care.handle": ["manager", "admin"],
  // Memorial pages (issue 16 §1): whose memorial, `managesMemorial` (the grave's responsible person, a
  // verified relative, an accepted co-manager); who sees one, its visibility (memorials module).
  /** Make and manage the memorials of the graves one is responsible for (or verified for), ask to be verified. */
  "memorials.manage": ["client"],
  /** Leave a tribute, suggest a photo or a correction, report a tribute, ask to see a private memorial. */
  "memorials.visit": ["client", "supplier", "manager", "akimat", "admin"],
  // Each role's own area of the site (its notifications page, its navigation)
  "area.admin": ["admin"],
  "area.akimat": ["akimat"],
  "area.manager": ["manager"],
  "area.supplier": ["supplier"],
  "area.client": ["client"],
} as const satisfies Record<string, readonly Role[]>;

export type Permission = keyof typeof PERMISSIONS;

/** Whether a role holds a permission. */
export function can(role: Role | null | undefined, permission: Permission): boolean {
  return role != null && (PERMISSIONS[permission] as readonly Role[]).includes(role);
}

/** Every permission, in the map's order. */
export const PERMISSION_NAMES = Object.keys(PERMISSIONS) as Permission[];

export function isPermission(v: unknown): v is Permission {
  return typeof v === "string" && Object.hasOwn(PERMISSIONS, v);
}
