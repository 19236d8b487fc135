import { type APIRequestContext, type Browser, type Page, request as playwrightRequest } from "@playwright/test";
import { expect, test, waitsForHydration } from "./fixtures.ts";
import { CERTIFICATE_PDF, DEMO, DEV_CODE, graveThroughApi, login, watchForErrors } from "./helpers.ts";

/**
 * A grave changes hands (issue 16 §3): the responsible person hands it over from `/client/cemetery`
 * to a relative, the relative agrees in their own account, the cemetery's manager approves (ru) or
 * refuses with a reason (kk). Everyone on a phone.
 */
test.use({ viewport: { width: 360, height: 780 }, hasTouch: true });

/** The second demo family: the relative. */
const RELATIVE = "7010000019";

async function signedIn(baseURL: string, phone: string): Promise<APIRequestContext> {
  const ctx = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { Origin: baseURL } });
  const res = await ctx.post("/api/v1/auth/otp/verify", { data: { phone: `+7${phone}`, code: DEV_CODE } });
  expect(res.status()).toBe(200);
  return ctx;
}

/** Another person's phone, signed in. */
async function phoneOf(
  browser: Browser,
  phone: string,
  locale: "ru" | "kk",
): Promise<{ page: Page; errors: string[] }> {
  const context = await browser.newContext({ viewport: { width: 360, height: 780 }, hasTouch: true });
  const page = waitsForHydration(await context.newPage());
  const errors = watchForErrors(page);
  await login(page, phone, { locale });
  return { page, errors };
}

/** A number written in letters (names take no digits). */
const lettersOf = (n: number) =>
  n
    .toString(26)
    .split("")
    .map((d) => "абвгдежзийклмнопрстуфхцчшщ"[Number.parseInt(d, 26)])
    .join("");

const WORDS = {
  ru: {
    handOver: "Передать родственнику",
    relation: "сын или дочь",
    consent: "Согласиться принять могилу",
    approve: "Одобрить передачу",
    refuse: "Отказать…",
    refuseConfirm: "Отказать в передаче",
    approved: "Одобрена",
    refused: "Отказано",
    declined: "Родственник отказался",
    withdrawn: "Отозвана",
  },
  kk: {
    handOver: "Туысқа беру",
    relation: "ұлы немесе қызы",
    consent: "Қабірді қабылдауға келісу",
    approve: "Беруді мақұлдау",
    refuse: "Бас тарту…",
    refuseConfirm: "Беруден бас тарту",
    approved: "Мақұлданды",
    refused: "Бас тартылды",
    declined: "Туысы бас тартты",
    withdrawn: "Қайтарып алынды",
  },
} as const;

/** The responsible person hands the grave named `surname` over from `/client/cemetery`; its number. */
async function sendHandover(page: Page, prefix: string, surname: string, w: (typeof WORDS)[keyof typeof WORDS]) {
  await page.goto(`${prefix}/client/cemetery`);
  const grave = page.getByTestId("client-cemeteries").locator("li li", { hasText: surname });
  await grave.getByRole("link", { name: w.handOver }).tap();
  await expect(page).toHaveURL(/\/client\/cemetery\/handover\?burial=\d+$/);
  const form = page.getByTestId("handover-form");
  await expect(form.getByTestId("handover-grave")).toContainText(surname);
  await form.getByTestId("handover-phone").fill(RELATIVE);
  await form.locator('input[name="recipientSurname"]').fill("Нұрланова");
  await form.locator('input[name="recipientName"]').fill("Әсел");
  await form.getByTestId("handover-relation").selectOption({ label: w.relation });
  await form.locator("input[type=file]").first().setInputFiles({
    name: "туу-туралы-куәлік.pdf",
    mimeType: "application/pdf",
    buffer: CERTIFICATE_PDF,
  });
  await expect(form.locator("input[type=hidden][name=kinshipIds]")).toHaveCount(1);
  await form.getByTestId("handover-send").tap();
  await expect(page).toHaveURL(/\/client\/cemetery\/handover\/\d+\?sent=1$/);
  await expect(page.getByTestId("handover-sent")).toBeVisible();
  const number = (await page.getByRole("heading", { level: 1 }).textContent())?.match(/H-\d{4}-\d+/)?.[0] ?? "";
  expect(number).not.toBe("");
  return number;
}

