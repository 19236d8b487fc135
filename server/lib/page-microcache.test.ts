import { describe, expect, it } from "vitest";
import { createHash } from "node:crypto";
import { BODY_ETAG_HEADER } from "./page-cache.ts";
import { createPageMicrocache, type RenderedPage } from "./page-microcache.ts";

/** A page as the renderer gives it: the nonce placeholder in its scripts, like React's output. */
function renderer(
  cache: ReturnType<typeof createPageMicrocache>,
  opts: Partial<{ status: number; isPublicRoute: boolean; setCookie: boolean }> = {},
) {
  let renders = 0;
  const render = async (): Promise<RenderedPage> => {
    renders++;
    const n = renders;
    await new Promise((r) => setTimeout(r, 5));
    const headers = new Headers({ "Content-Type": "text/html; charset=utf-8" });
    if (opts.setCookie) headers.append("Set-Cookie", "x=1; Path=/");
    return {
      response: new Response(
        `<script nonce="${cache.placeholder}">a</script><p>render ${n}: Ақтөбе</p><script nonce="${cache.placeholder}">b</script>`,
        { status: opts.status ?? 200, headers },
      ),
      isPublicRoute: opts.isPublicRoute ?? true,
    };
  };
  return { render, renders: () => renders };
}

const nonces = (html: string) => [...html.matchAll(/nonce="([^"]*)"/g)].map((m) => m[1]);

