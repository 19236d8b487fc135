import { AreaShell } from "../components/area-shell.tsx";
import { navItems } from "../lib/nav.server.ts";
import type { Route } from "./+types/user";

/** The navigation, read once: it does not change while one moves within the area. */
export const loader = () => ({ nav: navItems("user") });
export const shouldRevalidate = () => false;

/** The user area's layout; its guard is in the route table and runs in the root middleware. */
export default function UserLayout({ loaderData }: Route.ComponentProps) {
  return <AreaShell area="user" items={loaderData.nav} />;
}
