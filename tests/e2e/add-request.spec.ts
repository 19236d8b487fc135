import { expect, test } from "./fixtures.ts";
import { watchForErrors } from "./helpers.ts";

// A tiny valid PNG (1×1), as a photo of the grave.
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);

/** A visitor in Kazakh finds nothing, asks to add the burial with a photo, and loses nothing on a mistake. */
test("a visitor asks to add a missing burial with a photo of the grave", async ({ page }) => {
  const errors = watchForErrors(page);
  await page.goto("/kk/search?q=Тлеубердиев%20Мақсат");
  await page.getByTestId("add-link").click();
  await expect(page).toHaveURL(/\/kk\/add\?q=/);
  // The page is in the site's navigation too.
  const nav = page.getByRole("navigation", { name: "Негізгі навигация" });
  await expect(nav.getByRole("link", { name: "Жерлеуді қосу" })).toHaveAttribute("aria-current", "page");
  const form = page.getByTestId("add-form");
  await expect(form.locator("#add-surname")).toHaveValue("Тлеубердиев");
  await expect(form.locator("#add-name")).toHaveValue("Мақсат");
  await form.locator("#add-deathDate").fill("2003-09-14");
  // A burial date before the death: a mistake the visitor makes.
  await form.locator("#add-burialDate").fill("2003-09-12");
  const cemetery = form.locator("#add-cemeteryId");
  const chosen = await cemetery.locator("option").nth(1).getAttribute("value");
  await cemetery.selectOption(chosen as string);
  await form.locator("#add-applicantName").fill("Жанар");
  await form.locator("#add-applicantPhone").fill("7015550199");
  await form.locator("input[type=file]").setInputFiles({ name: "бейіт.png", mimeType: "image/png", buffer: PNG });
  await expect(form.locator("input[type=hidden][name=photoIds]")).toHaveCount(1);
  await expect(form.locator(".drop-zone__item--ok .drop-zone__thumb img")).toBeVisible();

  // The place is missing and the dates are out of order: explained next to the fields, in Kazakh,
  // and nothing typed, chosen or uploaded is lost.
  await page.getByTestId("send-add").click();
  await expect(page.locator("#add-location-error")).toContainText("Қабірдің қай жерде");
  await expect(page.locator("#add-burialDate-error")).toContainText("Жерлеу күні қайтыс болған күннен бұрын");
  await expect(form.locator("#add-surname")).toHaveValue("Тлеубердиев");
  await expect(form.locator("#add-deathDate")).toHaveValue("2003-09-14");
  await expect(cemetery).toHaveValue(chosen as string);
  await expect(form.locator("#add-applicantName")).toHaveValue("Жанар");
  await expect(form.locator("#add-applicantPhone")).toHaveValue("+7 (701) 555-01-99");
  await expect(form.locator("input[type=hidden][name=photoIds]")).toHaveCount(1);
  await expect(form.getByText("бейіт.png", { exact: true })).toBeVisible();

  await form.locator("#add-burialDate").fill("2003-09-15");
  await form.locator("#add-location").fill("12-сектор, үлкен теректің жанында");
  await page.getByTestId("send-add").click();
  await expect(page.getByTestId("add-sent")).toContainText("Өтінім жіберілді");
  expect(errors).toEqual([]);
});
