import { type APIRequestContext, type Browser, type Page, request as playwrightRequest } from "@playwright/test";
import { expect, test, waitForHydration, waitsForHydration } from "./fixtures.ts";
import { DEMO, DEV_CODE, login, paidBookingThroughApi, watchForErrors } from "./helpers.ts";

/** Families and suppliers on phones. */
test.use({ viewport: { width: 360, height: 780 }, hasTouch: true });

/** An API session of a demo account (its cookies), for the data a journey starts from. */
async function signedIn(baseURL: string, phone: string): Promise<APIRequestContext> {
  const ctx = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { Origin: baseURL } });
  const res = await ctx.post("/api/v1/auth/otp/verify", { data: { phone: `+7${phone}`, code: DEV_CODE } });
  expect(res.status()).toBe(200);
  return ctx;
}

/** The supplier's own phone-sized page, signed in. */
async function supplierPage(browser: Browser, locale: "ru" | "kk"): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 360, height: 780 }, hasTouch: true });
  const page = waitsForHydration(await context.newPage());
  watchForErrors(page);
  await login(page, DEMO.supplier.phone, { locale });
  return page;
}

/**
 * Adds the first offers that can be ready by the burial, `count` of them (their names); with
 * `later`, an offer that cannot asks for another day, and is delivered six weeks on instead.
 */
async function addOffers(page: Page, count: number, later = false): Promise<string[]> {
  const names: string[] = [];
  const offers = page.getByTestId("offers").locator("> li");
  const total = await offers.count();
  for (let i = 0; i < total && names.length < count; i++) {
    const offer = offers.nth(i);
    const asksWhen = (await offer.locator("input[name=deliveryDate][type=date]").count()) > 0;
    if (asksWhen !== later) continue;
    if (asksWhen) {
      const day = new Date(Date.now() + 42 * 86_400_000).toISOString().slice(0, 10);
      await offer.locator("input[name=deliveryDate]").fill(day);
      await offer.locator("input[name=deliveryTime]").fill("11:00");
    }
    names.push((await offer.locator("h3").textContent()) ?? "");
    await offer.locator('button[type="submit"]').click();
    await expect(offer.getByTestId("offer-added")).toBeVisible();
  }
  expect(names).toHaveLength(count);
  return names;
}

/** The supplier opens the newest active order from its list. */
async function openNewestOrder(page: Page, prefix: string) {
  await page.goto(`${prefix}/supplier/tickets/active`);
  await page.getByTestId("supplier-orders").locator("li a").first().click();
  await expect(page).toHaveURL(/\/supplier\/tickets\/active\/\d+$/);
  await waitForHydration(page);
}

