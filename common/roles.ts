/** Values of the `role` cookie and of a user's role. */
export const ROLES = ["client", "supplier", "manager", "akimat", "admin"] as const;
export type Role = (typeof ROLES)[number];

export function isRole(v: unknown): v is Role {
  return typeof v === "string" && (ROLES as readonly string[]).includes(v);
}
