import { almatyDay } from "../../common/calendar/almaty.ts";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { CERTIFICATE_PDF, DEMO, login, watchForErrors } from "./helpers.ts";

/** A family on a phone: 360 × 780, one thumb. */
test.use({ viewport: { width: 360, height: 780 }, hasTouch: true });

const DESTINATION = "«Бурундай» қалалық зираты";
const SOURCE = "«Кеңсай» мұсылман зираты";

type TFound = { id: number; surname: string; name: string; patronymic: string; deathYear: number | null };
const fullName = (b: TFound) => [b.surname, b.name, b.patronymic].filter(Boolean).join(" ");

/** Another person signs in on the same phone (the session cookie of the last one dropped). */
async function signInAs(page: Page, phone: string) {
  await page.context().clearCookies();
  await login(page, phone, { locale: "kk" });
}

/** Nothing on the page is wider than the phone. */
async function expectNoSideScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
}

/**
 * A reburial from the request to the new grave, in Kazakh on a phone: the demo client reads what a
 * reburial needs, files a request for a grave of the registry (found by name) to a cemetery of the
 * platform, with the death certificate, kinship proof and the grave's document as PDFs in the drop zones, and finds it in
 * the list; the akimat takes it and asks for a document; the client adds it; the akimat approves it
 * with a date and the fee waived; the client books the destination's place through the picker and
 * the booking form (kind reburial: no certificate, nothing to pay — the slot settles it); the
 * cemetery's manager sees which request the booking carries out, confirms and completes it; the
 * request is done, the old grave's card says the remains were moved and leads to the new place,
 * and the search finds the deceased there only.
 */
