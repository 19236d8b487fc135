import { readFileSync } from "node:fs";
import type { Browser, Page } from "@playwright/test";
import { expect, test, waitForHydration, waitsForHydration } from "./fixtures.ts";
import { DEMO, login, watchForErrors } from "./helpers.ts";

/** Both people on a phone: 360 × 780, one thumb. */
const PHONE = { viewport: { width: 360, height: 780 }, hasTouch: true };
const LETTER = readFileSync(new URL("../fixtures/appeal-letter.pdf", import.meta.url));

async function personOnPhone(browser: Browser, baseURL: string | undefined, phone: string) {
  const context = await browser.newContext({ ...PHONE, baseURL });
  const page = waitsForHydration(await context.newPage());
  const errors = watchForErrors(page);
  await login(page, phone, { locale: "kk" });
  return { page, errors, close: () => context.close() };
}

async function expectNoSideScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
}

/**
 * An appeal from both sides, in Kazakh on phones: a client writes one with a letter attached; the
 * akimat's staff assign it and ask for a document; the client sees the request and adds the
 * document; the staff answer; the client reads the answer. Each side sees each step as it is made.
 */
test("a client's appeal is assigned, completed with a document and answered, each step seen by both", async ({
  browser,
  baseURL,
}) => {
  const client = await personOnPhone(browser, baseURL, DEMO.client.phone);
  const staff = await personOnPhone(browser, baseURL, DEMO.akimat.phone);

  // The client writes (a complaint about the cemetery's upkeep, a letter attached).
  await client.page.goto("/kk/client/goverment/create");
  await waitForHydration(client.page);
  const form = client.page.getByTestId("appeal-form");
  await form.getByText("Шағым", { exact: true }).tap();
  await form.getByTestId("appeal-akimat").selectOption({ label: "Алматы қаласының әкімдігі" });
  await form
    .getByTestId("appeal-text")
    .fill("Солтүстік зиратындағы 12-учаскенің қоршауы құлап жатыр, жөндеуді сұраймын.");
  await form
    .locator("input[type=file]")
    .setInputFiles({ name: "хат.pdf", mimeType: "application/pdf", buffer: LETTER });
  await expect(form.locator("input[type=hidden][name=attachmentIds]")).toHaveCount(1);
  await form.getByTestId("appeal-submit").tap();
  const created = client.page.getByTestId("appeal-created");
  const number = ((await created.getByTestId("appeal-number").textContent()) ?? "").trim();
  expect(number).toMatch(/^\d+-\d{4}-\d{6}$/);
  await created.getByTestId("appeals-all").tap();
  await client.page.getByTestId("appeal").filter({ hasText: number }).getByRole("link").first().tap();
  await expect(client.page.getByRole("heading", { level: 1 })).toContainText("Тіркелді");
  const clientUrl = client.page.url();
  const id = Number(new URL(clientUrl).pathname.split("/").pop());

  // The akimat's staff find it in the inbox and assign it.
  await staff.page.goto("/kk/user/tickets");
  await staff.page.locator(`[data-appeal-id="${id}"]`).getByRole("link").tap();
  await expect(staff.page).toHaveURL(new RegExp(`/kk/user/tickets/${id}$`));
  await waitForHydration(staff.page);
  await expect(staff.page.getByTestId("ticket-files")).toContainText("хат.pdf");
  await staff.page.locator("#tk-assign-assigneeId").selectOption({ index: 1 });
  await staff.page.getByTestId("move-assign-button").tap();
  await expect(staff.page.getByTestId("ticket-status")).toHaveText("Жұмыста");

  // …and ask for a document.
  const ask = staff.page.getByTestId("move-ask_documents");
  await ask.locator("summary").tap();
  await staff.page.locator("#tk-ask_documents-request").fill("Учаске құжатының көшірмесін жіберіңіз.");
  await ask.getByRole("button", { name: "Өтініш берушіге жіберу", exact: true }).tap();
  await expect(staff.page.getByTestId("ticket-status")).toHaveText("Өтініш берушіден құжат күтілуде");
  await expectNoSideScroll(staff.page);

  // The client sees the request and adds the document.
  await client.page.reload();
  await waitForHydration(client.page);
  const docs = client.page.getByTestId("appeal-docs-request");
  await expect(docs).toContainText("Учаске құжатының көшірмесін жіберіңіз.");
  await docs
    .locator("input[type=file]")
    .setInputFiles({ name: "құжат.pdf", mimeType: "application/pdf", buffer: LETTER });
  await expect(docs.locator("input[type=hidden][name=attachmentIds]")).toHaveCount(1);
  await client.page.getByTestId("move-add_documents-button").tap();
  await expect(client.page.getByTestId("move-done")).toBeVisible();
  await expect(client.page.getByTestId("appeal-files")).toContainText("құжат.pdf");
  await expectNoSideScroll(client.page);

  // The staff see it back in work with the new file, and answer.
  await staff.page.reload();
  await waitForHydration(staff.page);
  await expect(staff.page.getByTestId("ticket-status")).toHaveText("Жұмыста");
  await expect(staff.page.getByTestId("ticket-files")).toContainText("құжат.pdf");
  const answer = staff.page.getByTestId("move-answer");
  await answer.locator("summary").tap();
  await answer.getByLabel("Қанағаттандырылды", { exact: true }).check();
  await staff.page.locator("#tk-answer-facts").fill("Қоршау желден құлаған.");
  await staff.page.locator("#tk-answer-grounds").fill("Зираттарды күтіп ұстау қағидалары, 14-тармақ.");
  await staff.page.locator("#tk-answer-actions").fill("Мердігер қоршауды 5 желтоқсанға дейін қалпына келтіреді.");
  await answer.getByRole("button", { name: "Жауапты жіберу", exact: true }).tap();
  await expect(staff.page.getByTestId("ticket-status")).toHaveText("Жауап берілді");

  // The client reads the answer.
  await client.page.reload();
  const card = client.page.getByTestId("appeal-answer");
  await expect(card).toContainText("Қанағаттандырылды");
  await expect(card).toContainText("Мердігер қоршауды 5 желтоқсанға дейін қалпына келтіреді.");
  await expect(client.page.getByTestId("appeal-history")).toContainText("Жауап");
  await expectNoSideScroll(client.page);

  expect(client.errors).toEqual([]);
  expect(staff.errors).toEqual([]);
  await client.close();
  await staff.close();
});
