import type { Locator, Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { DEMO, login, twoAdjacentFree, watchForErrors } from "./helpers.ts";

/** A family at the cemetery gate: a 360 × 780 phone, one thumb. */
test.use({ viewport: { width: 360, height: 780 }, hasTouch: true });

const SCREEN = 780;
/** The whole page at any step of the choice, in pixels: about six screens, never the 25,000 of a list of every plot. */
const PAGE_HEIGHT_LIMIT = 5000;

const WORDS = {
  ru: {
    prefix: "",
    cemetery: /Кенсай/,
    place: /^Сектор \S+, ряд \d+, место \d+$/,
    chosen: "Выбрано 2 места:",
    zoomIn: "Приблизить",
    zoomOut: "Отдалить",
  },
  kk: {
    prefix: "/kk",
    cemetery: /Кеңсай/,
    place: /^\S+ сектор, \d+ қатар, \d+ орын$/,
    chosen: "2 орын таңдалды:",
    zoomIn: "Жақындату",
    zoomOut: "Алыстату",
  },
} as const;

const box = async (l: Locator) => {
  const b = await l.boundingBox();
  expect(b, "the element is laid out").not.toBeNull();
  return b as { x: number; y: number; width: number; height: number };
};

/** Every link and button of the picker is a target a thumb hits: 44 × 44 px at least. */
async function expectThumbSized(targets: Locator) {
  const all = await targets.all();
  expect(all.length).toBeGreaterThan(0);
  for (const target of all) {
    const b = await box(target);
    const name = (await target.getAttribute("aria-label")) ?? (await target.textContent());
    expect(b.width, `${name} wide enough`).toBeGreaterThanOrEqual(44);
    expect(b.height, `${name} tall enough`).toBeGreaterThanOrEqual(44);
  }
}

async function expectBoundedPage(page: Page) {
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  expect(height).toBeLessThanOrEqual(PAGE_HEIGHT_LIMIT);
}

/** The element lies wholly on the screen. */
async function expectOnScreen(l: Locator) {
  const b = await box(l);
  expect(b.y).toBeGreaterThanOrEqual(0);
  expect(b.y + b.height).toBeLessThanOrEqual(SCREEN);
}

for (const locale of ["ru", "kk"] as const) {
  const w = WORDS[locale];

  test(`a family chooses two neighbouring free places with taps on a phone and books them (${locale})`, async ({
    page,
  }) => {
    const errors = watchForErrors(page);
    await login(page, DEMO.client.phone, { locale });
    await page.goto(`${w.prefix}/reserve`);

    // The cemetery: its name is a target big enough.
    const cemetery = page.getByTestId("reserve-cemeteries").getByRole("link", { name: w.cemetery });
    await expectThumbSized(cemetery);
    await cemetery.tap();
    const picker = page.getByTestId("place-picker");
    await expect(picker).toBeVisible();

    // Sectors with free places.
    const options = picker.locator(".picker__option");
    await expect(options.first()).toBeVisible();
    await expectThumbSized(picker.locator("a, button"));
    await expectBoundedPage(page);

    // A sector's rows; the focus goes on to the step's question (keyboards, screen readers).
    await options.first().tap();
    await expect(picker.getByTestId("picker-sectors")).toBeVisible();
    await expect(picker.locator(".picker__ask")).toBeFocused();
    await expect(options.first()).toBeVisible();
    await expectThumbSized(picker.locator("a, button"));
    await expectBoundedPage(page);

    // A row's free places (the first row with two neighbours free), only free ones, numbered.
    const [first, second] = await twoAdjacentFree(page, "tap");
    const places = page.getByTestId("picker-places").getByRole("button");
    await expect(places.first()).toBeVisible();
    await expectThumbSized(picker.locator("a, button"));
    await expectBoundedPage(page);
    for (const label of await places.evaluateAll((bs) => bs.map((b) => b.ariaLabel ?? ""))) {
      expect(label).toMatch(w.place);
    }
    // Two neighbours, by taps: the choice shows at the bottom of the screen.
    await page.getByRole("button", { name: first, exact: true }).tap();
    await page.getByRole("button", { name: second, exact: true }).tap();
    await expect(page.getByRole("button", { name: first, exact: true })).toHaveAttribute("aria-pressed", "true");
    await expect(page.getByRole("button", { name: second, exact: true })).toHaveAttribute("aria-pressed", "true");
    // Exactly the row's free places are listed: the map's own answer for the view it opened on
    // (the row; it has drawn the chosen places there) says which of the row's places are free.
    const map = page.getByTestId("plot-map");
    await expect(map).toHaveAttribute("data-selected-box", /\d/);
    const url = new URL(page.url());
    const [sector, row] = [url.searchParams.get("sector"), url.searchParams.get("row")];
    const view = await map.getAttribute("data-view");
    const drawn = await page.request.get(`/api/v1/cemeteries/${url.searchParams.get("cemetery")}/plots?bbox=${view}`);
    const inRow = (
      (await drawn.json()) as {
        features: { properties: { sector: string; row: string; number: number; status: string } }[];
      }
    ).features
      .map((f) => f.properties)
      .filter((p) => p.sector === sector && p.row === row);
    expect(
      inRow.some((p) => p.status !== "free"),
      "the row also has places that are not free",
    ).toBe(true);
    const freeNumbers = inRow
      .filter((p) => p.status === "free")
      .map((p) => p.number)
      .sort((a, b) => a - b);
    await expect(places).toHaveText(freeNumbers.map(String));

    const selection = page.getByTestId("selection");
    await expect(selection).toContainText(w.chosen);
    const chosenText = (await selection.locator("p").first().textContent())?.replace(w.chosen, "").trim() ?? "";
    expect(chosenText).toMatch(/\d+–\d+/);
    await expectOnScreen(selection);
    await expectThumbSized(selection.locator("a, button"));
    // Always in sight: scrolled down to the map, and back up to the cemetery's name.
    await page.getByTestId("plot-map").scrollIntoViewIfNeeded();
    await expectOnScreen(page.getByTestId("plot-map").locator(".leaflet-control-zoom"));
    await expectOnScreen(selection);
    await page.locator("#chosen-title").scrollIntoViewIfNeeded();
    await expectOnScreen(selection);
    await expectBoundedPage(page);

    // «Забронировать»: the booking form with those two places.
    await selection.getByTestId("book-selection").tap();
    await expect(page).toHaveURL(
      new RegExp(`${w.prefix}/client/reservation/reservation-first\\?plots=\\d+(%2C|,)\\d+$`),
    );
    const chosen = page.getByTestId("chosen-places");
    await expect(chosen).toContainText(w.cemetery);
    await expect(chosen).toContainText(chosenText);
    await expect(chosen.locator("input[name=plotIds]")).toHaveCount(2);
    expect(errors).toEqual([]);
  });

  test(`the maps' zoom buttons are named in the page's language (${locale})`, async ({ page }) => {
    await page.goto(`${w.prefix}/reserve`);
    const city = page.getByTestId("cemeteries-map");
    await expect(city.locator(".leaflet-control-zoom-in")).toHaveAttribute("title", w.zoomIn);
    await expect(city.locator(".leaflet-control-zoom-in")).toHaveAttribute("aria-label", w.zoomIn);
    await expect(city.locator(".leaflet-control-zoom-out")).toHaveAttribute("title", w.zoomOut);
    await page.getByTestId("reserve-cemeteries").getByRole("link", { name: w.cemetery }).tap();
    const plots = page.getByTestId("plot-map");
    await expect(plots.locator(".leaflet-control-zoom-in")).toHaveAttribute("title", w.zoomIn);
    await expect(plots.locator(".leaflet-control-zoom-out")).toHaveAttribute("aria-label", w.zoomOut);
  });
}
