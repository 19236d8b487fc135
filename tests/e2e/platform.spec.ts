import { expect, test, waitsForHydration } from "./fixtures.ts";
import { DEMO, login, watchForErrors } from "./helpers.ts";

test("unknown paths answer 404 with 'Page not found: {path}' in the page's language", async ({ page }) => {
  const res = await page.goto("/no/such/page");
  expect(res?.status()).toBe(404);
  await expect(page.getByTestId("error-description")).toHaveText("Страница не найдена: /no/such/page");
  const kk = await page.goto("/kk/joq");
  expect(kk?.status()).toBe(404);
  await expect(page.getByTestId("error-description")).toHaveText("Бет табылмады: /kk/joq");
});

test("a record that does not exist (or is not the visitor's) is a 404 page, never 'Internal Server Error'", async ({
  page,
}) => {
  for (const path of ["/news/2147483000", "/kk/news/2147483000"]) {
    const res = await page.goto(path);
    expect(res?.status()).toBe(404);
    await expect(page.getByTestId("error-status")).toHaveText("404");
    await expect(page.locator(".error-page__status")).toHaveText("Not Found");
  }
});

test("an unhandled error shows the generic error page with status 500", async ({ page }) => {
  const res = await page.goto("/__test/error");
  expect(res?.status()).toBe(500);
  await expect(page.getByTestId("error-status")).toHaveText("500");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Внутренняя ошибка сервера");
});

test("the language switch keeps the page and remembers the choice", async ({ page }) => {
  const errors = watchForErrors(page);
  await page.goto("/contacts");
  await expect(page.locator("html")).toHaveAttribute("lang", "ru-RU");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Контакты");
  await page.getByRole("navigation", { name: "Язык сайта" }).getByRole("link", { name: "ҚАЗ" }).click();
  await expect(page).toHaveURL(/\/kk\/contacts$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "kk-KK");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Байланыс");
  const locale = (await page.context().cookies()).find((c) => c.name === "locale");
  expect(locale?.value).toBe("kk");
  expect(locale?.sameSite).toBe("Lax");
  expect((locale?.expires ?? 0) - Date.now() / 1000).toBeGreaterThan(364 * 24 * 3600);
  await page.getByRole("navigation", { name: "Сайт тілі" }).getByRole("link", { name: "РУС" }).click();
  await expect(page).toHaveURL(/\/contacts$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Контакты");
  expect(errors).toEqual([]);
});

test("a first visit with a Kazakh browser opens the Kazakh site", async ({ browser }) => {
  const context = await browser.newContext({
    locale: "kk-KZ",
    extraHTTPHeaders: { "Accept-Language": "kk-KZ,kk;q=0.9" },
  });
  const page = waitsForHydration(await context.newPage());
  await page.goto("/instructions");
  await expect(page).toHaveURL(/\/kk\/instructions$/);
  await context.close();
});

test("a guarded page sends an anonymous visitor to login and back after it", async ({ page }) => {
  await page.goto("/kk/admin/suppliers?status=pending");
  await expect(page).toHaveURL(/\/kk\/login\?next=/);
  await login(page, DEMO.admin.phone, { path: page.url() });
  await expect(page).toHaveURL(/\/kk\/admin\/suppliers\?status=pending$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Жеткізушілер");
});

test("a signed-in user of the wrong role gets a translated 403 page", async ({ page }) => {
  await login(page, DEMO.client.phone);
  await expect(page.getByTestId("client-menu")).toBeVisible();
  const res = await page.goto("/admin/akimat");
  expect(res?.status()).toBe(403);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Доступ запрещён");
  const kk = await page.goto("/kk/user/users");
  expect(kk?.status()).toBe(403);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Кіруге тыйым салынған");
});

test("sitemaps list the public pages of each locale", async ({ request, baseURL }) => {
  // The server's PUBLIC_URL is the test's base address, whatever port E2E_PORT chose.
  const site = baseURL as string;
  const pattern = (path: string) => new RegExp(`<loc>${site.replace(/\./g, "\\.")}${path}</loc>`);
  const ru = await request.get("/sitemap.xml");
  expect(ru.headers()["content-type"]).toContain("application/xml");
  const ruXml = await ru.text();
  expect(ruXml).toContain(`<loc>${site}/instructions</loc>`);
  expect(ruXml).not.toContain("/admin/");
  const kkXml = await (await request.get("/kk/sitemap.xml")).text();
  expect(kkXml).toContain(`<loc>${site}/kk/contacts</loc>`);
  // Published news of the demo akimat are listed in both languages.
  expect(ruXml).toMatch(new RegExp(`${pattern("/news/\\d+").source}<lastmod>`));
  expect(kkXml).toMatch(pattern("/kk/news/\\d+"));
});

test("the staff entry at /admin/login signs staff in and refuses unknown phones", async ({ page }) => {
  await page.goto("/admin/login");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Вход для сотрудников");
  await login(page, "7079998877", { path: "/admin/login" });
  await expect(page.getByTestId("login-error")).toContainText("не зарегистрирован как сотрудник");
  await login(page, DEMO.manager.phone, { path: "/admin/login" });
  await expect(page).toHaveURL(/\/manager\/cemetery$/);
});

test("pages carry security headers and load nothing from other origins", async ({ page, baseURL }) => {
  const outside: string[] = [];
  page.on("request", (r) => {
    if (!r.url().startsWith(baseURL as string) && !r.url().startsWith("data:")) outside.push(r.url());
  });
  const res = await page.goto("/");
  const headers = res?.headers() ?? {};
  expect(headers["content-security-policy"]).toContain("frame-ancestors 'none'");
  expect(headers["x-content-type-options"]).toBe("nosniff");
  await page.goto("/api/docs");
  await expect(page.locator(".swagger-ui")).toBeVisible();
  expect(outside).toEqual([]);
});
