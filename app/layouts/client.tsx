import { AreaShell } from "../components/area-shell.tsx";
import { navItems } from "../lib/nav.server.ts";
import type { Route } from "./+types/client";

/** The navigation, read once: it does not change while one moves within the area. */
export const loader = () => ({ nav: navItems("client") });
export const shouldRevalidate = () => false;

/** The client area's layout; its guard is in the route table and runs in the root middleware. */
export default function ClientLayout({ loaderData }: Route.ComponentProps) {
  return <AreaShell area="client" items={loaderData.nav} />;
}
