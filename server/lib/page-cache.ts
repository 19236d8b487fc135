import { createHash } from "node:crypto";
import type { MiddlewareHandler } from "hono";
import { hasSessionCookie } from "../../common/session-cookie.ts";

/** The path of a page request, without React Router's `.data` suffix for client navigations. */
export function pagePath(pathname: string): string {
  const p = pathname.replace(/\.data$/, "").replace(/\/_root$/, "/");
  return p === "" ? "/" : p;
}

/** Weak validators: an `If-None-Match` list holds this tag (or `*`). */
function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const bare = etag.replace(/^W\//, "");
  return ifNoneMatch.split(",").some((t) => {
    const tag = t.trim();
    return tag === "*" || tag.replace(/^W\//, "") === bare;
  });
}

/**
 * The weak ETag of a page's body without its CSP nonce (`parts` are the body cut where the nonce
 * goes, in order; their UTF-8 is hashed as one text).
 */
export function bodyEtag(parts: (string | Uint8Array)[]): string {
  const hash = createHash("sha256");
  for (const part of parts) hash.update(part);
  return `W/"${hash.digest("base64url").slice(0, 27)}"`;
}

/**
 * Set by the store of rendered pages (page-microcache.ts) on an answer it gives from a stored
 * body: that body's ETag, computed once when it was stored. Read and removed here, never sent.
 */
export const BODY_ETAG_HEADER = "x-body-etag";

export const PUBLIC_PAGE_CACHE = "public, no-cache";
export const PRIVATE_PAGE_CACHE = "private, no-store";

/**
 * Caching of the pages React Router renders (mounted after the API and the assets, before the
 * locale cookie, so it sees the final response):
 *
 * - An anonymous GET of a public page of the route table (no guard) that answers 200 and sets no
 *   cookie may be stored by browsers and shared caches, and must be revalidated (`public,
 *   no-cache`): it carries a weak ETag of its body, and a request whose `If-None-Match` holds it
 *   gets 304 with no body. A crowd on one page then costs the server its rendering but not the
 *   transfer, and a reverse proxy may answer repeat visitors from its store.
 * - Anything else — a request with a session cookie, a response that sets a cookie, a guarded
 *   page, an error, a redirect — is `private, no-store`: a signed-in page is never stored.
 * - Every page varies by `Cookie`, so a stored anonymous page never answers a signed-in visitor.
 *
 * The body's CSP nonce changes with every response: the ETag is computed without it, and a 304
 * carries no Content-Security-Policy, so the browser keeps the stored policy whose nonce matches
 * the stored body (it would otherwise take the 304's headers over the stored ones).
 */
export function pageCache(nonceOf: (c: Parameters<MiddlewareHandler>[0]) => string): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const res = c.res;
    const headers = res.headers;
    const known = headers.get(BODY_ETAG_HEADER);
    headers.delete(BODY_ETAG_HEADER);
    const prior = headers.get("Vary");
    if (!prior?.toLowerCase().includes("cookie")) headers.set("Vary", prior ? `${prior}, Cookie` : "Cookie");
    const isGet = c.req.method === "GET" || c.req.method === "HEAD";
    // Set by the page handler from the route React Router matched (a raw path can be spelt many
    // ways: `/%61dmin/...` is the admin's page), so a guarded page is never stored.
    const isPublicRoute = c.get("isPublicRoute") === true;
    const hasSession = hasSessionCookie(c.req.header("cookie"));
    const isPublic = isGet && !hasSession && res.status === 200 && !headers.has("Set-Cookie") && isPublicRoute;
    if (!isPublic) {
      // An app-chosen policy (the sitemap's) stands for anonymous visitors; sessions never are stored.
      if (hasSession || headers.has("Set-Cookie") || !headers.has("Cache-Control")) {
        headers.set("Cache-Control", PRIVATE_PAGE_CACHE);
      }
      return;
    }
    headers.set("Cache-Control", PUBLIC_PAGE_CACHE);
    if (c.req.method !== "GET" || !res.body) return;
    // A stored page comes with its ETag: its body goes out as it is, neither read nor hashed again.
    const body = known ? null : await res.text();
    const etag = known ?? bodyEtag((body as string).split(nonceOf(c)));
    headers.set("ETag", etag);
    if (matches(c.req.header("if-none-match"), etag)) {
      const kept = new Headers();
      for (const name of ["Cache-Control", "ETag", "Vary"]) kept.set(name, headers.get(name) as string);
      c.res = new Response(null, { status: 304, headers: kept });
      return;
    }
    // Answered anew in both cases: a stored page's headers, changed in place, were not what the
    // server wrote out (its ETag went missing), while a new response's are.
    c.res = new Response(body ?? res.body, { status: res.status, headers });
  };
}
