import { expect, test } from "./fixtures.ts";
import { watchForErrors } from "./helpers.ts";

/** A visitor searches the registry in Kazakh with the Russian spelling and opens a grave card. */
test("a visitor finds a grave in Kazakh and sees where it is and how to get there", async ({ page }) => {
  const errors = watchForErrors(page);
  await page.goto("/kk");
  await page.locator("#home-q").fill("Жумабаев");
  await page.locator("#home-q").press("Enter");
  await expect(page).toHaveURL(/\/kk\/search\?q=/);
  const results = page.getByTestId("search-results");
  await expect(results.locator("li").first()).toBeVisible();
  // Both spellings are found (the demo registry holds Жұмабаев and Жумабаев), the one typed first.
  await expect(results.locator("li").first()).toContainText("Жумабаев");
  const total = page.getByTestId("search-total");
  const found = (await total.textContent()) as string;
  await page.goto(`/kk/search?q=${encodeURIComponent("Жұмабаев")}`);
  await expect(total).toHaveText(found);
  await expect(results.locator("li").first()).toContainText("Жұмабаев");
  await results.locator("li a").first().click();
  const card = page.getByTestId("grave-card");
  await expect(card).toBeVisible();
  await expect(card).toContainText("Сектор");
  await expect(card.getByRole("link", { name: "2GIS" })).toHaveAttribute(
    "href",
    /^https:\/\/2gis\.kz\/directions\/points\//,
  );
  await expect(page.getByTestId("grave-coordinates")).toHaveText(/^43\.\d{6}, 76\.\d{6}$/);
  // The grave on the cemetery's map: the places around it drawn, the grave marked.
  await expect(card.getByTestId("plot-map")).toHaveAttribute("data-plots", /^[1-9]\d*$/);
  await expect(card.locator(".leaflet-grave-pane path")).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", "kk-KK");
  expect(errors).toEqual([]);
});

test("results follow the name as it is typed", async ({ page }) => {
  await page.goto("/search");
  await page.locator("#s-q").pressSequentially("Жумаб", { delay: 40 });
  await expect(page).toHaveURL(/q=%D0%96%D1%83%D0%BC%D0%B0%D0%B1/);
  await expect(page.getByTestId("search-results").locator("li").first()).toContainText(/Ж[ұу]маб/);
  await expect(page.locator("#s-q")).toBeFocused();
});

test("a search with no match says so kindly, and the year filter narrows results", async ({ page }) => {
  await page.goto("/search?q=Несуществующаяфамилия");
  await expect(page.getByTestId("search-total")).toHaveText("Найдено 0 записей");
  await expect(page.locator(".note")).toContainText("Ничего не найдено");
  await page.goto("/search?q=Иванов");
  const all = Number((await page.getByTestId("search-total").textContent())?.match(/\d+/)?.[0]);
  await page.locator("#s-death").fill("2000");
  await page.getByRole("button", { name: "Найти" }).click();
  await expect(page).toHaveURL(/deathYear=2000/);
  // The URL changes a moment before the new results render: wait for the count itself.
  await expect
    .poll(async () => Number((await page.getByTestId("search-total").textContent())?.match(/\d+/)?.[0]))
    .toBeLessThan(all);
});

test("when nothing is found, the visitor asks the staff to search, losing nothing on a mistake", async ({ page }) => {
  const errors = watchForErrors(page);
  await page.goto("/kk/search?q=Бейсенбаев%20Оразалы&deathYear=1987");
  const form = page.getByTestId("search-request");
  await expect(form).toHaveAttribute("open", "");
  await expect(page.locator("#sr-surname")).toHaveValue("Бейсенбаев");
  await expect(page.locator("#sr-deathYear")).toHaveValue("1987");
  await page.locator("#sr-applicantPhone").fill("7015550011");
  await page.getByTestId("send-request").click();
  await expect(page.locator("#sr-applicantName-error")).toBeVisible();
  await expect(page.locator("#sr-applicantPhone")).toHaveValue("+7 (701) 555-00-11");
  await page.locator("#sr-applicantName").fill("Айгүл");
  await page.getByTestId("send-request").click();
  await expect(page.getByTestId("request-sent")).toContainText("Сұрау жіберілді");
  expect(errors).toEqual([]);
});

/**
 * The staff form carries the last search only: the request form stayed mounted across searches and
 * kept the names of the first one (surname «Жумабаев» with name «Ольга» after «Иванова Ольга» and
 * «Qwertyzzz»).
 */
test.describe("on a phone", () => {
  test.use({ viewport: { width: 360, height: 780 }, hasTouch: true });
  for (const [prefix, find] of [
    ["", "Найти"],
    ["/kk", "Табу"],
  ] as const) {
    test(`the ask-the-staff form holds the last search, never an earlier one (${prefix || "/"})`, async ({ page }) => {
      const errors = watchForErrors(page);
      await page.goto(prefix || "/");
      await page.locator("#home-q").fill("Жумабаев");
      await page.locator(".home-search").getByRole("button", { name: find }).tap();
      await expect(page).toHaveURL(/\/search\?q=/);
      await expect(page.getByTestId("search-results").locator("li").first()).toContainText("Жумабаев");
      const total = page.getByTestId("search-total");

      const search = async (q: string) => {
        const before = await total.textContent();
        await page.locator("#s-q").fill(q);
        await page.getByTestId("search-form").getByRole("button", { name: find }).tap();
        await expect(page).toHaveURL(new RegExp(`q=${encodeURIComponent(q).replace(/%20/g, "(\\+|%20)")}`));
        await expect(total).not.toHaveText(before ?? "");
      };

      await search("Иванова Ольга");
      const form = page.getByTestId("search-request");
      await form.locator("summary").tap();
      await expect(page.locator("#sr-surname")).toHaveValue("Иванова");
      await expect(page.locator("#sr-name")).toHaveValue("Ольга");

      await search("Qwertyzzz");
      await expect(form).toHaveAttribute("open", "");
      await expect(page.locator("#sr-surname")).toHaveValue("Qwertyzzz");
      await expect(page.locator("#sr-name")).toHaveValue("");
      await expect(page.locator("#sr-patronymic")).toHaveValue("");

      // Back to the search before: its name in the search field and in the form, not the one typed last.
      await page.goBack();
      await expect(page).toHaveURL(/q=%D0%98%D0%B2%D0%B0%D0%BD%D0%BE%D0%B2%D0%B0/);
      await expect(page.locator("#s-q")).toHaveValue("Иванова Ольга");
      await form.locator("summary").tap();
      await expect(page.locator("#sr-surname")).toHaveValue("Иванова");
      await expect(page.locator("#sr-name")).toHaveValue("Ольга");
      expect(errors).toEqual([]);
    });
  }
});
