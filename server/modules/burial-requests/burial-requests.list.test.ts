import { almatyDay } from "../../../common/calendar/almaty.ts";
import { addCalendarDays } from "../../../common/calendar/days.ts";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { QUEUED_JOBS } from "../../jobs.ts";
import {
  assignManager,
  bookingCemetery,
  HOUR,
  newGrave,
  signedInUsers,
  T0,
  type TSignedIn,
} from "../../test/booking-fixtures.ts";
import { createHarness, type Harness } from "../../test/harness.ts";
import { demoAkimatId } from "../../test/registry-fixtures.ts";
import { runDueJobs } from "../jobs/queue.ts";

/**
 * The request lists of the cemetery's staff (and the family's): found by the deceased's name, the
 * family's phone or the number; every status; the burials of today and tomorrow first.
 */

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => h.close());

let manager: string;
let client: string;
let other: TSignedIn;
let row: number[];
const today = almatyDay(T0);
const tomorrow = addCalendarDays(today, 1);

beforeEach(async () => {
  await h.reset();
  h.setNow(T0);
  const c = await bookingCemetery(h.db, await demoAkimatId(h.db), { perRow: 10, settings: { slotCapacity: 10 } });
  row = c.rows[0] as number[];
  await assignManager(h.db, h.phones.manager, c.id);
  manager = await h.login(h.phones.manager);
  client = await h.login(h.phones.client);
  other = (await signedInUsers(h.db, 1, T0))[0] as TSignedIn;
});

async function book(token: string, place: number, surname: string, name = "Серік"): Promise<number> {
  const res = await h.request("POST", "/burial-requests", {
    token,
    body: { ...newGrave([row[place] as number]), surname, name, patronymic: "" },
  });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return res.json.id;
}

/** Attaches the certificate and takes the slot of `date` at `time` (or its first). */
async function slot(token: string, id: number, date: string, time?: string) {
  const slots = await h.request("GET", `/burial-requests/${id}/slots`, { token });
  const day = slots.json.days.find((d: { date: string }) => d.date === date);
  const body = { certificateIds: [await h.upload(token)], burialDate: date, burialTime: time ?? day.slots[0].time };
  expect((await h.request("PUT", `/burial-requests/${id}/details`, { token, body })).status).toBe(200);
}

const moveAs = async (token: string, id: number, move: string, body: Record<string, unknown> = {}) =>
  expect((await h.request("POST", `/burial-requests/${id}/moves/${move}`, { token, body })).status).toBe(200);

/** The ids a staff list shows for a query string. */
async function listed(query: string, token = manager): Promise<number[]> {
  const res = await h.request("GET", `/burial-requests?${query}`, { token });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json.items.map((r: { id: number }) => r.id);
}

