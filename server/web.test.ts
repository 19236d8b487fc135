import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createHarness, type Harness } from "./test/harness.ts";
import { createWebApp, localeToOpen } from "./web.ts";

/** The HTTP edge without the pages: headers, origin check, body limit, API 404s, docs. */
let h: Harness;
let web: ReturnType<typeof createWebApp>;
beforeAll(async () => {
  h = await createHarness();
  web = createWebApp({
    services: h.services,
    build: async () => {
      throw new Error("pages are not part of this test");
    },
    buildId: "test-build",
    mode: "production",
  });
});
afterAll(async () => h.close());
beforeEach(async () => h.reset());

describe("HTTP edge", () => {
  it("sends security headers with a CSP limited to this origin", async () => {
    const res = await web.request("/api/v1/health");
    expect(await res.json()).toEqual({ status: "ok" });
    const csp = res.headers.get("content-security-policy") ?? "";
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+'/);
    expect(csp).not.toMatch(/https?:/);
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
  });

  it("lets map tiles load from MAP_TILE_URL's origin, as images only", async () => {
    const tiled = createWebApp({
      services: {
        ...h.services,
        config: { ...h.services.config, mapTileUrl: "https://tiles.example.kz/{z}/{x}/{y}.png" },
      },
      build: async () => {
        throw new Error("pages are not part of this test");
      },
      buildId: "test-build",
      mode: "production",
    });
    const csp = (await tiled.request("/api/v1/health")).headers.get("content-security-policy") ?? "";
    expect(csp).toContain("img-src 'self' data: blob: https://tiles.example.kz");
    expect(csp).toMatch(/connect-src 'self';/);
  });

  it("refuses cookie-authenticated writes from a foreign origin, in the visitor's language", async () => {
    const token = await h.login(h.phones.admin);
    const foreign = await web.request("/api/v1/auth/logout", {
      method: "POST",
      headers: { cookie: `token=${token}; locale=kk`, origin: "https://evil.example" },
    });
    expect(foreign.status).toBe(403);
    const body = await foreign.json();
    expect(body.error.code).toBe("foreign_origin");
    expect(body.error.message).toMatch(/басқа сайттан/);
    const own = await web.request("http://localhost/api/v1/auth/logout", {
      method: "POST",
      headers: { cookie: `token=${token}`, origin: "http://localhost:3000", host: "localhost:3000" },
    });
    expect(own.status).toBe(200);
  });

  it("keeps the locale cookie on route discovery and changes it on navigation", async () => {
    const discovery = await web.request("/__manifest?paths=%2Fkk%2C%2Flogin", { headers: { cookie: "locale=kk" } });
    expect(discovery.headers.get("set-cookie") ?? "").not.toContain("locale=");
    // A page that was not served (here: its rendering fails) does not change it either; a served
    // page of the other language does (tests/e2e/locale.spec.ts, against the real pages).
    const failed = await web.request("/kk/contacts.data", { headers: { cookie: "locale=ru" } });
    expect(failed.status).toBe(500);
    expect(failed.headers.get("set-cookie") ?? "").not.toContain("locale=");
  });

  it("sends a visitor who chose Kazakh from the bare front page to /kk, and nowhere else", async () => {
    const typed = await web.request("/", { headers: { cookie: "locale=kk", "sec-fetch-site": "none" } });
    expect(typed.status).toBe(302);
    expect(typed.headers.get("location")).toBe("/kk");
    expect(typed.headers.get("set-cookie") ?? "").not.toContain("locale=");
    const curl = await web.request("/?utm=1", { headers: { cookie: "locale=kk" } });
    expect(curl.headers.get("location")).toBe("/kk?utm=1");
    // The switch to Russian is a link of this site: the person's choice.
    expect(localeToOpen("/", "kk", undefined, true)).toBeUndefined();
    // A Russian address other than the front page was shared in Russian.
    expect(localeToOpen("/contacts", "kk", "kk", false)).toBeUndefined();
    expect(localeToOpen("/", "ru", "kk", false)).toBeUndefined();
    expect(localeToOpen("/contacts", undefined, "kk-KZ,ru;q=0.5", false)).toBe("kk");
    // Files never move to /kk, whatever the browser prefers.
    const robots = await web.request("/favicon.ico", { headers: { "accept-language": "kk" } });
    expect(robots.status).not.toBe(302);
    expect(robots.headers.get("set-cookie") ?? "").not.toContain("locale=");
  });

  it("accepts Bearer-authenticated writes from anywhere (no ambient credentials)", async () => {
    const token = await h.login(h.phones.admin);
    const res = await web.request("/api/v1/notifications/read-all", {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, origin: "https://other.example" },
    });
    expect(res.status).toBe(200);
  });

  it("limits the request body size", async () => {
    const res = await web.request("/api/v1/auth/otp/request", {
      method: "POST",
      headers: { "content-type": "application/json", "content-length": String(2_000_000) },
      body: JSON.stringify({ phone: "x".repeat(2_000_000) }),
    });
    expect(res.status).toBe(413);
    expect((await res.json()).error.code).toBe("payload_too_large");
  });

  it("answers unknown API paths with a JSON 404", async () => {
    const res = await web.request("/api/v1/nope", { headers: { "accept-language": "kk" } });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: { code: "not_found", message: "Ештеңе табылмады." } });
  });

  it("serves the OpenAPI 3.1 document and a self-hosted reference page", async () => {
    const doc = await (await web.request("/api/v1/openapi.json")).json();
    expect(doc.openapi).toBe("3.1.0");
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(["/api/v1/auth/otp/request", "/api/v1/auth/otp/verify", "/api/v1/me", "/api/v1/health"]),
    );
    const page = await web.request("/api/docs");
    const html = await page.text();
    expect(html).toContain("/api/docs/assets/swagger-ui-bundle.js");
    expect(html).not.toMatch(/<script[^>]+src="https?:/);
    expect(html).not.toMatch(/<link[^>]+href="https?:/);
    const bundle = await web.request("/api/docs/assets/swagger-ui-bundle.js");
    expect(bundle.status).toBe(200);
    expect(bundle.headers.get("content-type")).toContain("javascript");
  });

  it("tells the browser which build it serves", async () => {
    const res = await web.request("/api/v1/build");
    expect(await res.json()).toEqual({ buildId: "test-build" });
    expect(res.headers.get("cache-control")).toBe("no-store");
  });

  it("redirects a first visit to Kazakh when the browser prefers it, and remembers it for 365 days", async () => {
    const res = await web.request("/contacts", { headers: { "accept-language": "kk-KZ,kk;q=0.9,ru;q=0.5" } });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/kk/contacts");
    const cookie = res.headers.get("set-cookie") ?? "";
    expect(cookie).toMatch(/locale=kk/);
    expect(cookie).toMatch(/Max-Age=31536000/);
    expect(cookie).toMatch(/SameSite=Lax/);
    const again = await web.request("/contacts", {
      headers: { "accept-language": "kk-KZ", cookie: "locale=ru" },
    });
    expect(again.status).not.toBe(302);
  });

  it("writes request logs without codes, tokens or phones' codes", async () => {
    const lines: string[] = [];
    const original = h.services.logger.info.bind(h.services.logger);
    h.services.logger.info = ((obj: unknown, msg?: string) => {
      lines.push(JSON.stringify(obj) + (msg ?? ""));
      return original(obj as never, msg as never);
    }) as never;
    try {
      await web.request("/api/v1/auth/otp/verify?code=123456", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ phone: h.phones.client, code: "111111" }),
      });
      const all = lines.join("\n");
      expect(all).toContain("/api/v1/auth/otp/verify");
      expect(all).not.toContain("111111");
      expect(all).not.toContain("123456");
      expect(all).not.toMatch(/token/i);
    } finally {
      h.services.logger.info = original as never;
    }
  });
});
