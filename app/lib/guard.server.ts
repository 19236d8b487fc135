import { data, type MiddlewareFunction, redirect } from "react-router";
import { ApiError } from "../../common/api-client.ts";
import { localeFromPath, localizePath } from "../../common/locale.ts";
import { findRoute } from "../route-table.ts";
import { requestContext } from "./request-context.ts";
import type { TMe } from "./types.ts";

/**
 * Runs on the server before every loader and action of every page: finds who is signed in
 * and applies the guard of the matched entry of the route table. An anonymous visitor of a
 * guarded page goes to login and comes back after it; a wrong role gets a 403 page.
 */
export const sessionGuard: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const rc = context.get(requestContext);
  const url = new URL(request.url);
  rc.locale = localeFromPath(url.pathname);
  const hasToken = /(?:^|;\s*)token=/.test(request.headers.get("cookie") ?? "");
  if (hasToken) {
    try {
      rc.me = await rc.api.get<TMe>("/me");
    } catch (err) {
      if (!(err instanceof ApiError && err.status === 401)) throw err;
      rc.me = null;
    }
  }
  const entry = findRoute(url.pathname);
  if (entry?.roles) {
    if (!rc.me) {
      const back = `${url.pathname}${url.search}`;
      throw redirect(`${localizePath("/login", rc.locale)}?next=${encodeURIComponent(back)}`);
    }
    if (!entry.roles.includes(rc.me.user.role)) {
      throw data({ reason: "forbidden" }, { status: 403 });
    }
  }
  const response = await next();
  if (rc.sessionEnded) {
    response.headers.append("Set-Cookie", "token=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax");
    response.headers.append("Set-Cookie", "role=; Max-Age=0; Path=/; SameSite=Lax");
  }
  return response;
};
