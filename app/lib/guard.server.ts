import type { MiddlewareFunction } from "react-router";
import { redirectTo } from "./redirect.server.ts";
import { pageError } from "./page-ids.server.ts";
import { ApiError } from "../../common/api-client.ts";
import { can } from "../../common/permissions.ts";
import { localeFromPath, localizePath } from "../../common/locale.ts";
import { hasSessionCookie } from "../../common/session-cookie.ts";
import { routeOfPattern } from "../../common/route-table.ts";
import { requestContext } from "./request-context.ts";

/**
 * Runs on the server before every loader and action of every page: finds who is signed in
 * and applies the guard of the entry of the route table that React Router matched. An anonymous
 * visitor of a guarded page goes to login and comes back after it; a role without the entry's
 * permission gets a 403 page.
 *
 * Security note: the entry comes from `pattern`, the route React Router itself matched (after its
 * own percent-decoding and case-insensitive matching), not from the raw path: `/%61dmin/managers`
 * is the admin's page and is guarded as such. Documents and `.data` requests (client navigations,
 * actions, fetchers) all pass through here with the pattern of their target route.
 */
export const sessionGuard: MiddlewareFunction<Response> = async ({ request, context, pattern }, next) => {
  const rc = context.get(requestContext);
  const url = new URL(request.url);
  const matched = routeOfPattern(pattern);
  rc.locale = matched?.locale ?? localeFromPath(url.pathname);
  const hasToken = hasSessionCookie(request.headers.get("cookie"));
  if (hasToken) {
    try {
      rc.me = await rc.api.get("/me");
    } catch (err) {
      if (!(err instanceof ApiError && err.status === 401)) throw err;
      rc.me = null;
    }
  }
  // A page of a language opened while signed in is the person's choice of it (the switch, a
  // link): their SMS and notifications follow it from now on. A 404 or a file is no page.
  if (rc.me && matched && rc.me.user.locale !== rc.locale) {
    await rc.api.put("/me/locale", { body: { locale: rc.locale } });
    rc.me = { ...rc.me, user: { ...rc.me.user, locale: rc.locale } };
  }
  const entry = matched?.entry;
  rc.isPublicRoute = entry !== undefined && !entry.permission;
  if (entry?.permission) {
    if (!rc.me) {
      const back = `${url.pathname}${url.search}`;
      throw redirectTo(`${localizePath("/login", rc.locale)}?next=${encodeURIComponent(back)}`);
    }
    if (!can(rc.me.user.role, entry.permission)) {
      pageError(403, { reason: "forbidden" });
    }
  }
  const response = await next();
  if (rc.sessionEnded) {
    response.headers.append("Set-Cookie", "token=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax");
    response.headers.append("Set-Cookie", "role=; Max-Age=0; Path=/; SameSite=Lax");
  }
  return response;
};
