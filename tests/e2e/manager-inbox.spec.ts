import path from "node:path";
import type { Locator, Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { DEMO, login, logout, watchForErrors } from "./helpers.ts";

const FIXTURES = path.join(import.meta.dirname, "..", "fixtures", "boundary");
const SHOTS = path.join(import.meta.dirname, "..", "..", ".tmp", "screens");

/** The map's visible box from its `data-view` ([west, south, east, north]). */
async function viewOf(map: Locator): Promise<[number, number, number, number]> {
  const view = await map.getAttribute("data-view");
  return (view ?? "").split(",").map(Number) as [number, number, number, number];
}

/**
 * The map shows all of these [lng, lat] points and is fitted to them: they span a good part of
 * the view, not a speck in a city-wide map.
 */
async function expectFitted(map: Locator, points: [number, number][]) {
  await expect(async () => {
    const [w, s, e, n] = await viewOf(map);
    const lngs = points.map((p) => p[0]);
    const lats = points.map((p) => p[1]);
    expect(Math.min(...lngs)).toBeGreaterThan(w);
    expect(Math.max(...lngs)).toBeLessThan(e);
    expect(Math.min(...lats)).toBeGreaterThan(s);
    expect(Math.max(...lats)).toBeLessThan(n);
    const share = Math.max(
      (Math.max(...lngs) - Math.min(...lngs)) / (e - w),
      (Math.max(...lats) - Math.min(...lats)) / (n - s),
    );
    expect(share).toBeGreaterThan(0.3);
  }).toPass();
}

async function shoot(page: Page, name: string) {
  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: width === 360 ? 780 : 900 });
    await page.screenshot({ path: path.join(SHOTS, `${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** The admin brings a boundary in from pasted coordinates and from GPS files; the map fits it. */
test("an admin pastes and uploads a cemetery's boundary", async ({ page }) => {
  const errors = watchForErrors(page);
  await login(page, DEMO.admin.phone);
  await page.goto("/admin/cemetery/form");
  const form = page.getByTestId("cemetery-form");
  await form.locator("#c-nameRu").fill("Кладбище «Алатау»");
  await form.locator("#c-nameKk").fill("«Алатау» зираты");
  await form.locator("#c-city").fill("Алматы");
  await form.locator("#c-phones").fill("8 (727) 300-40-50; +7 701 300 40 51");
  const map = page.getByTestId("boundary-map");
  await expect(map).toHaveClass(/leaflet-container/);
  const importer = page.getByTestId("boundary-import");
  const text = importer.getByLabel("Координаты или GeoJSON");
  const problem = page.getByTestId("boundary-import-error");

  // Mistakes are explained in words, and nothing changes on the map.
  await text.fill("43.2800, 77.0100\n43.2800 / 77.0140\n43.2840, 77.0120");
  await page.getByTestId("boundary-paste-apply").click();
  await expect(problem).toContainText("Строка 2");
  await text.fill("77.0100, 43.2800\n77.0140, 43.2800\n77.0120, 43.2840");
  await page.getByTestId("boundary-paste-apply").click();
  await expect(problem).toContainText("широта и долгота переставлены");
  await expect(map).toHaveAttribute("data-points", "0");

  // Lines as a map app copies them, comma decimals too: four points, and the map goes there.
  await text.fill("43,2800 77,0100\n43.2800, 77.0140\n43.2825; 77.0150\n43.2840, 77.0120");
  await page.getByTestId("boundary-paste-apply").click();
  await expect(map).toHaveAttribute("data-points", "4");
  await expect(page.getByTestId("boundary-import-done")).toContainText("4 точки");
  await expect(text).toHaveValue("");
  await expectFitted(map, [
    [77.01, 43.28],
    [77.015, 43.284],
  ]);
  await shoot(page, "boundary-form");

  // A GPS track in KML (lon,lat,alt), closed into a ring; then a GeoJSON polygon replaces it.
  await page.getByTestId("boundary-file").setInputFiles(path.join(FIXTURES, "gps-track.kml"));
  await expect(map).toHaveAttribute("data-points", "5");
  await expectFitted(map, [
    [76.95, 43.3],
    [76.9545, 43.304],
  ]);
  await page.getByTestId("boundary-file").setInputFiles(path.join(FIXTURES, "almaty-east.geojson"));
  await expect(map).toHaveAttribute("data-points", "5");
  await expect(page.getByTestId("boundary-import-done")).toContainText("5 точек");
  await expectFitted(map, [
    [77.0095, 43.28],
    [77.015, 43.284],
  ]);
  await page.getByTestId("save-cemetery").click();
  await expect(page).toHaveURL(/\/admin\/cemetery\/\d+$/);
  await expect(page.locator("h1")).toHaveText("Кладбище «Алатау»");
  // The cemetery's map opens on the saved boundary.
  await expectFitted(page.getByTestId("plot-map"), [
    [77.0095, 43.28],
    [77.015, 43.284],
  ]);
  // Before hydration the form posts as a plain page: the action reads pasted coordinates itself.
  const plain = (boundaryText: string) =>
    page.request.post("/admin/cemetery/form", {
      headers: { origin: new URL(page.url()).origin },
      form: {
        akimatId: "1",
        nameRu: "Кладбище «Жетысу»",
        nameKk: "«Жетісу» зираты",
        city: "Алматы",
        religion: "all",
        status: "open",
        "burialSlots.days": "1",
        "burialSlots.from": "10:00",
        "burialSlots.to": "16:00",
        boundary: "[]",
        boundaryText,
      },
    });
  const refused = await plain("76.9100, 43.3500\n76.9140, 43.3500\n76.9120, 43.3540");
  expect(refused.status()).toBe(422);
  expect(await refused.text()).toContain("широта и долгота переставлены");
  const saved = await plain("43.3500, 76.9100\n43.3500, 76.9140\n43.3540, 76.9120");
  expect(saved.ok()).toBe(true);
  expect(new URL(saved.url()).pathname).toMatch(/^\/admin\/cemetery\/\d+$/);
  // Phones were stored normalised and come back formatted one way.
  await page.getByRole("link", { name: "Изменить" }).click();
  await expect(page.locator("#c-phones")).toHaveValue("+7 727 300 40 50, +7 701 300 40 51");
  expect(errors).toEqual([]);
});

/** The manager opens the inbox in Kazakh and answers "found" by picking the record from a search. */
test("a manager answers from the inbox, picking the record from a search", async ({ page, request }) => {
  const errors = watchForErrors(page);
  // A record of a demo cemetery (the demo manager keeps all three), and a visitor asking for it.
  const search = await request.get("/api/v1/burials/search?deathYear=2019");
  const burial = (await search.json()).items[0] as {
    id: number;
    surname: string;
    name: string;
    cemetery: { id: number };
  };
  const details = `Кіреберістен оңға қарай (${Date.now()})`;
  const asked = await request.post("/api/v1/registry-requests/search", {
    data: {
      applicantName: "Гүлнар Ахметова",
      applicantPhone: "8 701 999 00 31",
      surname: burial.surname,
      name: burial.name,
      cemeteryId: burial.cemetery.id,
      details,
    },
  });
  expect(asked.status()).toBe(201);

  await login(page, DEMO.manager.phone, { locale: "kk" });
  await page.getByRole("link", { name: "Өтінімдер" }).click();
  await expect(page).toHaveURL(/\/kk\/manager\/requests$/);
  const card = page.getByTestId("request").filter({ hasText: details });
  await expect(card).toBeVisible();
  // Status as colour and word; the phone as people read it.
  await expect(card.locator(".badge")).toHaveText("жаңа");
  await expect(card.locator(".badge")).toHaveClass(/badge--wait/);
  await expect(card).toContainText("+7 701 999 00 31");

  // The picker starts from the name asked for; Enter in its field searches.
  const query = card.getByTestId("picker-query");
  await expect(query).toHaveValue(new RegExp(`^${burial.surname} ${burial.name}`));
  await query.fill(`${burial.surname} ${burial.name}`);
  await query.press("Enter");
  const option = card.getByTestId("picker-option").filter({ hasText: `№${burial.id}` });
  await expect(option).toBeVisible();
  await expect(option).toContainText(/\S+ сектор, \S+ қатар, \d+ орын/);
  await shoot(page, "manager-inbox");
  // Chosen by keyboard: the radio buttons are one group.
  await option.locator("input[type=radio]").focus();
  await page.keyboard.press("Space");
  await expect(option.locator("input[type=radio]")).toBeChecked();
  await card.locator("select[name=answerStatus]").selectOption("found");
  await card.locator("textarea[name=answer]").fill("Табылды: карточкадағы сілтеме бойынша қараңыз.");
  await card.getByTestId("send-answer").click();
  // Closed requests leave the open list, saying so; the closed list shows it with its record.
  await expect(page.getByTestId("answer-sent")).toContainText(burial.surname);
  await expect(page.getByTestId("request").filter({ hasText: details })).toHaveCount(0);
  await page.locator("#f-status").selectOption("closed");
  await page.getByTestId("inbox-apply").click();
  await expect(page).toHaveURL(/status=closed/);
  const closed = page.getByTestId("request").filter({ hasText: details });
  await expect(closed.locator(".badge")).toHaveText("табылды");
  await expect(closed.getByRole("link", { name: `№${burial.id}` })).toBeVisible();

  // Before hydration the picker is a plain GET form: the server searches and lists the records.
  const another = await request.post("/api/v1/registry-requests/search", {
    data: {
      applicantName: "Ерлан",
      applicantPhone: "+77015550178",
      surname: burial.surname,
      cemeteryId: burial.cemetery.id,
    },
  });
  const id = (await another.json()).id as number;
  const html = await (
    await page.request.get(
      `/kk/manager/requests?pick=${id}&burialCemeteryId=${burial.cemetery.id}&burialQuery=${encodeURIComponent(`№${burial.id}`)}&answerStatus=found&answer=x`,
    )
  ).text();
  expect(html).toContain(`value="${burial.id}"`);
  expect(html).toContain('data-testid="picker-option"');

  // The cemetery's own page lists its open requests a page at a time, with the same card.
  await page.goto(`/kk/manager/cemetery/${burial.cemetery.id}`);
  await expect(page.getByTestId("request").filter({ hasText: "Ерлан" })).toBeVisible();
  await expect(page.getByTestId("plot-map")).toHaveAttribute("data-plots", /^[1-9]\d*$/);
  await shoot(page, "manager-cemetery");

  // The inbox in Russian, filtered by kind: the URL keeps the filters.
  await page.goto("/manager/requests?kind=add");
  await expect(page.locator("#f-kind")).toHaveValue("add");
  await expect(page.getByTestId("request").filter({ hasText: details })).toHaveCount(0);
  await logout(page);
  expect(errors).toEqual([]);
});