for (const locale of ["ru", "kk"] as const) {
  test(`a family hands a grave over to a relative, who agrees; the cemetery ${locale === "ru" ? "approves" : "refuses"} (${locale})`, async ({
    page,
    browser,
    baseURL,
  }) => {
    const w = WORDS[locale];
    const prefix = locale === "kk" ? "/kk" : "";
    const family = await signedIn(baseURL as string, DEMO.client.phone);
    const admin = await signedIn(baseURL as string, DEMO.admin.phone);
    // A name of its own each run: the graves of earlier runs stay the family's.
    const surname = `${locale === "ru" ? "Передачин" : "Берушиев"}-${lettersOf(Date.now())}`;
    await graveThroughApi(family, admin, { surname, name: "Қайрат" });

    // The responsible person starts from the grave in their cemeteries.
    const errors = watchForErrors(page);
    await login(page, DEMO.client.phone, { locale });
    const number = await sendHandover(page, prefix, surname, w);

    // The relative finds it in their cemeteries and agrees.
    const relative = await phoneOf(browser, RELATIVE, locale);
    await relative.page.goto(`${prefix}/client/cemetery`);
    await relative.page.getByTestId("my-handovers").getByRole("link", { name: number }).tap();
    await expect(relative.page.getByTestId("handover-to-you")).toBeVisible();
    await relative.page.getByRole("button", { name: w.consent }).tap();
    await expect(relative.page.getByTestId("move-forms")).toContainText(
      locale === "ru" ? "Вы согласились" : "Сіз келістіңіз",
    );

    // The cemetery's manager checks the documents and decides.
    const manager = await phoneOf(browser, DEMO.manager.phone, locale);
    await manager.page.goto(`${prefix}/manager/handovers`);
    await manager.page
      .getByTestId("handovers")
      .getByRole("link", { name: new RegExp(number) })
      .tap();
    await expect(manager.page.getByTestId("handover-kinship")).toContainText("туу-туралы-куәлік.pdf");
    if (locale === "ru") {
      await manager.page.getByRole("button", { name: w.approve }).tap();
      await expect(manager.page.getByRole("heading", { level: 1 })).toContainText(w.approved);
      // The grave is the relative's now; no longer the sender's.
      await relative.page.goto(`${prefix}/client/cemetery`);
      await expect(relative.page.getByTestId("client-cemeteries")).toContainText(surname);
      await page.goto(`${prefix}/client/cemetery`);
      await expect(page.getByTestId("client-cemeteries")).not.toContainText(surname);
    } else {
      await manager.page.getByTestId("move-refuse").locator("summary").tap();
      await manager.page.getByTestId("handover-refuse-reason").fill("Құжат анық емес, қайта жіберіңіз.");
      await manager.page.getByRole("button", { name: w.refuseConfirm }).tap();
      await expect(manager.page.getByRole("heading", { level: 1 })).toContainText(w.refused);
      // The sender reads the reason on the hand-over's page, and still has the grave.
      await page.goto(`${prefix}/client/cemetery`);
      await page.getByTestId("my-handovers").getByRole("link", { name: number }).tap();
      await expect(page.getByTestId("handover-refusal")).toContainText("Құжат анық емес");
      await page.goto(`${prefix}/client/cemetery`);
      await expect(page.getByTestId("client-cemeteries")).toContainText(surname);

      // Sent again, the relative declines this time; sent a third time, the sender takes it back.
      const again = await sendHandover(page, prefix, surname, w);
      await relative.page.goto(`${prefix}/client/cemetery`);
      await relative.page.getByTestId("my-handovers").getByRole("link", { name: again }).tap();
      await relative.page.getByTestId("move-decline").locator("summary").tap();
      await relative.page.getByTestId("move-decline-button").tap();
      await expect(relative.page.getByRole("heading", { level: 1 })).toContainText(w.declined);
      await sendHandover(page, prefix, surname, w);
      await page.getByTestId("move-withdraw").locator("summary").tap();
      await page.getByTestId("move-withdraw-button").tap();
      await expect(page.getByRole("heading", { level: 1 })).toContainText(w.withdrawn);
    }
    expect([...errors, ...relative.errors, ...manager.errors]).toEqual([]);
  });
}