test("a family's reburial request, approved by the akimat with the fee waived, booked and completed", async ({
  page,
}) => {
  test.setTimeout(180_000);
  const errors = watchForErrors(page);

  // A grave of the registry in «Кеңсай», with its death year (a reburial's booking needs the death date).
  const found = await page.request.get(`/api/v1/burials/search?q=${encodeURIComponent("Тоқтаров")}`);
  const grave = ((await found.json()).items as (TFound & { cemetery: { name: string } })[]).find(
    (b) => b.deathYear !== null && b.cemetery.name.includes("Кенсай"),
  );
  if (!grave) throw new Error("no grave of Тоқтаров in Кенсай");
  const deceased = fullName(grave);

  // ---- The client: what a reburial needs, then the request ----
  await login(page, DEMO.client.phone, { locale: "kk" });
  await page.goto("/kk/client/reburial");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Қайта жерлеу");
  await expectNoSideScroll(page);
  await page.getByTestId("reburial-start").tap();
  await expect(page).toHaveURL(/\/kk\/client\/burial\/create$/);

  // The grave, found in the registry by the deceased's name.
  await page.locator("#rc-q").fill(deceased);
  await page.getByTestId("source-search").getByRole("button").tap();
  await page.getByTestId("source-results").locator(`a[href$="burial=${grave.id}"]`).first().tap();
  const form = page.getByTestId("reburial-form");
  await expect(form.getByTestId("source-chosen")).toContainText(deceased);
  await expect(form.getByTestId("source-chosen")).toContainText(SOURCE);

  // The destination, the reason, the documents (a PDF in each of three drop zones).
  await form.getByTestId("destination-cemetery").selectOption({ label: DESTINATION });
  await form.getByTestId("reason").fill("Отбасы басқа қалаға көшті, қабірге күтім жасайтын ешкім қалмады.");
  const files = form.locator("input[type=file]");
  await files.nth(0).setInputFiles({ name: "куәлік.pdf", mimeType: "application/pdf", buffer: CERTIFICATE_PDF });
  await expect(form.locator("input[type=hidden][name=deathIds]")).toHaveCount(1);
  await files.nth(1).setInputFiles({ name: "туыстық.pdf", mimeType: "application/pdf", buffer: CERTIFICATE_PDF });
  await expect(form.locator("input[type=hidden][name=kinshipIds]")).toHaveCount(1);
  await files.nth(2).setInputFiles({ name: "қабір.pdf", mimeType: "application/pdf", buffer: CERTIFICATE_PDF });
  await expect(form.locator("input[type=hidden][name=graveIds]")).toHaveCount(1);
  await expectNoSideScroll(page);
  await form.getByTestId("reburial-send").tap();

  // Registered: its page, its number, its status.
  await expect(page).toHaveURL(/\/kk\/client\/burial\/requests\/\d+$/);
  const reburialId = Number(new URL(page.url()).pathname.split("/").pop());
  const heading = page.getByRole("heading", { level: 1 });
  await expect(heading).toContainText("қайта жерлеу туралы өтініш");
  await expect(heading).toContainText("Берілді");
  const number = ((await heading.textContent()) ?? "").match(/№ (\S+)/)?.[1] ?? "";
  expect(number).not.toBe("");
  await expect(page.getByTestId("reburial-to")).toHaveText(DESTINATION);
  await expectNoSideScroll(page);

  // It is in the list.
  await page.getByRole("link", { name: /←/ }).tap();
  await expect(page).toHaveURL(/\/kk\/client\/burial\/requests$/);
  const row = page.getByTestId("reburial-row").filter({ hasText: number });
  await expect(row).toContainText(deceased);
  await expect(row).toContainText("Берілді");

  // ---- The akimat takes it and asks for a document ----
  await signInAs(page, DEMO.akimat.phone);
  await page.goto(`/kk/user/reburials/${reburialId}`);
  await expect(page.getByTestId("reburial-facts")).toContainText(deceased);
  await page.getByTestId("move-take-button").tap();
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Жұмыста");
  const ask = page.getByTestId("move-form-ask_documents");
  await ask.locator("textarea").fill("Басқа жақын туыстардың келісімін қосыңыз.");
  await ask.getByTestId("move-ask_documents-button").tap();
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Өтінішке құжаттар күтілуде");

  // ---- The client adds it ----
  await signInAs(page, DEMO.client.phone);
  await page.goto(`/kk/client/burial/requests/${reburialId}`);
  await expect(page.getByText("Басқа жақын туыстардың келісімін қосыңыз.")).toBeVisible();
  const add = page.getByTestId("move-form-add_documents");
  await add.getByTestId("add-kind").selectOption("consent");
  await add
    .locator("input[type=file]")
    .setInputFiles({ name: "келісім.pdf", mimeType: "application/pdf", buffer: CERTIFICATE_PDF });
  await expect(add.locator("input[type=hidden][name=attachmentIds]")).toHaveCount(1);
  await add.getByTestId("move-add_documents-button").tap();
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Жұмыста");
  await expect(page.getByRole("link", { name: "келісім.pdf" })).toBeVisible();

  // ---- The akimat approves it from today, the fee waived ----
  await signInAs(page, DEMO.akimat.phone);
  await page.goto(`/kk/user/reburials/${reburialId}`);
  await expect(page.getByRole("link", { name: "келісім.pdf" })).toBeVisible();
  const approve = page.getByTestId("move-form-approve");
  await approve.locator("input[type=date]").fill(almatyDay(new Date()));
  await approve.getByTestId("fee-waived").tap();
  await expect(approve.getByTestId("fee-waived")).toBeChecked();
  await approve.getByTestId("move-approve-button").tap();
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Рұқсат берілді");

  // ---- The client books the destination's place ----
  await signInAs(page, DEMO.client.phone);
  await page.goto(`/kk/client/burial/requests/${reburialId}`);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Рұқсат берілді");
  await expect(page.getByTestId("reburial-facts")).toContainText("Орын ақысыз беріледі.");
  await page.getByTestId("reburial-book-link").tap();
  await expect(page).toHaveURL(/\/kk\/reserve\?cemetery=\d+&reburial=\d+/);
  // The phone's picker, step by step: each step's address keeps the reburial.
  const picker = page.getByTestId("place-picker");
  await picker.locator(".picker__option").first().tap();
  await expect(picker.getByTestId("picker-sectors")).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`reburial=${reburialId}`));
  await picker.locator(".picker__option").first().tap();
  await expect(picker.getByTestId("picker-rows")).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`reburial=${reburialId}`));
  await picker.getByTestId("picker-places").locator("button").first().tap();
  const book = page.getByTestId("book-selection");
  await expect(book).toHaveAttribute("href", new RegExp(`kind=reburial&reburial=${reburialId}$`));
  await book.tap();

  // The booking form: the request's deceased, no fee.
  await expect(page).toHaveURL(/\/kk\/client\/reservation\/reservation-first\?/);
  const booking = page.getByTestId("booking-form");
  await expect(booking.getByTestId("reburial-booking")).toContainText("Қайта жерлеуге арналған орын");
  await expect(booking.getByTestId("reburial-booking")).toContainText(number);
  await expect(booking.getByTestId("reburial-deceased")).toContainText(deceased);
  await expect(booking.getByTestId("booking-fee")).toContainText("0");
  await expectNoSideScroll(page);
  await booking.getByTestId("book").tap();

  // Step two: no certificate asked, nothing to pay — the slot settles the booking.
  await expect(page).toHaveURL(/\/kk\/client\/reservation\/reservation-complete\?id=\d+/);
  const bookingId = Number(new URL(page.url()).searchParams.get("id"));
  const details = page.getByTestId("details-form");
  await expect(details.getByTestId("no-certificate")).toContainText(number);
  await expect(details.locator("input[type=file]")).toHaveCount(0);
  await expect(page.getByTestId("no-payment")).toHaveText(/Төлеудің қажеті жоқ/);
  await expect(page.getByTestId("pay-online")).toHaveCount(0);
  await details.locator(".slot-day:not([hidden]) input[type=radio]:not([disabled])").first().check();
  await details.getByTestId("save-details").tap();
  await expect(page.getByTestId("details-saved")).toBeVisible();
  await expect(page.getByTestId("booking-done")).toContainText("Брондау төлемді қажет етпейді");
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Төленді");
  await expectNoSideScroll(page);

  // ---- The manager: which request it carries out; confirmed, completed ----
  await signInAs(page, DEMO.manager.phone);
  await page.goto(`/kk/manager/booking/${bookingId}`);
  await expect(page.getByTestId("request-reburial")).toContainText(`№ ${number}`);
  await expect(page.getByTestId("request-payment")).toContainText("төлемсіз");
  await expect(page.getByTestId("move-pay_office-button")).toHaveCount(0);
  await page.getByTestId("move-confirm-button").tap();
  await expect(page.getByTestId("request-status")).toHaveText("Расталды");
  const complete = page.getByTestId("move-complete");
  await complete.locator("summary").tap();
  await complete.getByTestId("move-complete-button").tap();
  await expect(page.getByTestId("request-status")).toHaveText("Жерлеу өтті");
  await expect(page.getByTestId("request-record")).toBeVisible();

  // ---- Done: the request, the old grave's card, the search ----
  await signInAs(page, DEMO.client.phone);
  await page.goto(`/kk/client/burial/requests/${reburialId}`);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Қайта жерленді");
  await expect(page.getByTestId("reburial-done")).toContainText(DESTINATION);

  await page.goto(`/kk/search?grave=${grave.id}#grave-title`);
  const card = page.getByTestId("grave-card");
  await expect(card).toContainText(deceased);
  await expect(card.getByTestId("grave-reburied")).toContainText("қайта жерленді");
  await card.getByTestId("grave-new-place").tap();
  await expect(page).not.toHaveURL(new RegExp(`grave=${grave.id}(&|#|$)`));
  await expect(page.getByTestId("grave-card")).toContainText(DESTINATION);
  await expect(page.getByTestId("grave-card").getByTestId("grave-reburied")).toHaveCount(0);
  await expectNoSideScroll(page);

  await page.goto(`/kk/search?q=${encodeURIComponent(deceased)}`);
  const results = page.getByTestId("search-results").locator(".result").filter({ hasText: deceased });
  await expect(results.first()).toBeVisible();
  await expect(results.filter({ hasText: DESTINATION })).toHaveCount(1);
  await expect(page.getByTestId("search-results").locator(`a[href*="grave=${grave.id}"]`)).toHaveCount(0);
  expect(errors).toEqual([]);
});
