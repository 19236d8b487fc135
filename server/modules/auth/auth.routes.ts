import { z } from "@hono/zod-openapi";
import { ZLoginResult, ZMe, ZSignedIn } from "../../../common/api-schemas.ts";
import type { Context } from "hono";
import { deleteCookie, setCookie } from "hono/cookie";
import { ZLocale, ZOtpCode, ZPhone, ZRegisterClient, ZRegisterSupplier } from "../../../common/schemas.ts";
import { apiRoute, callerOf } from "../../lib/api-route.ts";
import { createRouter, type ApiEnv, statedLocale } from "../../lib/http.ts";
import { errorResponses, jsonBody, jsonResponse, ZOk } from "../../lib/openapi.ts";
import {
  registerClient,
  registerSupplier,
  requestOtp,
  SESSION_TTL_SEC,
  verifyOtp,
  deleteSession,
  getMe,
} from "./auth.service.ts";
import { setUserLocale } from "../users/users.service.ts";
import type { TSessionUser } from "../../lib/caller.ts";

/** Sets the two cookies of the specification: `token` (HttpOnly) and `role` (a hint for the browser). */
export function setSessionCookies(c: Context<ApiEnv>, token: string, user: TSessionUser) {
  const secure = c.get("services").config.isProduction;
  setCookie(c, "token", token, {
    path: "/",
    httpOnly: true,
    sameSite: "Lax",
    secure,
    maxAge: SESSION_TTL_SEC,
  });
  setCookie(c, "role", user.role, { path: "/", sameSite: "Lax", secure, maxAge: SESSION_TTL_SEC });
}

export function clearSessionCookies(c: Context<ApiEnv>) {
  deleteCookie(c, "token", { path: "/" });
  deleteCookie(c, "role", { path: "/" });
}

export const authRoutes = createRouter()
  .openapi(
    apiRoute({
      method: "post",
      permission: "public",
      path: "/auth/otp/request",
      tags: ["Auth"],
      summary: "Send a one-time login code to a phone",
      request: { body: jsonBody(z.object({ phone: ZPhone })) },
      responses: {
        200: jsonResponse(
          z.object({
            requestId: z.string().nullable(),
            expiresInSec: z.number(),
            resendInSec: z.number(),
            // false only with AUTH_DEV_CODE (a demo): a limit held the SMS back; the dev code signs in.
            isSmsSent: z.boolean(),
          }),
          "The code was sent (or, in a demo past a limit, the dev code is to be used)",
        ),
        ...errorResponses(422, 429),
      },
    }),
    async (c) => {
      const { phone } = c.req.valid("json");
      const result = await requestOtp(c.get("services"), {
        phone,
        ip: c.get("ip"),
        locale: c.get("locale"),
      });
      return c.json(result, 200);
    },
  )
  .openapi(
    apiRoute({
      method: "post",
      permission: "public",
      path: "/auth/otp/verify",
      tags: ["Auth"],
      summary: "Check a code; signs in, or hands out a registration ticket for a new phone",
      request: { body: jsonBody(z.object({ phone: ZPhone, code: ZOtpCode })) },
      responses: {
        200: jsonResponse(ZLoginResult, "Signed in (cookies set), or registration required"),
        ...errorResponses(400, 422),
      },
    }),
    async (c) => {
      const input = c.req.valid("json");
      const result = await verifyOtp(c.get("services"), { ...input, locale: statedLocale(c.req.raw) });
      if (result.kind === "register") {
        return c.json({ role: null, user: null, registrationToken: result.registrationToken }, 200);
      }
      setSessionCookies(c, result.token, result.user);
      return c.json({ role: result.user.role, user: result.user }, 200);
    },
  )
  .openapi(
    apiRoute({
      method: "post",
      permission: "public",
      path: "/auth/register/client",
      tags: ["Auth"],
      summary: "Register a client after the phone was verified",
      request: { body: jsonBody(ZRegisterClient) },
      responses: {
        201: jsonResponse(ZSignedIn, "Registered and signed in"),
        ...errorResponses(400, 409, 422),
      },
    }),
    async (c) => {
      const input = c.req.valid("json");
      const result = await registerClient(c.get("services"), { ...input, locale: c.get("locale") });
      setSessionCookies(c, result.token, result.user);
      return c.json({ role: result.user.role, user: result.user }, 201);
    },
  )
  .openapi(
    apiRoute({
      method: "post",
      permission: "public",
      path: "/auth/register/supplier",
      tags: ["Auth"],
      summary: "Register a supplier company after the phone was verified; it starts inactive",
      request: { body: jsonBody(ZRegisterSupplier) },
      responses: {
        201: jsonResponse(ZSignedIn, "Registered and signed in"),
        ...errorResponses(400, 409, 422),
      },
    }),
    async (c) => {
      const input = c.req.valid("json");
      const result = await registerSupplier(c.get("services"), { ...input, locale: c.get("locale") });
      setSessionCookies(c, result.token, result.user);
      return c.json({ role: result.user.role, user: result.user }, 201);
    },
  )
  .openapi(
    apiRoute({
      method: "post",
      permission: "public",
      path: "/auth/logout",
      tags: ["Auth"],
      summary: "End the session: deletes it and clears both cookies",
      responses: { 200: jsonResponse(ZOk, "Signed out") },
    }),
    async (c) => {
      const auth = c.get("auth");
      if (auth) await deleteSession(c.get("services").db, auth.sessionId);
      clearSessionCookies(c);
      return c.json({ ok: true as const }, 200);
    },
  )
  .openapi(
    apiRoute({
      method: "get",
      permission: "signed-in",
      path: "/me",
      tags: ["Auth"],
      summary: "The signed-in user, with their organisation and unread notifications",
      responses: {
        200: jsonResponse(ZMe, "The current user"),
        ...errorResponses(401),
      },
    }),
    async (c) => {
      const user = callerOf(c);
      return c.json(await getMe(c.get("services").db, user, c.get("locale")), 200);
    },
  )
  .openapi(
    apiRoute({
      method: "put",
      permission: "signed-in",
      path: "/me/locale",
      tags: ["Auth"],
      summary:
        "The language the signed-in person chose (the switch, a page of the other language): SMS and notifications follow it",
      request: { body: jsonBody(z.object({ locale: ZLocale })) },
      responses: {
        200: jsonResponse(z.object({ locale: ZLocale }), "The stored language"),
        ...errorResponses(401, 422),
      },
    }),
    async (c) => {
      const { locale } = c.req.valid("json");
      await setUserLocale(c.get("services").db, callerOf(c).id, locale);
      return c.json({ locale }, 200);
    },
  );
