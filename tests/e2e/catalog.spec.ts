import type { Browser, Page } from "@playwright/test";
import { expect, test, waitForHydration, waitsForHydration } from "./fixtures.ts";
import { DEMO, login, watchForErrors } from "./helpers.ts";

/** Everyone on a phone: 360 × 780, one thumb. */
const PHONE = { viewport: { width: 360, height: 780 }, hasTouch: true };
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);

async function onPhone(browser: Browser, baseURL: string | undefined, phone?: string, locale: "ru" | "kk" = "ru") {
  const context = await browser.newContext({ ...PHONE, baseURL });
  const page = waitsForHydration(await context.newPage());
  const errors = watchForErrors(page);
  if (phone) await login(page, phone, { locale });
  return { page, errors, close: () => context.close() };
}

async function expectNoSideScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
}

/** The supplier (in Kazakh) fills the item's form and sends it to moderation; the new item's id. */
async function listItem(
  page: Page,
  item: { category: string; kind: string; unit: string; nameRu: string; nameKk: string; price: string; photo: string },
): Promise<number> {
  await page.getByTestId("add-service").tap();
  await expect(page).toHaveURL(/\/kk\/supplier\/services\/add-service$/);
  await waitForHydration(page);
  const form = page.getByTestId("service-form");
  await page.locator("#sf-category").selectOption(item.category);
  await page.locator("#sf-kind").selectOption(item.kind);
  await page.locator("#sf-nameRu").fill(item.nameRu);
  await page.locator("#sf-nameKk").fill(item.nameKk);
  await page.locator("#sf-descriptionKk-editor .ql-editor").fill("Сапалы, уақытында.");
  await page.locator("#sf-price").fill(item.price);
  await page.locator("#sf-unit").selectOption(item.unit);
  await page.locator("#sf-leadHours").fill("24");
  await expect(page.locator("#sf-city")).toHaveValue("Алматы");
  await form.locator("input[type=file]").setInputFiles({ name: item.photo, mimeType: "image/png", buffer: PNG });
  await expect(form.locator("input[type=hidden][name=photoIds]")).toHaveCount(1);
  await page.getByTestId("save-submit").tap();
  await expect(page).toHaveURL(/\/kk\/supplier\/services\/consideration$/);
  const card = page.locator("[data-testid^=own-service-]", { hasText: item.nameKk });
  await expect(card).toContainText("Модерацияда");
  // The admin's target, in working days, is shown.
  await expect(card.getByTestId("target-day")).toContainText("Әкімшінің шешімі");
  return Number(((await card.getAttribute("data-testid")) ?? "").replace("own-service-", ""));
}

/**
 * The catalogue on phones, in both languages: a supplier (in Kazakh) lists a wreath and a hearse
 * service with photos; the admin returns the wreath with a reason and approves the hearse from the
 * queue; the supplier reads the reason, fixes the wreath and sends it again; a visitor finds the
 * hearse on /services by a Latin spelling (in Russian) and by a Russian look-alike of its Kazakh
 * name (in Kazakh), opens its page with the city's price range, and its company's price list.
 */
