import { createRoute, type RouteConfig } from "@hono/zod-openapi";
import type { Context, MiddlewareHandler } from "hono";
import type { Permission } from "../../common/permissions.ts";
import { type ApiEnv, requirePermission, requireUser } from "./http.ts";
import type { TSessionUser } from "./caller.ts";

/** Who may call an operation: anyone, any signed-in user, or the holders of a permission. */
export type Access = Permission | "public" | "signed-in";

/** The OpenAPI extension that carries an operation's access (`x-permission`). */
export const ACCESS_EXTENSION = "x-permission";

const gates = new Map<Access, MiddlewareHandler<ApiEnv>>();

/** The route middleware of an access: 401 for anonymous callers, 403 for a role without the permission. */
function gateOf(access: Access): MiddlewareHandler<ApiEnv> {
  let gate = gates.get(access);
  if (!gate) {
    gate = async (c, next) => {
      if (access === "signed-in") requireUser(c);
      else if (access !== "public") requirePermission(c, access);
      await next();
    };
    gates.set(access, gate);
  }
  return gate;
}

/**
 * An API operation with its access declared on it: `createRoute` of @hono/zod-openapi plus
 * `permission`. The permission goes into the OpenAPI document as `x-permission` and is checked
 * by route middleware before the input is validated and before the handler runs, so a handler
 * never starts for a caller who may not call it (401 anonymous, 403 a role without it).
 * Every operation of the API is declared with it: `server/permissions-walk.test.ts` fails on an
 * operation without `x-permission`, and Biome refuses `createRoute` imported anywhere else.
 */
export function apiRoute<P extends string, R extends Omit<RouteConfig, "path" | "middleware"> & { path: P }>(
  config: R & { permission: Access },
) {
  const { permission, ...route } = config;
  return createRoute({
    ...(route as unknown as R),
    [ACCESS_EXTENSION]: permission,
    ...(permission === "public" ? {} : { security: [{ bearer: [] }] }),
    middleware: gateOf(permission),
  });
}

/** The caller of an operation declared `signed-in` or with a permission: its gate already let them in. */
export function callerOf(c: Context<ApiEnv>): TSessionUser {
  return requireUser(c);
}
