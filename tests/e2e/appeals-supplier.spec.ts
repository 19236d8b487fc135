import { expect, test } from "./fixtures.ts";
import { DEMO, login, watchForErrors } from "./helpers.ts";

/**
 * The demo supplier company, in Russian, finds its appeals in its menu, reads what an appeal is in
 * the list's panel, writes a proposal to the akimat and opens it from the confirmation.
 */
test("a supplier writes an appeal to the akimat from its area", async ({ page }) => {
  const errors = watchForErrors(page);
  await login(page, DEMO.supplier.phone);
  await page.getByRole("link", { name: "Обращения в акимат" }).click();
  await expect(page).toHaveURL(/\/supplier\/goverment\/requests$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Мои обращения");
  const explainer = page.getByTestId("appeal-explainer");
  await explainer.getByText("Что такое обращение и какие сроки").click();
  await expect(explainer.getByTestId("appeal-types")).toContainText("Предложение");

  await page.getByTestId("appeal-write").click();
  await expect(page).toHaveURL(/\/supplier\/goverment\/create$/);
  const form = page.getByTestId("appeal-form");
  await form.getByText("Предложение", { exact: true }).click();
  await form.getByTestId("appeal-akimat").selectOption({ label: "Акимат города Алматы" });
  await form.getByTestId("appeal-text").fill("Предлагаем установить у входа на кладбище навигационные стенды.");
  await expect(form.getByLabel("Русский")).toBeChecked();
  await form.getByTestId("appeal-submit").click();

  const done = page.getByTestId("appeal-created");
  await expect(done).toContainText("Обращение зарегистрировано");
  const number = (await done.getByTestId("appeal-number").textContent())?.trim() ?? "";
  expect(number).toMatch(/^\d+-\d{4}-\d{6}$/);
  await done.getByTestId("appeal-open").click();
  await expect(page).toHaveURL(/\/supplier\/goverment\/requests\/\d+$/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(`Обращение № ${number}`);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Зарегистрировано");
  await expect(page.getByTestId("appeal-facts")).toContainText("Предложение");
  expect(errors).toEqual([]);
});
