import type { APIRequestContext, Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { bookThroughApi, DEMO, DEV_CODE, login, watchForErrors } from "./helpers.ts";

/**
 * A cemetery clerk on a phone finds a family's request by the deceased's surname, the family's
 * phone or the number, in bookings and burials alike, looks through every status, and makes the
 * moves that ask first through buttons that look like buttons.
 */
test.use({ viewport: { width: 360, height: 780 }, hasTouch: true });

/** The family books a free place of one of the manager's cemeteries (through the API, as its screens do). */
async function familyBooks(request: APIRequestContext, manager: Page, surname: string): Promise<number> {
  const signIn = await request.post("/api/v1/auth/otp/verify", {
    data: { phone: `+7${DEMO.client.phone}`, code: DEV_CODE },
  });
  expect(signIn.status()).toBe(200);
  const mine = (await (await manager.request.get("/api/v1/manager/cemeteries")).json()).items as {
    id: number;
    status: string;
  }[];
  const cemetery = mine.find((c) => c.status === "open") as { id: number };
  const { extent } = await (await manager.request.get(`/api/v1/manager/cemeteries/${cemetery.id}/extent`)).json();
  const [w, s, e, n] = extent as [number, number, number, number];
  let free: number | undefined;
  for (let i = 0; i < 10 && !free; i++) {
    const lng = w + ((e - w) * i) / 10;
    const lat = s + ((n - s) * i) / 10;
    const plots = await request.get(`/api/v1/cemeteries/${cemetery.id}/plots`, {
      params: { bbox: [lng, lat, lng + 0.001, lat + 0.001].join(",") },
    });
    const features = (await plots.json()).features as { properties: { id: number; status: string } }[];
    free = features.find((f) => f.properties.status === "free")?.properties.id;
  }
  expect(free, "a free place").toBeDefined();
  return bookThroughApi(request, free as number, { surname, name: "Серік" });
}

/** Types into the list's search and presses its button. */
async function search(page: Page, text: string) {
  await page.getByTestId("request-q").fill(text);
  await page.getByTestId("request-find").tap();
  await expect(page).toHaveURL(new RegExp(`q=${encodeURIComponent(text).replace(/%20/g, "(\\+|%20)")}`));
}

const CASES = [
  {
    lang: "ru",
    prefix: "",
    surname: "Искомов",
    typed: "иском",
    one: "Найдена 1 заявка",
    cancelled: "Отменена",
    cancel: "Отменить заявку…",
    cancelYes: "Отменить заявку",
  },
  {
    lang: "kk",
    prefix: "/kk",
    surname: "Іздеуұлы",
    typed: "издеу",
    one: "1 өтінім табылды",
    cancelled: "Болдырылмады",
    cancel: "Өтінімді болдырмау…",
    cancelYes: "Өтінімді болдырмау",
  },
] as const;

for (const c of CASES) {
  test(`a clerk finds a request by surname, phone or number and cancels it with a button (${c.lang})`, async ({
    page,
    request,
  }) => {
    const errors = watchForErrors(page);
    await login(page, DEMO.manager.phone, { locale: c.lang });
    const id = await familyBooks(request, page, c.surname);

    // Bookings: every status as a link, not two tabs.
    await page.goto(`${c.prefix}/manager/booking`);
    const statuses = page.getByTestId("status-links").getByRole("link");
    await expect(statuses).toHaveCount(8);
    for (const s of ["pending", "paid", "confirmed", "completed", "cancelled", "expired"]) {
      const b = await page.getByTestId(`status-${s}`).boundingBox();
      expect(b?.height ?? 0, s).toBeGreaterThanOrEqual(44);
      expect((b?.x ?? -1) + (b?.width ?? 999), s).toBeLessThanOrEqual(360);
    }
    await page.getByTestId("status-pending").tap();
    await expect(page).toHaveURL(/status=pending/);
    await expect(page.locator(`[data-testid=booking][data-request-id="${id}"]`)).toBeVisible();

    // By the surname's start, typed in lower case and the other spelling of the Kazakh letters.
    await search(page, c.typed);
    await expect(page).toHaveURL(/status=pending/);
    await expect(page.getByTestId("requests-total")).toHaveText(c.one);
    await expect(page.getByTestId("bookings").getByTestId("booking")).toHaveCount(1);
    await expect(page.locator(`[data-testid=booking][data-request-id="${id}"]`)).toContainText(c.surname);
    // By the family's phone, as people say it.
    await search(page, "8 701 000 00 05");
    await expect(page.locator(`[data-testid=booking][data-request-id="${id}"]`)).toBeVisible();
    // By the number.
    await search(page, `#${id}`);
    await expect(page.getByTestId("requests-total")).toHaveText(c.one);

    // The request: cancelling asks for a reason first, behind a button that looks like one.
    await page.locator(`[data-testid=booking][data-request-id="${id}"]`).getByRole("link").tap();
    await expect(page).toHaveURL(new RegExp(`/manager/booking/${id}$`));
    const toggle = page.getByTestId("move-cancel").locator("summary");
    const box = await toggle.boundingBox();
    expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);
    expect(box?.width ?? 0).toBeGreaterThanOrEqual(44);
    const look = await toggle.evaluate((el) => {
      const s = getComputedStyle(el);
      return { border: s.borderTopStyle, width: Number.parseFloat(s.borderTopWidth), radius: s.borderTopLeftRadius };
    });
    expect(look.border).toBe("solid");
    expect(look.width).toBeGreaterThan(0);
    await expect(toggle).toHaveText(c.cancel);
    await toggle.tap();
    await page.locator("#br-cancel-reason").fill("Семья перенесла похороны");
    await page.getByTestId("move-form-cancel").getByRole("button", { name: c.cancelYes, exact: true }).tap();
    await expect(page.getByTestId("request-status")).toHaveText(c.cancelled);

    // Burials: the same search, with the day's schedule above the list.
    await page.goto(`${c.prefix}/manager/burial`);
    const schedule = await page.getByTestId("schedule").boundingBox();
    const list = await page.getByTestId("request-search").boundingBox();
    expect(schedule?.y ?? 1e9).toBeLessThan(list?.y ?? 0);
    await page.getByTestId("status-cancelled").tap();
    await search(page, c.typed);
    await expect(page.getByTestId("requests-total")).toHaveText(c.one);
    await expect(page.locator(`[data-testid=booking][data-request-id="${id}"]`)).toContainText(c.cancelled);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    expect(errors).toEqual([]);
  });
}
