import { expect, test } from "./fixtures.ts";
import { DEMO, login, logout, watchForErrors } from "./helpers.ts";

/**
 * The admin invites a cemetery manager by phone with a cemetery, assigns and takes away another
 * one; the new manager signs in with a code and finds only their cemetery, in Kazakh.
 */
test("admin invites a manager with a cemetery; the manager signs in to it", async ({ page }) => {
  const errors = watchForErrors(page);
  await login(page, DEMO.admin.phone);
  await page.getByRole("link", { name: "Менеджеры", exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/managers$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Менеджеры кладбищ");

  // Refused for a missing surname: the message is next to the field, nothing typed is lost.
  const form = page.getByTestId("invite-form");
  await form.locator("#inv-phone").fill("7017772211");
  await expect(form.locator("#inv-phone")).toHaveValue("+7 (701) 777-22-11");
  await form.locator("#inv-name").fill("Әлия");
  await form.getByLabel("Центральное кладбище").check();
  await page.getByTestId("invite-submit").click();
  await expect(page.locator("#inv-surname-error")).toHaveText("Заполните это поле.");
  await expect(form.locator("#inv-name")).toHaveValue("Әлия");
  await expect(form.locator("#inv-phone")).toHaveValue("+7 (701) 777-22-11");
  await expect(form.getByLabel("Центральное кладбище")).toBeChecked();

  await form.locator("#inv-surname").fill("Сейітова");
  await page.getByTestId("invite-submit").click();
  await expect(page.getByTestId("invite-done")).toContainText("Сейітова Әлия");
  await expect(form.locator("#inv-phone")).toHaveValue("");
  const card = page.getByTestId("manager-+77017772211");
  await expect(card).toContainText("+7 701 777 22 11");
  await expect(card).toContainText("Приглашён");
  await expect(card.getByTestId("manager-cemeteries")).toHaveText(/^Центральное кладбище$/);

  // Another cemetery, assigned and taken away again (after a confirmation).
  await card.getByLabel("Назначить кладбище").selectOption({ label: "Городское кладбище «Бурундай»" });
  await card.getByTestId("assign-submit").click();
  await expect(card.getByTestId("manager-status")).toHaveText(
    "Назначено менеджеру Сейітова Әлия: Городское кладбище «Бурундай».",
  );
  await expect(card.getByTestId("manager-cemeteries")).toContainText("Городское кладбище «Бурундай»");
  page.once("dialog", (dialog) => dialog.accept());
  await card.getByRole("button", { name: "Снять с менеджера Сейітова Әлия: Городское кладбище «Бурундай»" }).click();
  await expect(card.getByTestId("manager-status")).toHaveText(
    "Снято с менеджера Сейітова Әлия: Городское кладбище «Бурундай».",
  );
  await expect(card.getByTestId("manager-cemeteries")).toHaveText(/^Центральное кладбище$/);
  await logout(page);

  // The manager signs in with the invited phone and works in their one cemetery.
  await login(page, "7017772211", { locale: "kk" });
  await expect(page).toHaveURL(/\/kk\/manager\/cemetery$/);
  await expect(page.getByTestId("user-name")).toContainText("Әлия");
  const theirs = page.getByTestId("manager-cemeteries").locator("li");
  await expect(theirs).toHaveCount(1);
  await expect(theirs).toContainText("Орталық зират");
  await logout(page);

  // The admin now sees the manager active.
  await login(page, DEMO.admin.phone);
  await page.goto("/admin/managers");
  await expect(page.getByTestId("manager-+77017772211")).toContainText("Активен");
  expect(errors).toEqual([]);
});
