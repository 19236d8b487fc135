import { matchRoutes, type RouteObject } from "react-router";
import { describe, expect, it } from "vitest";
import { LOCALES } from "./locale.ts";
import { can } from "./permissions.ts";
import { ROLES } from "./roles.ts";
import { linkTo, localizedPattern, ROUTES, type RouteId, routeOfPattern } from "./route-table.ts";
import routes from "../app/routes.ts";

type ConfigRoute = { id?: string; path?: string; children?: ConfigRoute[] };

/** The route config of `app/routes.ts` as React Router's own matcher takes it. */
function toRouteObjects(config: readonly ConfigRoute[]): RouteObject[] {
  return config.map((r) => ({ id: r.id, path: r.path, children: r.children ? toRouteObjects(r.children) : undefined }));
}
const tree = toRouteObjects(routes as ConfigRoute[]);

/** The pattern the router reports to middleware for a URL path (the matched routes' paths joined). */
function patternOf(pathname: string): string | undefined {
  const matches = matchRoutes(tree, pathname);
  if (!matches) return undefined;
  const parts = matches.map((m) => m.route.path).filter(Boolean);
  return parts.join("/").replace(/\/\/+/g, "/") || "/";
}

/** Every character of a path percent-encoded, in upper or lower case hex. */
const encodeAll = (path: string, lower = false) =>
  path.replace(/[^/]/g, (ch) => {
    const hex = `%${ch.charCodeAt(0).toString(16).toUpperCase().padStart(2, "0")}`;
    return lower ? hex.toLowerCase() : hex;
  });

