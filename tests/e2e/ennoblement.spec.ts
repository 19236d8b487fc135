import type { Browser, Page } from "@playwright/test";
import { almatyDay } from "../../common/calendar/almaty.ts";
import { addCalendarDays } from "../../common/calendar/days.ts";
import { expect, test, waitForHydration, waitsForHydration } from "./fixtures.ts";
import { DEMO, login, watchForErrors } from "./helpers.ts";

/** Families and the cemetery's staff on phones. */
test.use({ viewport: { width: 360, height: 780 }, hasTouch: true });

// A tiny valid PNG (1×1): a photo of the grave.
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);

/** The manager's own phone-sized page, signed in. */
async function managerPage(browser: Browser, locale: "ru" | "kk"): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 360, height: 780 }, hasTouch: true });
  const page = waitsForHydration(await context.newPage());
  watchForErrors(page);
  await login(page, DEMO.manager.phone, { locale });
  return page;
}

/** The family orders from its grave in `/client/cemetery`: the form of its first grave. */
async function openOrderForm(page: Page, prefix: string) {
  await page.goto(`${prefix}/client/cemetery`);
  await page.locator('[data-testid^="care-order-"]').first().click();
  await expect(page).toHaveURL(/\/client\/cemetery\/care\?burial=\d+$/);
  await waitForHydration(page);
}

/** The manager opens a request from the list by its number. */
async function openFromList(page: Page, prefix: string, number: string) {
  await page.goto(`${prefix}/manager/ennoblement`);
  await page
    .getByTestId("care-requests")
    .getByRole("link", { name: new RegExp(number) })
    .click();
  await expect(page).toHaveURL(/\/manager\/ennoblement\/\d+$/);
  await waitForHydration(page);
}

/** The number of the request a page shows (`2026-000012`). */
async function numberOn(page: Page): Promise<string> {
  const title = (await page.locator("h1").textContent()) ?? "";
  return /\d{4}-\d{6}/.exec(title)?.[0] ?? "";
}

/** What the fence journey reads on its screens, in each language. */
const FENCE = {
  ru: {
    allYear: "круглый год",
    design: "Опишите проект",
    fresh: "Новая",
    waiting: "Ждёт решения",
    issued: "Выдано",
    accepted: "Принята",
    paid: "Оплачена",
    scheduled: "Назначена",
    done: "Выполнена",
    confirmed: "Принята семьёй",
  },
  kk: {
    allYear: "жыл бойы",
    design: "Жобасы мен өлшемдерін сипаттаңыз",
    fresh: "Жаңа",
    waiting: "Шешім күтуде",
    issued: "Берілді",
    accepted: "Қабылданды",
    paid: "Төленді",
    scheduled: "Күні белгіленді",
    done: "Орындалды",
    confirmed: "Отбасы қабылдады",
  },
} as const;

