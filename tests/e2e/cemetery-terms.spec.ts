import { expect, test } from "./fixtures.ts";
import { DEMO, login, watchForErrors } from "./helpers.ts";

/**
 * The admin sets a cemetery's booking terms on its form, on a phone, in both languages: a value out
 * of bounds is refused next to its field, a good one is saved and the family sees the new hold on
 * the cemetery's booking page.
 */
test.use({ viewport: { width: 360, height: 780 }, hasTouch: true });

const CASES = [
  { lang: "ru", prefix: "", hours: 48, shown: "48 ч", tooSmall: "Не меньше 1.", tooLong: /часы захоронений/ },
  { lang: "kk", prefix: "/kk", hours: 36, shown: "36 сағат", tooSmall: "Кемінде 1.", tooLong: /жерлеу сағаттарынан/ },
] as const;

for (const c of CASES) {
  test(`the admin sets a cemetery's hold hours and slots on its form (${c.lang})`, async ({ page }) => {
    const errors = watchForErrors(page);
    await login(page, DEMO.admin.phone, { locale: c.lang });
    const list = (await (await page.request.get("/api/v1/cemeteries")).json()).items as {
      id: number;
      status: string;
    }[];
    const cemetery = list.find((x) => x.status === "open") as { id: number };
    const before = await (await page.request.get(`/api/v1/cemeteries/${cemetery.id}/record`)).json();

    await page.goto(`${c.prefix}/admin/cemetery/form?id=${cemetery.id}`);
    const terms = page.getByTestId("cemetery-terms");
    await terms.scrollIntoViewIfNeeded();
    const hold = page.locator("#c-holdHours");
    await expect(hold).toHaveValue(String(before.holdHours));
    await expect(page.locator("#c-familyGraveYears")).toHaveValue(String(before.familyGraveYears));
    // Out of bounds: refused next to the field, nothing saved.
    await hold.fill("0");
    await page.locator("#c-slotMinutes").fill("600");
    await page.getByTestId("save-cemetery").tap();
    await expect(page.locator("#c-holdHours-error")).toHaveText(c.tooSmall);
    await expect(page).toHaveURL(/\/admin\/cemetery\/form\?id=/);
    // A slot longer than the day's burial hours (10:00–16:00) is refused too.
    await hold.fill(String(c.hours));
    await page.locator("#c-slotMinutes").fill("420");
    await page.getByTestId("save-cemetery").tap();
    await expect(page.locator("#c-slotMinutes-error")).toHaveText(c.tooLong);
    await page.locator("#c-slotMinutes").fill("90");
    await page.locator("#c-slotCapacity").fill("3");
    await page.getByTestId("save-cemetery").tap();
    await expect(page).toHaveURL(new RegExp(`${c.prefix}/admin/cemetery/${cemetery.id}$`));
    const after = await (await page.request.get(`/api/v1/cemeteries/${cemetery.id}/record`)).json();
    expect(after).toMatchObject({ holdHours: c.hours, slotMinutes: 90, slotCapacity: 3 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    // A family choosing a place there is told how long the booking holds.
    await page.goto(`${c.prefix}/reserve?cemetery=${cemetery.id}`);
    await expect(page.getByTestId("hold-hours")).toHaveText(c.shown);

    // The demo's terms as they were, for the other journeys.
    const { id: _id, sectors: _s, ...body } = after;
    const restored = await page.request.put(`/api/v1/cemeteries/${cemetery.id}`, {
      data: {
        ...body,
        holdHours: before.holdHours,
        slotMinutes: before.slotMinutes,
        slotCapacity: before.slotCapacity,
      },
    });
    expect(restored.status()).toBe(200);
    expect(errors).toEqual([]);
  });
}
