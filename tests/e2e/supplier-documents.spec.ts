import { expect, test, waitForHydration } from "./fixtures.ts";
import { DEMO, DEV_CODE, login, logout, watchForErrors } from "./helpers.ts";

const PDF = Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n");

/**
 * A new funeral company registers with its BIN, lands on its company page, uploads its
 * registration document; the admin sees the document, opens it, activates the company, then blocks
 * it with a reason.
 */
test("a new supplier registers and uploads documents that the admin reviews", async ({ page }) => {
  const errors = watchForErrors(page);
  await page.goto("/login");
  await page.locator("#phone").fill("7017654321");
  await page.getByTestId("send-code").click();
  await page.locator("#code").fill(DEV_CODE);
  await page.getByTestId("verify-code").click();
  await expect(page.getByTestId("registration")).toBeVisible();
  await page.getByLabel("Поставщик ритуальных услуг").check();
  await page.locator("#reg-bin").fill("210440007778");
  await page.locator("#reg-companyName").fill("ТОО «Ақ жол ритуал»");
  await page.locator("#reg-headName").fill("Омаров Сәкен Бауыржанұлы");
  await page.locator("#reg-city").fill("Алматы");
  await page.locator("#reg-description").fill("Организация похорон, транспорт, венки.");
  await page.locator("input[name=consent]").check();
  await page.getByTestId("register-submit").click();

  // Registration loads the company page in full (window.location): wait until it is hydrated.
  await expect(page).toHaveURL(/\/supplier\/profile$/);
  await waitForHydration(page);
  const form = page.getByTestId("documents-form");
  await form.locator("input[type=file]").setInputFiles({
    name: "Свидетельство о регистрации.pdf",
    mimeType: "application/pdf",
    buffer: PDF,
  });
  await expect(form.locator("input[type=hidden][name=documentIds]")).toHaveCount(1);
  await page.getByTestId("save-documents").click();
  await expect(page.getByRole("status")).toContainText("Документы сохранены");
  await logout(page);

  await login(page, DEMO.admin.phone);
  await page.goto("/admin/suppliers?status=pending");
  const card = page.locator(".card", { hasText: "ТОО «Ақ жол ритуал»" });
  const link = card.getByRole("link", { name: /Свидетельство о регистрации\.pdf/ });
  await expect(link).toBeVisible();
  const file = await page.request.get((await link.getAttribute("href")) as string);
  expect(file.status()).toBe(200);
  expect(file.headers()["content-disposition"]).toMatch(/^attachment/);
  expect(file.headers()["x-content-type-options"]).toBe("nosniff");

  // The buttons are the moves the API lists: a new company is activated (or blocked), an active one
  // blocked with a reason, a blocked one unblocked.
  await expect(card.getByRole("button", { name: "Разблокировать" })).toHaveCount(0);
  await card.getByRole("button", { name: "Активировать" }).click();
  await expect(card).toHaveCount(0);
  await page.goto("/admin/suppliers?status=active");
  const active = page.locator(".card", { hasText: "ТОО «Ақ жол ритуал»" });
  await expect(active.getByRole("button", { name: "Активировать" })).toHaveCount(0);
  await expect(active.getByRole("button", { name: "Разблокировать" })).toHaveCount(0);
  await active.getByText("Заблокировать…").click();
  await active.getByLabel("Причина блокировки").fill("Документы не читаются");
  await active.getByRole("button", { name: "Заблокировать", exact: true }).click();
  await expect(active).toHaveCount(0);
  await page.goto("/admin/suppliers?status=blocked");
  const blocked = page.locator(".card", { hasText: "ТОО «Ақ жол ритуал»" });
  await expect(blocked).toContainText("Документы не читаются");
  await expect(blocked.getByText("Заблокировать…")).toHaveCount(0);
  await blocked.getByRole("button", { name: "Разблокировать" }).click();
  await expect(blocked).toHaveCount(0);
  await page.goto("/admin/suppliers?status=active");
  await expect(page.locator(".card", { hasText: "ТОО «Ақ жол ритуал»" })).not.toContainText("Документы не читаются");
  expect(errors).toEqual([]);
});
