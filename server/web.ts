import { randomBytes } from "node:crypto";
import { type Context, Hono, type MiddlewareHandler } from "hono";
import { getCookie, setCookie } from "hono/cookie";
import { RouterContextProvider, type ServerBuild, createRequestHandler } from "react-router";
import { createApiClient } from "../common/api-client.ts";
import { translate } from "../common/i18n.ts";
import {
  detectLocale,
  LOCALE_COOKIE,
  LOCALE_COOKIE_MAX_AGE,
  localeFromAcceptLanguage,
  localeFromPath,
  localizePath,
  type Locale,
} from "../common/locale.ts";
import { requestContext, type TRequestContext } from "../app/lib/request-context.ts";
import { createApi } from "./api.ts";
import { loggedPath } from "./lib/logger.ts";
import { AppError } from "./lib/errors.ts";
import { errorBody } from "./lib/http.ts";
import { apiDocsHtml, serveSwaggerAsset } from "./lib/api-docs.ts";
import { hasSessionCookie } from "../common/session-cookie.ts";
import { fifoLimit } from "./lib/fifo-limit.ts";
import { pageCache, pagePath } from "./lib/page-cache.ts";
import { createPageMicrocache } from "./lib/page-microcache.ts";
import { shortLinkHandler } from "./short-links.ts";
import { UPLOAD_BODY_LIMIT } from "./modules/uploads/uploads.service.ts";
import type { Services } from "./services.ts";

type WebEnv = { Variables: { nonce: string; requestId: string; isPublicRoute?: boolean } };

export type WebOptions = {
  services: Services;
  /** The React Router server build, or a getter of it (development). */
  build: ServerBuild | (() => Promise<ServerBuild>);
  buildId: string;
  mode: "production" | "development";
  /** Serves built assets (production); absent when Vite serves them (development). */
  assets?: MiddlewareHandler;
};

/** Pages rendered at once (the others wait their turn): enough to overlap one's database reads with another's rendering. */
const RENDER_CONCURRENCY = 4;
/**
 * Rendered anonymous public pages are answered from memory for this long (server/lib/page-microcache.ts):
 * the figures they show are at most this much older than the database.
 */
const PAGE_MICROCACHE_MS = 1_000;
const PAGE_MICROCACHE_ENTRIES = 1_000;

const UNSAFE = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * Security headers of every response. The CSP allows only this origin (plus the map tile server's,
 * for images, when `MAP_TILE_URL` is set); inline scripts need the nonce.
 */
export function securityHeaders(nonce: string, isDev: boolean, tileOrigin?: string): Record<string, string> {
  const script = isDev ? `'self' 'nonce-${nonce}' 'unsafe-inline'` : `'self' 'nonce-${nonce}'`;
  const connect = isDev ? "'self' ws: wss:" : "'self'";
  return {
    "Content-Security-Policy": [
      "default-src 'self'",
      `script-src ${script}`,
      // React's style attributes need inline styles; no external stylesheet is allowed.
      "style-src 'self' 'unsafe-inline'",
      `img-src 'self' data: blob:${tileOrigin ? ` ${tileOrigin}` : ""}`,
      "font-src 'self'",
      `connect-src ${connect}`,
      "worker-src 'self' blob:",
      "object-src 'none'",
      "base-uri 'self'",
      "form-action 'self'",
      "frame-ancestors 'none'",
    ].join("; "),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "X-Frame-Options": "DENY",
    "Cross-Origin-Opener-Policy": "same-origin",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=(self)",
  };
}

/** How long a refused body may take to arrive before its connection is closed instead. */
const DRAIN_TIMEOUT_MS = 5_000;

/**
 * Reads the rest of a refused body and throws it away, at most `maxBytes` and for at most
 * {@link DRAIN_TIMEOUT_MS}. True when the body ended, so the connection can serve the next request.
 */
async function discardRest(reader: ReadableStreamDefaultReader<Uint8Array>, maxBytes: number): Promise<boolean> {
  let received = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<"timeout">((resolve) => {
    timer = setTimeout(() => resolve("timeout"), DRAIN_TIMEOUT_MS);
  });
  try {
    for (;;) {
      const chunk = await Promise.race([reader.read(), timeout]);
      if (chunk === "timeout") return false;
      if (chunk.done) return true;
      received += chunk.value.byteLength;
      if (received > maxBytes) return false;
    }
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
    reader.releaseLock();
  }
}