test("a supplier lists a wreath and a service, the admin returns one and approves the other, a visitor finds it", async ({
  browser,
  baseURL,
}) => {
  const supplier = await onPhone(browser, baseURL, DEMO.supplier.phone, "kk");
  // The supplier's area lands on its catalogue, not on an empty page.
  await expect(supplier.page).toHaveURL(/\/kk\/supplier\/services\/active$/);
  await expect(supplier.page.getByTestId("own-services")).toContainText("Қала бойынша катафалк");

  const wreath = await listItem(supplier.page, {
    category: "flowers",
    kind: "product",
    unit: "piece",
    nameRu: "Венок из тюльпанов",
    nameKk: "Қызғалдақтан жасалған гүл шоқтары",
    price: "21 000",
    photo: "венок.png",
  });
  await supplier.page.getByTestId("tab-active").tap();
  const hearse = await listItem(supplier.page, {
    category: "transport",
    kind: "service",
    unit: "service",
    nameRu: "Катафалк «Сапар» с водителем",
    nameKk: "Жүргізушісі бар «Сапар» катафалкі",
    price: "35000",
    photo: "катафалк.png",
  });
  await expectNoSideScroll(supplier.page);

  // The admin (in Russian) works the queue, oldest first.
  const admin = await onPhone(browser, baseURL, DEMO.admin.phone);
  await admin.page.goto("/admin/products");
  const queue = admin.page.getByTestId("moderation-list");
  const ids = await queue
    .locator("[data-testid^=moderation-]")
    .evaluateAll((cards) => cards.map((c) => c.dataset.testid));
  expect(ids.indexOf(`moderation-${wreath}`)).toBeLessThan(ids.indexOf(`moderation-${hearse}`));
  const wreathCard = admin.page.getByTestId(`moderation-${wreath}`);
  await expect(wreathCard).toContainText("Новая позиция");
  await wreathCard.getByTestId("move-return").locator("summary").tap();
  await wreathCard.getByLabel("Фотографии: нечёткие, чужие или не показывают товар").check();
  await wreathCard.getByLabel("Комментарий для поставщика").fill("Сфотографируйте венок целиком, при дневном свете.");
  await wreathCard.getByRole("button", { name: "Вернуть", exact: true }).tap();
  await expect(admin.page.getByTestId(`moderation-${wreath}`)).toHaveCount(0);
  const hearseCard = admin.page.getByTestId(`moderation-${hearse}`);
  await hearseCard.getByTestId("select").check();
  await admin.page.getByTestId("bulk-approve").tap();
  await expect(admin.page.getByTestId("bulk-done")).toContainText("Одобрена 1 позиция");
  await expect(admin.page.getByTestId(`moderation-${hearse}`)).toHaveCount(0);
  await expectNoSideScroll(admin.page);

  // The supplier reads why, fixes the wreath and sends it again.
  await supplier.page.goto("/kk/supplier/services/improvement");
  const returned = supplier.page.getByTestId(`own-service-${wreath}`);
  await expect(returned.getByTestId("return-note")).toContainText("Фотосуреттер: анық емес");
  await expect(returned.getByTestId("return-note")).toContainText("Сфотографируйте венок целиком");
  await returned.getByTestId("edit-service").tap();
  await expect(supplier.page).toHaveURL(new RegExp(`/kk/supplier/services/add-service/${wreath}$`));
  await waitForHydration(supplier.page);
  await expect(supplier.page.getByTestId("return-note")).toBeVisible();
  const form = supplier.page.getByTestId("service-form");
  await form
    .locator("input[type=file]")
    .setInputFiles({ name: "венок-целиком.png", mimeType: "image/png", buffer: PNG });
  await expect(form.locator("input[type=hidden][name=photoIds]")).toHaveCount(2);
  await supplier.page.getByTestId("save-submit").tap();
  await expect(supplier.page).toHaveURL(/\/kk\/supplier\/services\/consideration$/);
  await expect(supplier.page.getByTestId(`own-service-${wreath}`)).toContainText("Модерацияда");
  // The approved hearse is on sale.
  await supplier.page.getByTestId("tab-active").tap();
  await expect(supplier.page.getByTestId(`own-service-${hearse}`)).toContainText("Сатылымда");

  // A visitor (in Russian) finds the hearse by a Latin spelling; the wreath under moderation is not listed.
  const visitor = await onPhone(browser, baseURL);
  await visitor.page.goto("/services");
  await visitor.page.getByTestId("services-more-filters").tap();
  await visitor.page.locator("#sv-category").selectOption("transport");
  await visitor.page.locator("#sv-q").fill("katafalk sapar");
  await visitor.page.getByTestId("services-apply").tap();
  await expect(visitor.page).toHaveURL(/category=transport.*q=katafalk|q=katafalk.*category=transport/);
  const found = visitor.page.getByTestId(`service-${hearse}`);
  await expect(found).toContainText("Катафалк «Сапар» с водителем");
  await expect(found.getByTestId("price-range")).toBeVisible();
  await expect(visitor.page.getByTestId(`service-${wreath}`)).toHaveCount(0);
  await expectNoSideScroll(visitor.page);
  await found.getByRole("link", { name: "Катафалк «Сапар» с водителем" }).tap();
  await expect(visitor.page).toHaveURL(new RegExp(`/services/${hearse}$`));
  const page = visitor.page.getByTestId("service-page");
  await expect(page).toContainText("35 000 ₸ / услуга");
  await expect(page.getByTestId("price-range")).toContainText("Медиана");
  await expect(page).toContainText("Отзывов пока нет");
  await expect(page.getByRole("button")).toHaveCount(0);
  await page.getByTestId("price-list-link").tap();
  await expect(visitor.page.getByTestId("price-list")).toContainText("Катафалк «Сапар» с водителем");
  await expect(visitor.page.getByTestId("print")).toBeVisible();
  const pdfHref = (await visitor.page.getByTestId("price-list-pdf").getAttribute("href")) as string;
  const pdf = await visitor.page.request.get(pdfHref);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()["content-type"]).toBe("application/pdf");

  // In Kazakh, by the Russian look-alike letters of its Kazakh name.
  await visitor.page.goto("/kk/services?q=Жургизушиси");
  await expect(visitor.page.getByTestId(`service-${hearse}`)).toContainText("Жүргізушісі бар «Сапар» катафалкі");
  await visitor.page.getByTestId(`service-${hearse}`).getByRole("link").first().tap();
  await expect(visitor.page.getByTestId("service-page")).toContainText("35 000 ₸ / қызмет");
  await expectNoSideScroll(visitor.page);

  // The sitemaps list the item's page in both languages.
  for (const prefix of ["", "/kk"]) {
    const sitemap = await (await visitor.page.request.get(`${prefix}/sitemap.xml`)).text();
    expect(sitemap).toContain(`${prefix}/services/${hearse}</loc>`);
  }

  // An edit of the item on sale is moderated while the old version stays on sale.
  await supplier.page.goto(`/kk/supplier/services/add-service/${hearse}`);
  await expect(supplier.page.getByTestId("live-note")).toBeVisible();
  await supplier.page.locator("#sf-price").fill("38000");
  await supplier.page.getByTestId("save-revision").tap();
  await expect(supplier.page).toHaveURL(/\/kk\/supplier\/services\/consideration$/);
  const revised = supplier.page.getByTestId(`own-service-${hearse}`);
  await expect(revised.getByTestId("revision-pending")).toBeVisible();
  await expect(revised).toContainText("35 000 ₸");
  await visitor.page.goto(`/services/${hearse}`);
  await expect(visitor.page.getByTestId("service-page")).toContainText("35 000 ₸");
  await admin.page.goto("/admin/products");
  const revision = admin.page.getByTestId(`moderation-${hearse}`);
  await expect(revision).toContainText("Изменения позиции в продаже");
  await expect(revision.getByTestId("diff-price")).toContainText("35 000 ₸");
  await expect(revision.getByTestId("diff-price")).toContainText("38 000 ₸");
  await revision.getByRole("button", { name: "Одобрить изменения" }).tap();
  await expect(admin.page.getByTestId(`moderation-${hearse}`)).toHaveCount(0);
  // Anonymous public pages are kept for a second (page-microcache): read again until the new version shows.
  await expect(async () => {
    await visitor.page.reload();
    await expect(visitor.page.getByTestId("service-page")).toContainText("38 000 ₸", { timeout: 1000 });
  }).toPass();

  for (const who of [supplier, admin, visitor]) {
    expect(who.errors).toEqual([]);
    await who.close();
  }
});
