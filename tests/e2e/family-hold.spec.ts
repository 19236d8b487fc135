import { almatyDay } from "../../common/calendar/almaty.ts";
import { addCalendarDays } from "../../common/calendar/days.ts";
import type { APIRequestContext } from "@playwright/test";
import { formatDate } from "../../common/i18n.ts";
import { withCheckDigit } from "../../common/iin.ts";
import { expect, test } from "./fixtures.ts";
import { DEMO, DEV_CODE, detailsThroughApi, login, watchForErrors } from "./helpers.ts";

/**
 * A family booked two neighbouring places and buried their relative in the first: on a phone, in
 * both languages, their request says the second place stays reserved for the family, since when.
 */
test.use({ viewport: { width: 360, height: 780 }, hasTouch: true });

type TFeature = { properties: { id: number; sector: string; row: string; number: number; status: string } };

async function signIn(request: APIRequestContext, phone: string) {
  const res = await request.post("/api/v1/auth/otp/verify", { data: { phone: `+7${phone}`, code: DEV_CODE } });
  expect(res.status()).toBe(200);
}

/** Two free neighbours of one row in one of the manager's cemeteries. */
async function twoNeighbours(staff: APIRequestContext): Promise<[number, number]> {
  const mine = (await (await staff.get("/api/v1/manager/cemeteries")).json()).items as { id: number; status: string }[];
  const cemetery = mine.find((c) => c.status === "open") as { id: number };
  const { extent } = await (await staff.get(`/api/v1/manager/cemeteries/${cemetery.id}/extent`)).json();
  const [w, s, e, n] = extent as [number, number, number, number];
  for (let i = 0; i < 20; i++) {
    const lng = w + ((e - w) * i) / 20;
    const lat = s + ((n - s) * i) / 20;
    const res = await staff.get(`/api/v1/cemeteries/${cemetery.id}/plots`, {
      params: { bbox: [lng, lat, lng + 0.001, lat + 0.001].join(",") },
    });
    const free = ((await res.json()).features as TFeature[])
      .map((f) => f.properties)
      .filter((p) => p.status === "free");
    for (const a of free) {
      const b = free.find((p) => p.sector === a.sector && p.row === a.row && p.number === a.number + 1);
      if (b) return [a.id, b.id];
    }
  }
  throw new Error("no two free neighbours");
}

for (const lang of ["ru", "kk"] as const) {
  test(`the family sees its second place kept for the family after the burial (${lang})`, async ({
    page,
    playwright,
    baseURL,
  }) => {
    const errors = watchForErrors(page);
    const family = await playwright.request.newContext({ baseURL });
    const staff = await playwright.request.newContext({ baseURL });
    await signIn(family, DEMO.client.phone);
    await signIn(staff, DEMO.manager.phone);
    const places = await twoNeighbours(staff);
    const booked = await family.post("/api/v1/burial-requests", {
      data: {
        kind: "new_grave",
        plotIds: places,
        surname: "Семейный",
        name: lang,
        patronymic: "",
        iin: withCheckDigit("45010240012"),
        deathDate: addCalendarDays(almatyDay(new Date()), -1),
      },
    });
    expect(booked.status(), await booked.text()).toBe(201);
    const id = (await booked.json()).id as number;
    await detailsThroughApi(family, id);
    for (const move of ["pay_office", "confirm", "complete"]) {
      const res = await staff.post(`/api/v1/burial-requests/${id}/moves/${move}`, { data: {} });
      expect(res.status(), `${move}: ${await res.text()}`).toBe(200);
    }
    const completedAt = (await (await family.get(`/api/v1/burial-requests/${id}`)).json()).completedAt as string;

    await login(page, DEMO.client.phone, { locale: lang });
    await page.goto(`${lang === "kk" ? "/kk" : ""}/client/tickets/active/${id}`);
    const kept = page.getByTestId("facts-kept");
    await expect(kept).toContainText(
      lang === "kk"
        ? `${formatDate("kk", completedAt)} бастап отбасылық жерлеу үшін брондалған`
        : `Забронировано для семейного захоронения с ${formatDate("ru", completedAt)}`,
    );
    // The second place, not the grave.
    const second = await (await family.get(`/api/v1/plots/${places[1]}`)).json();
    await expect(kept).toContainText(String(second.number));
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await family.dispose();
    await staff.dispose();
    expect(errors).toEqual([]);
  });
}
