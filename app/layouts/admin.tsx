import { AreaShell } from "../components/area-shell.tsx";
import { navItems } from "../lib/nav.server.ts";
import type { Route } from "./+types/admin";

/** The navigation, read once: it does not change while one moves within the area. */
export const loader = () => ({ nav: navItems("admin") });
export const shouldRevalidate = () => false;

/** The admin area's layout; its guard is in the route table and runs in the root middleware. */
export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return <AreaShell area="admin" items={loaderData.nav} />;
}
