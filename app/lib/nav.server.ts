import { type Layout, navOf } from "../../common/route-table.ts";

/** An entry of an area's navigation, as the layouts draw it. */
export type TNavItem = { id: string; path: string; nav: string };

/**
 * The navigation of an area, read from the route table on the server: layouts take it from their
 * loader, so the route table (every screen of the product) stays out of the pages' JavaScript.
 */
export function navItems(layout: Layout): TNavItem[] {
  return navOf(layout).map((r) => ({ id: r.id, path: r.path, nav: r.nav as string }));
}
