import type { Page } from "@playwright/test";
import { expect, test, waitForHydration } from "./fixtures.ts";
import { DEMO, DEV_CODE, twoAdjacentFree, watchForErrors } from "./helpers.ts";

/** A family on a phone, in Kazakh. */
test.use({ viewport: { width: 360, height: 780 }, hasTouch: true });

const PDF = Buffer.from("%PDF-1.7\n1 0 obj << >> endobj\n%%EOF");

/**
 * "Pay online" on the request's page: the provider's page opens as a page of its own (not a 404 of
 * the app), in the family's language, with buttons a thumb can press; its answer brings the family
 * back to the request in that language.
 */
async function payOnTheProvidersPage(page: Page, locale: "ru" | "kk", outcome: "pay" | "decline") {
  await page.getByTestId("pay-online").click();
  await expect(page).toHaveURL(new RegExp(`/api/v1/payments/fake/[0-9a-f-]{36}\\?lang=${locale}$`));
  await expect(page.locator("html")).toHaveAttribute("lang", locale === "kk" ? "kk-KK" : "ru-RU");
  await expect(page.locator("h1")).toHaveText(locale === "kk" ? "Сынақ төлемі" : "Тестовая оплата");
  const pay = page.getByTestId("fake-pay");
  const decline = page.getByTestId("fake-decline");
  for (const button of [pay, decline, page.getByTestId("fake-back")]) {
    const box = await button.boundingBox();
    expect(box?.height, (await button.textContent()) ?? "").toBeGreaterThanOrEqual(44);
  }
  // As wide as the card on the phone's screen (the thumb finds it).
  expect((await pay.boundingBox())?.width).toBeGreaterThanOrEqual(280);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  // The product's own font, from this site (the CSP allows nothing else).
  const noto = await page.evaluate(async () => {
    await document.fonts.ready;
    return [...document.fonts].some((f) => f.family.replace(/"/g, "") === "Noto Sans" && f.status === "loaded");
  });
  expect(noto).toBe(true);
  await (outcome === "pay" ? pay : decline).click();
  const prefix = locale === "kk" ? "/kk" : "";
  await expect(page).toHaveURL(
    new RegExp(`^[^?]*${prefix}/client/reservation/reservation-complete\\?id=\\d+&paid=${outcome === "pay" ? 1 : 0}$`),
  );
  await waitForHydration(page);
}

/** The locale cookie, as the browser keeps it. */
async function localeCookie(page: Page) {
  return (await page.context().cookies()).find((c) => c.name === "locale")?.value;
}

/** The login screen reached by a guarded page: phone, code, then back where the family was going. */
async function signInHere(page: Page, phone: string) {
  await waitForHydration(page);
  await page.locator("#phone").fill(phone);
  await page.getByTestId("send-code").click();
  await expect(page.getByTestId("code-sent")).toBeVisible();
  await page.locator("#code").fill(DEV_CODE);
  await page.getByTestId("verify-code").click();
}

test("a family books two neighbouring places in Kazakh on a phone: login and back, certificate, slot", async ({
  page,
}) => {
  const errors = watchForErrors(page);
  await page.goto("/kk/reserve");
  await page
    .getByTestId("reserve-cemeteries")
    .getByRole("link", { name: /Кеңсай/ })
    .click();
  await expect(page.getByTestId("plot-map")).toHaveAttribute("data-plots", /^[1-9]\d*$/);
  const [first, second] = await twoAdjacentFree(page);
  await page.getByRole("button", { name: first, exact: true }).click();
  await page.getByRole("button", { name: second, exact: true }).click();
  await expect(page.getByTestId("selection")).toContainText("2 орын таңдалды");

  // Not signed in: "Брондау" leads through the login and back, the choice kept in the address.
  await page.getByTestId("book-selection").click();
  await expect(page).toHaveURL(/\/kk\/login\?next=/);
  await signInHere(page, DEMO.client.phone);
  await expect(page).toHaveURL(/\/kk\/client\/reservation\/reservation-first\?plots=\d+(%2C|,)\d+$/);
  await waitForHydration(page);
  await expect(page.getByTestId("chosen-places")).toContainText("Кеңсай");
  await expect(page.getByTestId("booking-fee")).toContainText("2");

  // A wrong IIN is refused next to its field, and nothing typed is lost.
  await page.locator("#b-surname").fill("Сейітқасымов");
  await page.locator("#b-name").fill("Нұржан");
  await page.locator("#b-iin").fill("450102400129");
  await page.locator("#b-deathDate").fill("2026-11-20");
  await page.getByTestId("book").click();
  await expect(page.locator("#b-iin-error")).toBeVisible();
  await expect(page.locator("#b-surname")).toHaveValue("Сейітқасымов");
  await page.locator("#b-iin").fill("450102400122");
  await page.getByTestId("book").click();

  // Step two: the hold runs, with a countdown; certificate and slot.
  await expect(page).toHaveURL(/reservation-complete\?id=\d+/);
  await waitForHydration(page);
  await expect(page.getByTestId("countdown")).toContainText("қалды");
  const form = page.getByTestId("details-form");
  await form
    .locator("input[type=file]")
    .setInputFiles({ name: "куәлік.pdf", mimeType: "application/pdf", buffer: PDF });
  await expect(form.locator("input[type=hidden][name=certificateIds]")).toHaveCount(1);
  // No slot yet: the form says so next to the slots, and nothing is sent.
  await page.getByTestId("save-details").click();
  await expect(page.locator("#d-slot-error")).toBeVisible();
  const slot = page.getByTestId("slots").locator("input[type=radio]:not([disabled])").first();
  await slot.check();
  await page.getByTestId("save-details").click();
  await expect(page.getByTestId("details-saved")).toBeVisible();
  await expect(page.getByTestId("facts-slot")).not.toContainText("таңдалмаған");
  await expect(page.getByTestId("pay-online")).toBeVisible();
  await expect(page.getByTestId("payment")).toContainText("Зират кеңсесінде төлеуге болады");

  // The request is among the open ones, with what is left to do; "continue" leads back to paying.
  await page.goto("/kk/client/tickets/active");
  await expect(page.getByTestId("tickets").locator("li")).toHaveCount(1);
  await page.getByTestId("tickets").getByRole("link").first().click();
  await expect(page.getByTestId("todo")).toContainText("Алымды төлеу");
  await expect(page.getByTestId("request-history")).toContainText("Брондау жасалды");
  await page.getByTestId("continue").click();
  await expect(page).toHaveURL(/\/kk\/client\/reservation\/reservation-complete\?id=\d+$/);
  await waitForHydration(page);

  // Online: the provider's page in Kazakh, and back to the Kazakh request, paid.
  await payOnTheProvidersPage(page, "kk", "pay");
  await expect(page.getByTestId("booking-done")).toContainText("Төленді.");
  await expect(page.getByTestId("facts-paid")).toContainText(/онлайн · № P-\d{4}-\d{6} түбіртек/);
  const pdf = page.getByTestId("booking-done").getByRole("link");
  expect(await pdf.getAttribute("href")).toMatch(/confirmation\.pdf\?lang=kk$/);
  expect(await localeCookie(page)).toBe("kk");
  await page.getByRole("link", { name: "Өтінімді ашу" }).click();
  await expect(page).toHaveURL(/\/kk\/client\/tickets\/active\/\d+$/);
  await expect(page.getByTestId("request-history")).toContainText("Онлайн төленді");
  expect(errors).toEqual([]);
});

test("a family in Russian on a phone: declines on the payment page, pays online on the second try, cancels another booking", async ({
  page,
}) => {
  const errors = watchForErrors(page);
  await page.goto("/login");
  await signInHere(page, DEMO.client.phone);
  await expect(page).not.toHaveURL(/\/login/);
  const bookOnePlace = async () => {
    await page.goto("/reserve");
    await page
      .getByTestId("reserve-cemeteries")
      .getByRole("link", { name: /Кенсай/ })
      .click();
    await expect(page.getByTestId("plot-map")).toHaveAttribute("data-plots", /^[1-9]\d*$/);
    const [place] = await twoAdjacentFree(page);
    await page.getByRole("button", { name: place, exact: true }).click();
    await expect(page.getByTestId("selection")).toContainText("Выбрано 1 место");
    await page.getByTestId("book-selection").click();
    await expect(page).toHaveURL(/\/client\/reservation\/reservation-first\?plots=\d+$/);
    await waitForHydration(page);
    await page.locator("#b-surname").fill("Ахметов");
    await page.locator("#b-name").fill("Болат");
    await page.locator("#b-iin").fill("450102400122");
    await page.locator("#b-deathDate").fill("2026-11-20");
    await page.getByTestId("book").click();
    await expect(page).toHaveURL(/^[^?]*\/client\/reservation\/reservation-complete\?id=\d+$/);
    await waitForHydration(page);
  };

  await bookOnePlace();
  const form = page.getByTestId("details-form");
  await form
    .locator("input[type=file]")
    .setInputFiles({ name: "свидетельство.pdf", mimeType: "application/pdf", buffer: PDF });
  await expect(form.locator("input[type=hidden][name=certificateIds]")).toHaveCount(1);
  await page.getByTestId("slots").locator("input[type=radio]:not([disabled])").first().check();
  await page.getByTestId("save-details").click();
  await expect(page.getByTestId("details-saved")).toBeVisible();
  await expect(page.getByTestId("payment")).toContainText("Оплатить можно в конторе кладбища");

  // Declined on the provider's page: back, told, still payable; the second try pays.
  await payOnTheProvidersPage(page, "ru", "decline");
  await expect(page.getByRole("status").filter({ hasText: "Оплата не прошла" })).toBeVisible();
  await payOnTheProvidersPage(page, "ru", "pay");
  await expect(page.getByTestId("booking-done")).toContainText("Оплачено.");
  await expect(page.getByTestId("facts-paid")).toContainText(/онлайн · квитанция № P-\d{4}-\d{6}/);
  expect(await page.getByTestId("booking-done").getByRole("link").getAttribute("href")).toMatch(/lang=ru$/);
  expect(await localeCookie(page)).toBe("ru");

  // Another booking, cancelled by the family: a reason is asked for, then the places are free again.
  await bookOnePlace();
  await page.getByRole("link", { name: "Открыть заявку" }).click();
  await expect(page).toHaveURL(/\/client\/tickets\/active\/\d+$/);
  await waitForHydration(page);
  await page.getByTestId("move-cancel_own-button").click();
  await expect(page.locator("#c-cancel_own-reason-error")).toBeVisible();
  await page.locator("#c-cancel_own-reason").fill("Передумали");
  await page.getByTestId("move-cancel_own-button").click();
  await expect(page.getByTestId("move-done")).toContainText("Бронь отменена");
  await expect(page.getByTestId("move-form-cancel_own")).toHaveCount(0);
  expect(errors).toEqual([]);
});

test("a new family registers and books an urn into a relative's grave found in the registry", async ({ page }) => {
  const errors = watchForErrors(page);
  // A person with no account yet: the login becomes a registration, then returns to the booking.
  await page.goto("/kk/client/reservation/reservation-first?kind=family_grave");
  await expect(page).toHaveURL(/\/kk\/login\?next=/);
  await signInHere(page, "7017770055");
  await expect(page.getByTestId("registration")).toBeVisible();
  await page.locator("#reg-iin").fill("800101300016");
  await page.locator("#reg-surname").fill("Жұмабаева");
  await page.locator("#reg-name").fill("Әйгерім");
  await page.locator("input[name=consent]").check();
  await page.getByTestId("register-submit").click();
  await expect(page).toHaveURL(/reservation-first\?kind=family_grave/);
  await waitForHydration(page);
  await expect(page.getByTestId("family-grave")).toBeVisible();

  // The relative's grave, found through the registry's search.
  await page.locator("#fs-q").fill("Жұмабаев");
  await page.getByTestId("family-search").getByRole("button").click();
  await expect(page).toHaveURL(/q=/);
  await waitForHydration(page);
  await page.getByTestId("family-results").getByRole("link").first().click();
  await expect(page.getByTestId("family-chosen")).toBeVisible();
  await waitForHydration(page);

  const form = page.getByTestId("booking-form");
  await page.getByTestId("remains-urn").check();
  const [kinship, grave] = [form.locator("input[type=file]").nth(0), form.locator("input[type=file]").nth(1)];
  await kinship.setInputFiles({ name: "туу туралы куәлік.pdf", mimeType: "application/pdf", buffer: PDF });
  await expect(form.locator("input[type=hidden][name=kinshipIds]")).toHaveCount(1);
  await grave.setInputFiles({ name: "бейіт құжаты.pdf", mimeType: "application/pdf", buffer: PDF });
  await expect(form.locator("input[type=hidden][name=graveDocIds]")).toHaveCount(1);
  await page.locator("#b-surname").fill("Жұмабаев");
  await page.locator("#b-name").fill("Серік");
  await page.locator("#b-iin").fill("450102400122");
  await page.locator("#b-deathDate").fill("2026-11-21");
  await page.getByTestId("book").click();

  await expect(page).toHaveURL(/reservation-complete\?id=\d+/);
  await waitForHydration(page);
  await expect(page.getByTestId("facts-family")).toBeVisible();
  await expect(page.getByTestId("request-facts")).toContainText("Отбасылық қабірге");
  await expect(page.getByTestId("countdown")).toContainText("қалды");
  expect(errors).toEqual([]);
});