for (const locale of ["ru", "kk"] as const) {
  test(`a family orders a fence; the manager issues the permit, accepts with the list's price, schedules and does it with photos; the family pays online and accepts (${locale})`, async ({
    page,
    browser,
  }) => {
    const w = FENCE[locale];
    const prefix = locale === "kk" ? "/kk" : "";
    const errors = watchForErrors(page);
    const manager = await managerPage(browser, locale);
    // The cemetery installs all year (the demo's season is April to October).
    await manager.goto(`${prefix}/manager/ennoblement`);
    await manager.getByTestId("care-settings-link").click();
    await waitForHydration(manager);
    const settings = manager.getByTestId("care-settings-form");
    await settings.locator("input[name=seasonStart]").fill("");
    await settings.locator("input[name=seasonEnd]").fill("");
    await expect(settings.getByTestId("price-fence-amount")).toHaveValue("95000");
    await manager.getByTestId("care-settings-save").click();
    await expect(manager.getByTestId("care-settings-saved")).toBeVisible();
    await expect(settings).toContainText(w.allYear);

    // The family: a fence for its grave, with a photo, the design and the day.
    await login(page, DEMO.client.phone, { locale });
    await openOrderForm(page, prefix);
    const form = page.getByTestId("care-order-form");
    await expect(form).toContainText("95 000");
    await form.getByTestId("co-kind-fence").check();
    await form.locator("textarea[name=comment]").fill("Ограда как у соседей.");
    await form.locator("input[type=file]").setInputFiles({ name: "могила.png", mimeType: "image/png", buffer: PNG });
    await expect(form.locator("input[type=hidden][name=photoIds]")).toHaveCount(1);
    // Forgot the design: said next to it, nothing lost.
    const day = addCalendarDays(almatyDay(new Date()), 3);
    await form.locator("input[name=plannedDate]").fill(day);
    await page.getByTestId("co-submit").click();
    await expect(page.locator("#co-design-error")).toContainText(w.design);
    await expect(form.getByTestId("co-kind-fence")).toBeChecked();
    await form.locator("textarea[name=design]").fill("Металлическая ограда 2,0 × 1,8 м, высота 0,6 м.");
    await page.getByTestId("co-submit").click();
    await expect(page).toHaveURL(/\/client\/tickets\/ennoblement\/\d+$/);
    await waitForHydration(page);
    await expect(page.locator("h1")).toContainText(w.fresh);
    await expect(page.getByTestId("care-photos-family").locator("img")).toHaveCount(1);
    const number = await numberOn(page);
    // Its open requests list it too.
    await page.goto(`${prefix}/client/tickets/active`);
    await page
      .getByTestId("care-going")
      .getByRole("link", { name: new RegExp(number) })
      .click();
    await waitForHydration(page);
    await expect(page.locator('[data-testid^="permit-facts-"]')).toContainText(w.waiting);

    // The manager: the permit first, then the request at the list's price.
    await openFromList(manager, prefix, number);
    await manager.getByTestId("move-issue-button").click();
    await expect(manager.locator('[data-testid^="permit-facts-"]')).toContainText(w.issued);
    await manager.getByTestId("move-accept-button").click();
    await expect(manager.locator("h1")).toContainText(w.accepted);
    await expect(manager.getByTestId("care-total")).toHaveText(/95\s000/);

    // The family pays online (the fake provider).
    await page.reload();
    await waitForHydration(page);
    await expect(page.getByTestId("care-total")).toHaveText(/95\s000/);
    await page.getByTestId("care-pay-online").click();
    await expect(page).toHaveURL(new RegExp(`/api/v1/payments/fake/[0-9a-f-]{36}\\?lang=${locale}$`));
    await page.getByTestId("fake-pay").click();
    await expect(page).toHaveURL(/\/client\/tickets\/ennoblement\/\d+\?paid=1$/);
    await waitForHydration(page);
    await expect(page.getByTestId("care-facts")).toContainText(w.paid);

    // The manager schedules within the permit's month, then does the works with photos before and after.
    await manager.reload();
    await waitForHydration(manager);
    const schedule = manager.getByTestId("move-form-schedule");
    await schedule.locator("input[name=date]").fill(day);
    await manager.getByTestId("move-schedule-button").click();
    await expect(manager.locator("h1")).toContainText(w.scheduled);
    const complete = manager.getByTestId("move-form-complete");
    const zones = complete.locator("input[type=file]");
    await zones.nth(0).setInputFiles({ name: "до.png", mimeType: "image/png", buffer: PNG });
    await expect(complete.locator("input[type=hidden][name=beforeIds]")).toHaveCount(1);
    await zones.nth(1).setInputFiles({ name: "после.png", mimeType: "image/png", buffer: PNG });
    await expect(complete.locator("input[type=hidden][name=afterIds]")).toHaveCount(1);
    await manager.getByTestId("move-complete-button").click();
    await expect(manager.locator("h1")).toContainText(w.done);
    await expect(manager.getByTestId("care-photos-after").locator("img")).toHaveCount(1);

    // The family sees the photos and accepts the works.
    await page.goto(`${prefix}/client/tickets/active`);
    await page
      .getByTestId("care-going")
      .getByRole("link", { name: new RegExp(number) })
      .click();
    await waitForHydration(page);
    await expect(page.getByTestId("care-photos-before").locator("img")).toHaveCount(1);
    await expect(page.getByTestId("care-photos-after").locator("img")).toHaveCount(1);
    await page.getByTestId("move-confirm-button").click();
    await expect(page.getByTestId("care-confirmed")).toBeVisible();
    await expect(page.locator("h1")).toContainText(w.confirmed);
    // The grave's history keeps it, with its photos.
    await openOrderForm(page, prefix);
    await expect(page.getByTestId("grave-care-history")).toContainText(number);
    expect(errors).toEqual([]);
  });
}

test("a family orders a cleaning in Kazakh; the manager rejects it with a reason the family reads (kk)", async ({
  page,
  browser,
}) => {
  const errors = watchForErrors(page);
  await login(page, DEMO.client.phone, { locale: "kk" });
  await openOrderForm(page, "/kk");
  const form = page.getByTestId("care-order-form");
  await form.getByTestId("co-kind-cleaning").check();
  await form.locator("textarea[name=comment]").fill("Жапырақтарды жинау керек.");
  await page.getByTestId("co-submit").click();
  await expect(page).toHaveURL(/\/kk\/client\/tickets\/ennoblement\/\d+$/);
  await waitForHydration(page);
  await expect(page.locator("h1")).toContainText("Жаңа");
  const number = await numberOn(page);

  const manager = await managerPage(browser, "kk");
  await openFromList(manager, "/kk", number);
  await manager.getByTestId("move-reject").locator("summary").click();
  // No reason: refused next to the field.
  await manager.getByTestId("move-reject-button").click();
  await expect(manager.getByTestId("move-form-reject")).toContainText(/толтыр|көрсет|міндетті/i);
  await manager.getByTestId("move-form-reject").locator("textarea[name=reason]").fill("Бұл орында жөндеу жүріп жатыр.");
  await manager.getByTestId("move-reject-button").click();
  await expect(manager.locator("h1")).toContainText("Қабылданбады");

  await page.reload();
  await waitForHydration(page);
  await expect(page.getByTestId("care-rejected")).toContainText("Бұл орында жөндеу жүріп жатыр.");
  await expect(page.getByTestId("move-forms")).not.toContainText("Болдырмау");
  expect(errors).toEqual([]);
});
