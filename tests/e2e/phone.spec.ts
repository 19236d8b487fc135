import type { Locator, Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { DEMO, login, watchForErrors } from "./helpers.ts";

/** A family on a phone: a 360 × 780 screen, touch. */
test.use({ viewport: { width: 360, height: 780 }, hasTouch: true });

const box = async (l: Locator) => {
  const b = await l.boundingBox();
  expect(b, "the element is laid out").not.toBeNull();
  return b as { x: number; y: number; width: number; height: number };
};

/** The header is one compact bar; everything else is behind the menu button. */
async function expectCompactHeader(page: Page) {
  const header = await box(page.locator("header.topbar"));
  expect(header.height).toBeLessThanOrEqual(72);
  const button = page.getByTestId("menu-button");
  await expect(button).toBeVisible();
  const b = await box(button);
  expect(b.height).toBeGreaterThanOrEqual(44);
  expect(b.width).toBeGreaterThanOrEqual(44);
}

test("on a phone a visitor gets a compact header with a menu, and the search answers where they look", async ({
  page,
}) => {
  const errors = watchForErrors(page);
  await page.goto("/search");
  await expectCompactHeader(page);
  // The search field is on the first screen.
  const field = await box(page.locator("#s-q"));
  expect(field.y + field.height).toBeLessThanOrEqual(780);

  // The menu button opens and closes the navigation.
  const button = page.getByTestId("menu-button");
  const reserve = page.getByRole("link", { name: "Выбрать место" });
  await expect(reserve).toBeHidden();
  await expect(button).toHaveAttribute("aria-expanded", "false");
  const panel = page.locator(`#${await button.getAttribute("aria-controls")}`);
  await button.click();
  await expect(button).toHaveAttribute("aria-expanded", "true");
  await expect(panel).toBeVisible();
  await expect(reserve).toBeVisible();
  await expect(page.getByTestId("login-link")).toBeVisible();
  // Escape closes it and gives the focus back to the button.
  await page.keyboard.press("Escape");
  await expect(button).toHaveAttribute("aria-expanded", "false");
  await expect(reserve).toBeHidden();
  await expect(button).toBeFocused();
  // A tap outside closes it too; a link followed inside it leads on and closes it.
  await button.click();
  await expect(reserve).toBeVisible();
  // (the open menu lies over the top of the page; the page's margin below it is free)
  await page.mouse.click(8, 770);
  await expect(reserve).toBeHidden();
  await button.click();
  await reserve.click();
  await expect(page).toHaveURL(/\/reserve$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Выбор места на кладбище");
  await expect(button).toHaveAttribute("aria-expanded", "false");
  await expect(reserve).toBeHidden();

  // The same in Kazakh.
  await page.goto("/kk/search");
  await expectCompactHeader(page);
  await expect(button).toContainText("Мәзір");

  // After "Найти" the focus is on the results' heading, which says how many, on screen.
  await page.goto("/search");
  await page.locator("#s-q").fill("Zhumabaev");
  await page.getByRole("button", { name: "Найти" }).click();
  const heading = page.getByRole("heading", { name: /Найден/ });
  await expect(heading).toBeFocused();
  await expect(heading).toHaveAttribute("id", "results-title");
  await expect(page.getByRole("status").filter({ hasText: /Найден/ })).toHaveCount(1);
  await expect(heading).toBeInViewport();
  // The passport spelling found the Cyrillic records.
  await expect(page.getByTestId("search-results")).toContainText("Жумабаев");

  // The grave card's route links are big enough for a finger.
  await page.getByTestId("search-results").locator("li a").first().click();
  const card = page.getByTestId("grave-card");
  await expect(card).toBeVisible();
  for (const name of ["Яндекс Карты", "2GIS", "Google Maps"]) {
    const link = await box(card.getByRole("link", { name }));
    expect(link.width, name).toBeGreaterThanOrEqual(44);
    expect(link.height, name).toBeGreaterThanOrEqual(44);
  }
  expect(errors).toEqual([]);
});

test("on a phone a signed-in client's header stays compact, with their menu behind the button", async ({ page }) => {
  const errors = watchForErrors(page);
  await login(page, DEMO.client.phone);
  await page.goto("/search");
  await expect(page.getByTestId("menu-button")).toBeVisible();
  await expectCompactHeader(page);
  const field = await box(page.locator("#s-q"));
  expect(field.y + field.height).toBeLessThanOrEqual(780);
  await expect(page.getByTestId("client-menu")).toBeHidden();
  await page.getByTestId("menu-button").click();
  await expect(page.getByTestId("client-menu")).toBeVisible();
  await expect(page.getByTestId("logout")).toBeVisible();
  await expect(page.getByTestId("user-name")).toContainText(DEMO.client.name);
  expect(errors).toEqual([]);
});

test("on a phone the city map's labels are readable, its buttons big enough, and a plot map's legend tells statuses by shape", async ({
  page,
}) => {
  const errors = watchForErrors(page);
  await page.goto("/reserve");
  const map = page.getByTestId("cemeteries-map");
  await expect(map).toHaveAttribute("data-labels", /^[1-9]\d*$/);
  // One label per cemetery (none left over from an earlier drawing).
  const listed = await page.getByTestId("reserve-cemeteries").locator("li").count();
  await expect(page.locator(".cemetery-label")).toHaveCount(listed);
  // The labels shown lie inside the map, apart from each other: none cut, none over another.
  const mapBox = await box(map);
  const labels = await page.locator(".cemetery-label").evaluateAll((els) =>
    els
      .filter((el) => getComputedStyle(el).visibility !== "hidden")
      .map((el) => {
        const r = el.getBoundingClientRect();
        return { text: el.textContent ?? "", left: r.left, right: r.right, top: r.top, bottom: r.bottom };
      }),
  );
  expect(labels.length).toBeGreaterThan(0);
  for (const [i, a] of labels.entries()) {
    expect(a.text).toMatch(/^\S.*\d+ свободн/);
    expect(a.left, a.text).toBeGreaterThanOrEqual(mapBox.x);
    expect(a.right, a.text).toBeLessThanOrEqual(mapBox.x + mapBox.width);
    expect(a.top, a.text).toBeGreaterThanOrEqual(mapBox.y);
    expect(a.bottom, a.text).toBeLessThanOrEqual(mapBox.y + mapBox.height);
    for (const b of labels.slice(i + 1)) {
      const apart = a.right <= b.left || b.right <= a.left || a.bottom <= b.top || b.bottom <= a.top;
      expect(apart, `${a.text} / ${b.text}`).toBe(true);
    }
  }
  for (const zoom of [".leaflet-control-zoom-in", ".leaflet-control-zoom-out"]) {
    const b = await box(map.locator(zoom));
    expect(b.width).toBeGreaterThanOrEqual(44);
    expect(b.height).toBeGreaterThanOrEqual(44);
  }

  // A cemetery's map: a legend that tells each status by a shape, not by colour alone.
  await page.getByTestId("reserve-cemeteries").getByRole("link").first().click();
  await expect(page.getByTestId("plot-map")).toHaveAttribute("data-plots", /^[1-9]\d*$/);
  const legend = page.getByRole("list", { name: "Обозначения" });
  const marks = await legend.locator(".map-legend__mark").allTextContents();
  expect(new Set(marks.map((m) => m.trim()).filter(Boolean)).size).toBe(4);
  expect(errors).toEqual([]);
});

test.describe("on a wide screen", () => {
  test.use({ viewport: { width: 1280, height: 800 }, hasTouch: false });
  test("the header shows the navigation itself, without a menu button", async ({ page }) => {
    await page.goto("/search");
    await expect(page.getByTestId("menu-button")).toBeHidden();
    await expect(page.getByRole("link", { name: "Выбрать место" })).toBeVisible();
    await expect(page.getByTestId("login-link")).toBeVisible();
  });
});

test("on a phone the staff's list of a map's places has chips big enough, each saying its status by a shape", async ({
  page,
}) => {
  const errors = watchForErrors(page);
  await login(page, DEMO.manager.phone);
  await page.getByTestId("manager-cemeteries").locator("a").first().click();
  await expect(page.getByTestId("plot-map")).toHaveAttribute("data-plots", /^[1-9]\d*$/);
  await page.getByTestId("plot-list").locator("summary").click();
  await expect(page.locator(".plot-chip").first()).toBeVisible();
  const legend = page.getByRole("list", { name: "Обозначения" });
  const marks = new Map<string, string>();
  for (const [status, word] of [
    ["free", "свободно"],
    ["occupied", "занято"],
  ] as const) {
    const chip = page.locator(`.plot-chip--${status}`).first();
    const b = await box(chip);
    expect(b.width).toBeGreaterThanOrEqual(44);
    expect(b.height).toBeGreaterThanOrEqual(44);
    await expect(chip).toHaveAccessibleName(new RegExp(word, "i"));
    const mark = (await chip.locator(".plot-chip__mark").textContent())?.trim() ?? "";
    expect(mark).not.toBe("");
    marks.set(status, mark);
    // The legend tells what the shape means.
    await expect(legend.getByRole("listitem").filter({ hasText: mark })).toContainText(new RegExp(word, "i"));
  }
  expect(marks.get("free")).not.toBe(marks.get("occupied"));
  expect(errors).toEqual([]);
});
