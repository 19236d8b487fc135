import { expect, test } from "./fixtures.ts";
import { DEMO, login, watchForErrors } from "./helpers.ts";

/** A cemetery manager keeps a plot and answers a visitor's search request. */
test("a manager changes a plot and answers a search request", async ({ page, request }) => {
  const errors = watchForErrors(page);
  await login(page, DEMO.manager.phone, { locale: "kk" });
  await expect(page).toHaveURL(/\/kk\/manager\/cemetery$/);
  await page.getByTestId("manager-cemeteries").locator("a").first().click();
  await expect(page).toHaveURL(/\/kk\/manager\/cemetery\/\d+/);
  const cemeteryId = Number(new URL(page.url()).pathname.split("/").pop());
  const details = `Похоронен у входа, слева (${Date.now()})`;
  // A visitor asks the staff of this cemetery to find a burial.
  const asked = await request.post("/api/v1/registry-requests/search", {
    data: {
      applicantName: "Гүлнар Ахметова",
      applicantPhone: "+77015550177",
      surname: "Тасмағанбетов",
      deathYear: "1979",
      cemeteryId,
      details,
    },
  });
  expect(asked.status()).toBe(201);
  await page.reload();
  await expect(page.getByTestId("plot-map")).toHaveAttribute("data-plots", /^[1-9]\d*$/);
  // A free plot, reached from the list under the map.
  await page.getByTestId("plot-list").locator("summary").click();
  await page.locator(".plot-chip--free").first().click();
  const panel = page.getByTestId("plot-panel");
  await expect(panel).toBeVisible();
  await panel.locator("#p-status").selectOption("unavailable");
  await panel.locator("#p-notes").fill("Көктемде су басады");
  await page.getByTestId("save-plot").click();
  await expect(page.getByTestId("plot-saved")).toBeVisible();
  await expect(panel).toContainText("Қолжетімсіз");

  // The request, answered and closed.
  const item = page.getByTestId("request").filter({ hasText: details });
  await expect(item).toContainText("Тасмағанбетов");
  await item.locator("select[name=answerStatus]").selectOption("not_found");
  await item.getByTestId("send-answer").click();
  await expect(item.locator("[id$=-answer-error]")).toBeVisible();
  await item.locator("textarea[name=answer]").fill("Өкінішке қарай, тізілімде жоқ. Кеңсеге келіңіз.");
  await item.getByTestId("send-answer").click();
  await expect(page.getByTestId("request").filter({ hasText: details })).toHaveCount(0);
  await page.getByRole("link", { name: "Жабылғандар" }).click();
  await expect(page.getByTestId("request").filter({ hasText: details })).toContainText("табылмады");
  expect(errors).toEqual([]);
});