describe("the staff's request lists", () => {
  it("find a request by the deceased's name, the family's phone or the number", async () => {
    const mine = await book(client, 0, "Жолдасбеков");
    const theirs = await book(other.token, 2, "Әбенов", "Нұрлан");
    const q = (text: string) => listed(`q=${encodeURIComponent(text)}`);
    // The name's start, in any case, either spelling of the Kazakh letters, with the given name.
    expect(await q("жолдас")).toEqual([mine]);
    expect(await q("ЖОЛДАСБЕКОВ Сер")).toEqual([mine]);
    expect(await q("Абенов")).toEqual([theirs]);
    expect(await q("әбенов нұр")).toEqual([theirs]);
    expect(await q("Нұрлан")).toEqual([]);
    expect(await q("%")).toEqual([]);
    // The family's phone as people type it.
    expect(await q("8 701 000 00 05")).toEqual([mine]);
    expect(await q("+7 (701) 000-00-05")).toEqual([mine]);
    expect(await q(other.phone)).toEqual([theirs]);
    // The number as printed, with # or №, or the bare id.
    const number = (await h.request("GET", `/burial-requests/${theirs}`, { token: manager })).json.number;
    for (const text of [number, `#${theirs}`, `№ ${theirs}`, String(theirs)]) expect(await q(text)).toEqual([theirs]);
    // The family's own list searches their requests only.
    expect(await listed(`q=${encodeURIComponent(number)}`, client)).toEqual([]);
    // A wrong filter is refused, not dropped.
    const bad = await h.request("GET", `/burial-requests?q=${"я".repeat(81)}`, { token: manager });
    expect(bad.status).toBe(422);
  });

  it("cover every status, one at a time or all", async () => {
    const ids = {
      pending: await book(client, 0, "Ожидаев"),
      paid: await book(client, 2, "Оплатов"),
      confirmed: await book(other.token, 4, "Подтвержденов"),
      completed: await book(other.token, 6, "Завершенов"),
    };
    for (const k of ["paid", "confirmed", "completed"] as const) {
      const token = k === "paid" ? client : other.token;
      await slot(token, ids[k], today);
      await moveAs(manager, ids[k], "pay_office");
      if (k !== "paid") await moveAs(manager, ids[k], "confirm");
      if (k === "completed") await moveAs(manager, ids[k], "complete");
    }
    const third = (await signedInUsers(h.db, 1, T0, { series: 1 }))[0] as TSignedIn;
    const cancelled = await book(third.token, 8, "Отменов");
    await moveAs(manager, cancelled, "cancel", { reason: "Семья передумала" });
    // An unpaid hold lapses: expired by the queued job.
    h.setNow(new Date(T0.getTime() + 73 * HOUR));
    await runDueJobs(h.services, QUEUED_JOBS);
    const all = { ...ids, expired: ids.pending, cancelled };
    for (const status of ["pending", "paid", "confirmed", "completed", "cancelled", "expired"] as const) {
      const expected = status === "pending" ? [] : [all[status]];
      expect(await listed(`status=${status}`), status).toEqual(expected);
    }
    expect((await listed("")).sort((a, b) => a - b)).toEqual([...Object.values(ids), cancelled].sort((a, b) => a - b));
    expect((await h.request("GET", "/burial-requests?status=archived", { token: manager })).status).toBe(422);
  });

  it("list the burials of today and tomorrow first, by time; then the live holds; then the newest", async () => {
    const later = await book(client, 0, "Послезавтрашний");
    await slot(client, later, addCalendarDays(today, 3));
    await moveAs(manager, later, "pay_office");
    const hold = await book(client, 2, "Неоплатов");
    const tomorrowLate = await book(other.token, 4, "Завтрашнийпоздний");
    await slot(other.token, tomorrowLate, tomorrow, "15:00");
    await moveAs(manager, tomorrowLate, "pay_office");
    const todays = await book(other.token, 6, "Сегодняшний");
    await slot(other.token, todays, today);
    await moveAs(manager, todays, "pay_office");
    await moveAs(manager, todays, "confirm");
    const tomorrowEarly = await book(other.token, 8, "Завтрашнийранний");
    await slot(other.token, tomorrowEarly, tomorrow, "10:00");
    // A cancelled burial of today is not among today's.
    const third = (await signedInUsers(h.db, 1, T0, { series: 1 }))[0] as TSignedIn;
    const dropped = await book(third.token, 9, "Отменов");
    await slot(third.token, dropped, today);
    await moveAs(manager, dropped, "cancel", { reason: "Перенесли" });
    expect(await listed("")).toEqual([todays, tomorrowEarly, tomorrowLate, hold, dropped, later]);
    // The order is in the URL too: the newest first on demand.
    expect(await listed("sort=-createdAt")).toEqual([dropped, tomorrowEarly, todays, tomorrowLate, hold, later]);
  });

  it("look a name up through its index, not by reading every request", async () => {
    await book(client, 0, "Жолдасбеков");
    await h.db.execute(sql`set enable_seqscan = off`);
    try {
      const plan = await h.db.execute(sql`explain select id from burial_requests where deceased_key like ${"жолдас%"}`);
      expect(JSON.stringify(plan.rows)).toContain("burial_requests_deceased_key_idx");
    } finally {
      await h.db.execute(sql`set enable_seqscan = on`);
    }
  });
});
