import { almatyDay } from "../../common/calendar/almaty.ts";
import { addCalendarDays } from "../../common/calendar/days.ts";
import type { APIRequestContext, Page } from "@playwright/test";
import { withCheckDigit } from "../../common/iin.ts";
import { expect, test } from "./fixtures.ts";
import { DEMO, DEV_CODE, login, watchForErrors } from "./helpers.ts";

test.use({ viewport: { width: 360, height: 780 }, hasTouch: true });

const PDF = Buffer.from("%PDF-1.7\n1 0 obj << >> endobj\n%%EOF");

type TCemetery = { id: number; name: string; status: string };

/**
 * The family's side, through the API as the client's screens call it: books a free place of the
 * cemetery, attaches the death certificate and takes the first slot. Returns what the manager
 * then sees.
 */
async function bookAsClient(request: APIRequestContext, cemetery: TCemetery, extent: [number, number, number, number]) {
  const signIn = await request.post("/api/v1/auth/otp/verify", {
    data: { phone: `+7${DEMO.client.phone}`, code: DEV_CODE },
  });
  expect(signIn.status()).toBe(200);
  // A free place: the public map's plots, a small box at a time along the plots' extent.
  const [w, south, e, n] = extent;
  let free: { properties: { id: number; status: string } } | undefined;
  for (let i = 0; i < 10 && !free; i++) {
    const lng = w + ((e - w) * i) / 10;
    const lat = south + ((n - south) * i) / 10;
    const plots = await request.get(`/api/v1/cemeteries/${cemetery.id}/plots`, {
      params: { bbox: [lng, lat, lng + 0.001, lat + 0.001].join(",") },
    });
    const features = (await plots.json()).features as { properties: { id: number; status: string } }[];
    free = features.find((f) => f.properties.status === "free");
  }
  expect(free, "a free place in the cemetery").toBeDefined();
  const plotId = free?.properties.id as number;
  const booked = await request.post("/api/v1/burial-requests", {
    data: {
      kind: "new_grave",
      plotIds: [plotId],
      surname: "Жолдасбеков",
      name: "Серік",
      patronymic: "Әбенұлы",
      iin: withCheckDigit("45010240012"),
      deathDate: addCalendarDays(almatyDay(new Date()), -1),
    },
  });
  expect(booked.status(), await booked.text()).toBe(201);
  const { id } = (await booked.json()) as { id: number };
  const upload = await request.post("/api/v1/uploads", {
    multipart: { file: { name: "свидетельство.pdf", mimeType: "application/pdf", buffer: PDF }, purpose: "document" },
  });
  expect(upload.status()).toBe(201);
  const slots = await (await request.get(`/api/v1/burial-requests/${id}/slots`)).json();
  type TDay = { date: string; slots: { time: string; left: number }[] };
  const day = (slots.days as TDay[]).find((d) => d.slots.some((x) => x.left > 0)) as TDay;
  const time = day.slots.find((x) => x.left > 0)?.time as string;
  const details = await request.put(`/api/v1/burial-requests/${id}/details`, {
    data: { certificateIds: [(await upload.json()).id], burialDate: day.date, burialTime: time },
  });
  expect(details.status(), await details.text()).toBe(200);
  return { id, plotId, date: day.date, time };
}

/** Nothing on the page is wider than the phone's screen. */
async function expectNoSideScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
}

/**
 * A cemetery manager, on a phone, takes a family's booking through to the burial: sees the hold
 * with its time left, checks the documents and the responsible person, records the office payment
 * with its receipt, confirms, completes (after a warning), and finds the burial in the day's
 * schedule; the place is occupied.
 */