describe("page micro-cache", () => {
  it("answers an anonymous public page from memory, each response with its own nonce", async () => {
    const cache = createPageMicrocache({ ttlMs: 1000, maxEntries: 10 });
    const r = renderer(cache);
    const first = await cache.serve("http://x/", "GET", false, "nonceA", r.render);
    const second = await cache.serve("http://x/", "GET", false, "nonceB", r.render);
    expect(r.renders()).toBe(1);
    const a = await first.response.text();
    const b = await second.response.text();
    expect(nonces(a)).toEqual(["nonceA", "nonceA"]);
    expect(nonces(b)).toEqual(["nonceB", "nonceB"]);
    expect(b).not.toContain(cache.placeholder);
    // Non-ASCII text survives the byte-level stamping.
    expect(b).toContain("render 1: Ақтөбе");
    expect(second.isPublicRoute).toBe(true);
    expect(second.response.headers.get("content-type")).toBe("text/html; charset=utf-8");
  });

  it("gives a stored page with the ETag of its body without the nonce, for the page cache", async () => {
    const cache = createPageMicrocache({ ttlMs: 1000, maxEntries: 10 });
    const r = renderer(cache);
    for (const nonce of ["nonceA", "nonceB"]) {
      const page = await cache.serve("http://x/", "GET", false, nonce, r.render);
      const body = await page.response.text();
      // What the page cache computes from a body it has to read (server/lib/page-cache.ts).
      const expected = `W/"${createHash("sha256").update(body.split(nonce).join("")).digest("base64url").slice(0, 27)}"`;
      expect(page.response.headers.get(BODY_ETAG_HEADER)).toBe(expected);
    }
    expect(r.renders()).toBe(1);
  });

  it("keys on the full URL (query and language included)", async () => {
    const cache = createPageMicrocache({ ttlMs: 1000, maxEntries: 10 });
    const r = renderer(cache);
    await cache.serve("http://x/search?q=a", "GET", false, "n", r.render);
    await cache.serve("http://x/search?q=b", "GET", false, "n", r.render);
    await cache.serve("http://x/kk/search?q=a", "GET", false, "n", r.render);
    expect(r.renders()).toBe(3);
  });

  it("renders again once the page expired", async () => {
    let now = 1_000;
    const cache = createPageMicrocache({ ttlMs: 1000, maxEntries: 10, now: () => now });
    const r = renderer(cache);
    await cache.serve("http://x/", "GET", false, "n", r.render);
    now += 999;
    await cache.serve("http://x/", "GET", false, "n", r.render);
    expect(r.renders()).toBe(1);
    now += 1;
    const late = await cache.serve("http://x/", "GET", false, "n", r.render);
    expect(r.renders()).toBe(2);
    expect(await late.response.text()).toContain("render 2");
  });

  it("with a zero lifetime (development) renders every request", async () => {
    const cache = createPageMicrocache({ ttlMs: 0, maxEntries: 10 });
    const r = renderer(cache);
    await cache.serve("http://x/", "GET", false, "n", r.render);
    await cache.serve("http://x/", "GET", false, "n", r.render);
    expect(r.renders()).toBe(2);
  });

  it("never stores a request with a session, a guarded route, a non-200 or a page setting a cookie", async () => {
    const cases = [
      { hasSession: true, opts: {} },
      { hasSession: false, opts: { isPublicRoute: false } },
      { hasSession: false, opts: { status: 404 } },
      { hasSession: false, opts: { setCookie: true } },
    ];
    for (const { hasSession, opts } of cases) {
      const cache = createPageMicrocache({ ttlMs: 1000, maxEntries: 10 });
      const r = renderer(cache, opts);
      const first = await cache.serve("http://x/p", "GET", hasSession, "n1", r.render);
      const second = await cache.serve("http://x/p", "GET", hasSession, "n2", r.render);
      expect(r.renders(), JSON.stringify({ hasSession, opts })).toBe(2);
      expect(cache.size()).toBe(0);
      // Not stored, but never sent with the placeholder: the visitor's own nonce is stamped in.
      expect(nonces(await first.response.text())).toEqual(["n1", "n1"]);
      expect(nonces(await second.response.text())).toEqual(["n2", "n2"]);
      expect(second.isPublicRoute).toBe(opts.isPublicRoute ?? true);
    }
  });

  it("never stores a HEAD or a POST", async () => {
    const cache = createPageMicrocache({ ttlMs: 1000, maxEntries: 10 });
    const r = renderer(cache);
    await cache.serve("http://x/", "POST", false, "n", r.render);
    await cache.serve("http://x/", "HEAD", false, "n", r.render);
    expect(r.renders()).toBe(2);
    expect(cache.size()).toBe(0);
  });

  it("renders a URL once for a crowd arriving together (single flight)", async () => {
    const cache = createPageMicrocache({ ttlMs: 1000, maxEntries: 10 });
    const r = renderer(cache);
    const pages = await Promise.all(
      Array.from({ length: 20 }, (_, i) => cache.serve("http://x/", "GET", false, `n${i}`, r.render)),
    );
    expect(r.renders()).toBe(1);
    for (const [i, p] of pages.entries()) expect(nonces(await p.response.text())).toEqual([`n${i}`, `n${i}`]);
  });

  it("lets each waiting request render for itself when the shared rendering is not storable", async () => {
    const cache = createPageMicrocache({ ttlMs: 1000, maxEntries: 10 });
    const r = renderer(cache, { setCookie: true });
    await Promise.all(Array.from({ length: 3 }, () => cache.serve("http://x/", "GET", false, "n", r.render)));
    expect(r.renders()).toBe(3);
  });

  it("keeps at most maxEntries URLs, the oldest going first", async () => {
    const cache = createPageMicrocache({ ttlMs: 10_000, maxEntries: 2 });
    const r = renderer(cache);
    for (const q of ["a", "b", "c"]) await cache.serve(`http://x/search?q=${q}`, "GET", false, "n", r.render);
    expect(cache.size()).toBe(2);
    await cache.serve("http://x/search?q=c", "GET", false, "n", r.render);
    expect(r.renders()).toBe(3);
    await cache.serve("http://x/search?q=a", "GET", false, "n", r.render);
    expect(r.renders()).toBe(4);
  });

  it("a failed rendering is not stored and does not hold up the next request", async () => {
    const cache = createPageMicrocache({ ttlMs: 1000, maxEntries: 10 });
    await expect(
      cache.serve("http://x/", "GET", false, "n", async () => {
        throw new Error("boom");
      }),
    ).rejects.toThrow("boom");
    const r = renderer(cache);
    await cache.serve("http://x/", "GET", false, "n", r.render);
    expect(r.renders()).toBe(1);
  });
});
