import { asc, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { placeLink } from "../../../common/map-links.ts";
import { loggedPath } from "../../lib/logger.ts";
import {
  assignManager,
  bookingCemetery,
  DECEASED,
  newGrave,
  signedInUsers,
  T0,
  type TSignedIn,
} from "../../test/booking-fixtures.ts";
import { pdfText } from "../../test/pdf-text.ts";
import { createHarness, type Harness } from "../../test/harness.ts";
import { akimats } from "../users/organisations.tables.ts";
import { burials } from "../burials/burials.tables.ts";
import { cemeteries, plots } from "../cemeteries/cemeteries.tables.ts";
import { calendarFeed, confirmationDoc, foldLine, icsEscape, type TConfirmationData } from "./burial-documents.ts";
import { burialRequests } from "./burial-requests.tables.ts";

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => h.close());

const TUESDAY = "2026-11-24";

let mine: number;
let row: { id: number; number: number; sector: string; row: string }[];
let otherRow: number[];
let client: string;
let client2: string;
let manager: string;
let otherManager: string;
let admin: string;
let mineName: string;

beforeEach(async () => {
  await h.reset();
  h.setNow(T0);
  const akimatId = ((await h.db.select().from(akimats))[0] as { id: number }).id;
  const settings = { slotCapacity: 1, slotMinutes: 60 };
  const mineCemetery = await bookingCemetery(h.db, akimatId, { which: 0, perRow: 8, settings });
  const other = await bookingCemetery(h.db, akimatId, { which: 1, perRow: 4, settings });
  mine = mineCemetery.id;
  otherRow = other.rows.flat();
  mineName = ((await h.db.select().from(cemeteries).where(eq(cemeteries.id, mine)))[0] as { nameRu: string }).nameRu;
  row = await h.db
    .select({ id: plots.id, number: plots.number, sector: plots.sector, row: plots.row })
    .from(plots)
    .where(inArray(plots.id, mineCemetery.rows[0] as number[]))
    .orderBy(asc(plots.number));
  await assignManager(h.db, h.phones.manager, mine);
  manager = await h.login(h.phones.manager);
  client = await h.login(h.phones.client);
  admin = await h.login(h.phones.admin);
  client2 = ((await signedInUsers(h.db, 1, T0))[0] as TSignedIn).token;
  const om = (await signedInUsers(h.db, 1, T0, { series: 1, role: "manager" }))[0] as TSignedIn;
  await assignManager(h.db, om.phone, other.id);
  otherManager = om.token;
});

async function book(token: string, plotIds: number[]): Promise<number> {
  const res = await h.request("POST", "/burial-requests", { token, body: newGrave(plotIds) });
  expect(res.status).toBe(201);
  return res.json.id;
}

/** The death certificate and a chosen slot. */
async function slot(token: string, id: number, burialTime: string, burialDate = TUESDAY) {
  const res = await h.request("PUT", `/burial-requests/${id}/details`, {
    token,
    body: { certificateIds: [await h.upload(token)], burialDate, burialTime },
  });
  expect(res.status).toBe(200);
}

async function moveAs(token: string, id: number, move: string, body: Record<string, string> = {}) {
  const res = await h.request("POST", `/burial-requests/${id}/moves/${move}`, { token, body });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  // The move answers the status and the moves; the request as it stands now is read after it.
  return (await h.request("GET", `/burial-requests/${id}`, { token })).json;
}

/** A booking of the client's, paid at the office (optionally confirmed), on Tuesday at `time`. */
async function paidBooking(token: string, plotIds: number[], time: string, staff = manager) {
  const id = await book(token, plotIds);
  await slot(token, id, time);
  await moveAs(staff, id, "pay_office", { receipt: "КВ-17" });
  return id;
}

