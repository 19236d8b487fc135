import { z } from "@hono/zod-openapi";
import { fakePaymentPages } from "./modules/payments/payments.routes.ts";
import type { Context } from "hono";
import { getCookie } from "hono/cookie";
import { HTTPException } from "hono/http-exception";
import { apiOperations } from "./api-operations.ts";
import { apiRoute } from "./lib/api-route.ts";
import { AppError } from "./lib/errors.ts";
import { type ApiEnv, carriesNul, createRouter, errorBody, requestLocale } from "./lib/http.ts";
import { loggedPath } from "./lib/logger.ts";
import { jsonResponse } from "./lib/openapi.ts";
import { clearSessionCookies } from "./modules/auth/auth.routes.ts";
import { resolveSession } from "./modules/auth/auth.service.ts";
import type { Services } from "./services.ts";

/**
 * The caller's address. With no trusted proxy (the default) it is the socket's: a visitor could
 * write any `X-Forwarded-For` and so escape the rate limits per address. Behind `trustProxy`
 * reverse proxies, each of which appends the address it saw, the visitor is that many entries from
 * the right of the chain (entries further left were written by the visitor and are ignored).
 */
export function clientIp(socketAddress: string | undefined, forwardedFor: string | undefined, trustProxy: number) {
  const chain = [
    ...(forwardedFor ?? "")
      .split(",")
      .map((a) => a.trim())
      .filter(Boolean),
    socketAddress ?? "local",
  ];
  const ip = trustProxy > 0 ? (chain[chain.length - 1 - trustProxy] ?? chain[0]) : chain[chain.length - 1];
  return (ip ?? "local").slice(0, 64);
}

function requestIp(c: Context<ApiEnv>, trustProxy: number): string {
  const env = c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined;
  return clientIp(env?.incoming?.socket?.remoteAddress, c.req.header("x-forwarded-for"), trustProxy);
}

function bearerToken(header: string | undefined): string | undefined {
  const m = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  return m?.[1];
}

/**
 * The REST API under `/api/v1`: every module's routes, the OpenAPI 3.1 document and health.
 * The same app answers browsers over HTTP and page loaders in process.
 */
export function createApi(services: Services) {
  const api = createRouter().basePath("/api/v1");

  api.use("*", async (c, next) => {
    c.set("services", services);
    c.set("locale", requestLocale(c.req.raw));
    c.set("ip", requestIp(c, services.config.trustProxy));
    const fromHeader = bearerToken(c.req.header("authorization"));
    const fromCookie = getCookie(c, "token");
    const token = fromHeader ?? fromCookie;
    c.set("auth", null);
    if (await carriesNul(c.req)) throw new AppError(400, "bad_request");
    if (token) {
      const found = await resolveSession(services.db, token, services.now());
      if (found) c.set("auth", { ...found, via: fromHeader ? "bearer" : "cookie" });
    }
    await next();
  });

  api.onError((err, c) => {
    const locale = c.get("locale") ?? "ru";
    let appError: AppError;
    if (err instanceof AppError) appError = err;
    else if (err instanceof HTTPException) {
      const map: Record<number, AppError["code"]> = { 400: "bad_request", 413: "payload_too_large" };
      appError = new AppError(err.status as 400, map[err.status] ?? "bad_request");
    } else if (err instanceof SyntaxError) appError = new AppError(400, "bad_request");
    else {
      services.logger.error({ err, path: loggedPath(c.req.path) }, "unhandled API error");
      appError = new AppError(500, "internal");
    }
    // A 401 ends the session on the caller's side too: both cookies go.
    if (appError.status === 401 && getCookie(c, "token")) clearSessionCookies(c);
    return c.json(errorBody(appError, locale), appError.status);
  });

  api.notFound((c) => c.json(errorBody(new AppError(404, "not_found"), c.get("locale") ?? "ru"), 404));

  api.openapi(
    apiRoute({
      method: "get",
      permission: "public",
      path: "/health",
      tags: ["System"],
      summary: "Answers once the database is reachable",
      responses: { 200: jsonResponse(z.object({ status: z.literal("ok") }), "Healthy") },
    }),
    async (c) => {
      await services.db.execute("select 1");
      return c.json({ status: "ok" as const }, 200);
    },
  );

  api.route("/", apiOperations);
  api.route("/", fakePaymentPages);

  api.doc31("/openapi.json", {
    openapi: "3.1.0",
    info: {
      title: "Cemetery and burial services platform API",
      version: "1.0.0",
      description:
        "REST API of the platform. Sign in with `POST /auth/otp/request` and `POST /auth/otp/verify`; " +
        "then send the session token as a cookie (`token`) or as `Authorization: Bearer <token>`. " +
        "Errors are `{error: {code, message, fields?}}`, with messages in the language of `Accept-Language` (ru, kk).",
    },
  });
  api.openAPIRegistry.registerComponent("securitySchemes", "bearer", { type: "http", scheme: "bearer" });

  return api;
}

export type Api = ReturnType<typeof createApi>;
