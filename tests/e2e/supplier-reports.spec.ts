import ExcelJS from "exceljs";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { DEMO, login, watchForErrors } from "./helpers.ts";

/**
 * A supplier's quality and reports on a phone (issue 15 §4), in Kazakh then Russian: the supplier
 * switches periods, opens the orders behind a figure (as many as it says) and one order's page,
 * downloads the XLSX and the PDF; the admin opens the quality list and one supplier's report, the
 * orders behind a figure and one order read-only. Nothing wider than the screen.
 */
test.use({ viewport: { width: 360, height: 780 }, hasTouch: true });

const digits = (s: string | null) => Number((s ?? "").replace(/\D/g, ""));

async function expectNoSideScroll(page: Page) {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(360);
}

/** Chooses a period in the form and shows it. */
async function showPeriod(page: Page, period: string) {
  await page.getByTestId("preset").selectOption(period);
  await page.getByTestId("period-show").click();
  await expect(page).toHaveURL(new RegExp(`period=${period}`));
}

/** Opens the orders behind a figure of the summary: as many rows as it says (a page of 20 at most). */
async function openFigure(page: Page, drill: string, found: string) {
  const figure = page.getByTestId("table-summary.figures").locator(`a[data-drill="${drill}"]`).first();
  const n = digits(await figure.textContent());
  await figure.click();
  await expect(page).toHaveURL(new RegExp(`section=summary&drill=${drill.replace(":", "(:|%3A)")}`));
  const rows = page.getByTestId("drill");
  await expect(rows).toContainText(`${found}: ${n}`);
  if (n > 0) await expect(rows.getByTestId("drill-table").locator("tbody tr")).toHaveCount(Math.min(20, n));
  return n;
}

