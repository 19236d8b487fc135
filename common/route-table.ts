import { LOCALES, type Locale, localizePath } from "./locale.ts";
import type { Permission } from "./permissions.ts";

/**
 * The one route table of the product. `app/routes.ts` builds every entry twice, in Russian
 * (no prefix) and in Kazakh (`/kk`), inside its layout; the root middleware reads the guard
 * of the matched entry on the server before any loader or action runs.
 */
export type Layout = "public" | "form" | "admin" | "user" | "manager" | "supplier" | "client";

export type RouteEntry = {
  /** Route id without locale; the built routes are `${id}.ru` and `${id}.kk`. */
  id: string;
  /** Path without locale prefix, React Router syntax (`/news/:id`). */
  path: string;
  /** Module under `app/`. */
  file: string;
  layout: Layout;
  /** The permission that lets a visitor in (`common/permissions.ts`); absent means public. */
  permission?: Permission;
  /** Translation key of the entry in its area's navigation. */
  nav?: string;
  /** Listed in the sitemap of each locale. */
  sitemap?: boolean;
};

const TABLE = [
  // Public
  { id: "home", path: "/", file: "routes/home.tsx", layout: "public", sitemap: true },
  { id: "instructions", path: "/instructions", file: "routes/instructions.tsx", layout: "public", sitemap: true },
  { id: "privacy", path: "/privacy", file: "routes/privacy.tsx", layout: "public", sitemap: true },
  { id: "contacts", path: "/contacts", file: "routes/contacts.tsx", layout: "public", sitemap: true },
  { id: "search", path: "/search", file: "routes/registry/search.tsx", layout: "public", sitemap: true },
  // Finding a grave on foot (decision 027): a tool for one visit, not in the sitemap.
  { id: "walk", path: "/walk/:id", file: "routes/registry/walk.tsx", layout: "public" },
  { id: "add", path: "/add", file: "routes/registry/add.tsx", layout: "public", sitemap: true },
  { id: "reserve", path: "/reserve", file: "routes/registry/reserve.tsx", layout: "public", sitemap: true },
  { id: "news", path: "/news", file: "routes/news/news-list.tsx", layout: "public", sitemap: true },
  { id: "news-item", path: "/news/:id", file: "routes/news/news-item.tsx", layout: "public" },
  // The marketplace's catalogue (issue 15 §1): its items and each company's price list are listed in the sitemap by id.
  { id: "services", path: "/services", file: "routes/services/services-list.tsx", layout: "public", sitemap: true },
  { id: "services-item", path: "/services/:id", file: "routes/services/service-item.tsx", layout: "public" },
  {
    id: "services-price-list",
    path: "/services/suppliers/:id",
    file: "routes/services/price-list.tsx",
    layout: "public",
  },
  // Memorial pages (issue 16 §1): a public memorial by id (public ones only), any memorial by its
  // permanent short code (by-link ones; a private one's "request access" page). Listed in the
  // sitemap by id, public and indexable ones only.
  { id: "memorial", path: "/memorial/:id", file: "routes/memorials/memorial-page.tsx", layout: "public" },
  { id: "memorial-code", path: "/m/:code", file: "routes/memorials/memorial-page.tsx", layout: "public" },
  // Sign-in (the staff entry is the same screen)
  { id: "login", path: "/login", file: "routes/login.tsx", layout: "form" },
  { id: "admin-login", path: "/admin/login", file: "routes/login.tsx", layout: "form" },
  { id: "logout", path: "/logout", file: "routes/logout.tsx", layout: "form" },
  // Admin
  {
    id: "admin-akimat",
    path: "/admin/akimat",
    file: "routes/admin/akimats.tsx",
    layout: "admin",
    permission: "akimats.manage",
    nav: "nav.admin.akimats",
  },
  {
    id: "admin-akimat-form",
    path: "/admin/akimat/form",
    file: "routes/admin/akimat-form.tsx",
    layout: "admin",
    permission: "akimats.manage",
  },
  {
    id: "admin-cemetery",
    path: "/admin/cemetery",
    file: "routes/admin/cemeteries.tsx",
    layout: "admin",
    permission: "cemeteries.manage",
    nav: "nav.admin.cemeteries",
  },
  {
    id: "admin-cemetery-form",
    path: "/admin/cemetery/form",
    file: "routes/admin/cemetery-form.tsx",
    layout: "admin",
    permission: "cemeteries.manage",
  },
  {
    id: "admin-cemetery-item",
    path: "/admin/cemetery/:id",
    file: "routes/admin/cemetery.tsx",
    layout: "admin",
    permission: "cemeteries.manage",
  },
  {
    id: "admin-managers",
    path: "/admin/managers",
    file: "routes/admin/managers.tsx",
    layout: "admin",
    permission: "managers.manage",
    nav: "nav.admin.managers",
  },
  {
    id: "admin-products",
    path: "/admin/products",
    file: "routes/admin/products.tsx",
    layout: "admin",
    permission: "catalog.moderate",
    nav: "catalog_nav.admin",
  },
  {
    id: "admin-suppliers",
    path: "/admin/suppliers",
    file: "routes/admin/suppliers.tsx",
    layout: "admin",
    permission: "suppliers.review",
    nav: "nav.admin.suppliers",
  },
  // The suppliers' quality (issue 15 §4): one supplier's report, one of its orders read-only
  {
    id: "admin-supplier-report",
    path: "/admin/suppliers/:id/report",
    file: "routes/admin/supplier-report.tsx",
    layout: "admin",
    permission: "suppliers.quality",
  },
  {
    id: "admin-supplier-order",
    path: "/admin/suppliers/:id/orders/:orderId",
    file: "routes/admin/supplier-order.tsx",
    layout: "admin",
    permission: "suppliers.quality",
  },
  // Reviews of the marketplace (issue 15 §3): the moderator's queues
  {
    id: "admin-comments",
    path: "/admin/comments",
    file: "routes/admin/comments.tsx",
    layout: "admin",
    permission: "reviews.moderate",
    nav: "review_nav.admin_comments",
  },
  {
    id: "admin-comment-appeals",
    path: "/admin/comment-appeals",
    file: "routes/admin/comment-appeals.tsx",
    layout: "admin",
    permission: "reviews.moderate",
    nav: "review_nav.admin_appeals",
  },
  {
    id: "admin-notifications",
    path: "/admin/notifications",
    file: "routes/notifications.tsx",
    layout: "admin",
    permission: "area.admin",
  },
  // Akimat (the /user area)
  {
    id: "user-news",
    path: "/user/news",
    file: "routes/user/news-list.tsx",
    layout: "user",
    permission: "news.manage",
    nav: "nav.user.news",
  },
  {
    id: "user-news-form",
    path: "/user/news/form",
    file: "routes/user/news-form.tsx",
    layout: "user",
    permission: "news.manage",
  },
  {
    id: "user-news-item",
    path: "/user/news/:id",
    file: "routes/user/news-item.tsx",
    layout: "user",
    permission: "news.manage",
  },
  {
    id: "user-users",
    path: "/user/users",
    file: "routes/user/users.tsx",
    layout: "user",
    permission: "employees.manage",
    nav: "nav.user.users",
  },
  {
    id: "user-reports",
    path: "/user/reports",
    file: "routes/user/reports.tsx",
    layout: "user",
    permission: "reports.view",
    nav: "nav.user.reports",
  },
  {
    id: "user-tickets",
    path: "/user/tickets",
    file: "routes/user/tickets.tsx",
    layout: "user",
    permission: "appeals.handle",
    nav: "nav.user.tickets",
  },
  {
    id: "user-ticket",
    path: "/user/tickets/:id",
    file: "routes/user/ticket.tsx",
    layout: "user",
    permission: "appeals.handle",
  },
  {
    id: "user-reburial",
    path: "/user/reburials/:id",
    file: "routes/user/reburial.tsx",
    layout: "user",
    permission: "reburials.handle",
  },
  {
    id: "user-notifications",
    path: "/user/notifications",
    file: "routes/notifications.tsx",
    layout: "user",
    permission: "area.akimat",
  },
  // Manager (the admin may open a manager's cemetery pages too: the API lets the admin into every cemetery)
  {
    id: "manager-cemetery",
    path: "/manager/cemetery",
    file: "routes/manager/cemeteries.tsx",
    layout: "manager",
    permission: "cemetery.work",
    nav: "nav.manager.cemeteries",
  },
  {
    id: "manager-requests",
    path: "/manager/requests",
    file: "routes/manager/requests.tsx",
    layout: "manager",
    permission: "cemetery.work",
    nav: "nav.manager.requests",
  },
  {
    id: "manager-handovers",
    path: "/manager/handovers",
    file: "routes/handovers/handover-list.tsx",
    layout: "manager",
    permission: "handovers.decide",
    nav: "handover.nav",
  },
  {
    id: "manager-handover",
    path: "/manager/handovers/:id",
    file: "routes/handovers/handover-page.tsx",
    layout: "manager",
    permission: "handovers.decide",
  },
  {
    id: "manager-booking",
    path: "/manager/booking",
    file: "routes/manager/booking.tsx",
    layout: "manager",
    permission: "booking.view",
    nav: "nav.manager.booking",
  },
  {
    id: "manager-booking-item",
    path: "/manager/booking/:id",
    file: "routes/manager/booking-item.tsx",
    layout: "manager",
    permission: "booking.view",
  },
  {
    id: "manager-burial",
    path: "/manager/burial",
    file: "routes/manager/burial.tsx",
    layout: "manager",
    permission: "booking.view",
    nav: "nav.manager.burial",
  },
  {
    id: "manager-cemetery-item",
    path: "/manager/cemetery/:id",
    file: "routes/manager/cemetery.tsx",
    layout: "manager",
    permission: "cemetery.work",
  },
  // Grave care (issue 16 §3): the cemetery's requests and permits, its season and price list.
  {
    id: "manager-ennoblement",
    path: "/manager/ennoblement",
    file: "routes/ennoblement/manager-list.tsx",
    layout: "manager",
    permission: "care.handle",
    nav: "care_nav.manager",
  },
  {
    id: "manager-ennoblement-settings",
    path: "/manager/ennoblement/settings",
    file: "routes/ennoblement/settings.tsx",
    layout: "manager",
    permission: "care.handle",
  },
  {
    id: "manager-ennoblement-item",
    path: "/manager/ennoblement/:id",
    file: "routes/ennoblement/request-page.tsx",
    layout: "manager",
    permission: "care.handle",
  },
  {
    id: "manager-ennoblement-permit",
    path: "/manager/ennoblement/permits/:id",
    file: "routes/ennoblement/permit-page.tsx",
    layout: "manager",
    permission: "care.handle",
  },
  {
    id: "manager-notifications",
    path: "/manager/notifications",
    file: "routes/notifications.tsx",
    layout: "manager",
    permission: "area.manager",
    nav: "nav.notifications",
  },
  // Supplier
  {
    id: "supplier-services-active",
    path: "/supplier/services/active",
    file: "routes/supplier/services.tsx",
    layout: "supplier",
    permission: "catalog.manage",
    nav: "catalog_nav.supplier",
  },
  {
    id: "supplier-services-inactive",
    path: "/supplier/services/inactive",
    file: "routes/supplier/services.tsx",
    layout: "supplier",
    permission: "catalog.manage",
  },
  {
    id: "supplier-services-improvement",
    path: "/supplier/services/improvement",
    file: "routes/supplier/services.tsx",
    layout: "supplier",
    permission: "catalog.manage",
  },
  {
    id: "supplier-services-consideration",
    path: "/supplier/services/consideration",
    file: "routes/supplier/services.tsx",
    layout: "supplier",
    permission: "catalog.manage",
  },
  {
    id: "supplier-service-add",
    path: "/supplier/services/add-service",
    file: "routes/supplier/service-form.tsx",
    layout: "supplier",
    permission: "catalog.manage",
  },
  {
    id: "supplier-service-form",
    path: "/supplier/services/add-service/:id",
    file: "routes/supplier/service-form.tsx",
    layout: "supplier",
    permission: "catalog.manage",
  },
  {
    id: "supplier-tickets-active",
    path: "/supplier/tickets/active",
    file: "routes/orders/supplier-orders.tsx",
    layout: "supplier",
    permission: "orders.fulfil",
    nav: "orders_screen.nav.supplier_active",
  },
  {
    id: "supplier-ticket-active",
    path: "/supplier/tickets/active/:id",
    file: "routes/orders/order-page.tsx",
    layout: "supplier",
    permission: "orders.fulfil",
  },
  {
    id: "supplier-tickets-archive",
    path: "/supplier/tickets/archive",
    file: "routes/orders/supplier-orders.tsx",
    layout: "supplier",
    permission: "orders.fulfil",
    nav: "orders_screen.nav.supplier_archive",
  },
  {
    id: "supplier-ticket-archive",
    path: "/supplier/tickets/archive/:id",
    file: "routes/orders/order-page.tsx",
    layout: "supplier",
    permission: "orders.fulfil",
  },
  {
    id: "supplier-reviews",
    path: "/supplier/reviews",
    file: "routes/supplier/reviews.tsx",
    layout: "supplier",
    permission: "reviews.respond",
    nav: "review_nav.supplier",
  },
  {
    id: "supplier-reports",
    path: "/supplier/reports",
    file: "routes/supplier/reports.tsx",
    layout: "supplier",
    // The supplier's own area (the API checks `supplier.reports`, which the admin holds for any company).
    permission: "area.supplier",
    nav: "supplier_reports.nav",
  },
  {
    id: "supplier-profile",
    path: "/supplier/profile",
    file: "routes/supplier/profile.tsx",
    layout: "supplier",
    permission: "supplier.profile",
    nav: "nav.supplier.profile",
  },
  {
    id: "supplier-people",
    path: "/supplier/people",
    file: "routes/supplier/people.tsx",
    layout: "supplier",
    permission: "supplier.people",
    nav: "catalog_nav.people",
  },
  {
    id: "supplier-goverment-requests",
    path: "/supplier/goverment/requests",
    file: "routes/appeals/appeal-list.tsx",
    layout: "supplier",
    permission: "area.supplier",
    nav: "appeals_screen.nav.supplier",
  },
  {
    id: "supplier-goverment-create",
    path: "/supplier/goverment/create",
    file: "routes/appeals/appeal-create.tsx",
    layout: "supplier",
    permission: "area.supplier",
  },
  {
    id: "supplier-goverment-request",
    path: "/supplier/goverment/requests/:id",
    file: "routes/appeals/appeal-item.tsx",
    layout: "supplier",
    permission: "area.supplier",
  },
  {
    id: "supplier-notifications",
    path: "/supplier/notifications",
    file: "routes/notifications.tsx",
    layout: "supplier",
    permission: "area.supplier",
    nav: "nav.notifications",
  },
  // Client
  {
    id: "client-notifications",
    path: "/client/notifications",
    file: "routes/notifications.tsx",
    layout: "client",
    permission: "area.client",
    nav: "nav.notifications",
  },
  {
    id: "client-tickets-active",
    path: "/client/tickets/active",
    file: "routes/client/tickets.tsx",
    layout: "client",
    permission: "burial.book",
    nav: "nav.client.active",
  },
  {
    id: "client-ticket",
    path: "/client/tickets/active/:id",
    file: "routes/client/ticket.tsx",
    layout: "client",
    permission: "burial.book",
  },
  {
    id: "client-tickets-burial",
    path: "/client/tickets/burial",
    file: "routes/client/tickets.tsx",
    layout: "client",
    permission: "burial.book",
    nav: "nav.client.burial",
  },
  {
    id: "client-add-service",
    path: "/client/tickets/burial/add-service",
    file: "routes/orders/add-service.tsx",
    layout: "client",
    permission: "orders.place",
  },
  {
    id: "client-services",
    path: "/client/services",
    file: "routes/orders/family-orders.tsx",
    layout: "client",
    permission: "orders.place",
    nav: "orders_screen.nav.client",
  },
  {
    id: "client-services-order",
    path: "/client/services/:id",
    file: "routes/orders/order-page.tsx",
    layout: "client",
    permission: "orders.place",
  },
  {
    id: "client-reburial",
    path: "/client/reburial",
    file: "routes/client/reburial.tsx",
    layout: "client",
    permission: "reburials.create",
    nav: "nav.client.reburial",
  },
  {
    id: "client-reburial-create",
    path: "/client/burial/create",
    file: "routes/client/reburial-create.tsx",
    layout: "client",
    permission: "reburials.create",
  },
  {
    id: "client-reburial-requests",
    path: "/client/burial/requests",
    file: "routes/client/reburial-requests.tsx",
    layout: "client",
    permission: "reburials.create",
  },
  {
    id: "client-reburial-request",
    path: "/client/burial/requests/:id",
    file: "routes/client/reburial-request.tsx",
    layout: "client",
    permission: "reburials.create",
  },
  {
    id: "client-reviews",
    path: "/client/reviews",
    file: "routes/client/reviews.tsx",
    layout: "client",
    permission: "reviews.write",
    nav: "review_nav.client",
  },
  {
    id: "client-memorial",
    path: "/client/memorial",
    file: "routes/memorials/my-memorials.tsx",
    layout: "client",
    permission: "memorials.manage",
    nav: "memorial_nav.client",
  },
  {
    id: "client-memorial-create",
    path: "/client/memorial/create",
    file: "routes/memorials/memorial-create.tsx",
    layout: "client",
    permission: "memorials.manage",
  },
  {
    id: "client-memorial-item",
    path: "/client/memorial/:id",
    file: "routes/memorials/memorial-manage.tsx",
    layout: "client",
    permission: "memorials.manage",
  },
  {
    id: "client-cemetery",
    path: "/client/cemetery",
    file: "routes/client/cemeteries.tsx",
    layout: "client",
    permission: "burial.book",
    nav: "nav.client.cemetery",
  },
  // Grave care: the family orders works or a permit from its grave, and follows them.
  {
    id: "client-care-order",
    path: "/client/cemetery/care",
    file: "routes/ennoblement/order.tsx",
    layout: "client",
    permission: "care.order",
  },
  {
    id: "client-care-request",
    path: "/client/tickets/ennoblement/:id",
    file: "routes/ennoblement/request-page.tsx",
    layout: "client",
    permission: "care.order",
  },
  {
    id: "client-care-permit",
    path: "/client/tickets/permit/:id",
    file: "routes/ennoblement/permit-page.tsx",
    layout: "client",
    permission: "care.order",
  },
  {
    id: "client-handover-create",
    path: "/client/cemetery/handover",
    file: "routes/handovers/handover-create.tsx",
    layout: "client",
    permission: "handovers.create",
  },
  {
    id: "client-handover",
    path: "/client/cemetery/handover/:id",
    file: "routes/handovers/handover-page.tsx",
    layout: "client",
    permission: "handovers.create",
  },
  {
    id: "client-reservation-first",
    path: "/client/reservation/reservation-first",
    file: "routes/client/reservation-first.tsx",
    layout: "client",
    permission: "burial.book",
  },
  {
    id: "client-reservation-complete",
    path: "/client/reservation/reservation-complete",
    file: "routes/client/reservation-complete.tsx",
    layout: "client",
    permission: "burial.book",
  },
  // Appeals to the akimat (issue 14 B): the applicant's screens, the same modules as the supplier's. Guarded
  // by the area (appeals.create/read also admit the other applicant role, and the akimat's staff): each area
  // shows its own people's pages; the API checks appeals.create / appeals.read on every call.
  {
    id: "client-appeal",
    path: "/client/appeal",
    file: "routes/appeals/appeal-about.tsx",
    layout: "client",
    permission: "area.client",
    nav: "appeals_screen.nav.client",
  },
  {
    id: "client-goverment-create",
    path: "/client/goverment/create",
    file: "routes/appeals/appeal-create.tsx",
    layout: "client",
    permission: "area.client",
  },
  {
    id: "client-goverment-requests",
    path: "/client/goverment/requests",
    file: "routes/appeals/appeal-list.tsx",
    layout: "client",
    permission: "area.client",
  },
  {
    id: "client-goverment-request",
    path: "/client/goverment/requests/:id",
    file: "routes/appeals/appeal-item.tsx",
    layout: "client",
    permission: "area.client",
  },
] as const satisfies readonly RouteEntry[];