/**
 * The request body limit. Unlike a plain limit, which answers 413 and leaves the rest of the body
 * unread on the socket (the server then dropped the keep-alive connection under the client's next
 * request), it reads a refused body to its end, up to `drainMaxBytes`, and answers 413 on a
 * connection that stays usable. A body too large or too slow even for that is answered with
 * `Connection: close`, so the client knows the connection ends with this answer.
 */
export function limitBody(
  maxBytes: number,
  drainMaxBytes: number,
  tooLarge: (c: Context, isDrained: boolean) => Response,
): MiddlewareHandler {
  return async (c, next) => {
    const body = c.req.raw.body;
    if (!body) return next();
    const declared = c.req.header("content-length");
    if (declared !== undefined && !c.req.raw.headers.has("transfer-encoding")) {
      const length = Number(declared);
      if (length <= maxBytes) return next();
      const isDrained = length <= drainMaxBytes && (await discardRest(body.getReader(), drainMaxBytes));
      return tooLarge(c, isDrained);
    }
    // No declared length (chunked): count while reading, keep what is within the limit.
    const reader = body.getReader();
    const parts: Uint8Array[] = [];
    let size = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) return tooLarge(c, await discardRest(reader, drainMaxBytes - size));
      parts.push(value);
    }
    c.req.raw = new Request(c.req.raw, { body: Buffer.concat(parts) });
    return next();
  };
}

/**
 * Whether a page load comes from a page of this site (a link, the language switch) rather than
 * from outside (a typed address, a bookmark, another site): the browser says so in
 * `Sec-Fetch-Site`, older ones in the Referer.
 */
function comesFromHere(c: Context): boolean {
  const site = c.req.header("sec-fetch-site");
  if (site) return site === "same-origin";
  const referer = c.req.header("referer");
  if (!referer) return false;
  try {
    return new URL(referer).host === c.req.header("host");
  } catch {
    return false;
  }
}

/**
 * The Kazakh twin to send a Russian page's visitor to, or undefined to serve the page as asked.
 * A first visit (no cookie) goes to Kazakh when the browser prefers it; a visitor who chose Kazakh
 * (cookie `kk`) and opens the site's front page from outside (typed, bookmarked) gets `/kk`.
 * Any other Russian address is served in Russian: it was shared or followed in that language, and
 * a link from this site (the switch to Russian) is the person's choice.
 */
export function localeToOpen(
  path: string,
  cookieLocale: string | undefined,
  acceptLanguage: string | undefined,
  isFromHere: boolean,
): Locale | undefined {
  if (!cookieLocale) return localeFromAcceptLanguage(acceptLanguage) === "kk" ? "kk" : undefined;
  return cookieLocale === "kk" && path === "/" && !isFromHere ? "kk" : undefined;
}

/**
 * The one HTTP application: security headers, request log, origin check, the API under
 * `/api/v1`, its reference at `/api/docs`, built assets, and React Router for every page.
 */
