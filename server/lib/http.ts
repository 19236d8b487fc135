import { OpenAPIHono } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { z } from "zod";
// Registers both catalogs for every server-side translation (errors, SMS, notifications, files).
import "../../common/catalogs.ts";
import { translate } from "../../common/i18n.ts";
import { issueMessage } from "../../common/validation.ts";
import {
  detectLocale,
  isLocale,
  type Locale,
  LOCALE_COOKIE,
  localeFromAcceptLanguage,
  readCookie,
} from "../../common/locale.ts";
import type { Services } from "../services.ts";
import { AppError, type FieldIssue } from "./errors.ts";

import { can, type Permission } from "../../common/permissions.ts";
import type { Role } from "../../common/roles.ts";
import type { TSessionUser } from "./caller.ts";

export type { Role };

/** What every API handler can read from its context. */
export type ApiEnv = {
  Variables: {
    services: Services;
    locale: Locale;
    auth: { user: TSessionUser; sessionId: number; via: "cookie" | "bearer" } | null;
    ip: string;
  };
};

/** A router of one module; mounted under `/api/v1` by `createApi`. */
export function createRouter() {
  return new OpenAPIHono<ApiEnv>({ defaultHook: validationHook });
}

/** The locale of an API request: `?lang=`, then the locale cookie, then Accept-Language. */
/**
 * The language the request states (`?lang`, the locale cookie, Accept-Language), or undefined when
 * it states none: what a person chose, as opposed to the default Russian.
 */
export function statedLocale(req: Request): Locale | undefined {
  const fromQuery = new URL(req.url).searchParams.get("lang");
  if (isLocale(fromQuery)) return fromQuery;
  const fromCookie = readCookie(req.headers.get("cookie"), LOCALE_COOKIE);
  if (isLocale(fromCookie)) return fromCookie;
  return localeFromAcceptLanguage(req.headers.get("accept-language"));
}

export function requestLocale(req: Request): Locale {
  const fromQuery = new URL(req.url).searchParams.get("lang");
  if (isLocale(fromQuery)) return fromQuery;
  return detectLocale(req.headers.get("cookie"), req.headers.get("accept-language"));
}

type ZIssue = z.core.$ZodIssue;

/** Turns one zod issue into a field problem of the API's 422 (its message as the forms show it: `issueMessage`). */
export function issueToField(issue: ZIssue): FieldIssue {
  return { path: issue.path.map(String).join("."), ...issueMessage(issue) };
}

function validationHook(result: { success: boolean; error?: z.ZodError }, _c: Context<ApiEnv>): undefined {
  if (!result.success && result.error) {
    throw new AppError(422, "validation_failed", {}, result.error.issues.map(issueToField));
  }
  return undefined;
}

/** The JSON error body of the API, translated into the request's locale. */
export function errorBody(err: AppError, locale: Locale) {
  return {
    error: {
      code: err.code,
      message: translate(locale, `errors.${err.code}`, err.params),
      ...(err.fields
        ? {
            fields: err.fields.map((f) => ({
              path: f.path,
              message: translate(locale, f.key, f.params),
            })),
          }
        : {}),
    },
  };
}

/** The signed-in user, or 401. */
export function requireUser(c: Context<ApiEnv>): TSessionUser {
  const auth = c.get("auth");
  if (!auth) throw new AppError(401, "unauthorized");
  return auth.user;
}

/** The signed-in user holding the permission, else 401 (anonymous) or 403 (a role without it). */
export function requirePermission(c: Context<ApiEnv>, permission: Permission): TSessionUser {
  const user = requireUser(c);
  if (!can(user.role, permission)) throw new AppError(403, "forbidden");
  return user;
}

/** Shared OpenAPI pieces. */
export const errorResponseSchemaRef = { $ref: "#/components/schemas/Error" } as const;

/**
 * Whether a request carries a NUL character in its query or path (raw or percent-encoded as
 * `%00`) or in a JSON body (`\u0000`). PostgreSQL text cannot hold NUL, so such input used to
 * reach the database and fail there with a 500; it is refused at the edge with a 400 instead.
 * Binary bodies (uploads) are not looked at: file content never goes into a text column.
 */
export async function carriesNul(req: {
  url: string;
  header(name: string): string | undefined;
  text(): Promise<string>;
}) {
  const url = new URL(req.url);
  if (/%00|\0/i.test(`${url.pathname}${url.search}`)) return true;
  if (!/json/i.test(req.header("content-type") ?? "")) return false;
  const body = await req.text().catch(() => "");
  return /\\u0000|\0/.test(body);
}
