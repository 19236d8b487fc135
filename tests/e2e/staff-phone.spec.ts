import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { expect, test, waitForHydration } from "./fixtures.ts";
import { bookThroughApi, DEMO, DEV_CODE, freePlotThroughApi, login, watchForErrors } from "./helpers.ts";

/**
 * Staff screens and the texts a phone cuts, at 360 × 780 in both languages: every staff table shows
 * each row's status and buttons on screen (cards on a phone), and the slot-day select, the home
 * search's placeholder and the city map's labels show their whole text.
 */
test.use({ viewport: { width: 360, height: 780 }, hasTouch: true });

const WIDTH = 360;
/**
 * Each locator is laid out wholly within the phone's width and within the visible part of any
 * scroller around it, as the page opens (nothing scrolled sideways: a control reachable only by
 * scrolling a table sideways is the defect this guards against).
 */
async function expectOnScreen(items: Locator, what: string) {
  const n = await items.count();
  expect(n, `${what}: at least one`).toBeGreaterThan(0);
  for (let i = 0; i < n; i++) {
    const seen = await items.nth(i).evaluate((el, width) => {
      const r = el.getBoundingClientRect();
      let left = 0;
      let right = width;
      for (let p = el.parentElement; p; p = p.parentElement) {
        const overflow = getComputedStyle(p).overflowX;
        if (overflow !== "visible") {
          const b = p.getBoundingClientRect();
          left = Math.max(left, b.left + p.clientLeft);
          right = Math.min(right, b.left + p.clientLeft + p.clientWidth);
        }
      }
      return { left: r.left, right: r.right, from: left, to: right, laidOut: r.width > 0 };
    }, WIDTH);
    expect(seen.laidOut, `${what} #${i} is laid out`).toBe(true);
    expect(seen.left, `${what} #${i} starts on screen`).toBeGreaterThanOrEqual(seen.from);
    expect(seen.right, `${what} #${i} ends on screen`).toBeLessThanOrEqual(seen.to + 0.5);
  }
}

async function expectNoSideScroll(page: Page) {
  const wide = await page.evaluate((width) => {
    const out = [...document.querySelectorAll("body *")]
      .filter((el) => el.getBoundingClientRect().right > width + 0.5)
      // The innermost ones: what is too wide itself, not the boxes around it.
      .filter((el) => ![...el.children].some((child) => child.getBoundingClientRect().right > width + 0.5))
      .map((el) => `${el.tagName.toLowerCase()}.${el.className} «${(el.textContent ?? "").slice(0, 40)}»`);
    return { scroll: document.documentElement.scrollWidth, out: out.slice(0, 8) };
  }, WIDTH);
  expect(wide.scroll, `wider than the screen: ${wide.out.join("; ")}`).toBeLessThanOrEqual(WIDTH);
}

/**
 * The width a text needs in an element's font, against the room the element gives it: a select's
 * chosen option or an input's placeholder is cut when it needs more.
 */
async function textFits(l: Locator, text: "selected" | "placeholder") {
  return l.evaluate((el, which) => {
    const s = getComputedStyle(el);
    const value =
      which === "placeholder"
        ? (el as HTMLInputElement).placeholder
        : ((el as HTMLSelectElement).selectedOptions[0]?.text ?? "");
    const ctx = document.createElement("canvas").getContext("2d") as CanvasRenderingContext2D;
    ctx.font = `${s.fontStyle} ${s.fontWeight} ${s.fontSize} ${s.fontFamily}`;
    const needs = ctx.measureText(value).width;
    // A select's own arrow takes about 1.5em at its right besides the padding.
    const arrow = which === "selected" ? 1.5 * Number.parseFloat(s.fontSize) : 0;
    const room = el.clientWidth - Number.parseFloat(s.paddingLeft) - Number.parseFloat(s.paddingRight) - arrow;
    return { value, needs: Math.ceil(needs), room: Math.floor(room) };
  }, text);
}

