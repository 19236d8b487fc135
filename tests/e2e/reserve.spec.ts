import type { Locator } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { twoAdjacentFree, watchForErrors } from "./helpers.ts";

const box = async (l: Locator) => {
  const b = await l.boundingBox();
  expect(b, "the element is laid out").not.toBeNull();
  return b as { x: number; y: number; width: number; height: number };
};

/**
 * A visitor on a desktop filters cemeteries, opens one, pans its map and chooses two neighbouring
 * free places in the picker: the map shows them, clear of its zoom buttons.
 */
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
  await map.scrollIntoViewIfNeeded();
  const at = await box(map);
  const reloaded = page.waitForResponse((r) => r.url().includes("/plots?bbox=") && r.status() === 200);
  await page.mouse.move(at.x + at.width / 2, at.y + at.height / 2);
  await page.mouse.down();
  await page.mouse.move(at.x + at.width / 2 - 200, at.y + at.height / 2 + 80, { steps: 8 });
  await page.mouse.up();
  await reloaded;
  await expect(map).toHaveAttribute("data-plots", /^[1-9]\d*$/);

  // Two neighbouring free places of one row, from the picker: sector, row, places.
  const [first, second] = await twoAdjacentFree(page);
  await page.getByRole("button", { name: first, exact: true }).click();
  await page.getByRole("button", { name: second, exact: true }).click();
  const selection = page.getByTestId("selection");
  await expect(selection).toContainText("2 орын таңдалды");
  await expect(page.getByRole("button", { name: first, exact: true })).toHaveAttribute("aria-pressed", "true");

  // The map opened on that row and shows the chosen places inside it, none under the zoom buttons.
  await expect(map).toHaveAttribute("data-selected-box", /^-?\d+,-?\d+,-?\d+,-?\d+$/);
  await map.scrollIntoViewIfNeeded();
  const mapAt = await box(map);
  const [left, top, right, bottom] = ((await map.getAttribute("data-selected-box")) ?? "").split(",").map(Number) as [
    number,
    number,
    number,
    number,
  ];
  const zoom = await box(map.locator(".leaflet-control-zoom"));
  const chosen = { left: mapAt.x + left, top: mapAt.y + top, right: mapAt.x + right, bottom: mapAt.y + bottom };
  expect(right - left, "the chosen places are drawn").toBeGreaterThan(0);
  expect(chosen.left).toBeGreaterThanOrEqual(mapAt.x);
  expect(chosen.right).toBeLessThanOrEqual(mapAt.x + mapAt.width);
  expect(chosen.top).toBeGreaterThanOrEqual(mapAt.y);
  expect(chosen.bottom).toBeLessThanOrEqual(mapAt.y + mapAt.height);
  const apart =
    chosen.right <= zoom.x ||
    zoom.x + zoom.width <= chosen.left ||
    chosen.bottom <= zoom.y ||
    zoom.y + zoom.height <= chosen.top;
  expect(apart, "the chosen places are not under the zoom buttons").toBe(true);

  // A place of another row starts the choice again, and says why; the choice stayed while the
  // visitor went to that row.
  const row = new URL(page.url()).searchParams.get("row");
  await page.getByTestId("picker-rows").click();
  await page
    .getByTestId("place-picker")
    .locator(".picker__option")
    .filter({ hasNotText: new RegExp(`^${row} қатар`) })
    .first()
    .click();
  await expect(page.getByTestId("picker-places")).toBeVisible();
  await expect(selection).toContainText("2 орын таңдалды");
  await page.getByTestId("picker-places").getByRole("button").first().click();
  await expect(page.getByTestId("selection-notice")).toBeVisible();
  await expect(selection).toContainText("1 орын таңдалды");
  expect(errors).toEqual([]);
});
