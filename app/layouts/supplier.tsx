import { AreaShell } from "../components/area-shell.tsx";
import { navItems } from "../lib/nav.server.ts";
import type { Route } from "./+types/supplier";

/** The navigation, read once: it does not change while one moves within the area. */
export const loader = () => ({ nav: navItems("supplier") });
export const shouldRevalidate = () => false;

/** The supplier area's layout; its guard is in the route table and runs in the root middleware. */
export default function SupplierLayout({ loaderData }: Route.ComponentProps) {
  return <AreaShell area="supplier" items={loaderData.nav} />;
}
