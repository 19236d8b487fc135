import { almatyDay } from "../../common/calendar/almaty.ts";
import { addCalendarDays } from "../../common/calendar/days.ts";
import { type APIRequestContext, expect, type Page } from "@playwright/test";
import { withCheckDigit } from "../../common/iin.ts";
import { waitForHydration } from "./fixtures.ts";

export const DEV_CODE = "111111";

export const DEMO = {
  admin: { phone: "7010000001", home: "/admin/akimat", name: "Айгерим" },
  akimat: { phone: "7010000002", home: "/user/users", name: "Ерлан" },
  manager: { phone: "7010000003", home: "/manager/cemetery", name: "Ольга" },
  supplier: { phone: "7010000004", home: "/supplier/services/active", name: "Нұрлан" },
  client: { phone: "7010000005", home: "/", name: "Мария" },
} as const;

/** Signs in through the login screen, as a person would: phone, code. */
export async function login(page: Page, phone: string, opts: { locale?: "ru" | "kk"; path?: string } = {}) {
  const prefix = opts.locale === "kk" ? "/kk" : "";
  if (opts.path !== undefined) {
    await page.goto(opts.path);
  } else {
    await page.goto(`${prefix}/login`);
  }
  await page.locator("#phone").fill(phone);
  await expect(page.locator("#phone")).toHaveValue(/^\+7 \(\d{3}\) \d{3}-\d{2}-\d{2}$/);
  await page.getByTestId("send-code").click();
  await expect(page.getByTestId("code-sent")).toBeVisible();
  await page.locator("#code").fill(DEV_CODE);
  await page.getByTestId("verify-code").click();
  // The login page moves on by itself (or shows an error, or the registration step); wait for
  // that, so the test's next navigation does not cut it off.
  const answered = page.getByTestId("login-error").or(page.getByTestId("registration"));
  await expect(async () => {
    const moved = !/\/login$/.test(new URL(page.url()).pathname);
    expect(moved || (await answered.isVisible())).toBe(true);
  }).toPass();
  // Signing in loads the next page in full (window.location): wait until that page is hydrated too.
  await waitForHydration(page);
}

export async function logout(page: Page) {
  await page.getByTestId("logout").click();
  await expect(page.getByTestId("login-link")).toBeVisible();
}

/** Fails the test on any page error or dialog, so broken pages never pass quietly. */
export function watchForErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  page.on("console", (m) => {
    if (m.type() === "error" && !/status of 4\d\d|status of 500/.test(m.text())) errors.push(m.text());
  });
  return errors;
}

/**
 * In the place picker of the chosen cemetery (`/reserve?cemetery=…`), opens — by pressing its
 * links, sector then row — the first row that has two neighbouring free places, and gives the
 * names of those two places' buttons. Starts from the sectors, or from a sector's rows.
 */
export async function twoAdjacentFree(page: Page, press: "click" | "tap" = "click"): Promise<[string, string]> {
  const picker = page.getByTestId("place-picker");
  const options = picker.locator(".picker__option");
  const atRows = picker.getByTestId("picker-sectors");
  const atPlaces = picker.getByTestId("picker-rows");
  await expect(options.first()).toBeVisible();
  const fromRows = await atRows.isVisible();
  const sectors = fromRows ? 1 : await options.count();
  for (let s = 0; s < sectors; s++) {
    if (!fromRows) {
      await options.nth(s)[press]();
      await expect(atRows).toBeVisible();
    }
    await expect(options.first()).toBeVisible();
    const rows = await options.count();
    for (let r = 0; r < rows; r++) {
      await options.nth(r)[press]();
      await expect(atPlaces).toBeVisible();
      const pair = await picker.locator(".picker__run").evaluateAll((runs) => {
        for (const run of runs) {
          const [a, b] = run.querySelectorAll("button");
          if (a && b) return [a.ariaLabel ?? "", b.ariaLabel ?? ""] as [string, string];
        }
        return null;
      });
      if (pair) return pair;
      await atPlaces[press]();
      await expect(atPlaces).toBeHidden();
    }
    if (fromRows) break;
    await atRows[press]();
    await expect(atRows).toBeHidden();
  }
  throw new Error("no row with two neighbouring free places");
}

/** The bytes of a minimal PDF: a death certificate for the booking journeys. */
export const CERTIFICATE_PDF = Buffer.from("%PDF-1.7\n1 0 obj << >> endobj\n%%EOF");

/**
 * A signed-in family (the request's cookies) books one free place through the API, as the booking
 * form does (the deceased died yesterday), and uploads a certificate; the new request's id.
 */