async function getFile(path: string, token?: string) {
  const res = await h.api.request(`/api/v1${path}`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  const buf = Buffer.from(await res.arrayBuffer());
  const isPdf = buf.subarray(0, 5).toString("latin1") === "%PDF-";
  return {
    status: res.status,
    headers: res.headers,
    isPdf,
    // Money is written with a no-break space between thousands (`50 000 ₸`): read as a plain one.
    text: isPdf
      ? pdfText(buf)
          .join("\n")
          .replace(/[\u00a0\u202f]/g, " ")
      : "",
    json: isPdf ? null : (JSON.parse(buf.toString("utf8") || "null") as { error?: { code: string } } | null),
  };
}

const numberOf = async (id: number, token = client) =>
  (await h.request("GET", `/burial-requests/${id}`, { token })).json.number as string;

describe("the booking's confirmation (PDF)", () => {
  it("prints a pending booking for its family: number, deceased, cemetery, places, fee, pay-by time and the map's QR", async () => {
    const id = await book(client, [row[0]?.id as number, row[1]?.id as number]);
    const number = await numberOf(id);
    const res = await getFile(`/burial-requests/${id}/confirmation.pdf`, client);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    expect(res.isPdf).toBe(true);
    const text = res.text;
    expect(text).toContain(`Заявка № ${number} от 23.11.2026`);
    expect(text).toContain("Сейтқасымов Нұржан Әлиұлы");
    expect(text).toContain("02.01.1945");
    expect(text).toContain(mineName);
    expect(text).toContain(`Сектор ${row[0]?.sector}, ряд ${row[0]?.row}, места ${row[0]?.number}–${row[1]?.number}`);
    expect(text).toContain("50 000 ₸");
    expect(text).toContain("ожидает оплаты");
    // 72 h after 11:00 on Monday, Almaty time.
    expect(text).toContain("оплатить до 26.11.2026, 11:00");
    expect(text).toContain("не выбраны");
    const [plot] = await h.db
      .select()
      .from(plots)
      .where(eq(plots.id, row[0]?.id as number));
    const point: [number, number] = [
      ((plot?.minLng as number) + (plot?.maxLng as number)) / 2,
      ((plot?.minLat as number) + (plot?.maxLat as number)) / 2,
    ];
    expect(text.replace(/\n/g, "")).toContain(placeLink(point));
  });

  it("prints the payment once paid, and the chosen time; in Kazakh with ?lang=kk", async () => {
    const id = await paidBooking(client, [row[0]?.id as number], "12:00");
    const ru = (await getFile(`/burial-requests/${id}/confirmation.pdf`, client)).text;
    expect(ru).toContain("24.11.2026, 12:00");
    expect(ru).toContain("в конторе кладбища, 23.11.2026");
    expect(ru).toContain("КВ-17");
    expect(ru).not.toContain("оплатить до");
    const kk = await getFile(`/burial-requests/${id}/confirmation.pdf?lang=kk`, client);
    expect(kk.status).toBe(200);
    expect(kk.text).toContain("Жерлеу орнын брондауды растау");
    expect(kk.text).toContain("зират кеңсесінде, 23.11.2026");
    expect(kk.text).toContain("төленді");
    expect(kk.headers.get("content-disposition")).toContain(encodeURIComponent("Брондауды растау"));
  });

  it("is the family's and the cemetery's: another client or another cemetery's manager gets 404", async () => {
    const id = await book(client, [row[0]?.id as number]);
    const path = `/burial-requests/${id}/confirmation.pdf`;
    expect((await getFile(path, manager)).status).toBe(200);
    expect((await getFile(path, admin)).status).toBe(200);
    expect((await getFile(path, client2)).status).toBe(404);
    expect((await getFile(path, otherManager)).status).toBe(404);
    expect((await getFile(path, await h.login(h.phones.supplier))).status).toBe(403);
    expect((await getFile(path)).status).toBe(401);
  });

  it("confirms nothing once cancelled or expired (409), nor a hold past its time the timer has not ended yet", async () => {
    const cancelled = await book(client, [row[0]?.id as number]);
    await moveAs(client, cancelled, "cancel_own", { reason: "Передумали" });
    const res = await getFile(`/burial-requests/${cancelled}/confirmation.pdf`, client);
    expect(res.status).toBe(409);
    expect(res.json?.error?.code).toBe("booking_document_unavailable");
    const lapsed = await book(client, [row[2]?.id as number]);
    expect((await getFile(`/burial-requests/${lapsed}/confirmation.pdf`, client)).status).toBe(200);
    h.setNow(new Date(T0.getTime() + 73 * 3600_000));
    expect((await getFile(`/burial-requests/${lapsed}/confirmation.pdf`, client)).status).toBe(409);
  });
});

describe("the grave's certificate (PDF)", () => {
  it("exists only once the burial is completed through a request, for its responsible person and the cemetery", async () => {
    const id = await paidBooking(client, [row[0]?.id as number], "10:00");
    const number = await numberOf(id);
    // A record the cemetery entered without a request has no responsible person: no certificate.
    const [registryOnly] = await h.db
      .insert(burials)
      .values({ plotId: row[3]?.id as number, surname: "Петров", searchName: "петров" })
      .returning({ id: burials.id });
    expect((await getFile(`/burials/${registryOnly?.id}/certificate.pdf`, admin)).status).toBe(404);
    await moveAs(manager, id, "confirm");
    expect((await h.request("GET", `/burial-requests/${id}`, { token: client })).json.burialId).toBeNull();
    const done = await moveAs(manager, id, "complete");
    h.setNow(new Date("2026-11-25T04:00:00Z"));
    const path = `/burials/${done.burialId}/certificate.pdf`;
    const res = await getFile(path, client);
    expect(res.status).toBe(200);
    expect(res.isPdf).toBe(true);
    expect(res.text).toContain("Удостоверение о захоронении");
    expect(res.text).toContain(`№ ${number}`);
    expect(res.text).toContain("Сейтқасымов Нұржан Әлиұлы");
    // The responsible person: the client who booked (the demo client).
    expect(res.text).toContain("Иванова Мария Петровна");
    expect(res.text).toContain(`Сектор ${row[0]?.sector}, ряд ${row[0]?.row}, место ${row[0]?.number}`);
    // Buried on the chosen day; issued today.
    expect(res.text).toMatch(/Дата захоронения\n24\.11\.2026/);
    expect(res.text).toMatch(/Дата выдачи\n25\.11\.2026/);
    expect(res.text).toContain(mineName);
    expect((await getFile(path, manager)).status).toBe(200);
    expect((await getFile(path, admin)).status).toBe(200);
    expect((await getFile(path, client2)).status).toBe(404);
    expect((await getFile(path, otherManager)).status).toBe(404);
    expect((await getFile(path, await h.login(h.phones.akimat))).status).toBe(403);
  });
});

describe("the day's schedule", () => {
  it("lists the day's paid, confirmed and completed burials of that cemetery only, in time order", async () => {
    const late = await paidBooking(client, [row[0]?.id as number], "14:00");
    const early = await paidBooking(client, [row[2]?.id as number], "10:00");
    await moveAs(manager, early, "confirm");
    const pending = await book(client2, [row[4]?.id as number]);
    await slot(client2, pending, "12:00");
    const wednesday = await book(client2, [row[5]?.id as number]);
    await slot(client2, wednesday, "12:00", "2026-11-25");
    await moveAs(manager, wednesday, "pay_office");
    await paidBooking(client2, [otherRow[0] as number], "11:00", admin);

    const res = await h.request("GET", `/manager/schedule?cemeteryId=${mine}&date=${TUESDAY}`, { token: manager });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ cemeteryId: mine, cemeteryName: mineName, date: TUESDAY, slotMinutes: 60 });
    expect(res.json.items.map((i: { id: number }) => i.id)).toEqual([early, late]);
    expect(res.json.items[0]).toMatchObject({
      time: "10:00",
      endTime: "11:00",
      status: "confirmed",
      kind: "new_grave",
      remains: "coffin",
      deceased: "Сейтқасымов Нұржан Әлиұлы",
      familyGrave: null,
    });
    expect(res.json.items[0].places[0]).toMatchObject({ plotId: row[2]?.id, number: row[2]?.number });

    const pdf = await getFile(`/manager/schedule.pdf?cemeteryId=${mine}&date=${TUESDAY}`, manager);
    expect(pdf.status).toBe(200);
    expect(pdf.isPdf).toBe(true);
    expect(pdf.text).toContain("Расписание захоронений на 24.11.2026");
    const [earlyNo, lateNo, pendingNo] = [
      await numberOf(early),
      await numberOf(late),
      await numberOf(pending, client2),
    ];
    expect(pdf.text.indexOf(earlyNo)).toBeGreaterThan(0);
    expect(pdf.text.indexOf(lateNo)).toBeGreaterThan(pdf.text.indexOf(earlyNo));
    expect(pdf.text).not.toContain(pendingNo);
    expect(pdf.text).toContain("Всего захоронений: 2");
  });

  it("notes a family grave: whose it is and its last burial", async () => {
    const first = await paidBooking(client, [row[0]?.id as number], "10:00");
    await moveAs(manager, first, "confirm");
    const { burialId } = await moveAs(manager, first, "complete");
    // Years later the family buries an urn in the same grave.
    h.setNow(new Date("2042-03-02T06:00:00Z"));
    client = await h.login(h.phones.client);
    manager = await h.login(h.phones.manager);
    const res = await h.request("POST", "/burial-requests", {
      token: client,
      body: {
        kind: "family_grave",
        familyBurialId: burialId,
        remains: "urn",
        ...DECEASED,
        surname: "Сейтқасымова",
        deathDate: "2042-03-01",
        kinshipIds: [await h.upload(client)],
        graveDocIds: [await h.upload(client)],
      },
    });
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    await slot(client, res.json.id, "12:00", "2042-03-03");
    await moveAs(manager, res.json.id, "pay_office");
    const day = await h.request("GET", `/manager/schedule?cemeteryId=${mine}&date=2042-03-03`, { token: manager });
    expect(day.json.items).toHaveLength(1);
    expect(day.json.items[0]).toMatchObject({
      kind: "family_grave",
      remains: "urn",
      familyGrave: { name: "Сейтқасымов Нұржан Әлиұлы", lastBurial: TUESDAY },
    });
    const pdf = await getFile(`/manager/schedule.pdf?cemeteryId=${mine}&date=2042-03-03`, manager);
    expect(pdf.text.replace(/\s+/g, " ")).toContain(
      "В семейную могилу: Сейтқасымов Нұржан Әлиұлы (последнее захоронение 24.11.2026)",
    );
  });

  it("is the cemetery's managers' only", async () => {
    const q = `?cemeteryId=${mine}&date=${TUESDAY}`;
    const foreign = await h.request("GET", `/manager/schedule${q}`, { token: otherManager });
    expect(foreign.status).toBe(403);
    expect(foreign.json.error.code).toBe("cemetery_not_assigned");
    expect((await getFile(`/manager/schedule.pdf${q}`, otherManager)).status).toBe(403);
    expect((await h.request("GET", `/manager/schedule${q}`, { token: client })).status).toBe(403);
    expect((await h.request("GET", `/manager/schedule${q}`, { token: admin })).status).toBe(200);
    expect(
      (await h.request("GET", `/manager/schedule?cemeteryId=${mine}&date=24.11.2026`, { token: manager })).status,
    ).toBe(422);
  });
});