test("a family orders a wreath and a hearse to its burial, paid on delivery; the supplier accepts, records the payment and works the lines (ru)", async ({
  page,
  browser,
  baseURL,
}) => {
  watchForErrors(page);
  const family = await signedIn(baseURL as string, DEMO.client.phone);
  const admin = await signedIn(baseURL as string, DEMO.admin.phone);
  const id = await paidBookingThroughApi(family, admin, { surname: "Заказов", name: "Тест" });

  await login(page, DEMO.client.phone);
  await page.goto(`/client/tickets/active/${id}`);
  await page.getByTestId("add-service").click();
  await expect(page).toHaveURL(new RegExp(`/client/tickets/burial/add-service\\?request=${id}$`));
  await waitForHydration(page);
  await expect(page.getByTestId("cart-empty")).toBeVisible();
  const [first, second] = await addOffers(page, 2);
  const cart = page.getByTestId("cart");
  await expect(cart).toContainText(first as string);
  await expect(cart).toContainText(second as string);

  // Two of the first: change its line.
  const line = cart.locator("li.order-line").first();
  await line.locator("summary").click();
  await line.locator('input[name="quantity"]').fill("2");
  await line.locator('[data-testid$="-save"]').click();
  await expect(cart.locator("li.order-line").first()).toContainText("2 ×");

  await page.getByTestId("checkout-on_delivery").check();
  await page.getByTestId("checkout").click();
  await expect(page).toHaveURL(/\/client\/services\?order=\d+$/);
  await waitForHydration(page);
  const placed = page.locator('[data-testid^="family-order-"]').first();
  await expect(placed).toContainText("Ждёт принятия");
  // What is still to do lists the order too, and opens it.
  await page.goto("/client/tickets/active");
  await page.getByTestId("orders-going").locator("li a").first().click();
  await expect(page).toHaveURL(/\/client\/services\/\d+$/);
  await waitForHydration(page);
  await expect(page.locator("h1")).toContainText("Ждёт принятия");

  // The supplier: the order, the family's contact hidden until accepted.
  const supplier = await supplierPage(browser, "ru");
  await openNewestOrder(supplier, "");
  await expect(supplier.getByTestId("order-family")).toContainText("будут видны");
  await expect(supplier.getByTestId("order-deadline")).toBeVisible();
  await supplier.getByTestId("move-accept-button").click();
  await expect(supplier.getByTestId("move-done")).toBeVisible();
  await expect(supplier.getByTestId("order-family")).toContainText("+7 701 000 00 05");
  await supplier.getByTestId("move-record_payment").locator("summary").click();
  await supplier.locator("#order-record_payment-via").selectOption("office");
  await supplier.locator("#order-record_payment-paymentRef").fill("К-77");
  await supplier.getByTestId("move-record_payment-button").click();
  await expect(supplier.getByTestId("order-facts")).toContainText("К-77");

  const lines = supplier.getByTestId("order-lines").locator("> li");
  await lines.nth(0).getByTestId("move-start-button").click();
  await expect(lines.nth(0)).toContainText("В работе");
  await lines.nth(0).getByTestId("move-complete-button").click();
  await expect(lines.nth(0)).toContainText("Выполнено");
  // The second cannot be done: cancelled with a reason.
  await lines.nth(1).getByTestId("move-cancel").locator("summary").click();
  await lines.nth(1).locator("select[name=reason]").selectOption("out_of_stock");
  await lines.nth(1).getByTestId("move-cancel-button").click();
  await expect(supplier.locator("h1")).toContainText("Завершён");

  // The family: told, confirms receipt, and opens a dispute about the cancelled line.
  await page.goto("/client/services");
  await page.locator('[data-testid^="family-supplier-order-"] a').first().click();
  await expect(page).toHaveURL(/\/client\/services\/\d+$/);
  await waitForHydration(page);
  await page.getByTestId("move-confirm_receipt-button").click();
  await expect(page.getByTestId("order-received")).toBeVisible();
  await page.getByTestId("move-dispute").locator("summary").click();
  await page.locator("#order-dispute-text").fill("Второй позиции не было, а нас не предупредили заранее.");
  await page.getByTestId("move-dispute-button").click();
  await expect(page.getByTestId("order-dispute")).toContainText("Второй позиции не было");
  // The supplier answers in the order's conversation.
  await supplier.reload();
  await supplier.locator("#thread-body").fill("Простите, позвонили вам утром. Деньги за неё не брали.");
  await supplier.getByTestId("thread-send").click();
  await expect(supplier.getByTestId("thread")).toContainText("Простите");
  await page.reload();
  await expect(page.getByTestId("thread")).toContainText("Простите");
  await supplier.context().close();

  // Back on the family's orders: the done line waits for a review; written there, it goes to moderation.
  await page.goto("/client/services");
  const waiting = page
    .getByTestId("reviewable-lines")
    .locator("> li")
    .filter({ hasText: first as string });
  await waiting.getByTestId("review-write").click();
  await waiting.locator(".star-input__option").nth(4).click();
  await waiting.getByTestId("review-text").fill("Венок привезли вовремя, аккуратный.");
  await waiting.getByTestId("review-submit").click();
  await expect(page.getByTestId("review-sent")).toHaveCount(1);
  await family.dispose();
  await admin.dispose();
});