test("the supplier reads its report on a phone in Kazakh and Russian: periods, orders behind a figure, files", async ({
  page,
}) => {
  const errors = watchForErrors(page);
  await login(page, DEMO.supplier.phone, { locale: "kk" });
  await page.goto("/kk/supplier/reports");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Есептер мен сапа");
  await expect(page.getByTestId("quality")).toContainText("Kaspi.kz нормалары бойынша сапа");
  await expect(page.getByTestId("section-summary")).toBeVisible();
  await expect(page.locator('canvas[data-drawn="true"]').first()).toBeVisible();
  await expectNoSideScroll(page);

  // Every period: 7 days by days, 3 months by weeks, all time by months, back to 30 days.
  await showPeriod(page, "7d");
  await expect(page.getByTestId("table-dynamics.orders").locator("tbody tr")).toHaveCount(8);
  await showPeriod(page, "90d");
  // Thirteen weeks: read on the chart, the table folded under it until asked for.
  await expect(page.getByTestId("table-dynamics.orders")).toBeHidden();
  await page.getByTestId("rows-of-dynamics.orders").locator("summary").click();
  await expect(page.getByTestId("table-dynamics.orders")).toBeVisible();
  await showPeriod(page, "all");
  await showPeriod(page, "30d");
  await expectNoSideScroll(page);

  // The demo's finished, declined and expired orders: the orders behind the figure, then one order's page.
  const n = await openFigure(page, "f:orders", "Жазбалар");
  expect(n).toBeGreaterThanOrEqual(3);
  await expectNoSideScroll(page);
  const first = page.getByTestId("drill-link").first();
  const number = (await first.textContent())?.trim() ?? "";
  await first.click();
  await expect(page).toHaveURL(/\/kk\/supplier\/tickets\/(active|archive)\/\d+$/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(number);
  await page.goBack();
  await expect(page.getByTestId("drill")).toBeVisible();
  await page.getByTestId("drill-close").click();
  await expect(page.getByTestId("drill")).toHaveCount(0);

  // The files of the period, in Kazakh: the workbook downloaded, both answered 200.
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("export-xlsx").click()]);
  expect(download.suggestedFilename()).toMatch(/^Жеткізуші есебі \d{4}-\d{2}-\d{2} — \d{4}-\d{2}-\d{2}\.xlsx$/);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(await download.path());
  expect(wb.worksheets.map((w) => w.name)).toEqual([
    "Кезең көрсеткіштері",
    "Сапа",
    "Тапсырыстар мен түсім",
    "Үздік позициялар",
  ]);
  for (const id of ["export-xlsx", "export-pdf"]) {
    const href = (await page.getByTestId(id).getAttribute("href")) ?? "";
    const res = await page.request.get(href);
    expect(res.status()).toBe(200);
  }
  const [pdf] = await Promise.all([page.waitForEvent("download"), page.getByTestId("export-pdf").click()]);
  expect(pdf.suggestedFilename()).toMatch(/\.pdf$/);

  // In Russian, from the area's menu: 7 days, the orders the supplier cancelled.
  await page.goto("/supplier/notifications");
  await page.getByTestId("menu-button").click();
  await page.getByRole("link", { name: "Отчёты и качество" }).click();
  await expect(page).toHaveURL(/\/supplier\/reports$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Отчёты и качество");
  await showPeriod(page, "7d");
  await expect(page.getByTestId("report-period")).toContainText("ТОО «Тыныштық»");
  const cancelled = await openFigure(page, "f:cancelled", "Записей");
  expect(cancelled).toBeGreaterThanOrEqual(1);
  const declined = page.getByTestId("drill-link").first();
  const declinedNumber = (await declined.textContent())?.trim() ?? "";
  await declined.click();
  await expect(page).toHaveURL(/\/supplier\/tickets\/(active|archive)\/\d+$/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(declinedNumber);
  await page.goBack();
  await page.getByTestId("drill-close").click();
  await expectNoSideScroll(page);
  expect(errors).toEqual([]);
});

test("the admin reads the suppliers' quality and one supplier's report on a phone, in Russian and Kazakh", async ({
  page,
}) => {
  const errors = watchForErrors(page);
  await login(page, DEMO.admin.phone);
  await page.goto("/admin/suppliers");
  await page.getByTestId("tab-quality").click();
  await expect(page).toHaveURL(/tab=quality/);
  const list = page.getByTestId("quality-list");
  await expect(list.getByRole("heading", { level: 2 })).toHaveText("Качество поставщиков");
  // The demo company declined one of its few orders this month: flagged, and why.
  const row = page.getByTestId("quality-table").locator("tr", { hasText: "ТОО «Тыныштық»" });
  await expect(row).toHaveAttribute("data-flagged", "true");
  await expect(row.getByTestId("flag-cancel")).toHaveText("Отмен больше 5%");
  await expectNoSideScroll(page);

  await row.getByTestId("quality-report").click();
  await expect(page).toHaveURL(/\/admin\/suppliers\/\d+\/report$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Отчёт поставщика: ТОО «Тыныштық»");
  await showPeriod(page, "90d");
  const n = await openFigure(page, "f:orders", "Записей");
  expect(n).toBeGreaterThanOrEqual(3);
  const href = (await page.getByTestId("export-pdf").getAttribute("href")) ?? "";
  expect((await page.request.get(href)).status()).toBe(200);
  await page.getByTestId("drill-link").first().click();
  await expect(page).toHaveURL(/\/admin\/suppliers\/\d+\/orders\/\d+$/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Заказ поставщика №");
  await expect(page.getByTestId("order-lines")).toBeVisible();
  await expectNoSideScroll(page);
  await page.getByTestId("order-back").click();
  await expect(page).toHaveURL(/\/admin\/suppliers\/\d+\/report$/);

  // In Kazakh: the same list and report.
  await page.goto("/kk/admin/suppliers?tab=quality");
  await expect(page.getByTestId("quality-list").getByRole("heading", { level: 2 })).toHaveText("Жеткізушілер сапасы");
  await page
    .getByTestId("quality-table")
    .locator("tr", { hasText: "ТОО «Тыныштық»" })
    .getByTestId("quality-report")
    .click();
  await expect(page).toHaveURL(/\/kk\/admin\/suppliers\/\d+\/report$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Жеткізуші есебі: ТОО «Тыныштық»");
  await expect(page.getByTestId("quality")).toContainText("Болдырмау 5%-дан көп");
  await expectNoSideScroll(page);
  expect(errors).toEqual([]);
});