/** The feed's lines after checking its form: CRLF, lines of at most 75 octets, BEGIN/END balanced. */
function parseIcs(body: string) {
  expect(body.endsWith("\r\n")).toBe(true);
  const physical = body.slice(0, -2).split("\r\n");
  for (const l of physical) {
    expect(Buffer.byteLength(l, "utf8"), l).toBeLessThanOrEqual(75);
    expect(l).not.toMatch(/[\r\n]/);
  }
  const lines: string[] = [];
  for (const l of physical) {
    if (l.startsWith(" ")) lines[lines.length - 1] += l.slice(1);
    else lines.push(l);
  }
  const stack: string[] = [];
  const events: Record<string, string>[] = [];
  const timezones: Record<string, string>[] = [];
  let current: Record<string, string> | null = null;
  for (const l of lines) {
    const colon = l.indexOf(":");
    expect(colon, l).toBeGreaterThan(0);
    const name = l.slice(0, colon);
    const value = l.slice(colon + 1);
    if (name === "BEGIN") {
      stack.push(value);
      if (value === "VEVENT" || value === "VTIMEZONE") current = {};
    } else if (name === "END") {
      expect(stack.pop()).toBe(value);
      if (value === "VEVENT") events.push(current as Record<string, string>);
      if (value === "VTIMEZONE") timezones.push(current as Record<string, string>);
    } else if (current) current[name] = value;
  }
  expect(stack).toEqual([]);
  return { physical, lines, events, timezones };
}

