import { AreaShell } from "../components/area-shell.tsx";
import { navItems } from "../lib/nav.server.ts";
import type { Route } from "./+types/manager";

/** The navigation, read once: it does not change while one moves within the area. */
export const loader = () => ({ nav: navItems("manager") });
export const shouldRevalidate = () => false;

/** The manager area's layout; its guard is in the route table and runs in the root middleware. */
export default function ManagerLayout({ loaderData }: Route.ComponentProps) {
  return <AreaShell area="manager" items={loaderData.nav} />;
}