test("a manager records the payment, confirms and completes a booking on a phone", async ({ page, request }) => {
  const errors = watchForErrors(page);
  await login(page, DEMO.manager.phone);
  const mine = (await (await page.request.get("/api/v1/manager/cemeteries")).json()).items as TCemetery[];
  const cemetery = mine.find((c) => c.status === "open") as TCemetery;
  expect(cemetery).toBeDefined();
  const { extent } = await (await page.request.get(`/api/v1/manager/cemeteries/${cemetery.id}/extent`)).json();
  const booking = await bookAsClient(request, cemetery, extent);

  // The live holds: this one, with its time left (a fresh hold: 71 h and some minutes).
  await page.goto(`/manager/booking?cemeteryId=${cemetery.id}`);
  const row = page.locator(`[data-testid=booking][data-request-id="${booking.id}"]`);
  await expect(row).toContainText("Жолдасбеков Серік Әбенұлы");
  await expect(row.getByTestId("countdown")).toHaveText(/^осталось 2 дн 2\d ч$/);
  await expect(row).toContainText("Ожидает оплаты");
  await expectNoSideScroll(page);
  await row.getByRole("link").click();
  await expect(page).toHaveURL(new RegExp(`/manager/booking/${booking.id}$`));

  // The request: documents the manager can open, the family's phone as people write it.
  const status = page.getByTestId("request-status");
  await expect(status).toHaveText("Ожидает оплаты");
  await expect(page.getByTestId("client-phone")).toHaveText("+7 701 000 00 05");
  const certificate = page.getByTestId("request-documents").getByRole("link", { name: /свидетельство\.pdf/ });
  const href = (await certificate.getAttribute("href")) as string;
  expect(href).toMatch(/^\/api\/v1\/uploads\/[0-9a-f-]{36}$/);
  expect((await page.request.get(href)).status()).toBe(200);
  await expectNoSideScroll(page);

  // A cancellation needs a reason: the error stands next to the field, nothing changes.
  const cancel = page.getByTestId("move-cancel");
  await cancel.locator("summary").click();
  await cancel.getByRole("button", { name: "Отменить заявку", exact: true }).click();
  await expect(page.locator("#br-cancel-reason-error")).toHaveText("Заполните это поле.");
  await expect(page.locator("#br-cancel-reason")).toHaveAttribute("aria-invalid", "true");
  await expect(status).toHaveText("Ожидает оплаты");

  // Office payment with its receipt number.
  await page.locator("#br-pay_office-receipt").fill("КВ-0042");
  await page.getByRole("button", { name: "Записать оплату в конторе" }).click();
  await expect(page.getByTestId("move-done")).toContainText("Оплата записана");
  await expect(status).toHaveText("Оплачена");
  await expect(page.getByTestId("request-payment")).toContainText("квитанция № КВ-0042");

  // Confirm: the confirmation's PDF is offered.
  await page.getByRole("button", { name: "Подтвердить захоронение" }).click();
  await expect(status).toHaveText("Подтверждена");
  await expect(page.getByTestId("confirmation-pdf")).toHaveAttribute(
    "href",
    `/api/v1/burial-requests/${booking.id}/confirmation.pdf?lang=ru`,
  );

  // Complete, past the warning that it writes the burial record.
  const complete = page.getByTestId("move-complete");
  await complete.locator("summary").click();
  await expect(complete).toContainText("Будет создана запись о захоронении в реестре");
  await complete.getByRole("button", { name: "Да, захоронение состоялось" }).click();
  await expect(status).toHaveText("Захоронение состоялось");
  await expect(page.getByTestId("request-record")).toBeVisible();
  await expect(page.getByTestId("request-actions")).toContainText("В этом статусе действий нет.");
  const history = page.getByTestId("request-history");
  await expect(history).toContainText("Оплата в конторе записана · Сотрудник кладбища");
  await expect(history).toContainText("Захоронение состоялось, запись внесена в реестр");
  await expectNoSideScroll(page);

  // The place is occupied now, for the staff's map too.
  const plot = await page.request.get(`/api/v1/manager/plots/${booking.plotId}`);
  expect((await plot.json()).status).toBe("occupied");

  // In Kazakh: the request among all of the cemetery's, and in its day's schedule at its time.
  await page.goto(`/kk/manager/burial?number=${booking.id}`);
  await expect(page.getByTestId("requests-total")).toHaveText("1 өтінім табылды");
  await expect(page.locator(`[data-testid=booking][data-request-id="${booking.id}"]`)).toContainText("Жерлеу өтті");
  const form = page.getByTestId("schedule-form");
  await form.locator("#sd-date").fill(booking.date);
  await form.locator("#sd-cemetery").selectOption(String(cemetery.id));
  await form.getByTestId("schedule-show").click();
  await expect(page).toHaveURL(
    new RegExp(`date=${booking.date}.*dayCemeteryId=${cemetery.id}|dayCemeteryId=${cemetery.id}.*date=${booking.date}`),
  );
  // The list's filter stays while the day changes.
  await expect(page).toHaveURL(new RegExp(`number=${booking.id}`));
  const item = page.getByTestId("schedule-items").locator(`[data-request-id="${booking.id}"]`);
  await expect(item).toContainText(booking.time);
  await expect(item).toContainText("Жолдасбеков Серік Әбенұлы");

  // Anyone finds the burial in the public registry now.
  await page.goto("/search?q=Жолдасбеков Серік Әбенұлы");
  await expect(page.getByTestId("search-results")).toContainText("Жолдасбеков");
  await expectNoSideScroll(page);

  // A page left open while the family cancels: the manager's move is refused with a translated
  // message, and the page shows the request as it now is.
  const second = await bookAsClient(request, cemetery, extent);
  await page.goto(`/manager/booking/${second.id}`);
  await expect(status).toHaveText("Ожидает оплаты");
  const cancelled = await request.post(`/api/v1/burial-requests/${second.id}/moves/cancel_own`, {
    data: { reason: "Передумали" },
  });
  expect(cancelled.status()).toBe(200);
  await page.getByRole("button", { name: "Записать оплату в конторе" }).click();
  await expect(page.getByTestId("move-error")).toHaveText("Это действие недоступно в текущем статусе.");
  await expect(status).toHaveText("Отменена");
  await expect(page.getByTestId("request-history")).toContainText("Отменена семьёй · Семья");

  // A booking the family paid online: the manager reads its short receipt number, not the payment's id.
  const third = await bookAsClient(request, cemetery, extent);
  const started = await request.post(`/api/v1/burial-requests/${third.id}/payments`);
  const { redirectUrl } = (await started.json()) as { redirectUrl: string };
  const answered = await request.post(redirectUrl, { form: { outcome: "paid" }, maxRedirects: 0 });
  expect(answered.status()).toBe(303);
  await page.goto(`/manager/booking/${third.id}`);
  await expect(status).toHaveText("Оплачена");
  await expect(page.getByTestId("request-payment")).toContainText(/онлайн, квитанция № P-\d{4}-\d{6}$/);
  expect(errors).toEqual([]);
});
