import ExcelJS from "exceljs";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { DEMO, login, watchForErrors } from "./helpers.ts";

/**
 * The akimat's city reports on a phone, in Kazakh then Russian: the period switched by the GET
 * form, the charts drawn once the page has hydrated, a figure opened into the rows behind it (as
 * many as the figure says), the XLSX downloaded in the page's language, nothing wider than the screen.
 */
test.use({ viewport: { width: 360, height: 780 }, hasTouch: true });

const digits = (s: string | null) => Number((s ?? "").replace(/\D/g, ""));

async function expectNoSideScroll(page: Page) {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(360);
}

test("the akimat reads the city's reports on a phone in Kazakh and Russian: period, drill-down, XLSX", async ({
  page,
}) => {
  const errors = watchForErrors(page);
  await login(page, DEMO.akimat.phone, { locale: "kk" });
  await page.goto("/kk/user/reports");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Қала бойынша есептер");
  await expect(page.getByTestId("section-burials")).toBeVisible();

  // The demo registry's burials are of 1965–2025: the year 2025 through custom dates.
  await page.getByTestId("preset").selectOption("custom");
  await page.locator("#rp-from").fill("2025-01-01");
  await page.locator("#rp-to").fill("2025-12-31");
  await page.getByTestId("period-show").click();
  await expect(page).toHaveURL(/preset=custom&from=2025-01-01&to=2025-12-31/);
  await expect(page.getByTestId("report-period")).toContainText("01.01.2025 – 31.12.2025");
  // Twelve month columns (the burials' table), and the charts drawn after hydration.
  await expect(page.getByTestId("table-burials.by_month").locator("th")).toHaveCount(14);
  await expect(page.locator('canvas[data-drawn="true"]').first()).toBeVisible();
  await expectNoSideScroll(page);

  // The year's burials in all cemeteries: the rows behind the figure are as many as it says.
  const total = page.getByTestId("table-burials.by_month").locator('a[data-drill="all"]');
  const figure = digits(await total.textContent());
  expect(figure).toBeGreaterThan(0);
  await total.click();
  await expect(page).toHaveURL(/section=burials&drill=all/);
  const drill = page.getByTestId("drill");
  await expect(drill).toContainText("Жерлеулер");
  await expect(drill).toContainText(`Жазбалар: ${figure}`);
  await expect(drill.getByTestId("drill-table").locator("tbody tr")).toHaveCount(Math.min(20, figure));
  await expectNoSideScroll(page);

  // The workbook of the same period, in Kazakh.
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("export-xlsx").click()]);
  expect(download.suggestedFilename()).toMatch(/^Есеп 2025-01-01 — 2025-12-31\.xlsx$/);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(await download.path());
  expect(wb.worksheets.map((w) => w.name)).toContain("Жерлеулер");
  const sums: number[] = [];
  wb.getWorksheet("Жерлеулер")?.eachRow((row) => {
    const v = row.values as unknown[];
    if (v[1] === "Барлығы" && typeof v[v.length - 1] === "number") sums.push(v[v.length - 1] as number);
  });
  expect(sums).toContain(figure);

  // In Russian: this year, and the free places of the first cemetery opened from the places' table.
  await page.goto("/user/reports");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Отчёты по городу");
  await page.getByTestId("preset").selectOption("year");
  await page.getByTestId("period-show").click();
  await expect(page).toHaveURL(/preset=year/);
  const free = page.getByTestId("table-occupancy.places").locator('a[data-drill*=",p:free"]').first();
  const freeCount = digits(await free.textContent());
  await free.click();
  await expect(page.getByTestId("drill")).toContainText(`Записей: ${freeCount}`);
  await expect(page.getByTestId("drill")).toContainText("Свободно");
  await page.getByTestId("drill-close").click();
  await expect(page.getByTestId("drill")).toHaveCount(0);
  await expectNoSideScroll(page);
  expect(errors).toEqual([]);
});
