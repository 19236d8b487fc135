import type { Browser, Page } from "@playwright/test";
import { expect, test, waitsForHydration } from "./fixtures.ts";
import { DEMO, login, watchForErrors } from "./helpers.ts";

/** Everyone on a phone: 360 × 780, one thumb. */
const PHONE = { viewport: { width: 360, height: 780 }, hasTouch: true };
/** The demo family whose order of the demo supplier was done yesterday (`reviews.seed.ts`). */
const FAMILY = "7010000019";
/** A small PNG: its signature and some bytes (the type is found by content). */
const PHOTO = Buffer.from([
  0x89,
  0x50,
  0x4e,
  0x47,
  0x0d,
  0x0a,
  0x1a,
  0x0a,
  ...Array.from({ length: 300 }, (_, i) => i % 251),
]);

async function personOnPhone(browser: Browser, baseURL: string | undefined, phone: string, locale: "ru" | "kk") {
  const context = await browser.newContext({ ...PHONE, baseURL });
  const page = waitsForHydration(await context.newPage());
  const errors = watchForErrors(page);
  await login(page, phone, { locale });
  return { page, errors, close: () => context.close() };
}

/** Writes a review of the first line still waiting for one: stars, text, a photo or none. */
async function writeReview(page: Page, stars: number, text: string, photo: boolean) {
  const line = page.getByTestId("reviewable-lines").locator("li").first();
  await line.getByTestId("review-write").tap();
  const form = line.locator("form");
  await form
    .locator(".star-input__option")
    .nth(stars - 1)
    .tap();
  await expect(form.locator(`input[type=radio][value='${stars}']`)).toBeChecked();
  await form.getByTestId("review-text").fill(text);
  if (photo) {
    await form.locator("input[type=file]").setInputFiles({ name: "photo.png", mimeType: "image/png", buffer: PHOTO });
    await expect(form.locator("input[type=hidden][name=photoIds]")).toHaveCount(1);
  }
  await expectNoSideScroll(page);
  await form.getByTestId("review-submit").tap();
  await expect(page.getByTestId("review-sent").first()).toBeVisible();
  await expect(page.getByTestId("client-reviews").locator("li").filter({ hasText: text })).toHaveCount(1);
}

async function expectNoSideScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
}

const WORDS = {
  ru: {
    prefix: "",
    text: "Венок привезли вовремя, лента ровная, спасибо.",
    second: "Корзину привезли, звоните мне 87011234567.",
    edited: "Корзину привезли с опозданием на час, цветы свежие.",
    rejectReason: "личные данные",
    rejectComment: "Уберите, пожалуйста, номер телефона.",
    withdrawn: "Отозвана",
    pending: "На проверке",
    approved: "Опубликован",
    reply: "Спасибо за добрые слова, будем рады помочь.",
    appeal: "В отзыве номер телефона нашего сотрудника.",
    reason: "Нецензурные слова или личные данные",
    outcome: "текст скрыт, оценка учитывается",
    answer: "Текст скрыт: в нём личные данные. Оценка остаётся.",
    hidden: "текст скрыт модератором",
  },
  kk: {
    prefix: "/kk",
    text: "Гүлшоқты уақытында әкелді, бәрі ұқыпты, рақмет.",
    second: "Себетті әкелді, маған 87011234567 нөміріне қоңырау шалыңыз.",
    edited: "Себетті бір сағат кешігіп әкелді, гүлдер балғын.",
    rejectReason: "жеке деректер",
    rejectComment: "Телефон нөмірін алып тастаңызшы.",
    withdrawn: "Қайтарып алынды",
    pending: "Тексерілуде",
    approved: "Жарияланды",
    reply: "Жылы сөзіңізге рақмет, әрқашан көмектесуге дайынбыз.",
    appeal: "Пікірде қызметкеріміздің телефон нөмірі бар.",
    reason: "Балағат сөздер немесе жеке деректер",
    outcome: "мәтін жасырылды, баға есептеледі",
    answer: "Мәтін жасырылды: онда жеке деректер бар. Баға қалады.",
    hidden: "мәтінді модератор жасырды",
  },
} as const;

