import type { APIRequestContext, Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { DEMO, login } from "./helpers.ts";

test.use({ viewport: { width: 360, height: 780 }, hasTouch: true });

/** A GET as a browser sends it, with a locale cookie, not following redirects. */
async function get(request: APIRequestContext, path: string, locale: "ru" | "kk", site = "none") {
  return request.get(path, {
    headers: { cookie: `locale=${locale}`, "sec-fetch-site": site, "sec-fetch-mode": "navigate" },
    maxRedirects: 0,
  });
}

/** The language switch, as a phone shows it: behind the menu button. */
async function switchTo(page: Page, locale: "ru" | "kk") {
  const menu = page.getByTestId("menu-button");
  if (await menu.isVisible()) await menu.click();
  await page.locator(`.lang-switch a[hreflang="${locale}"]:visible`).click();
  await expect(page.locator("html")).toHaveAttribute("lang", locale === "kk" ? "kk-KK" : "ru-RU");
}

const setsLocale = (headers: Record<string, string>) => /(^|\n|,\s*)locale=/.test(headers["set-cookie"] ?? "");

/**
 * Kazakh is remembered (issue 13): the cookie changes only when the person opens a page of the
 * other language; the bare front page opened from outside goes to /kk; files and 404s never touch it.
 */
test("the locale cookie follows the pages a person opens, and nothing else", async ({ request }) => {
  const home = await get(request, "/", "kk");
  expect(home.status()).toBe(302);
  expect(home.headers().location).toBe("/kk");
  expect(setsLocale(home.headers())).toBe(false);

  for (const path of ["/favicon.ico", "/apple-touch-icon.png", "/robots.txt", "/sitemap.xml", "/no-such-page"]) {
    const res = await get(request, path, "kk");
    expect(setsLocale(res.headers()), path).toBe(false);
    expect(res.status(), path).toBe(path === "/no-such-page" ? 404 : 200);
  }
  expect((await get(request, "/favicon.ico", "kk")).headers()["content-type"]).toMatch(
    /image\/(x-icon|vnd\.microsoft\.icon)/,
  );
  expect((await get(request, "/apple-touch-icon.png", "kk")).headers()["content-type"]).toBe("image/png");
  const robots = await (await get(request, "/robots.txt", "kk")).text();
  expect(robots).toMatch(/^Sitemap: http:\/\/127\.0\.0\.1:\d+\/sitemap\.xml$/m);
  expect(robots).toMatch(/^Sitemap: http:\/\/127\.0\.0\.1:\d+\/kk\/sitemap\.xml$/m);
  expect(robots).toMatch(/^Disallow: \/kk\/client\/$/m);

  // The switch to Russian (a link of this site) is a choice: served in Russian, remembered.
  const switched = await get(request, "/", "kk", "same-origin");
  expect(switched.status()).toBe(200);
  expect(switched.headers()["set-cookie"]).toContain("locale=ru");
  const kk = await get(request, "/kk/contacts", "ru");
  expect(kk.headers()["set-cookie"]).toContain("locale=kk");
});

test("a family who chose Kazakh stays in Kazakh: the typed address, an asset, a missing page", async ({ page }) => {
  await page.goto("/kk/contacts");
  await page.goto("/favicon.ico");
  await page.goto("/robots.txt");
  await page.goto("/apple-touch-icon.png");
  await page.goto("/no-such-page");
  await page.goto("/");
  await expect(page).toHaveURL(/\/kk$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "kk-KK");
  // The switch to Russian is honoured, and remembered.
  await switchTo(page, "ru");
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
  await page.goto("/");
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
});

test("a signed-in person's language follows the pages they open: the switch changes their SMS language", async ({
  page,
}) => {
  await login(page, DEMO.client.phone, { locale: "kk" });
  const me = async () => (await (await page.request.get("/api/v1/me")).json()).user.locale;
  expect(await me()).toBe("kk");
  await switchTo(page, "ru");
  expect(await me()).toBe("ru");
  await switchTo(page, "kk");
  expect(await me()).toBe("kk");
});
