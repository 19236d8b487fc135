import { createHash } from "node:crypto";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { BODY_ETAG_HEADER, PUBLIC_PAGE_CACHE, pageCache } from "./page-cache.ts";
import { createPageMicrocache } from "./page-microcache.ts";

type Env = { Variables: { nonce: string; isPublicRoute?: boolean } };

/** Pages as web.ts serves them: anonymous ones through the store, each response with its own nonce. */
function site() {
  const cache = createPageMicrocache({ ttlMs: 60_000, maxEntries: 10 });
  let renders = 0;
  let n = 0;
  const app = new Hono<Env>();
  app.use("*", async (c, next) => {
    c.set("nonce", `nonce${++n}`);
    await next();
  });
  app.use(
    "*",
    pageCache((c) => c.get("nonce")),
  );
  app.get("*", async (c) => {
    const page = await cache.serve(c.req.url, "GET", false, c.get("nonce"), async () => {
      renders++;
      return {
        response: new Response(`<script nonce="${cache.placeholder}">x</script><p>Ақтөбе ${c.req.path}</p>`, {
          headers: { "Content-Type": "text/html; charset=utf-8" },
        }),
        isPublicRoute: true,
      };
    });
    c.set("isPublicRoute", page.isPublicRoute);
    return page.response;
  });
  return { app, renders: () => renders };
}

const etagOf = (body: string, nonce: string) =>
  `W/"${createHash("sha256").update(body.split(nonce).join("")).digest("base64url").slice(0, 27)}"`;

describe("page cache of stored pages", () => {
  it("answers a stored page with the ETag of its body without the nonce, and 304 when the browser has it", async () => {
    const { app, renders } = site();
    const first = await app.request("/");
    const firstBody = await first.text();
    const second = await app.request("/");
    const secondBody = await second.text();
    expect(renders()).toBe(1);
    // Each answer has its own nonce, and one ETag: the body's without the nonce.
    expect(firstBody).not.toBe(secondBody);
    expect(first.headers.get("ETag")).toBe(etagOf(firstBody, "nonce1"));
    expect(second.headers.get("ETag")).toBe(etagOf(secondBody, "nonce2"));
    expect(second.headers.get("ETag")).toBe(first.headers.get("ETag"));
    expect(second.headers.get("Cache-Control")).toBe(PUBLIC_PAGE_CACHE);
    // The store's hint never leaves the server.
    expect(second.headers.get(BODY_ETAG_HEADER)).toBeNull();

    const again = await app.request("/", { headers: { "If-None-Match": first.headers.get("ETag") as string } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
    expect(again.headers.get(BODY_ETAG_HEADER)).toBeNull();
  });
});
