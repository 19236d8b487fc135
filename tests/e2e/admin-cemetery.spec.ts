import { expect, test } from "./fixtures.ts";
import { DEMO, login, watchForErrors } from "./helpers.ts";

/** The admin draws a new cemetery's boundary on the map, saves it, and generates a sector of plots. */
test("an admin draws a cemetery and generates its plots", async ({ page }) => {
  const errors = watchForErrors(page);
  await login(page, DEMO.admin.phone);
  await page.goto("/admin/cemetery");
  await page.getByTestId("new-cemetery").click();
  await expect(page).toHaveURL(/\/admin\/cemetery\/form$/);
  const form = page.getByTestId("cemetery-form");
  await form.locator("#c-nameRu").fill("Кладбище «Алтын Орда»");
  await form.locator("#c-nameKk").fill("«Алтын Орда» зираты");
  await form.locator("#c-city").fill("Алматы");
  await form.locator("#c-religion").selectOption("muslim");
  await form.locator("#c-burialFee").fill("30000");
  // Saving without a boundary explains what is missing, next to the map.
  await page.getByTestId("save-cemetery").click();
  await expect(page.locator("#boundary-error")).toBeVisible();
  await expect(form.locator("#c-nameRu")).toHaveValue("Кладбище «Алтын Орда»");
  // Four clicks on the map make the boundary; a fifth point is added and deleted again.
  const map = page.getByTestId("boundary-map");
  await expect(map).toHaveClass(/leaflet-container/);
  // The save button's click left the page scrolled below the map (the import tools lie between).
  await map.scrollIntoViewIfNeeded();
  const box = (await map.boundingBox()) as { x: number; y: number; width: number; height: number };
  const at = (fx: number, fy: number) => page.mouse.click(box.x + box.width * fx, box.y + box.height * fy);
  await at(0.2, 0.2);
  await at(0.8, 0.2);
  await at(0.8, 0.85);
  await at(0.2, 0.85);
  await at(0.5, 0.5);
  await expect(map).toHaveAttribute("data-points", "5");
  await page.getByTestId("boundary-delete").click();
  await expect(map).toHaveAttribute("data-points", "4");
  await page.getByTestId("save-cemetery").click();
  await expect(page).toHaveURL(/\/admin\/cemetery\/\d+$/);
  await expect(page.locator("h1")).toHaveText("Кладбище «Алтын Орда»");
  // Generate a sector: 5 rows of 8 places.
  const gen = page.getByTestId("generate-form");
  await gen.locator("#g-sector").fill("А");
  await gen.locator("#g-rowFrom").fill("1");
  await gen.locator("#g-rowTo").fill("5");
  await gen.locator("#g-perRow").fill("8");
  await page.getByTestId("generate").click();
  await expect(page.getByTestId("generated")).toContainText("Создано 40 мест");
  await expect(page.getByTestId("sectors")).toContainText("сектор А: 5 рядов, 40 мест");
  await expect(page.getByTestId("plot-map")).toHaveAttribute("data-plots", "40");
  // Too many for the boundary: refused as a whole, with the reason next to the field.
  await gen.locator("#g-sector").fill("Б");
  await gen.locator("#g-rowTo").fill("400");
  await gen.locator("#g-perRow").fill("400");
  await page.getByTestId("generate").click();
  await expect(page.locator("#g-perRow-error")).toBeVisible();
  await expect(page.getByTestId("sectors")).not.toContainText("сектор Б");
  expect(errors).toEqual([]);
});
