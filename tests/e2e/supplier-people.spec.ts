import { expect, test } from "./fixtures.ts";
import { DEMO, login, watchForErrors } from "./helpers.ts";

test.use({ viewport: { width: 360, height: 780 }, hasTouch: true });

/**
 * A supplier company's people on a phone: the owner invites an employee by phone; the employee
 * signs in (in Kazakh), lands on the company's catalogue and reads the people's list without
 * managing it; the owner removes them.
 */
test("the owner invites an employee who works the catalogue but manages nobody, then removes them", async ({
  page,
}) => {
  const errors = watchForErrors(page);
  await login(page, DEMO.supplier.phone);
  await page.goto("/supplier/people");
  const form = page.getByTestId("people-invite-form");
  await form.locator("#sp-inv-phone").fill("7017778899");
  await form.locator("#sp-inv-surname").fill("Ахметова");
  await form.locator("#sp-inv-name").fill("Дана");
  await page.getByTestId("people-invite-submit").tap();
  await expect(page.getByRole("status")).toContainText("Приглашение создано");
  const row = page.getByTestId("person-+77017778899");
  await expect(row).toContainText("Сотрудник");
  // Another person on the same phone: signed out by clearing the session.
  await page.context().clearCookies();

  await login(page, "7017778899", { locale: "kk" });
  await expect(page).toHaveURL(/\/kk\/supplier\/services\/active$/);
  await expect(page.getByTestId("own-services")).toContainText("Қала бойынша катафалк");
  await page.goto("/kk/supplier/people");
  await expect(page.getByText("Қызметкерлерді тек компания иесі шақырып, жоя алады.")).toBeVisible();
  await expect(page.getByTestId("people-invite-form")).toHaveCount(0);
  await page.context().clearCookies();

  await login(page, DEMO.supplier.phone);
  await page.goto("/supplier/people");
  page.once("dialog", (dialog) => dialog.accept());
  await page.getByTestId("person-+77017778899").getByRole("button", { name: "Удалить" }).tap();
  await expect(page.getByRole("status")).toContainText("Сотрудник удалён");
  await expect(page.getByTestId("person-+77017778899")).toHaveCount(0);
  expect(errors).toEqual([]);
});