export async function bookThroughApi(
  request: APIRequestContext,
  plotId: number,
  deceased: { surname: string; name: string },
): Promise<number> {
  const booked = await request.post("/api/v1/burial-requests", {
    data: {
      kind: "new_grave",
      plotIds: [plotId],
      surname: deceased.surname,
      name: deceased.name,
      patronymic: "",
      iin: withCheckDigit("45010240012"),
      deathDate: addCalendarDays(almatyDay(new Date()), -1),
    },
  });
  expect(booked.status(), await booked.text()).toBe(201);
  const id = (await booked.json()).id as number;
  const upload = await request.post("/api/v1/uploads", {
    multipart: {
      file: { name: "свидетельство.pdf", mimeType: "application/pdf", buffer: CERTIFICATE_PDF },
      purpose: "document",
    },
  });
  expect(upload.status()).toBe(201);
  return id;
}

/** A free place of an open cemetery, found through the public API near the cemetery's centre. */
export async function freePlotThroughApi(request: APIRequestContext): Promise<number> {
  const cemeteries = (await (await request.get("/api/v1/cemeteries")).json()).items as {
    id: number;
    status: string;
    counts: { free: number };
    center: [number, number] | null;
  }[];
  const c = cemeteries.find((x) => x.status === "open" && x.counts.free > 0 && x.center) as (typeof cemeteries)[number];
  const [lng, lat] = c.center as [number, number];
  let free: number | undefined;
  for (let d = 0.001; d < 0.05 && !free; d *= 2) {
    const plots = await request.get(`/api/v1/cemeteries/${c.id}/plots`, {
      params: { bbox: [lng - d, lat - d, lng + d, lat + d].join(",") },
    });
    const features = (await plots.json()).features as { properties: { id: number; status: string } }[];
    free = features.find((f) => f.properties.status === "free")?.properties.id;
  }
  expect(free, "a free place").toBeDefined();
  return free as number;
}

/**
 * The details of a booking of the family signed in on `family`, through the API, as the form sends
 * them: a certificate uploaded and the first slot with room.
 */
export async function detailsThroughApi(family: APIRequestContext, id: number): Promise<void> {
  const upload = await family.post("/api/v1/uploads", {
    multipart: {
      file: { name: "свидетельство.pdf", mimeType: "application/pdf", buffer: CERTIFICATE_PDF },
      purpose: "document",
    },
  });
  const slots = await (await family.get(`/api/v1/burial-requests/${id}/slots`)).json();
  type TSlotDay = { date: string; slots: { time: string; left: number }[] };
  const day = (slots.days as TSlotDay[]).find((d) => d.slots.some((x) => x.left > 0)) as TSlotDay;
  const details = await family.put(`/api/v1/burial-requests/${id}/details`, {
    data: {
      certificateIds: [(await upload.json()).id],
      burialDate: day.date,
      burialTime: day.slots.find((x) => x.left > 0)?.time,
    },
  });
  expect(details.status(), await details.text()).toBe(200);
}

/**
 * A booking of the family signed in on `family` (its cookies), ready and paid at the office by
 * `staff` (the admin, who works in every cemetery): a free place of an open cemetery, a
 * certificate, the first slot with room. Paid, it counts against no quota of unpaid bookings. Its id.
 */
export async function paidBookingThroughApi(
  family: APIRequestContext,
  staff: APIRequestContext,
  deceased: { surname: string; name: string },
): Promise<number> {
  const id = await bookThroughApi(family, await freePlotThroughApi(family), deceased);
  await detailsThroughApi(family, id);
  const paid = await staff.post(`/api/v1/burial-requests/${id}/moves/pay_office`, { data: { receipt: "К-1" } });
  expect(paid.status(), await paid.text()).toBe(200);
  return id;
}

/**
 * A grave the family signed in on `family` is responsible for: a booking paid at the office,
 * confirmed and completed by the staff (`staff`: the admin or the cemetery's manager), through the
 * API. Returns the burial record's id.
 */
export async function graveThroughApi(
  family: APIRequestContext,
  staff: APIRequestContext,
  deceased: { surname: string; name: string },
): Promise<number> {
  const id = await paidBookingThroughApi(family, staff, deceased);
  for (const move of ["confirm", "complete"]) {
    const res = await staff.post(`/api/v1/burial-requests/${id}/moves/${move}`, { data: {} });
    expect(res.status(), await res.text()).toBe(200);
  }
  const request = await (await family.get(`/api/v1/burial-requests/${id}`)).json();
  expect(request.burialId, "the burial record").toBeTruthy();
  return request.burialId as number;
}
