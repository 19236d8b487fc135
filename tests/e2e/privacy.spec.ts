import { expect, test, waitsForHydration } from "./fixtures.ts";
import { login, watchForErrors } from "./helpers.ts";

/**
 * A newcomer reads what the portal keeps before consenting: the consent at registration (as a client and
 * as a supplier) and every form asking for personal data link to the privacy notice (it linked to the
 * burial instructions before), which opens beside the form so nothing typed is lost.
 */
test.use({ viewport: { width: 360, height: 780 }, hasTouch: true });

const TEXT = {
  ru: { title: "Персональные данные", rights: "Ваши права и как удалить данные", law: "№ 94-V", supplier: "Поставщик" },
  kk: {
    title: "Дербес деректер",
    rights: "Құқықтарыңыз және деректерді қалай жоюға болады",
    law: "№ 94-V",
    supplier: "жеткізуші",
  },
} as const;

for (const [locale, phone] of [
  ["ru", "7017770101"],
  ["kk", "7017770102"],
] as const) {
  const prefix = locale === "kk" ? "/kk" : "";
  const text = TEXT[locale];

  test(`the consent at registration opens the privacy notice beside the form (${locale})`, async ({
    page,
    context,
  }) => {
    const errors = watchForErrors(page);
    await login(page, phone, { locale });
    const registration = page.getByTestId("registration");
    await expect(registration).toBeVisible();
    await page.locator("#reg-iin").fill("800101300016");

    const consent = registration.getByTestId("privacy-link");
    await expect(consent).toHaveAttribute("href", `${prefix}/privacy`);
    const [notice] = await Promise.all([context.waitForEvent("page"), consent.tap()]);
    waitsForHydration(notice);
    await notice.waitForLoadState();
    await expect(notice).toHaveURL(new RegExp(`${prefix}/privacy$`));
    await expect(notice.locator("h1")).toHaveText(text.title);
    await expect(notice.locator("#rights-title")).toHaveText(text.rights);
    await expect(notice.locator(".lead")).toContainText(text.law);
    await notice.close();

    // The form is where it was, with what was typed; the supplier's consent links to the notice too.
    await expect(page.locator("#reg-iin")).toHaveValue("800101300016");
    await registration.getByText(text.supplier, { exact: false }).first().tap();
    await expect(page.locator("#reg-bin")).toBeVisible();
    await expect(registration.getByTestId("privacy-link")).toHaveAttribute("href", `${prefix}/privacy`);
    expect(errors).toEqual([]);
  });

  test(`the notice is in the footer, the sitemap and under the forms that ask for a phone (${locale})`, async ({
    page,
    request,
  }) => {
    const errors = watchForErrors(page);
    await page.goto(`${prefix}/search?q=Qwertyzzz`);
    await expect(page.getByTestId("search-request").getByTestId("privacy-link")).toHaveAttribute(
      "href",
      `${prefix}/privacy`,
    );
    await page.goto(`${prefix}/add`);
    await expect(page.getByTestId("add-form").getByTestId("privacy-link")).toHaveAttribute("href", `${prefix}/privacy`);

    await page.locator("footer").getByRole("link", { name: text.title }).tap();
    await expect(page).toHaveURL(new RegExp(`${prefix}/privacy$`));
    await expect(page.locator("h1")).toHaveText(text.title);
    await expect(page.locator("html")).toHaveAttribute("lang", locale === "kk" ? "kk-KK" : "ru-RU");
    // Every section is reachable from the contents.
    for (const id of ["operator", "what", "why", "who", "how-long", "rights"]) {
      await expect(page.locator(`.toc a[href="#${id}"]`)).toHaveCount(1);
      await expect(page.locator(`section#${id}`)).toBeVisible();
    }
    const sitemap = await (await request.get(`${prefix}/sitemap.xml`)).text();
    expect(sitemap).toContain(`${prefix}/privacy</loc>`);
    expect(errors).toEqual([]);
  });
}