for (const lang of ["ru", "kk"] as const) {
  const prefix = lang === "kk" ? "/kk" : "";

  test(`staff tables keep each row's status and buttons on a phone (${lang})`, async ({ page }) => {
    const errors = watchForErrors(page);
    await login(page, DEMO.akimat.phone, { locale: lang });
    // A news item, so the news table has a row.
    const made = await page.request.post("/api/v1/akimat/news", {
      data: { category: "announcements", titleRu: "Часы работы в праздники", contentRu: "<p>Текст</p>" },
    });
    expect(made.status(), await made.text()).toBe(201);

    await page.goto(`${prefix}/user/users`);
    const employees = page.getByTestId("employee-table");
    await expect(employees.locator("tbody tr").first()).toBeVisible();
    await expectOnScreen(employees.locator("tbody tr .badge"), "employee status");
    await expectOnScreen(employees.locator("tbody tr .row-actions summary"), "employee edit");
    await expectOnScreen(employees.locator("tbody tr .row-actions button"), "employee remove");
    await expectNoSideScroll(page);
    // The labels go with the values: the status cell says what it is.
    const label = lang === "kk" ? /Мәртебесі/ : /Статус/;
    await expect(employees.locator("tbody tr").first().locator("td").nth(3)).toHaveAttribute("data-label", label);
    // The row's buttons work where they stand: the edit form opens on a tap.
    await employees.locator("tbody tr .row-actions summary").first().tap();
    await expect(employees.locator("tbody tr details[open] form").first()).toBeVisible();
    await expectNoSideScroll(page);

    await page.goto(`${prefix}/user/news`);
    const news = page.getByTestId("news-table");
    await expectOnScreen(news.locator("tbody tr .badge"), "news status");
    await expectOnScreen(news.locator("tbody tr a"), "news link");
    await expectNoSideScroll(page);
    expect(errors).toEqual([]);
  });

  test(`the admin's akimat table keeps its buttons on a phone (${lang})`, async ({ page }) => {
    await login(page, DEMO.admin.phone, { locale: lang });
    await page.goto(`${prefix}/admin/akimat`);
    const table = page.getByTestId("akimat-table");
    await expectOnScreen(table.locator("tbody tr a.button"), "akimat edit");
    await expectNoSideScroll(page);
    await table.locator("tbody tr a.button").first().tap();
    await expect(page).toHaveURL(/\/admin\/akimat\/form\?id=\d+$/);
  });

  test(`the home search and the city map show their whole texts on a phone (${lang})`, async ({ page }) => {
    await page.goto(`${prefix}/`);
    const q = page.locator("#home-q");
    const fit = await textFits(q, "placeholder");
    expect(fit.needs, `placeholder «${fit.value}»`).toBeLessThanOrEqual(fit.room);

    await page.goto(`${prefix}/reserve`);
    const map = page.getByTestId("cemeteries-map");
    await expect(map).toHaveAttribute("data-labels", /^[1-9]/);
    const labels = map.locator(".cemetery-label");
    const shown = await labels.evaluateAll(
      (els, width) =>
        els
          .filter((el) => getComputedStyle(el).visibility !== "hidden")
          .map((el) => {
            const r = el.getBoundingClientRect();
            const box = (el.closest(".leaflet-container") as HTMLElement).getBoundingClientRect();
            // Every line of the label: a word wider than the label is cut.
            const words = [...el.querySelectorAll("span span")].map((s) => (s as HTMLElement).scrollWidth);
            return {
              text: el.textContent,
              // Clear of the map's border and rounded corners (a label flush against the edge is cut by them).
              inside:
                r.left >= box.left + 5 &&
                r.right <= Math.min(box.right, width) - 5 &&
                r.top >= box.top + 5 &&
                r.bottom <= box.bottom - 5,
              fits: el.scrollWidth <= el.clientWidth + 1 && words.every((w) => w <= el.clientWidth),
            };
          }),
      WIDTH,
    );
    expect(shown.length).toBeGreaterThan(0);
    for (const l of shown) expect(l, `label «${l.text}»`).toMatchObject({ inside: true, fits: true });
    // The Kensai cemetery, in the language's spelling, has its label (cut before, at the map's edge).
    // Another cemetery made by an earlier test nearby may hide it as a neighbour's label would; a
    // label shown is whole (above).
    await expect(labels.filter({ hasText: lang === "kk" ? "Кеңсай" : "Кенсай" })).toHaveCount(1);
  });

  test(`the clerk's request filters show their whole choices on a phone (${lang})`, async ({ page }) => {
    await login(page, DEMO.manager.phone, { locale: lang });
    for (const path of ["/manager/booking", "/manager/burial"]) {
      await page.goto(`${prefix}${path}`);
      await waitForHydration(page);
      const selects = page.getByTestId("request-search").locator("select");
      expect(await selects.count(), path).toBeGreaterThan(0);
      for (const select of await selects.all()) {
        const fit = await textFits(select, "selected");
        expect(fit.needs, `${path}: «${fit.value}»`).toBeLessThanOrEqual(fit.room);
      }
      await expectNoSideScroll(page);
    }
  });

  test(`the slot-day select shows the whole day on a phone (${lang})`, async ({ page, request }) => {
    const id = await pendingBooking(request);
    await login(page, DEMO.client.phone, { locale: lang });
    await page.goto(`${prefix}/client/reservation/reservation-complete?id=${id}`);
    const select = page.getByTestId("slot-day");
    await expect(select).toBeVisible();
    const options = await select.locator("option").evaluateAll((els) => els.map((o) => (o as HTMLOptionElement).value));
    for (const value of options.slice(0, 4)) {
      await select.selectOption(value);
      const fit = await textFits(select, "selected");
      expect(fit.needs, `day «${fit.value}»`).toBeLessThanOrEqual(fit.room);
    }
    await expectNoSideScroll(page);
    // The family's quota of unpaid bookings is left as it was.
    const cancelled = await request.post(`/api/v1/burial-requests/${id}/moves/cancel_own`, {
      data: { reason: "тест" },
    });
    expect(cancelled.status()).toBe(200);
  });
}

/** A pending booking of the demo client, through the API: a free place of an open cemetery. */
async function pendingBooking(request: APIRequestContext): Promise<number> {
  const signIn = await request.post("/api/v1/auth/otp/verify", {
    data: { phone: `+7${DEMO.client.phone}`, code: DEV_CODE },
  });
  expect(signIn.status()).toBe(200);
  return bookThroughApi(request, await freePlotThroughApi(request), { surname: "Телефонов", name: "Тест" });
}