const icsUnescape = (v: string) => v.replace(/\\([\\;,nN])/g, (_, c: string) => (c === "n" || c === "N" ? "\n" : c));

describe("the crew's calendar feed", () => {
  async function createFeed(token = manager) {
    const res = await h.request("POST", "/manager/calendar-feeds", { token, body: { cemeteryId: mine } });
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    const path = new URL(res.json.url).pathname;
    expect(path).toMatch(/^\/api\/v1\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    return { id: res.json.id as number, path: path.replace("/api/v1", ""), token: path.slice(17, -4) };
  }

  it("carries the paid and confirmed burials of the window as events of the cemetery's time zone", async () => {
    // A name that needs every escape, long enough to fold.
    await h.db
      .update(cemeteries)
      .set({ nameRu: "Кенсай; участок «Старый», ворота \\ Север", slotCapacity: 10 })
      .where(eq(cemeteries.id, mine));
    const confirmed = await paidBooking(client, [row[0]?.id as number], "10:00");
    await moveAs(manager, confirmed, "confirm");
    const paid = await paidBooking(client, [row[1]?.id as number], "15:00");
    const pending = await book(client2, [row[2]?.id as number]);
    await slot(client2, pending, "12:00");
    // The window: seven days back, sixty ahead (local dates, today 2026-11-23).
    const edges = [];
    for (const [i, date] of ["2026-11-16", "2026-11-15", "2027-01-22", "2027-01-23"].entries()) {
      const id = await paidBooking(client2, [row[3 + i]?.id as number], "11:00");
      await h.db.update(burialRequests).set({ burialDate: date }).where(eq(burialRequests.id, id));
      edges.push(id);
    }
    const elsewhere = await paidBooking(client2, [otherRow[0] as number], "11:00", admin);

    const feed = await createFeed();
    const res = await h.request("GET", feed.path);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
    const body = res.json as string;
    const { physical, lines, events, timezones } = parseIcs(body);
    expect(
      physical.some((l) => l.startsWith(" ")),
      "some line was folded",
    ).toBe(true);
    expect(lines[0]).toBe("BEGIN:VCALENDAR");
    expect(lines).toContain("VERSION:2.0");
    expect(timezones).toEqual([
      expect.objectContaining({ TZID: "Asia/Almaty", TZOFFSETFROM: "+0500", TZOFFSETTO: "+0500" }),
    ]);
    const uid = (id: number) => `burial-request-${id}@localhost:3000`;
    expect(events.map((e) => e.UID).sort()).toEqual([confirmed, paid, edges[0], edges[2]].map(uid as never).sort());
    expect(body).not.toContain(uid(pending));
    expect(body).not.toContain(uid(elsewhere));
    const first = events.find((e) => e.UID === uid(confirmed)) as Record<string, string>;
    expect(first["DTSTART;TZID=Asia/Almaty"]).toBe("20261124T100000");
    expect(first["DTEND;TZID=Asia/Almaty"]).toBe("20261124T110000");
    expect(first.STATUS).toBe("CONFIRMED");
    expect(icsUnescape(first.SUMMARY as string)).toBe(`№ ${await numberOf(confirmed)} Сейтқасымов`);
    // Every `,` `;` `\` of a text escaped, so the value reads back exactly.
    expect(first.LOCATION).toMatch(/Кенсай\\; участок «Старый»\\, ворота \\\\ Север\\, Сектор/);
    expect(icsUnescape(first.LOCATION as string)).toBe(
      `Кенсай; участок «Старый», ворота \\ Север, Сектор ${row[0]?.sector}, ряд ${row[0]?.row}, место ${row[0]?.number}`,
    );
    expect(icsUnescape(first.DESCRIPTION as string).split("\n")).toEqual([
      "Сейтқасымов Нұржан Әлиұлы",
      "Вид захоронения: новая могила",
      `Место: Сектор ${row[0]?.sector}, ряд ${row[0]?.row}, место ${row[0]?.number}`,
      "Статус: подтверждена",
    ]);
    const second = events.find((e) => e.UID === uid(paid)) as Record<string, string>;
    expect(second.STATUS).toBe("TENTATIVE");
    expect(second["DTEND;TZID=Asia/Almaty"]).toBe("20261124T160000");

    // The same request keeps its UID as it moves on; a confirmed one turns CONFIRMED.
    await moveAs(manager, paid, "confirm");
    const again = parseIcs((await h.request("GET", feed.path)).json as string);
    expect(again.events.find((e) => e.UID === uid(paid))?.STATUS).toBe("CONFIRMED");
  });

  it("is listed without its token, and a revoked or unknown address answers 404", async () => {
    const feed = await createFeed();
    const list = await h.request("GET", `/manager/calendar-feeds?cemeteryId=${mine}`, { token: manager });
    expect(list.status).toBe(200);
    expect(list.json.items).toEqual([
      expect.objectContaining({ id: feed.id, cemeteryId: mine, createdBy: "Ким Ольга Викторовна", revokedAt: null }),
    ]);
    expect(JSON.stringify(list.json)).not.toContain(feed.token);
    // Only the hash is stored.
    expect(JSON.stringify(await h.db.execute("select * from calendar_feeds"))).not.toContain(feed.token);
    expect((await h.request("GET", feed.path)).status).toBe(200);
    expect((await h.request("GET", `/calendar/${"A".repeat(43)}.ics`)).status).toBe(404);
    expect((await h.request("GET", `/calendar/${feed.token}`)).status).toBe(404);

    expect((await h.request("DELETE", `/manager/calendar-feeds/${feed.id}`, { token: otherManager })).status).toBe(403);
    expect((await h.request("GET", feed.path)).status).toBe(200);
    expect((await h.request("DELETE", `/manager/calendar-feeds/${feed.id}`, { token: manager })).status).toBe(200);
    expect((await h.request("GET", feed.path)).status).toBe(404);
    expect((await h.request("DELETE", `/manager/calendar-feeds/${feed.id}`, { token: manager })).status).toBe(200);
    const after = await h.request("GET", `/manager/calendar-feeds?cemeteryId=${mine}`, { token: manager });
    expect(after.json.items[0].revokedAt).toBe(T0.toISOString());
    expect((await h.request("DELETE", "/manager/calendar-feeds/999999", { token: manager })).status).toBe(404);
  });

  it("is made only by the cemetery's managers, for their own cemeteries", async () => {
    const body = { cemeteryId: mine };
    const foreign = await h.request("POST", "/manager/calendar-feeds", { token: otherManager, body });
    expect(foreign.status).toBe(403);
    expect(foreign.json.error.code).toBe("cemetery_not_assigned");
    expect((await h.request("POST", "/manager/calendar-feeds", { token: client, body })).status).toBe(403);
    expect((await h.request("POST", "/manager/calendar-feeds", { body })).status).toBe(401);
    expect((await h.request("GET", `/manager/calendar-feeds?cemeteryId=${mine}`, { token: otherManager })).status).toBe(
      403,
    );
    expect((await h.request("POST", "/manager/calendar-feeds", { token: admin, body })).status).toBe(201);
  });

  it("never writes a feed's token to the request log", () => {
    expect(loggedPath(`/api/v1/calendar/${"a".repeat(43)}.ics`)).toBe("/api/v1/calendar/…");
    expect(loggedPath("/api/v1/burial-requests/5")).toBe("/api/v1/burial-requests/5");
  });
});

describe("iCalendar text", () => {
  it("escapes backslash, semicolon, comma and line breaks", () => {
    expect(icsEscape("a\\b;c,d\ne\r\nf")).toBe("a\\\\b\\;c\\,d\\ne\\nf");
  });

  it("folds at 75 octets without splitting a letter, and unfolds to the same line", () => {
    const line = `DESCRIPTION:${"Сейтқасымов Нұржан Әлиұлы — 😀 ".repeat(8)}`;
    const folded = foldLine(line).split("\r\n");
    expect(folded.length).toBeGreaterThan(4);
    for (const [i, l] of folded.entries()) {
      expect(Buffer.byteLength(l)).toBeLessThanOrEqual(75);
      if (i > 0) expect(l.startsWith(" ")).toBe(true);
      // A split UTF-8 sequence would show as a replacement character once written as bytes.
      expect(Buffer.from(l, "utf8").toString("utf8")).not.toContain("\uFFFD");
    }
    expect(folded.map((l, i) => (i ? l.slice(1) : l)).join("")).toBe(line);
    expect(foldLine("SHORT:1")).toBe("SHORT:1");
  });

  it("ends a slot running past midnight on the next day", () => {
    const body = calendarFeed({
      cemeteryName: "Кенсай",
      slotMinutes: 90,
      publicUrl: "https://example.kz",
      events: [
        {
          id: 7,
          number: "2026-000007",
          status: "paid",
          kind: "urn",
          remains: "urn",
          surname: "Ким",
          deceased: "Ким Ольга",
          burialDate: "2026-11-24",
          burialTime: "23:00",
          places: [],
          familyGrave: null,
          updatedAt: T0,
        },
      ],
    });
    const { events } = parseIcs(body);
    expect(events[0]?.["DTEND;TZID=Asia/Almaty"]).toBe("20261125T003000");
    expect(events[0]?.DTSTAMP).toBe("20261123T060000Z");
    expect(events[0]?.UID).toBe("burial-request-7@example.kz");
  });
});

describe("what the confirmation says", () => {
  const base: TConfirmationData = {
    number: "2026-000001",
    status: "pending",
    kind: "family_grave",
    remains: "coffin",
    surname: "Ким",
    name: "Ольга",
    patronymic: "",
    birthDate: null,
    deathDate: "2026-11-20",
    cemeteryName: "Кенсай",
    cemeteryAddress: "",
    places: [{ plotId: 1, sector: "A", row: "2", number: 3, lat: null, lng: null }],
    familyGrave: { burialId: 9, name: "Ким Пётр", lastBurial: "1990-05-01", burials: 1 },
    burialDate: null,
    burialTime: null,
    fee: 10_000,
    paymentMethod: null,
    paidAt: null,
    paymentRef: null,
    expiresAt: "2026-11-26T06:00:00.000Z",
    createdAt: "2026-11-23T06:00:00.000Z",
  };

  it("names the family grave, and leaves the QR out when the place has no coordinates", () => {
    const doc = confirmationDoc(base, "ru", T0);
    const fields = Object.fromEntries(doc.sections.flatMap((s) => s.fields.map((f) => [f.label, f.value])));
    expect(fields["Вид захоронения"]).toBe("в семейную могилу, гроб");
    expect(fields["Семейная могила"]).toBe("Ким Пётр (последнее захоронение 01.05.1990)");
    expect(fields["Дата рождения"]).toBe("—");
    expect(fields.Адрес).toBeUndefined();
    expect(doc.qr).toBeUndefined();
    const kk = confirmationDoc(base, "kk", T0);
    expect(kk.sections[0]?.heading).toBe("Марқұм");
    expect(kk.sections.flatMap((s) => s.fields).find((f) => f.label === "Төлем")?.value).toBe(
      "төленбеген; 26.11.2026, 11:00 дейін төлеу керек",
    );
  });
});
