import type { Page } from "@playwright/test";
import { appealRegistration, answerDueDay, earliestHearingDay } from "../../common/appeal-deadlines.ts";
import { almatyDay } from "../../common/calendar/almaty.ts";
import { addWorkingDays } from "../../common/calendar/working-days.ts";
import { expect, test, waitForHydration } from "./fixtures.ts";
import { DEMO, login, watchForErrors } from "./helpers.ts";

test.use({ viewport: { width: 360, height: 780 }, hasTouch: true });

/** Nothing on the page is wider than the phone's screen. */
async function expectNoSideScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
}

/** Records an oral or phone appeal from the inbox's form; lands on its page, registered. */
async function recordOral(page: Page, who: { surname: string; name: string; phone: string }, text: string) {
  await page.goto("/user/tickets");
  await waitForHydration(page);
  await page.getByTestId("oral-panel").locator("summary").tap();
  const form = page.getByTestId("oral-form");
  await form.getByLabel("По телефону").check();
  await form.getByLabel("Фамилия").fill(who.surname);
  await form.getByLabel("Имя", { exact: true }).fill(who.name);
  await form.getByRole("textbox", { name: "Телефон" }).fill(who.phone);
  await form.getByLabel("Суть обращения").fill(text);
  await page.getByTestId("oral-submit").tap();
  await expect(page).toHaveURL(/\/user\/tickets\/\d+\?registered=1$/);
  await expect(page.getByTestId("ticket-registered")).toContainText("Заявителю отправлено SMS");
  await waitForHydration(page);
  return Number(new URL(page.url()).pathname.split("/").pop());
}

/** Opens a folded move form by its summary and sends it with its button. */
async function foldedMove(page: Page, move: string, fill: () => Promise<void>, button: string) {
  const box = page.getByTestId(`move-${move}`);
  await box.locator("summary").tap();
  await fill();
  await box.getByRole("button", { name: button, exact: true }).tap();
}

/**
 * The akimat's staff on a phone, in Russian: record a phone appeal (the law requires accepting
 * them), take it, ask the applicant for documents and take it back into work, extend its term,
 * notify a hearing, leave an internal note, answer it; assign a second one, hand it to a colleague
 * and redirect it; record a third one's withdrawal; find them in the inbox by number, filter the
 * overdue and export the list.
 */
