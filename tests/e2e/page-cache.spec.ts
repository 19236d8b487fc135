import { ROUTES } from "../../common/route-table.ts";
import { LOCALES, type Locale, localizePath } from "../../common/locale.ts";
import { expect, test } from "./fixtures.ts";
import { DEMO, DEV_CODE } from "./helpers.ts";

/**
 * Page caching, for every entry of the route table in both languages, on the production build:
 * an anonymous visitor's public page may be stored and revalidated (ETag, 304), a signed-in
 * visitor's page never, a guarded page never publicly, and every page varies by cookie.
 */
type Api = Parameters<Parameters<typeof test>[2]>[0]["request"];

async function pages(request: Api) {
  const news = (await (await request.get("/api/v1/news")).json()) as { items: { id: number }[] };
  const cemeteries = (await (await request.get("/api/v1/cemeteries")).json()) as { items: { id: number }[] };
  const params: Record<string, string> = { id: String(news.items[0]?.id ?? cemeteries.items[0]?.id ?? 1) };
  return ROUTES.flatMap((route) =>
    LOCALES.map((locale) => ({
      route,
      locale,
      path: localizePath(
        route.path.replace(/:(\w+)/g, (_, k: string) => params[k] ?? "1"),
        locale,
      ),
    })),
  );
}

const cookieFor = (locale: Locale, token?: string) => `locale=${locale}${token ? `; token=${token}` : ""}`;

test("anonymous public pages are cacheable with an ETag; guarded pages never publicly", async ({ request }) => {
  let cacheable = 0;
  for (const { route, locale, path } of await pages(request)) {
    const res = await request.get(path, { maxRedirects: 0, headers: { cookie: cookieFor(locale) } });
    const cache = res.headers()["cache-control"];
    expect(res.headers().vary, path).toMatch(/cookie/i);
    if (route.permission) {
      expect(cache, `${path} is guarded`).toBe("private, no-store");
      expect(res.headers().etag, path).toBeUndefined();
      continue;
    }
    if (res.status() !== 200) {
      // Logout only redirects: nothing to store.
      expect(cache, path).toBe("private, no-store");
      continue;
    }
    expect(cache, path).toBe("public, no-cache");
    const etag = res.headers().etag ?? `no ETag on ${path}`;
    expect(etag, path).toMatch(/^W\/"[\w-]+"$/);
    // The same page again has the same tag (the per-response nonce is not part of it) ...
    const again = await request.get(path, { headers: { cookie: cookieFor(locale) } });
    expect(again.headers().etag, path).toBe(etag);
    // ... so a revalidation is a 304 without a body, keeping the stored page's CSP.
    const revalidated = await request.get(path, { headers: { cookie: cookieFor(locale), "if-none-match": etag } });
    expect(revalidated.status(), path).toBe(304);
    expect((await revalidated.body()).length, path).toBe(0);
    expect(revalidated.headers()["content-security-policy"], path).toBeUndefined();
    cacheable++;
  }
  expect(cacheable).toBeGreaterThanOrEqual(18);
});

test("a page that sets a cookie is not stored", async ({ request }) => {
  // A first visit without a locale cookie gets one with the page.
  const res = await request.get("/news", { headers: { cookie: "" } });
  expect(res.headers()["set-cookie"]).toContain("locale=ru");
  expect(res.headers()["cache-control"]).toBe("private, no-store");
  expect(res.headers().etag).toBeUndefined();
});

test("every page a signed-in visitor gets is private and never stored", async ({ request }) => {
  const verify = await request.post("/api/v1/auth/otp/verify", {
    data: { phone: `+7${DEMO.client.phone}`, code: DEV_CODE },
  });
  expect(verify.status()).toBe(200);
  const token = /token=([^;]+)/.exec(verify.headers()["set-cookie"] ?? "")?.[1] as string;
  expect(token).toBeTruthy();
  for (const { locale, path } of await pages(request)) {
    if (path.endsWith("/logout")) continue; // it would end the session the loop uses
    const res = await request.get(path, { maxRedirects: 0, headers: { cookie: cookieFor(locale, token) } });
    expect(res.status(), path).toBeLessThan(500);
    expect(res.headers()["cache-control"], path).toBe("private, no-store");
    expect(res.headers().etag, path).toBeUndefined();
    expect(res.headers().vary, path).toMatch(/cookie/i);
  }
  // The same page anonymous is public: what differs is the session, and caches key on the cookie.
  const anonymous = await request.get("/", { headers: { cookie: cookieFor("ru") } });
  expect(anonymous.headers()["cache-control"]).toBe("public, no-cache");
});

test("the server's one-second store of anonymous pages: own nonce per response, signed-in never served from it", async ({
  request,
}) => {
  const nonceOf = (csp: string | undefined) => /'nonce-([^']+)'/.exec(csp ?? "")?.[1];
  const seen = new Set<string>();
  // Asked together and one after the other: answered from one rendering, each with its own nonce.
  const responses = [
    ...(await Promise.all([1, 2, 3].map(() => request.get("/news", { headers: { cookie: "locale=ru" } })))),
    await request.get("/news", { headers: { cookie: "locale=ru" } }),
  ];
  for (const res of responses) {
    expect(res.status()).toBe(200);
    const nonce = nonceOf(res.headers()["content-security-policy"]) as string;
    expect(nonce).toBeTruthy();
    const inBody = [...(await res.text()).matchAll(/nonce="([^"]*)"/g)].map((m) => m[1]);
    expect(inBody.length).toBeGreaterThan(0);
    expect(new Set(inBody)).toEqual(new Set([nonce]));
    seen.add(nonce);
  }
  expect(seen.size).toBe(responses.length);

  // A signed-in visitor's page right after the same page was stored anonymous: rendered for them.
  const verify = await request.post("/api/v1/auth/otp/verify", {
    data: { phone: `+7${DEMO.client.phone}`, code: DEV_CODE },
  });
  const token = /token=([^;]+)/.exec(verify.headers()["set-cookie"] ?? "")?.[1] as string;
  await request.get("/", { headers: { cookie: "locale=ru" } });
  const signedIn = await request.get("/", { headers: { cookie: cookieFor("ru", token) } });
  const anonymous = await request.get("/", { headers: { cookie: "locale=ru" } });
  // The account bar: a logout button for the signed-in visitor, none on the anonymous page.
  expect(await signedIn.text()).toContain('data-testid="logout"');
  expect(await anonymous.text()).not.toContain('data-testid="logout"');
  expect(signedIn.headers()["cache-control"]).toBe("private, no-store");
});
