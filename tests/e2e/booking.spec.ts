import type { Page } from "@playwright/test";
import { expect, test, waitForHydration } from "./fixtures.ts";
import { DEMO, DEV_CODE, twoAdjacentFree, watchForErrors } from "./helpers.ts";

/** A family on a phone, in Kazakh. */
test.use({ viewport: { width: 360, height: 780 }, hasTouch: true });

const PDF = Buffer.from("%PDF-1.7\n1 0 obj << >> endobj\n%%EOF");

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

  // The request is among the open ones, with what is left to do.
  await page.goto("/kk/client/tickets/active");
  await expect(page.getByTestId("tickets").locator("li")).toHaveCount(1);
  await page.getByTestId("tickets").getByRole("link").first().click();
  await expect(page.getByTestId("todo")).toContainText("Алымды төлеу");
  await expect(page.getByTestId("request-history")).toContainText("Брондау жасалды");
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