test("the akimat's staff take appeals through every step on a phone", async ({ page }) => {
  const errors = watchForErrors(page);
  await login(page, DEMO.akimat.phone);
  const today = almatyDay(new Date());
  const registered = appealRegistration(new Date()).day;

  const first = await recordOral(
    page,
    { surname: "Сейткалиева", name: "Гульнара", phone: "7017770011" },
    "Прошу навести порядок на участке 12 Северного кладбища: повалена ограда.",
  );
  const status = page.getByTestId("ticket-status");
  await expect(status).toHaveText("Зарегистрировано");
  await expect(page.getByTestId("appeal-due")).toContainText("осталось");
  await expect(page.getByTestId("ticket-text")).toContainText("повалена ограда");
  const receipt = await page.request.get(`/api/v1/appeals/${first}/receipt.pdf`);
  expect(receipt.status()).toBe(200);
  expect(receipt.headers()["content-type"]).toBe("application/pdf");
  await expectNoSideScroll(page);

  // Take it: the caller becomes its assignee.
  await page.getByTestId("move-take-button").tap();
  await expect(page.getByTestId("move-done")).toContainText("Обращение взято в работу");
  await expect(status).toHaveText("В работе");
  await expect(page.getByTestId("ticket-assignee")).not.toContainText("Не назначен");

  // Ask for documents, then take it back into work.
  await foldedMove(
    page,
    "ask_documents",
    () => page.locator("#tk-ask_documents-request").fill("Фото ограды и номер участка по документу."),
    "Отправить заявителю",
  );
  await expect(status).toHaveText("Ждёт документов от заявителя");
  await expect(page.getByTestId("ticket-steps")).toContainText("Фото ограды");
  await page.getByTestId("move-resume-button").tap();
  await expect(status).toHaveText("В работе");

  // Extend the term, refused first for a day after two months.
  const due = answerDueDay(registered);
  const later = addWorkingDays(due, 3);
  await foldedMove(
    page,
    "extend",
    async () => {
      await page.locator("#tk-extend-until").fill("2099-01-05");
      await page.locator("#tk-extend-reason").fill("Нужен выезд комиссии на кладбище.");
    },
    "Продлить срок",
  );
  await expect(page.locator("#tk-extend-until-error")).toBeVisible();
  await page.locator("#tk-extend-until").fill(later);
  await page.getByTestId("move-extend").getByRole("button", { name: "Продлить срок", exact: true }).tap();
  await expect(page.getByTestId("move-done")).toContainText("Срок продлён");
  await expect(page.getByTestId("ticket-steps")).toContainText("Нужен выезд комиссии");

  // A hearing before a decision that may refuse.
  await foldedMove(
    page,
    "hearing_notice",
    async () => {
      await page.locator("#tk-hearing_notice-proposal").fill("Отказать в замене ограды за счёт акимата.");
      await page.locator("#tk-hearing_notice-hearingDate").fill(earliestHearingDay(today));
      await page.locator("#tk-hearing_notice-hearingTime").fill("10:30");
    },
    "Отправить заявителю",
  );
  await expect(status).toHaveText("Назначено заслушивание");

  // An internal note: for the staff only.
  await page.locator("#thread-body").fill("Проверить, чья ограда: кладбища или семьи.");
  await page.getByLabel("Внутренняя заметка").check();
  await page.getByTestId("thread-send").tap();
  await expect(page.getByTestId("thread")).toContainText("Проверить, чья ограда");

  // The answer: satisfied, in the appeal's language, the usual words on how to complain filled in.
  await foldedMove(
    page,
    "answer",
    async () => {
      await page.getByTestId("move-answer").getByLabel("Удовлетворено", { exact: true }).check();
      await page.locator("#tk-answer-facts").fill("Ограда повалена ветром 12 ноября.");
      await page.locator("#tk-answer-grounds").fill("Правила содержания кладбищ, п. 14.");
      await page.locator("#tk-answer-actions").fill("Ограду восстановит подрядчик до 5 декабря.");
      await expect(page.locator("#tk-answer-howToComplain")).toHaveValue(/в суде/);
    },
    "Отправить ответ",
  );
  await expect(status).toHaveText("Дан ответ");
  await expect(page.getByTestId("ticket-outcome")).toHaveText("Удовлетворено");
  await expect(page.getByTestId("ticket-actions")).toContainText("В этом статусе действий нет.");
  await expect(page.getByTestId("ticket-history")).toContainText("Дать ответ → Дан ответ");
  await expectNoSideScroll(page);

  // A second one: assigned, handed to another colleague, redirected outside the platform.
  await recordOral(page, { surname: "Омаров", name: "Данияр", phone: "7017770012" }, "Вопрос о пособии на погребение.");
  await page.locator("#tk-assign-assigneeId").selectOption({ index: 1 });
  await page.getByTestId("move-assign-button").tap();
  await expect(page.getByTestId("move-done")).toContainText("Исполнитель назначен");
  await foldedMove(
    page,
    "reassign",
    async () => {
      await page.locator("#tk-reassign-assigneeId").selectOption({ index: 1 });
    },
    "Передать другому сотруднику",
  );
  await expect(page.getByTestId("move-done")).toContainText("Исполнитель назначен");
  await foldedMove(
    page,
    "redirect",
    async () => {
      await page.locator("#tk-redirect-toBody").fill("Отдел занятости и социальных программ");
      await page.locator("#tk-redirect-reason").fill("Пособия назначает отдел социальных программ.");
    },
    "Направить по компетенции",
  );
  await expect(status).toHaveText("Направлено по компетенции");

  // A third one: the applicant withdrew it by phone.
  const third = await recordOral(
    page,
    { surname: "Ким", name: "Алексей", phone: "7017770013" },
    "Прошу проверить запись.",
  );
  await foldedMove(
    page,
    "record_withdrawal",
    () => page.locator("#tk-record_withdrawal-reason").fill("Позвонил 25 ноября: вопрос решён."),
    "Отметить отзыв",
  );
  await expect(status).toHaveText("Отозвано");

  // The inbox: the open ones by default; all of them found by number; the export of the filtered list.
  await page.getByRole("link", { name: "К списку обращений" }).tap();
  await expect(page).toHaveURL(/\/user\/tickets$/);
  await expect(page.locator(`[data-appeal-id="${third}"]`)).toHaveCount(0);
  await page.getByTestId("status-all").tap();
  await expect(page.locator(`[data-appeal-id="${third}"]`)).toBeVisible();
  const number = (await page.locator(`[data-appeal-id="${first}"] h2`).textContent())?.match(/\d+-\d{4}-\d{6}/)?.[0];
  expect(number).toBeTruthy();
  await waitForHydration(page);
  await page.locator("#tf-q").fill(number as string);
  await page.getByTestId("filters-apply").tap();
  await expect(page.getByTestId("ticket")).toHaveCount(1);
  await expect(page.getByTestId("tickets-total")).toContainText("Найдено 1 обращение");
  const download = page.waitForEvent("download");
  await page.getByTestId("tickets-export").tap();
  expect((await download).suggestedFilename()).toMatch(/\.xlsx$/);
  await page.getByTestId("filters-more").locator("summary").tap();
  await page.locator("#tf-period").selectOption("7d");
  await page.getByLabel("Только просроченные").check();
  await page.getByTestId("filters-apply").tap();
  await expect(page.getByTestId("ticket")).toHaveCount(0);
  // The rarer filters stay open while one is set.
  await expect(page.getByTestId("filters-more")).toHaveAttribute("open", "");
  await page.getByTestId("filters-reset").tap();
  await page.getByTestId("sort-dueDay").tap();
  await expect(page).toHaveURL(/sort=dueDay/);
  // The reburial requests are the inbox's other kind: their own statuses, no oral form, their own export.
  await page.getByTestId("kind-reburial").tap();
  await expect(page).toHaveURL(/kind=reburial/);
  await expect(page.getByTestId("oral-panel")).toHaveCount(0);
  await expect(page.getByTestId("status-approved")).toHaveText("Разрешено");
  await expect(page.getByTestId("tickets-export")).toHaveAttribute("href", /\/api\/v1\/reburials\/export\.xlsx/);
  await page.getByTestId("kind-appeal").tap();
  await expect(page.getByTestId("oral-panel")).toBeVisible();
  await expectNoSideScroll(page);
  expect(errors).toEqual([]);
});
