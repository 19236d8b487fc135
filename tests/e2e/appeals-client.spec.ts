import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { DEMO, login, watchForErrors } from "./helpers.ts";

/** A person writing to the akimat from a phone: 360 × 780, one thumb. */
test.use({ viewport: { width: 360, height: 780 }, hasTouch: true });

/** A small real PDF: the letter attached to the appeal. */
const LETTER = readFileSync(new URL("../fixtures/appeal-letter.pdf", import.meta.url));
const NUMBER = /^\d+-\d{4}-\d{6}$/;

/** Nothing on the page is wider than the phone. */
async function expectNoSideScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
}

/**
 * The demo client, in Kazakh on a phone, reads what an appeal to the akimat is, writes one (a
 * request, with a PDF attached), gets its number and receipt, finds it in the list, writes to the
 * akimat in its thread, and withdraws it.
 */
test("a client writes an appeal to the akimat from a phone in Kazakh, follows it and withdraws it", async ({
  page,
}) => {
  const errors = watchForErrors(page);
  await login(page, DEMO.client.phone, { locale: "kk" });

  // What an appeal is: signed in only, the five kinds, the terms.
  await page.goto("/kk/client/appeal");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Әкімдікке өтініш");
  await expect(page.getByTestId("appeal-signed-in")).toContainText("жасырын өтініштер қаралмайды");
  await expect(page.getByTestId("appeal-types").locator("dt")).toHaveText([
    "Арыз",
    "Шағым",
    "Ұсыныс",
    "Сауал",
    "Пікір",
  ]);
  await expect(page.getByTestId("appeal-terms")).toContainText("15 жұмыс күнінен кешіктірілмей");
  await expectNoSideScroll(page);

  // The form: the kind (a statement unless chosen), the akimat, the text with its counter, a file.
  await page.getByTestId("appeal-write").first().tap();
  await expect(page).toHaveURL(/\/kk\/client\/goverment\/create$/);
  const form = page.getByTestId("appeal-form");
  await expect(form.getByTestId("appeal-type-statement")).toBeChecked();
  await form.getByText("Сауал", { exact: true }).tap();
  await expect(form.getByTestId("appeal-type-request")).toBeChecked();
  await form.getByTestId("appeal-akimat").selectOption({ label: "Алматы қаласының әкімдігі" });
  await form.getByTestId("appeal-subject").fill("Зираттың жұмыс уақыты");
  const text = "Кеңсай зиратының демалыс күндері қай сағатта ашылатынын түсіндіруіңізді сұраймын.";
  await form.getByTestId("appeal-text").fill(text);
  await expect(form.getByTestId("appeal-counter")).toHaveText(`${text.length} / 3500 таңба`);
  await form.locator("input[type=file]").setInputFiles({
    name: "хат.pdf",
    mimeType: "application/pdf",
    buffer: LETTER,
  });
  await expect(form.locator("input[type=hidden][name=attachmentIds]")).toHaveCount(1);
  await expect(form.getByLabel("Қазақша")).toBeChecked();
  await expectNoSideScroll(page);
  await form.getByTestId("appeal-submit").tap();

  // Registered at once: the number, when, by whom, until when, the receipt, the SMS.
  const done = page.getByTestId("appeal-created");
  await expect(done).toContainText("Өтініш тіркелді");
  const number = (await done.getByTestId("appeal-number").textContent())?.trim() ?? "";
  expect(number).toMatch(NUMBER);
  await expect(done).toContainText("Алматы қаласының әкімдігі");
  await expect(done).toContainText("Телефоныңызға өтініш нөмірі бар SMS жіберілді.");
  const receipt = await page.request.get((await done.getByTestId("appeal-receipt").getAttribute("href")) ?? "");
  expect(receipt.status()).toBe(200);
  expect(receipt.headers()["content-type"]).toBe("application/pdf");
  await expectNoSideScroll(page);

  // The list: the appeal, its status and countdown; open ones only, then its page.
  await done.getByTestId("appeals-all").tap();
  await expect(page).toHaveURL(/\/kk\/client\/goverment\/requests$/);
  await page.getByTestId("appeals-filter-open").tap();
  await expect(page).toHaveURL(/status=open/);
  const row = page.getByTestId("appeal").filter({ hasText: number });
  await expect(row).toContainText("Тіркелді");
  await expect(row).toContainText("Сауал · Зираттың жұмыс уақыты");
  await expect(row.getByTestId("appeal-countdown")).toHaveText(/жұмыс күні қалды$/);
  await expectNoSideScroll(page);
  await row.getByRole("link", { name: `№ ${number} өтініш` }).tap();

  // Its page: the term, the text, the file, the receipt.
  await expect(page.getByRole("heading", { level: 1 })).toContainText(`№ ${number} өтініш`);
  await expect(page.getByTestId("appeal-due")).toContainText("жұмыс күні қалды");
  await expect(page.getByTestId("appeal-text")).toHaveText(text);
  await expect(page.getByTestId("appeal-files").getByRole("link", { name: "хат.pdf" })).toBeVisible();
  await expect(page.getByTestId("appeal-history")).toContainText("Тіркелді");
  await expectNoSideScroll(page);

  // A message to the akimat in the thread.
  const thread = page.getByTestId("thread");
  await thread.getByTestId("thread-body").fill("Жауапты қазақ тілінде күтемін.");
  await thread.getByTestId("thread-send").tap();
  await expect(thread.getByTestId("thread-sent")).toBeVisible();
  await expect(thread.getByTestId("comment")).toHaveCount(1);
  await expect(thread.getByTestId("comment")).toContainText("Жауапты қазақ тілінде күтемін.");

  // Withdrawn, with a reason, after the folded confirmation: closed, and the thread read-only.
  await page.getByText("Өтінішті кері қайтарып алу…").tap();
  await page.getByLabel("Себебі (міндетті емес)").fill("Мәселе шешілді");
  await page.getByTestId("move-withdraw-button").tap();
  await expect(page.getByTestId("move-done")).toHaveText(/Өтініш кері қайтарылды\./);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Кері қайтарылды");
  await expect(page.getByTestId("appeal-withdrawn")).toContainText("Мәселе шешілді");
  await expect(page.getByTestId("thread-closed")).toBeVisible();
  await expect(page.getByTestId("appeal-history")).toContainText("Сіз кері қайтарып алдыңыз");
  await expectNoSideScroll(page);

  // Closed now: not among the open ones, among the finished.
  await page.goto("/kk/client/goverment/requests?status=open");
  await expect(page.getByTestId("appeal").filter({ hasText: number })).toHaveCount(0);
  await page.getByTestId("appeals-filter-closed").tap();
  await expect(page.getByTestId("appeal").filter({ hasText: number })).toContainText("Кері қайтарылды");
  expect(errors).toEqual([]);
});
