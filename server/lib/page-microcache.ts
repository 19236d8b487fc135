import { randomBytes } from "node:crypto";
import { BODY_ETAG_HEADER, bodyEtag } from "./page-cache.ts";

/**
 * A short-lived store of rendered anonymous public pages, as nginx micro-caching does: a crowd on
 * one URL costs one rendering per `ttlMs` instead of one per visitor, and every figure on the page
 * is at most `ttlMs` (plus the render itself) older than the database.
 *
 * What may be stored is decided by the caller and checked again here (see `isStorable`): a GET
 * without a session cookie, of a route of the route table without a guard (the route React Router
 * matched, not the raw path), answered 200 without a cookie being set. A signed-in page is never
 * rendered into or answered from this store: a request carrying a `token` cookie bypasses it.
 *
 * The CSP nonce: anonymous pages are rendered with `placeholder` (random per process, same
 * alphabet and length as a real nonce) where the nonce goes, and every response, stored or fresh,
 * gets the placeholder replaced by its own request's nonce, which is also the one in its
 * Content-Security-Policy header. A stored body never carries a real nonce.
 *
 * Single flight: while a URL is being rendered, other requests for it wait for that rendering
 * instead of starting their own; if it turns out not storable, each renders for itself.
 */
export type StoredPage = {
  status: number;
  headers: [string, string][];
  /** The body, as UTF-8, cut where the nonce goes (answered as `parts.join(nonce)`). */
  parts: Buffer[];
  /** The body's weak ETag without the nonce, computed once (page-cache.ts answers with it). */
  etag: string;
  expires: number;
};

export type RenderedPage = {
  response: Response;
  /** The route React Router matched is a public entry of the route table (set by the guard). */
  isPublicRoute: boolean;
};

export type MicrocacheOptions = {
  ttlMs: number;
  /** At most this many URLs kept (the oldest go first); searches spread over many names. */
  maxEntries: number;
  now?: () => number;
};

export function createPageMicrocache(opts: MicrocacheOptions) {
  const now = opts.now ?? Date.now;
  // 16 random bytes in base64, like the real nonces: a placeholder cannot occur in a page by chance.
  const placeholder = randomBytes(16).toString("base64");
  const store = new Map<string, StoredPage>();
  const rendering = new Map<string, Promise<StoredPage | null>>();

  /** The rules of what may be stored, on the request and on the rendered answer. */
  function isStorable(method: string, hasSession: boolean, page: RenderedPage): boolean {
    const res = page.response;
    return (
      method === "GET" &&
      !hasSession &&
      page.isPublicRoute &&
      res.status === 200 &&
      !res.headers.has("Set-Cookie") &&
      res.body !== null
    );
  }

  function answer(stored: StoredPage, nonce: string): Response {
    const nonceBytes = Buffer.from(nonce);
    const chunks: Buffer[] = [];
    for (const [i, part] of stored.parts.entries()) {
      if (i > 0) chunks.push(nonceBytes);
      chunks.push(part);
    }
    const headers = new Headers(stored.headers);
    headers.set(BODY_ETAG_HEADER, stored.etag);
    return new Response(Buffer.concat(chunks), { status: stored.status, headers });
  }

  function fresh(key: string): StoredPage | undefined {
    const found = store.get(key);
    if (!found) return undefined;
    if (found.expires > now()) return found;
    store.delete(key);
    return undefined;
  }

  function keep(key: string, page: StoredPage) {
    store.delete(key);
    store.set(key, page);
    while (store.size > opts.maxEntries) {
      const oldest = store.keys().next().value as string;
      store.delete(oldest);
    }
    // Expired entries of URLs nobody asks again go when the store is next walked past them.
    for (const [k, v] of store) {
      if (v.expires > now()) break;
      store.delete(k);
    }
  }

  return {
    placeholder,
    /**
     * The page for `key` (the full URL) answered to a request with `nonce`: from the store, from a
     * rendering of the same URL already under way, or rendered by `render` with the placeholder as
     * its nonce. Requests with a session never come here (the caller renders them with their own
     * nonce); `hasSession` is checked again all the same.
     */
    async serve(
      key: string,
      method: string,
      hasSession: boolean,
      nonce: string,
      render: () => Promise<RenderedPage>,
    ): Promise<RenderedPage> {
      const isCandidate = method === "GET" && !hasSession;
      if (isCandidate) {
        const found = fresh(key);
        if (found) return { response: answer(found, nonce), isPublicRoute: true };
        const running = rendering.get(key);
        if (running) {
          const shared = await running;
          if (shared) return { response: answer(shared, nonce), isPublicRoute: true };
        }
      }
      let settle: (v: StoredPage | null) => void = () => {};
      const isLeader = isCandidate && !rendering.has(key);
      if (isLeader) {
        rendering.set(
          key,
          new Promise<StoredPage | null>((resolve) => {
            settle = resolve;
          }),
        );
      }
      try {
        const page = await render();
        const res = page.response;
        if (!isStorable(method, hasSession, page)) {
          settle(null);
          if (res.body === null) return page;
          // Rendered with the placeholder all the same: the visitor gets their own nonce.
          const text = (await res.text()).replaceAll(placeholder, nonce);
          return {
            response: new Response(text, { status: res.status, headers: res.headers }),
            isPublicRoute: page.isPublicRoute,
          };
        }
        const parts = (await res.text()).split(placeholder).map((part) => Buffer.from(part));
        const stored: StoredPage = {
          status: res.status,
          headers: [...res.headers],
          parts,
          etag: bodyEtag(parts),
          expires: now() + opts.ttlMs,
        };
        keep(key, stored);
        settle(stored);
        return { response: answer(stored, nonce), isPublicRoute: true };
      } catch (err) {
        settle(null);
        throw err;
      } finally {
        if (isLeader) rendering.delete(key);
      }
    },
    /** For tests and diagnostics. */
    size: () => store.size,
  };
}
