import { expect, test } from "./fixtures.ts";
import { twoAdjacentFree, watchForErrors } from "./helpers.ts";

/** A visitor filters cemeteries, opens one, pans its map and chooses two neighbouring free places. */
test("a visitor of /reserve pans the map and selects two adjacent free plots", async ({ page }) => {
  const errors = watchForErrors(page);
  await page.goto("/kk/reserve");
  await page.locator("#r-religion").selectOption("muslim");
  await page.getByTestId("reserve-filters").getByRole("button").click();
  await expect(page).toHaveURL(/religion=muslim/);
  const list = page.getByTestId("reserve-cemeteries");
  // Only Muslim cemeteries are listed (other tests may add some of their own).
  await expect(list.locator("li").filter({ hasNotText: "Мұсылман" })).toHaveCount(0);
  await expect(list.locator("li").first()).toBeVisible();
  await list.getByRole("link", { name: /Кеңсай/ }).click();
  const map = page.getByTestId("plot-map");
  await expect(map).toHaveAttribute("data-plots", /^[1-9]\d*$/);

  // Pan: drag the map; the plots of the new view load.
  const box = (await map.boundingBox()) as { x: number; y: number; width: number; height: number };
  const reloaded = page.waitForResponse((r) => r.url().includes("/plots?bbox=") && r.status() === 200);
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 - 200, box.y + box.height / 2 + 80, { steps: 8 });
  await page.mouse.up();
  await reloaded;
  await expect(map).toHaveAttribute("data-plots", /^[1-9]\d*$/);

  // Two neighbouring free places of one row, from the list under the map.
  const [first, second] = await twoAdjacentFree(page);
  await page.getByRole("button", { name: first, exact: true }).click();
  await page.getByRole("button", { name: second, exact: true }).click();
  const selection = page.getByTestId("selection");
  await expect(selection).toContainText("2 орын таңдалды");
  await expect(page.getByRole("button", { name: first, exact: true })).toHaveAttribute("aria-pressed", "true");
  // A place that is not a neighbour starts the choice again, and says why.
  const far = page.locator(".plot-chip--free[aria-pressed=false]").last();
  await far.click();
  await expect(page.getByTestId("selection-notice")).toBeVisible();
  await expect(selection).toContainText("1 орын таңдалды");
  expect(errors).toEqual([]);
});
