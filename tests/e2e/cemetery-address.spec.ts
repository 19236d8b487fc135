import { expect, test } from "./fixtures.ts";
import { DEMO, login, watchForErrors } from "./helpers.ts";

/**
 * A cemetery's address in the page's language: Kazakh pages showed the Russian address (names and
 * descriptions had both forms, addresses did not). The admin writes the Kazakh form on the cemetery's
 * form; a Kazakh page falls back to the Russian one when it is empty.
 */
test.use({ viewport: { width: 360, height: 780 }, hasTouch: true });

const KENSAI = { ru: "Алматы, ул. Кенсай, 1", kk: "Алматы, Кеңсай көшесі, 1" };

test("a family reads the cemetery's address in its language, on the home page and the grave card", async ({ page }) => {
  const errors = watchForErrors(page);
  for (const locale of ["ru", "kk"] as const) {
    await page.goto(locale === "kk" ? "/kk" : "/");
    await expect(page.getByTestId("cemetery-counts")).toContainText(KENSAI[locale]);
    const other = locale === "kk" ? KENSAI.ru : KENSAI.kk;
    await expect(page.getByTestId("cemetery-counts")).not.toContainText(other);
  }
  await page.goto(`/kk/search?q=${encodeURIComponent("Жұмабаев")}`);
  const results = page.getByTestId("search-results");
  await results.locator("li", { hasText: "«Кеңсай»" }).first().locator("a").tap();
  await expect(page.getByTestId("grave-card")).toContainText(KENSAI.kk);
  expect(errors).toEqual([]);
});

test("the admin writes the Kazakh address; emptied, Kazakh pages show the Russian one", async ({ page }) => {
  const errors = watchForErrors(page);
  await login(page, DEMO.admin.phone, { locale: "kk" });
  await page.goto("/kk/admin/cemetery");
  const card = page.getByTestId("admin-cemeteries").locator("li", { hasText: "«Кеңсай»" });
  await card.getByRole("link", { name: "Өзгерту" }).tap();
  const form = page.getByTestId("cemetery-form");
  await expect(form.locator("#c-address")).toHaveValue(KENSAI.ru);
  await expect(form.locator("#c-addressKk")).toHaveValue(KENSAI.kk);

  await form.locator("#c-addressKk").fill("Алматы, Кеңсай көшесі, 1А");
  await page.getByTestId("save-cemetery").tap();
  await expect(page).toHaveURL(/\/kk\/admin\/cemetery\/\d+$/);
  await expect(page.locator("main")).toContainText("Алматы, Кеңсай көшесі, 1А");
  const cemeteryPage = new URL(page.url()).pathname;
  await page.goto("/kk");
  await expect(page.getByTestId("cemetery-counts")).toContainText("Алматы, Кеңсай көшесі, 1А");

  // Emptied: the Russian address rather than none.
  await page.goto(cemeteryPage);
  await page.getByRole("link", { name: "Өзгерту" }).tap();
  await page.getByTestId("cemetery-form").locator("#c-addressKk").fill("");
  await page.getByTestId("save-cemetery").tap();
  await expect(page).toHaveURL(/\/kk\/admin\/cemetery\/\d+$/);
  await page.goto("/kk");
  await expect(page.getByTestId("cemetery-counts")).toContainText(KENSAI.ru);

  // Back as the demo had it, for the journeys that follow.
  await page.goto(cemeteryPage);
  await page.getByRole("link", { name: "Өзгерту" }).tap();
  await page.getByTestId("cemetery-form").locator("#c-addressKk").fill(KENSAI.kk);
  await page.getByTestId("save-cemetery").tap();
  await expect(page.locator("main")).toContainText(KENSAI.kk);
  expect(errors).toEqual([]);
});
