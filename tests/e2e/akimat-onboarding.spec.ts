import { expect, test } from "./fixtures.ts";
import { DEMO, login, logout, watchForErrors } from "./helpers.ts";

/**
 * An admin creates an akimat and invites its first admin; that person signs in with a code,
 * finds the akimat's staff page and invites an employee, who can then sign in too.
 */
test("admin creates an akimat whose invited admin signs in and invites an employee", async ({ page }) => {
  const errors = watchForErrors(page);
  await login(page, DEMO.admin.phone);
  await expect(page).toHaveURL(/\/admin\/akimat$/);
  await page.getByTestId("new-akimat").click();

  // Nothing typed is lost when the form is refused.
  await page.locator("#f-nameRu").fill("Акимат города Қонаев");
  await page.locator("#f-adminPhone").fill("7011112233");
  await page.getByTestId("save-akimat").click();
  await expect(page.locator("#f-nameKk-error")).toHaveText("Заполните это поле.");
  await expect(page.locator("#f-nameRu")).toHaveValue("Акимат города Қонаев");

  await page.locator("#f-nameKk").fill("Қонаев қаласының әкімдігі");
  await page.locator("#f-city").fill("Қонаев");
  await page.locator("#f-address").fill("ул. Индустриальная, 3");
  await page.locator("#f-adminPhone").fill("7011112233");
  await page.locator("#f-adminSurname").fill("Оспанова");
  await page.locator("#f-adminName").fill("Динара");
  await page.getByTestId("save-akimat").click();
  await expect(page).toHaveURL(/\/admin\/akimat$/);
  await expect(page.getByTestId("akimat-table")).toContainText("Акимат города Қонаев");
  await logout(page);

  await login(page, "7011112233", { locale: "kk" });
  await expect(page).toHaveURL(/\/kk\/user\/users$/);
  await expect(page.getByTestId("user-name")).toContainText("Динара");
  await expect(page.getByTestId("bell-count")).toHaveText("1");
  const form = page.getByTestId("invite-form");
  await form.locator("#inv-phone").fill("7011112244");
  await form.locator("#inv-surname").fill("Сәрсенов");
  await form.locator("#inv-name").fill("Әлібек");
  await page.getByTestId("invite-submit").click();
  await expect(page.getByTestId("employee-+77011112244")).toContainText("Әлібек");
  await expect(page.getByTestId("employee-+77011112244")).toContainText("Шақырылған");
  await logout(page);

  await login(page, "7011112244");
  await expect(page).toHaveURL(/\/user\/users$/);
  await expect(page.getByText("Изменять состав сотрудников может только администратор акимата.")).toBeVisible();
  await expect(page.getByTestId("invite-form")).toHaveCount(0);
  expect(errors).toEqual([]);
});