export const ROUTES: readonly RouteEntry[] = TABLE;

type TTable = (typeof TABLE)[number];
/** The id of an entry of the table (`client-ticket`). */
export type RouteId = TTable["id"];
/** The path of an entry, by id. */
type PathOf<Id extends RouteId> = Extract<TTable, { id: Id }>["path"];
/** The parameters a path names (`/manager/booking/:id` → `id`). */
type ParamsOf<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamsOf<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** A path of the product built from the route table (`linkTo`): the only kind a notice may carry. */
export type TLink = string & { readonly __link: true };

const PATH_OF = new Map<string, string>(TABLE.map((r) => [r.id, r.path]));

/**
 * The path of an entry of the table by its id, with its parameters filled in (without the
 * locale's prefix: the reader's page adds it). A wrong id or a missing parameter does not compile,
 * so the server never writes a path by hand.
 *
 * ```ts
 * linkTo("client-ticket", { id: 12 }) // "/client/tickets/active/12"
 * linkTo("admin-suppliers", {}, { status: "pending" }) // "/admin/suppliers?status=pending"
 * ```
 */
export function linkTo<Id extends RouteId>(
  id: Id,
  params: Record<ParamsOf<PathOf<Id>>, string | number>,
  query?: Record<string, string | number>,
): TLink {
  const path = PATH_OF.get(id);
  if (path === undefined) throw new Error(`no route ${id}`);
  const filled = path.replace(/:(\w+)/g, (_, k: string) => {
    const v = (params as Record<string, string | number | undefined>)[k];
    if (v === undefined || v === "") throw new Error(`route ${id} needs ${k}`);
    return encodeURIComponent(String(v));
  });
  const q =
    query && Object.keys(query).length
      ? `?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}`
      : "";
  return `${filled}${q}` as TLink;
}