for (const lang of ["ru", "kk"] as const) {
  const w = WORDS[lang];
  /**
   * Reviews from all sides, on phones: the family rates two done lines (4★ with a photo, and 2★
   * with a phone number in it); the moderator rejects the second for personal data; the family
   * reads why and edits it; the moderator publishes both at once; the supplier sees the first with
   * the company's rating, replies once, appeals it, withdraws the appeal and files it again; the
   * moderator hides its text; the supplier reads the decision; the family reads the reply and can
   * no longer edit. Every button on the way is pressed.
   */
  test(`a review is written, published, answered and appealed (${lang})`, async ({ browser, baseURL }) => {
    const family = await personOnPhone(browser, baseURL, FAMILY, lang);
    const admin = await personOnPhone(browser, baseURL, DEMO.admin.phone, lang);
    const supplier = await personOnPhone(browser, baseURL, DEMO.supplier.phone, lang);

    // The family: its reviews page lists the done lines; it rates two of them.
    await family.page.goto(`${w.prefix}/client/reviews`);
    await writeReview(family.page, 4, w.text, true);
    await writeReview(family.page, 2, w.second, false);
    const mine = family.page.getByTestId("client-reviews").locator("li").filter({ hasText: w.text });
    await expect(mine.locator(".badge")).toHaveText(w.pending);

    // The moderator rejects the second with a reason.
    await admin.page.goto(`${w.prefix}/admin/comments`);
    const queue = admin.page.getByTestId("review-queue").locator("li");
    await expect(queue.filter({ hasText: w.text }).locator(".review__photos img")).toHaveCount(1);
    await expectNoSideScroll(admin.page);
    const second = queue.filter({ hasText: w.second });
    await second.getByTestId("move-reject").locator("summary").tap();
    await second.getByTestId("move-reject").locator("select").selectOption({ label: w.rejectReason });
    await second.getByTestId("move-reject").locator("textarea").fill(w.rejectComment);
    await second.getByTestId("move-reject-button").tap();
    await expect(admin.page.getByTestId("review-moved")).toBeVisible();

    // The family reads why, edits it, and it goes back to moderation.
    await family.page.reload();
    const rejected = family.page.getByTestId("client-reviews").locator("li").filter({ hasText: w.second });
    await expect(rejected.getByTestId("review-rejected")).toContainText(w.rejectReason);
    await rejected.locator("details > summary").tap();
    await rejected.locator(".star-input__option").nth(2).tap();
    await rejected.getByTestId("review-text").fill(w.edited);
    await rejected.getByTestId("review-submit").tap();
    const edited = family.page.getByTestId("client-reviews").locator("li").filter({ hasText: w.edited });
    await expect(edited.getByTestId("review-saved")).toBeVisible();
    await expect(edited.locator(".badge")).toHaveText(w.pending);

    // The moderator publishes both at once.
    await admin.page.reload();
    await queue.filter({ hasText: w.text }).locator("input[type=checkbox]").tap();
    await queue.filter({ hasText: w.edited }).locator("input[type=checkbox]").tap();
    await admin.page.getByTestId("approve-selected").tap();
    await expect(admin.page.getByTestId("bulk-done")).toBeVisible();
    await expect(queue.filter({ hasText: w.text })).toHaveCount(0);

    // The supplier sees it with the company's rating, replies once and appeals it.
    await supplier.page.goto(`${w.prefix}/supplier/reviews`);
    await expect(supplier.page.getByTestId("company-rating")).toBeVisible();
    const card = supplier.page.getByTestId("supplier-reviews").locator("li").filter({ hasText: w.text });
    await card.getByTestId("move-reply").locator("summary").tap();
    await card.getByTestId("move-reply").locator("textarea").fill(w.reply);
    await card.getByTestId("move-reply-button").tap();
    await expect(card.getByTestId("review-reply")).toContainText(w.reply);
    await expect(card.getByTestId("move-reply")).toHaveCount(0);
    await card.getByTestId("appeal-form").locator("summary").tap();
    await card.getByTestId("appeal-form").locator("select").selectOption({ label: w.reason });
    await card.getByTestId("appeal-form").locator("textarea").fill(w.appeal);
    await expectNoSideScroll(supplier.page);
    await card.getByTestId("appeal-submit").tap();
    await expect(card.getByTestId("appeal-sent")).toBeVisible();
    await expect(card.getByTestId("appeal-state")).toContainText(w.reason);
    // Withdrawn, then filed again.
    await card.getByTestId("move-withdraw-button").tap();
    await expect(card.getByTestId("appeal-state").locator(".badge")).toHaveText(w.withdrawn);
    await card.getByTestId("appeal-form").locator("summary").tap();
    await card.getByTestId("appeal-form").locator("select").selectOption({ label: w.reason });
    await card.getByTestId("appeal-form").locator("textarea").fill(w.appeal);
    await card.getByTestId("appeal-submit").tap();
    await expect(card.getByTestId("appeal-sent")).toBeVisible();

    // The moderator hides the text, keeping the stars.
    await admin.page.goto(`${w.prefix}/admin/comment-appeals`);
    const appeal = admin.page.getByTestId("appeal-queue").locator("li").filter({ hasText: w.appeal });
    await expect(appeal).toHaveCount(1);
    await expect(appeal).toContainText(w.text);
    await appeal.getByTestId("move-decide").locator("summary").tap();
    await appeal.getByText(w.outcome, { exact: true }).tap();
    await appeal.getByTestId("move-decide").locator("textarea").fill(w.answer);
    await expectNoSideScroll(admin.page);
    await appeal.getByTestId("move-decide-button").tap();
    await expect(admin.page.getByTestId("review-moved")).toBeVisible();

    // The supplier reads the decision; the text is hidden.
    await supplier.page.reload();
    const decided = supplier.page.getByTestId("supplier-reviews").locator("li").filter({ hasText: w.reply });
    await expect(decided.getByTestId("appeal-answer")).toContainText(w.answer);
    await expect(decided.getByTestId("review-text-hidden")).toHaveText(w.hidden);

    // The family reads the reply, its review published, no longer editable.
    await family.page.reload();
    const done = family.page.getByTestId("client-reviews").locator("li").filter({ hasText: w.text });
    await expect(done.locator(".badge")).toHaveText(w.approved);
    await expect(done.getByTestId("review-reply")).toContainText(w.reply);
    await expect(done.locator("details")).toHaveCount(0);

    expect([...family.errors, ...admin.errors, ...supplier.errors]).toEqual([]);
    await Promise.all([family.close(), admin.close(), supplier.close()]);
  });
}
