import type { Role } from "./roles.ts";

/** Where each role lands after login: a page of its own area. */
export const HOME_OF_ROLE: Record<Role, string> = {
  admin: "/admin/akimat",
  akimat: "/user/users",
  manager: "/manager/cemetery",
  supplier: "/supplier/services/active",
  client: "/",
};

/** The notifications page of each role, where the bell leads. */
export const NOTIFICATIONS_OF_ROLE: Record<Role, string> = {
  admin: "/admin/notifications",
  akimat: "/user/notifications",
  manager: "/manager/notifications",
  supplier: "/supplier/notifications",
  client: "/client/notifications",
};
