import type { Browser, Page } from "@playwright/test";
import { expect, test, waitsForHydration } from "./fixtures.ts";
import { DEMO, login, watchForErrors } from "./helpers.ts";

/** Everyone on a phone: 360 × 780, one thumb. */
const PHONE = { viewport: { width: 360, height: 780 }, hasTouch: true };
/** A second demo family (`reviews.seed.ts`): the visitor of another family's memorial. */
const VISITOR = "7010000019";

async function personOnPhone(browser: Browser, baseURL: string | undefined, phone: string, locale: "ru" | "kk") {
  const context = await browser.newContext({ ...PHONE, baseURL });
  const page = waitsForHydration(await context.newPage());
  const errors = watchForErrors(page);
  await login(page, phone, { locale });
  return { page, errors, close: () => context.close() };
}

async function expectNoSideScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
}

/** What a page says to search engines and link previews. */
async function robotsAndPreview(page: Page) {
  const robots = page.locator('meta[name="robots"]');
  return {
    robots: (await robots.count()) ? await robots.getAttribute("content") : null,
    ogTitle: await page.locator('meta[property="og:title"]').count(),
  };
}

const WORDS = {
  ru: {
    prefix: "",
    epitaph: "Любим и помним, папа. Навсегда с нами.",
    candle: "Светлая память учителю.",
    access: "Я его ученица, Айгерим.",
  },
  kk: {
    prefix: "/kk",
    epitaph: "Сүйеміз, еске аламыз, әке. Мәңгі бізбен біргесің.",
    candle: "Ұстазымызға жарқын естелік.",
    access: "Мен оның шәкіртімін, Айгерім.",
  },
} as const;

for (const lang of ["ru", "kk"] as const) {
  const w = WORDS[lang];
  /**
   * A family makes a memorial of its grave (by link, hidden from search engines: the defaults),
   * opens its short address, makes it public; another signed-in family leaves a candle, waiting
   * until the family approves it, then sees it on the public page. The family makes it private:
   * the same short address now shows the visitor only a "request access" page; the visitor asks,
   * the family grants, the visitor reads the page again. Every button on the way is pressed.
   */
  test(`a family's memorial, a visitor's candle, a private page's access (${lang})`, async ({ browser, baseURL }) => {
    const family = await personOnPhone(browser, baseURL, DEMO.client.phone, lang);
    const visitor = await personOnPhone(browser, baseURL, VISITOR, lang);

    // The family: its memorials, then a new one of a grave it answers for.
    await family.page.goto(`${w.prefix}/client/memorial`);
    await family.page.getByTestId("memorial-new").tap();
    await family.page.getByTestId("memorial-choose").first().tap();
    const create = family.page.getByTestId("memorial-create-form");
    await expect(create.getByTestId("visibility-link")).toBeChecked();
    await expect(create.getByTestId("memorial-noindex")).toBeChecked();
    await create.getByTestId(`epitaph-${lang}`).fill(w.epitaph);
    await expectNoSideScroll(family.page);
    await create.getByTestId("memorial-create-submit").tap();
    await expect(family.page.getByTestId("memorial-created")).toBeVisible();
    const id = Number(/\/client\/memorial\/(\d+)/.exec(family.page.url())?.[1]);
    expect(id).toBeGreaterThan(0);
    const address = (await family.page.getByTestId("memorial-short-address").textContent()) ?? "";
    const shortPath = new URL(address).pathname;
    expect(shortPath).toMatch(/^\/m\/[a-z2-7]{12}$/);
    await expectNoSideScroll(family.page);

    // Its short address opens it; by link, it is hidden from search engines and previews.
    await family.page.getByTestId("memorial-open").tap();
    await expect(family.page.getByTestId("memorial-epitaph")).toHaveText(w.epitaph);
    expect(await robotsAndPreview(family.page)).toEqual({ robots: "noindex", ogTitle: 0 });
    // Its id alone opens nothing while it is not public.
    const hidden = await family.page.goto(`${w.prefix}/memorial/${id}`);
    expect(hidden?.status()).toBe(404);

    // The family makes it public and visible to search engines.
    await family.page.goto(`${w.prefix}/client/memorial/${id}`);
    const edit = family.page.getByTestId("memorial-edit-form");
    await edit.getByTestId("visibility-public").tap();
    await edit.getByTestId("memorial-noindex").tap();
    await edit.getByTestId("memorial-save").tap();
    await expect(family.page.getByTestId("memorial-saved")).toBeVisible();
    await expect(family.page.getByTestId("memorial-visibility-badge")).toHaveText(lang === "ru" ? "Открытая" : "Ашық");

    // The visitor opens the short address and leaves a candle: waiting until the family approves.
    await visitor.page.goto(`${w.prefix}${shortPath}`);
    await expect(visitor.page.getByTestId("memorial-epitaph")).toHaveText(w.epitaph);
    const form = visitor.page.getByTestId("tribute-form");
    await form.getByTestId("tribute-kind-candle").tap();
    await form.getByTestId("tribute-text").fill(w.candle);
    await expectNoSideScroll(visitor.page);
    await form.getByTestId("tribute-submit").tap();
    await expect(visitor.page.getByTestId("tribute-sent")).toBeVisible();
    await expect(visitor.page.getByTestId("tribute-waiting").filter({ hasText: w.candle })).toHaveCount(1);
    await expect(visitor.page.getByTestId("tribute").filter({ hasText: w.candle })).toHaveCount(0);

    // The family approves it in the queue.
    await family.page.reload();
    const queued = family.page.getByTestId("tribute-queue").locator("li").filter({ hasText: w.candle });
    await queued.getByTestId("move-approve-button").tap();
    await expect(queued.getByTestId("move-done")).toBeVisible();

    // The visitor sees it on the public page, which search engines and previews may now describe.
    await visitor.page.goto(`${w.prefix}/memorial/${id}`);
    await expect(visitor.page.getByTestId("tribute").filter({ hasText: w.candle })).toHaveCount(1);
    expect(await robotsAndPreview(visitor.page)).toEqual({ robots: null, ogTitle: 1 });

    // The family makes it private: its short address asks for access and names nobody.
    await family.page.goto(`${w.prefix}/client/memorial/${id}`);
    await family.page.getByTestId("memorial-edit-form").getByTestId("visibility-private").tap();
    await family.page.getByTestId("memorial-save").tap();
    await expect(family.page.getByTestId("memorial-saved")).toBeVisible();
    await visitor.page.goto(`${w.prefix}${shortPath}`);
    const closed = visitor.page.getByTestId("memorial-private");
    await expect(closed).toBeVisible();
    await expect(closed).not.toContainText(w.epitaph);
    expect(await robotsAndPreview(visitor.page)).toEqual({ robots: "noindex", ogTitle: 0 });
    await closed.locator("textarea").fill(w.access);
    await visitor.page.getByTestId("access-submit").tap();
    await expect(visitor.page.getByTestId("access-waiting")).toBeVisible();

    // The family grants it; the visitor reads the page again.
    await family.page.reload();
    const request = family.page.locator("[data-testid^=access-request-]").filter({ hasText: w.access });
    await request.getByTestId("move-grant-button").tap();
    await expect(request.getByTestId("move-done")).toBeVisible();
    await visitor.page.reload();
    await expect(visitor.page.getByTestId("memorial-epitaph")).toHaveText(w.epitaph);

    expect([...family.errors, ...visitor.errors]).toEqual([]);
    await Promise.all([family.close(), visitor.close()]);
  });
}