export function createWebApp(opts: WebOptions) {
  const { services } = opts;
  const { config, logger } = services;
  const api = createApi(services);
  const app = new Hono<WebEnv>();
  const isDev = opts.mode === "development";
  const publicOrigin = new URL(config.publicUrl).origin;
  const tileOrigin = config.mapTileUrl ? new URL(config.mapTileUrl.replace(/[{}]/g, "")).origin : undefined;

  app.use("*", async (c, next) => {
    const started = performance.now();
    const nonce = randomBytes(16).toString("base64");
    c.set("nonce", nonce);
    c.set("requestId", randomBytes(8).toString("hex"));
    await next();
    for (const [k, v] of Object.entries(securityHeaders(nonce, isDev, tileOrigin))) {
      // A 304 keeps the stored page's policy: its nonce is the one in the stored body.
      if (k === "Content-Security-Policy" && c.res.status === 304) continue;
      if (!c.res.headers.has(k)) c.res.headers.set(k, v);
    }
    // Method, path without query, status and time: never bodies, cookies, tokens, codes or IINs.
    logger.info(
      {
        reqId: c.get("requestId"),
        method: c.req.method,
        path: loggedPath(c.req.path),
        status: c.res.status,
        ms: Math.round(performance.now() - started),
      },
      "request",
    );
  });

  // Writes authenticated by cookie must come from this site (CSRF defence in depth beside SameSite=Lax).
  app.use("*", async (c, next) => {
    if (UNSAFE.has(c.req.method) && getCookie(c, "token")) {
      const origin = c.req.header("origin");
      const site = c.req.header("sec-fetch-site");
      const own = new Set([publicOrigin, `${new URL(c.req.url).protocol}//${c.req.header("host")}`]);
      const isForeign = origin ? !own.has(origin) : site === "cross-site";
      if (isForeign) {
        const locale = detectLocale(c.req.header("cookie") ?? null, c.req.header("accept-language") ?? null);
        return c.json(errorBody(new AppError(403, "foreign_origin"), locale), 403);
      }
    }
    await next();
  });

  const tooLarge = (c: Context, isDrained: boolean) => {
    const locale = detectLocale(c.req.header("cookie") ?? null, c.req.header("accept-language") ?? null);
    return c.json(
      errorBody(new AppError(413, "payload_too_large"), locale),
      413,
      isDrained ? {} : { Connection: "close" },
    );
  };
  // Files have their own, larger limit (checked again per purpose by the upload service). A refused
  // body is read and discarded up to twice the upload limit before the connection is given up.
  const drainMax = 2 * UPLOAD_BODY_LIMIT;
  const uploadLimit = limitBody(UPLOAD_BODY_LIMIT, drainMax, tooLarge);
  const defaultLimit = limitBody(config.bodyLimitBytes, drainMax, tooLarge);
  app.use("*", (c, next) => (c.req.path === "/api/v1/uploads" ? uploadLimit(c, next) : defaultLimit(c, next)));

  app.get("/api/v1/build", (c) => c.json({ buildId: opts.buildId }, 200, { "Cache-Control": "no-store" }));
  app.route("/", api);
  app.get("/api/docs", (c) => c.html(apiDocsHtml()));
  app.get("/api/docs/assets/:file", (c) => serveSwaggerAsset(c, c.req.param("file")));
  app.all("/api/*", (c) => {
    const locale = detectLocale(c.req.header("cookie") ?? null, c.req.header("accept-language") ?? null);
    return c.json(errorBody(new AppError(404, "not_found"), locale), 404);
  });

  if (opts.assets) app.use("*", opts.assets);

  // Pages only (the API and the assets answered above): anonymous public pages cacheable, signed-in never.
  app.use(
    "*",
    pageCache((c) => c.get("nonce")),
  );

  // The permanent short addresses the QR plaques hold (decision 027): a redirect in the visitor's
  // language, before the locale's own redirect (one hop from a scan); an unknown code goes on to the 404 page.
  const shortLink = shortLinkHandler(services.db);
  app.get("/g/*", shortLink);
  app.get("/kk/g/*", shortLink);

  // Locale (decision 003): detected on first access (cookie, then Accept-Language), changed only by
  // opening a page of the other language (the switch, a link), kept 365 days.
  app.use("*", async (c, next) => {
    if (c.req.method !== "GET" && c.req.method !== "HEAD") return next();
    // React Router's route discovery (`/__manifest?paths=...`) names no page: it must not touch the locale.
    if (c.req.path === "/__manifest") return next();
    const path = pagePath(c.req.path);
    const pathLocale = localeFromPath(path);
    const cookieLocale = getCookie(c, LOCALE_COOKIE);
    const isDocument = !c.req.path.endsWith(".data");
    // Files (`/robots.txt`, `/favicon.ico`, the sitemaps) have an extension; pages never do.
    const isFile = /\.\w+$/.test(path);
    if (isDocument && !isFile && pathLocale === "ru") {
      const target = localeToOpen(path, cookieLocale, c.req.header("accept-language"), comesFromHere(c));
      if (target) {
        const url = new URL(c.req.url);
        if (!cookieLocale) {
          setCookie(c, LOCALE_COOKIE, target, { path: "/", maxAge: LOCALE_COOKIE_MAX_AGE, sameSite: "Lax" });
        }
        return c.redirect(`${localizePath(path, target)}${url.search}`, 302);
      }
    }
    await next();
    // Only a page that was served (its HTML, or its data for a client navigation) says which
    // language the person chose: a 404, an error, a redirect, a file, the sitemap never do.
    const type = c.res.headers.get("content-type") ?? "";
    const isPage = c.res.status >= 200 && c.res.status < 300 && (isDocument ? type.startsWith("text/html") : true);
    if (isPage && cookieLocale !== pathLocale) {
      c.res.headers.append(
        "Set-Cookie",
        `${LOCALE_COOKIE}=${pathLocale}; Max-Age=${LOCALE_COOKIE_MAX_AGE}; Path=/; SameSite=Lax`,
      );
    }
  });

  const handler = createRequestHandler(opts.build as ServerBuild, opts.mode);
  const renderInTurn = fifoLimit(RENDER_CONCURRENCY);
  // Not in development: an edited page must show at once.
  const microcache = createPageMicrocache({
    ttlMs: isDev ? 0 : PAGE_MICROCACHE_MS,
    maxEntries: PAGE_MICROCACHE_ENTRIES,
  });
  app.all("*", async (c) => {
    // No page takes a NUL character; its loaders would hand it to the API, which refuses it.
    if (/%00/i.test(c.req.url)) {
      return c.text(translate(localeFromPath(pagePath(c.req.path)), "errors.bad_request"), 400);
    }
    const cookieHeader = c.req.header("cookie") ?? "";
    const token = getCookie(c, "token");
    const rc: TRequestContext = {
      nonce: c.get("nonce"),
      me: null,
      locale: localeFromPath(pagePath(c.req.path)),
      sessionEnded: false,
      buildId: opts.buildId,
      publicUrl: config.publicUrl,
      mapTileUrl: config.mapTileUrl,
      isPublicRoute: false,
      api: undefined as never,
    };
    rc.api = createApiClient({
      baseUrl: `${new URL(c.req.url).origin}/api/v1`,
      // In process: the page's loaders reach the same API handlers without a network hop.
      fetch: (input, init) => Promise.resolve(api.fetch(new Request(input, init), c.env)),
      session: {
        getToken: () => token,
        clear: () => {
          rc.sessionEnded = true;
        },
      },
      locale: rc.locale,
      // The token travels as Bearer; the locale is the page's (sent as Accept-Language), not the
      // cookie's, which still holds the previous page's language during a switch.
      // The proxies' address chain goes along, so rate limits per address see the visitor (TRUST_PROXY).
      headers: {
        cookie: cookieHeader.replace(/(?:^|;\s*)(?:token|locale)=[^;]*/g, ""),
        ...(c.req.header("x-forwarded-for") ? { "x-forwarded-for": c.req.header("x-forwarded-for") as string } : {}),
      },
    });
    const context = new RouterContextProvider();
    context.set(requestContext, rc);
    try {
      // Rendered in turns, start to finish (body included), so a crowd is answered in arrival order.
      const render = () =>
        renderInTurn(async () => {
          const res = await handler(c.req.raw, context);
          const response = new Response(res.body ? await res.arrayBuffer() : null, res);
          return { response, isPublicRoute: rc.isPublicRoute };
        });
      let page: { response: Response; isPublicRoute: boolean };
      // Any token cookie, even an empty or expired one, keeps the request out of the store (as the guard sees it).
      if (hasSessionCookie(cookieHeader)) {
        page = await render();
      } else {
        // Anonymous: rendered with the store's nonce placeholder, answered with this response's nonce.
        rc.nonce = microcache.placeholder;
        page = await microcache.serve(c.req.url, c.req.method, false, c.get("nonce"), render);
      }
      // The page cache decides on the route React Router matched, not on the raw path.
      c.set("isPublicRoute", page.isPublicRoute);
      return page.response;
    } catch (err) {
      logger.error({ err, path: c.req.path }, "page render failed");
      return c.text(translate(rc.locale, "error.internal_title"), 500);
    }
  });

  return app;
}