describe("route table", () => {
  it("finds every entry of the table, in both locales, from the pattern the router declares", () => {
    for (const entry of ROUTES) {
      for (const locale of LOCALES) {
        expect(routeOfPattern(localizedPattern(entry.path, locale))).toEqual({ entry, locale });
      }
    }
  });

  it("knows every page route of app/routes.ts (a page missing from the table would go unguarded)", () => {
    const outside = new Set(["sitemap.xml", "kk/sitemap.xml", "robots.txt", "__test/error", "*", "kk/*"]);
    const paths: string[] = [];
    const walk = (rs: readonly ConfigRoute[]) => {
      for (const r of rs) {
        if (r.path !== undefined) paths.push(r.path);
        if (r.children) walk(r.children);
      }
    };
    walk(routes as ConfigRoute[]);
    const unknown = paths.filter((p) => !outside.has(p) && !routeOfPattern(p));
    expect(unknown).toEqual([]);
    expect(paths.length).toBe(ROUTES.length * LOCALES.length + outside.size);
  });

  it("gives the guarded entry for percent-encoded and differently-cased paths, as the router matches them", () => {
    const guarded = ROUTES.filter((r) => r.permission);
    expect(guarded.length).toBeGreaterThan(10);
    for (const entry of guarded) {
      for (const locale of LOCALES) {
        const path = localizedPattern(entry.path.replace(/:id/g, "5"), locale);
        const variants = [
          path,
          encodeAll(path),
          encodeAll(path, true),
          path.toUpperCase().replace(/^\/KK/, "/kk"),
          // One character encoded per variant.
          ...[...path].flatMap((ch, i) =>
            ch === "/" ? [] : [`${path.slice(0, i)}%${ch.charCodeAt(0).toString(16)}${path.slice(i + 1)}`],
          ),
        ];
        for (const variant of variants) {
          const found = routeOfPattern(patternOf(variant) ?? "");
          expect(found?.entry.id, variant).toBe(entry.id);
          expect(found?.locale, variant).toBe(locale);
        }
      }
    }
  });

  it("lets each role into the same guarded pages as before the pages named permissions", () => {
    const admin = ["admin"];
    const akimat = ["akimat"];
    const staff = ["manager", "admin"];
    const expected: Record<string, string[]> = {
      "admin-akimat": admin,
      "admin-akimat-form": admin,
      "admin-cemetery": admin,
      "admin-cemetery-form": admin,
      "admin-cemetery-item": admin,
      "admin-managers": admin,
      "admin-suppliers": admin,
      "admin-supplier-report": admin,
      "admin-supplier-order": admin,
      "admin-notifications": admin,
      "user-news": akimat,
      "user-news-form": akimat,
      "user-news-item": akimat,
      "user-users": akimat,
      "user-notifications": akimat,
      // The city's reports: the akimat's staff, and the admin for any akimat (issue 14).
      "user-reports": admin.concat(akimat),
      "user-tickets": akimat,
      "user-ticket": akimat,
      "manager-cemetery": staff,
      "manager-requests": staff,
      "manager-cemetery-item": staff,
      "manager-handovers": staff,
      "manager-handover": staff,
      "manager-ennoblement": staff,
      "manager-ennoblement-settings": staff,
      "manager-ennoblement-item": staff,
      "manager-ennoblement-permit": staff,
      "manager-notifications": ["manager"],
      "supplier-profile": ["supplier"],
      "supplier-reports": ["supplier"],
      "supplier-tickets-active": ["supplier"],
      "supplier-ticket-active": ["supplier"],
      "supplier-tickets-archive": ["supplier"],
      "supplier-ticket-archive": ["supplier"],
      "supplier-notifications": ["supplier"],
      "client-notifications": ["client"],
      // The cemetery's and the family's booking screens (issue 8).
      "manager-booking": staff,
      "manager-booking-item": staff,
      "manager-burial": staff,
      "client-tickets-active": ["client"],
      "client-ticket": ["client"],
      "client-tickets-burial": ["client"],
      "client-add-service": ["client"],
      "client-services": ["client"],
      "client-services-order": ["client"],
      "client-cemetery": ["client"],
      "client-care-order": ["client"],
      "client-care-request": ["client"],
      "client-care-permit": ["client"],
      "client-reservation-first": ["client"],
      "client-reservation-complete": ["client"],
      // Appeals to the akimat (issue 14 B): a client's and a supplier's own.
      "client-appeal": ["client"],
      "client-goverment-create": ["client"],
      "client-goverment-requests": ["client"],
      "client-handover-create": ["client"],
      "client-handover": ["client"],
      "client-goverment-request": ["client"],
      "supplier-goverment-create": ["supplier"],
      "supplier-goverment-requests": ["supplier"],
      "supplier-goverment-request": ["supplier"],
      // Reburial requests (issue 14 C): the family applies; the akimat's staff handle them.
      "client-reburial": ["client"],
      "client-reburial-create": ["client"],
      "client-reburial-requests": ["client"],
      "client-reburial-request": ["client"],
      "user-reburial": akimat,
      // Reviews of the marketplace (issue 15 §3): the moderator's queues, the company's reviews, the family's own.
      "admin-comments": admin,
      "admin-comment-appeals": admin,
      "supplier-reviews": ["supplier"],
      "client-reviews": ["client"],
      "client-memorial": ["client"],
      "client-memorial-create": ["client"],
      "client-memorial-item": ["client"],
      // The marketplace's catalogue (issue 15 §1): the company's people work it, the admin moderates it.
      "admin-products": admin,
      "supplier-services-active": ["supplier"],
      "supplier-services-inactive": ["supplier"],
      "supplier-services-improvement": ["supplier"],
      "supplier-services-consideration": ["supplier"],
      "supplier-service-add": ["supplier"],
      "supplier-service-form": ["supplier"],
      "supplier-people": ["supplier"],
    };
    const actual = Object.fromEntries(
      ROUTES.flatMap((r) => {
        const permission = r.permission;
        return permission ? [[r.id, ROLES.filter((role) => can(role, permission))]] : [];
      }),
    );
    expect(actual).toEqual(
      Object.fromEntries(Object.entries(expected).map(([id, roles]) => [id, ROLES.filter((r) => roles.includes(r))])),
    );
  });
});

describe("linkTo", () => {
  it("builds a path of the table by its id, with its parameters and query", () => {
    expect(linkTo("client-ticket", { id: 12 })).toBe("/client/tickets/active/12");
    expect(linkTo("manager-booking-item", { id: "7" })).toBe("/manager/booking/7");
    expect(linkTo("admin-suppliers", {}, { status: "pending" })).toBe("/admin/suppliers?status=pending");
    expect(linkTo("manager-notifications", {})).toBe("/manager/notifications");
    // Every built path is one the router matches.
    for (const r of ROUTES) {
      const params = Object.fromEntries([...r.path.matchAll(/:(\w+)/g)].map((m) => [m[1], "5"]));
      const link = linkTo(r.id as RouteId, params as never);
      expect(matchRoutes(routes as RouteObject[], link)?.at(-1)?.route.path, link).toBeTruthy();
    }
  });

  it("refuses a missing parameter, and encodes what it is given", () => {
    expect(linkTo("news-item", { id: "a/b?c" })).toBe("/news/a%2Fb%3Fc");
    // @ts-expect-error: an id the table does not have does not compile
    expect(() => linkTo("client-nowhere", {})).toThrow();
    // @ts-expect-error: nor does a path without its parameter
    expect(() => linkTo("client-ticket", {})).toThrow(/needs id/);
  });
});