test("a family pays its order online in Kazakh, takes a line out, the supplier declines; a second order the family cancels itself (kk)", async ({
  page,
  browser,
  baseURL,
}) => {
  watchForErrors(page);
  const family = await signedIn(baseURL as string, DEMO.client.phone);
  const admin = await signedIn(baseURL as string, DEMO.admin.phone);
  const id = await paidBookingThroughApi(family, admin, { surname: "Тапсырысов", name: "Тест" });

  await login(page, DEMO.client.phone, { locale: "kk" });
  await page.goto(`/kk/client/tickets/burial/add-service?request=${id}`);
  await addOffers(page, 2);
  // A monument can only come weeks later: asked for another day, then not wanted after all.
  await addOffers(page, 1, true);
  const cart = page.getByTestId("cart");
  await expect(cart.locator("li.order-line")).toHaveCount(3);
  await cart.locator('[data-testid$="-remove"]').last().click();
  await expect(cart.locator("li.order-line")).toHaveCount(2);

  await page.getByTestId("checkout-online").check();
  await page.getByTestId("checkout").click();
  await expect(page).toHaveURL(/\/api\/v1\/payments\/fake\/[0-9a-f-]{36}\?lang=kk$/);
  await page.getByTestId("fake-pay").click();
  await expect(page).toHaveURL(/\/kk\/client\/services\?order=\d+&paid=1$/);
  await waitForHydration(page);
  await expect(page.getByTestId("order-paid")).toBeVisible();

  // Before the supplier answers, the family takes one line out of the paid order.
  await page.locator('[data-testid^="family-supplier-order-"] a').first().click();
  await waitForHydration(page);
  const lines = page.getByTestId("order-lines").locator("> li");
  await lines.nth(1).getByTestId("move-cancel_own").locator("summary").click();
  await lines.nth(1).getByTestId("move-cancel_own-button").click();
  await expect(lines.nth(1)).toContainText("Болдырылмады");
  await expect(page.getByTestId("order-refund")).toBeVisible();

  // The supplier declines it with a reason: the family is told, the money is owed back.
  const supplier = await supplierPage(browser, "kk");
  await openNewestOrder(supplier, "/kk");
  await supplier.getByTestId("move-decline").locator("summary").click();
  await supplier.locator("#order-decline-reason").selectOption("other");
  await supplier.locator("#order-decline-comment").fill("Бүгін көлік жоқ.");
  await supplier.getByTestId("move-decline-button").click();
  await expect(supplier.getByTestId("order-ended")).toContainText("басқа себеп");
  await supplier.context().close();
  await page.reload();
  await expect(page.getByTestId("order-ended")).toContainText("бас тартты");

  // A second order, from an item's public page, on delivery; the family cancels it before anyone accepts it.
  await page.goto("/kk/services");
  await page.getByTestId("services-list").locator("> li a").first().click();
  await expect(page).toHaveURL(/\/kk\/services\/\d+$/);
  await waitForHydration(page);
  await page.getByTestId("order-item").click();
  await waitForHydration(page);
  if (!/request=/.test(page.url())) {
    // More than one of the family's bookings: this burial's.
    await page.locator(`a[href*="request=${id}&item="]`).click();
    await waitForHydration(page);
  }
  await expect(page.getByTestId("offers-one")).toBeVisible();
  // The one item offered: at the burial's time, or another day when it cannot be ready by then.
  const asksWhen = await page.getByTestId("offers").locator("input[name=deliveryDate][type=date]").count();
  await addOffers(page, 1, asksWhen > 0);
  await page.getByTestId("checkout-on_delivery").check();
  await page.getByTestId("checkout").click();
  await expect(page).toHaveURL(/\/kk\/client\/services\?order=\d+$/);
  await waitForHydration(page);
  await page.locator('[data-testid^="family-supplier-order-"] a').first().click();
  await waitForHydration(page);
  // The whole order (its form comes before the lines' own).
  await page.getByTestId("move-cancel_own").first().locator("summary").click();
  await page.getByTestId("move-cancel_own-button").first().click();
  await expect(page.getByTestId("order-ended")).toBeVisible();
  await family.dispose();
  await admin.dispose();
});