/** The path of an entry in a locale, as `app/routes.ts` declares it to React Router. */
export function localizedPattern(path: string, locale: Locale): string {
  if (locale === "ru") return path;
  return path === "/" ? "/kk" : `/kk${path}`;
}

const BY_PATTERN = new Map<string, { entry: RouteEntry; locale: Locale }>(
  ROUTES.flatMap((entry) =>
    LOCALES.map((locale) => [localizedPattern(entry.path, locale), { entry, locale }] as const),
  ),
);

/**
 * The entry React Router matched, from the matched route's pattern (`pattern` of a middleware's
 * arguments, e.g. `/kk/admin/cemetery/:id`), and the locale of that twin.
 *
 * Security note: guards decide on what the router matched, never on the raw URL. The router
 * percent-decodes and matches case-insensitively, so `/%61dmin/managers` or `/ADMIN/managers`
 * reach the admin's page; a decision taken on the raw path would not know that.
 */
export function routeOfPattern(pattern: string): { entry: RouteEntry; locale: Locale } | undefined {
  const normalized = `/${pattern}`.replace(/\/{2,}/g, "/").replace(/(.)\/$/, "$1");
  return BY_PATTERN.get(normalized);
}

/** The navigation of an area: its entries that carry a label. */
export function navOf(layout: Layout): RouteEntry[] {
  return ROUTES.filter((r) => r.layout === layout && r.nav);
}

/** A path of the table in a locale, with its parameters filled in. */
export function href(path: string, locale: Locale, params: Record<string, string | number> = {}): string {
  const filled = path.replace(/:(\w+)/g, (_, k: string) => encodeURIComponent(String(params[k] ?? "")));
  return localizePath(filled, locale);
}
