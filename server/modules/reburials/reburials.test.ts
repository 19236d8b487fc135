import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { addCalendarDays } from "../../../common/calendar/days.ts";
import { earliestHearingDay } from "../../../common/appeal-deadlines.ts";
import { ensureAkimat } from "../../db/seed.ts";
import { assignManager, bookingCemetery, T0 } from "../../test/booking-fixtures.ts";
import { createHarness, type Harness } from "../../test/harness.ts";
import { burialRequests, plotHolds } from "../burial-requests/burial-requests.tables.ts";
import { burials } from "../burials/burials.tables.ts";
import { burialRecordValues } from "../burials/manager.service.ts";
import { plots } from "../cemeteries/cemeteries.tables.ts";
import { notifications } from "../notifications/notifications.tables.ts";
import { akimats } from "../users/organisations.tables.ts";
import { users } from "../users/users.tables.ts";
import { reburialRequests } from "./reburials.tables.ts";

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => h.close());

let akimatId: number;
let sourcePlot: number;
let destPlots: number[];
let destCemetery: number;
let sourceCemetery: number;
let oldBurialId: number;
let client: string;
let staff: string;
let manager: string;
let clientId: number;
const TODAY = "2026-11-23";

beforeEach(async () => {
  await h.reset();
  h.setNow(T0);
  akimatId = ((await h.db.select().from(akimats))[0] as { id: number }).id;
  const src = await bookingCemetery(h.db, akimatId, { which: 0, perRow: 4 });
  const dst = await bookingCemetery(h.db, akimatId, { which: 1, perRow: 4 });
  sourceCemetery = src.id;
  destCemetery = dst.id;
  sourcePlot = (src.rows[0] as number[])[0] as number;
  destPlots = dst.rows[0] as number[];
  await assignManager(h.db, h.phones.manager, dst.id);
  const [me] = await h.db.select().from(users).where(eq(users.phone, h.phones.client));
  clientId = (me as { id: number }).id;
  const [rec] = await h.db
    .insert(burials)
    .values({
      plotId: sourcePlot,
      ...burialRecordValues({
        surname: "Перенесенов",
        name: "Ахмет",
        patronymic: "Серикович",
        deathDate: "1999-03-04",
        burialDate: "1999-03-06",
        isReburial: false,
      }),
      responsibleUserId: clientId,
    })
    .returning({ id: burials.id });
  oldBurialId = (rec as { id: number }).id;
  client = await h.login(h.phones.client);
  staff = await h.login(h.phones.akimat);
  manager = await h.login(h.phones.manager);
});

const requestBody = (over: Record<string, unknown> = {}) => ({
  source: "platform",
  sourceBurialId: oldBurialId,
  destination: "platform",
  destinationCemeteryId: destCemetery,
  reason: "Кладбище закрывается для посещений; семья переезжает и просит перенести могилу отца ближе.",
  deathNoticeNumber: "2020-0123456",
  ...over,
});

async function apply(over: Record<string, unknown> = {}) {
  const graveIds = [await h.upload(client)];
  const res = await h.request("POST", "/reburials", { token: client, body: { ...requestBody(over), graveIds } });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return res.json.id as number;
}

const move = (token: string, id: number, name: string, body: Record<string, unknown> = {}) =>
  h.request("POST", `/reburials/${id}/moves/${name}`, { token, body });

const plotStatus = async (id: number) => (await h.db.select().from(plots).where(eq(plots.id, id)))[0]?.status;

describe("a reburial request", () => {
  it("is registered to the akimat of the grave's cemetery, due in 15 working days, the admins told", async () => {
    const id = await apply();
    const got = await h.request("GET", `/reburials/${id}`, { token: client });
    expect(got.status).toBe(200);
    expect(got.json).toMatchObject({
      status: "submitted",
      akimat: { id: akimatId },
      isResponsible: true,
      deceased: { surname: "Перенесенов", deathDate: "1999-03-04" },
      source: { place: { burialId: oldBurialId, cemetery: { id: sourceCemetery } } },
      destination: { cemetery: { id: destCemetery } },
      countdown: { dueDay: "2026-12-14", isOverdue: false },
      moves: ["withdraw"],
      canBook: false,
    });
    expect(got.json.documents.grave).toHaveLength(1);
    const [s] = await h.db.select().from(users).where(eq(users.phone, h.phones.akimat));
    const told = await h.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, (s as { id: number }).id));
    expect(told.map((n) => [n.kind, n.link])).toContainEqual(["reburial_received", `/user/reburials/${id}`]);
  });

  it("needs kinship proof from someone who is not the grave's responsible person, and a death record", async () => {
    await h.db.update(burials).set({ responsibleUserId: null }).where(eq(burials.id, oldBurialId));
    const graveIds = [await h.upload(client)];
    const noKin = await h.request("POST", "/reburials", { token: client, body: { ...requestBody(), graveIds } });
    expect(noKin.status).toBe(422);
    expect(noKin.json.error.fields).toMatchObject([{ path: "kinshipIds" }]);
    const noDeath = await h.request("POST", "/reburials", {
      token: client,
      body: { ...requestBody({ deathNoticeNumber: "" }), graveIds },
    });
    expect(noDeath.status).toBe(422);
    expect(noDeath.json.error.fields.map((f: { path: string }) => f.path)).toContain("deathIds");
  });

  it("is seen by its akimat's staff and its applicant only", async () => {
    const id = await apply();
    const other = await ensureAkimat(h.db, { nameRu: "Акимат Б", nameKk: "Б әкімдігі", city: "Б" });
    await h.db.insert(users).values({ phone: "+77019990001", role: "akimat", akimatId: other, akimatRole: "admin" });
    await h.db.insert(users).values({ phone: "+77019990002", role: "client" });
    const otherStaff = await h.login("+77019990001");
    const otherClient = await h.login("+77019990002");
    expect((await h.request("GET", "/reburials", { token: staff })).json.total).toBe(1);
    expect((await h.request("GET", "/reburials", { token: client })).json.total).toBe(1);
    expect((await h.request("GET", "/reburials", { token: otherStaff })).json.total).toBe(0);
    expect((await h.request("GET", "/reburials", { token: otherClient })).json.total).toBe(0);
    expect((await h.request("GET", `/reburials/${id}`, { token: otherStaff })).status).toBe(404);
    expect((await h.request("GET", `/reburials/${id}`, { token: otherClient })).status).toBe(404);
    expect((await h.request("GET", "/reburials", { token: manager })).status).toBe(403);
    expect((await move(otherStaff, id, "take")).status).toBe(404);
  });

  it("lists by status, assignee, overdue, period, text and applicant", async () => {
    const id = await apply();
    const q = async (query: string) =>
      (await h.request("GET", `/reburials?${query}`, { token: staff })).json.items.map((i: { id: number }) => i.id);
    expect(await q("status=open")).toEqual([id]);
    expect(await q("status=approved")).toEqual([]);
    expect(await q("assignee=none")).toEqual([id]);
    expect(await q("overdue=true")).toEqual([]);
    expect(await q(`from=${TODAY}&to=${TODAY}`)).toEqual([id]);
    expect(await q("from=2026-12-01")).toEqual([]);
    expect(await q(`q=${encodeURIComponent("Перенесенов")}`)).toEqual([id]);
    expect(await q(`q=R-2026-${String(id).padStart(6, "0")}`)).toEqual([id]);
    expect(await q("q=Нетакого")).toEqual([]);
    expect(await q("applicant=0000005")).toEqual([id]);
    await move(staff, id, "take");
    const [s] = await h.db.select().from(users).where(eq(users.phone, h.phones.akimat));
    expect(await q(`assignee=${(s as { id: number }).id}`)).toEqual([id]);
    h.setNow(new Date("2026-12-15T06:00:00Z"));
    expect(await q("overdue=true")).toEqual([id]);
    expect((await h.request("GET", "/reburials?status=nope", { token: staff })).status).toBe(422);
  });

  it("asks for documents, the applicant adds them, the hearing comes before a refusal", async () => {
    const id = await apply();
    expect((await move(staff, id, "take")).json.status).toBe("in_work");
    expect((await move(staff, id, "refuse", { reason: "Нет", howToComplain: "В суд" })).status).toBe(409);
    const asked = await move(staff, id, "ask_documents", { request: "Приложите согласие братьев и сестёр." });
    expect(asked.json.status).toBe("waiting_applicant");
    const added = await move(client, id, "add_documents", { kind: "consent", attachmentIds: [await h.upload(client)] });
    expect(added.json.status, JSON.stringify(added.json)).toBe("in_work");
    const early = await move(staff, id, "hearing_notice", { proposal: "Отказать", hearingDate: TODAY });
    expect(early.status).toBe(422);
    const hearingDate = earliestHearingDay(TODAY);
    expect((await move(staff, id, "hearing_notice", { proposal: "Отказать", hearingDate })).json.status).toBe(
      "hearing",
    );
    const tooSoon = await move(staff, id, "refuse", { reason: "Нет оснований", howToComplain: "В суд" });
    expect(tooSoon.status).toBe(422);
    h.setNow(new Date(`${hearingDate}T06:00:00Z`));
    const refused = await move(staff, id, "refuse", { reason: "Нет оснований", howToComplain: "В суд" });
    expect(refused.json.status).toBe("refused");
    const got = (await h.request("GET", `/reburials/${id}`, { token: client })).json;
    expect(got.documents.consent).toHaveLength(1);
    expect(got.refusal).toMatchObject({ reason: "Нет оснований" });
  });
});

describe("approval continues into a booking", () => {
  it("approve → book (kind reburial, no fee) → complete: the old record reburied, its place free, the search shows the new place", async () => {
    const id = await apply();
    await move(staff, id, "take");
    const approved = await move(staff, id, "approve", { reburialDate: TODAY, feeWaived: "on" });
    expect(approved.json.status, JSON.stringify(approved.json)).toBe("approved");
    expect((await h.request("GET", `/reburials/${id}`, { token: client })).json.canBook).toBe(true);

    const deceased = { surname: "x", deathDate: "2000-01-01" };
    const elsewhere = await h.request("POST", "/burial-requests", {
      token: client,
      body: { kind: "reburial", reburialId: id, plotIds: [sourcePlot + 1], ...deceased },
    });
    expect(elsewhere.status).toBe(422);
    const booked = await h.request("POST", "/burial-requests", {
      token: client,
      body: { kind: "reburial", reburialId: id, plotIds: [destPlots[0]], ...deceased },
    });
    expect(booked.status, JSON.stringify(booked.json)).toBe(201);
    const again = await h.request("POST", "/burial-requests", {
      token: client,
      body: { kind: "reburial", reburialId: id, plotIds: [destPlots[1]], ...deceased },
    });
    expect(again.status).toBe(409);
    const bookingId = booked.json.id as number;
    const booking = (await h.request("GET", `/burial-requests/${bookingId}`, { token: client })).json;
    // The deceased is the request's, whatever the form sent; the akimat waived the fee.
    expect(booking).toMatchObject({ kind: "reburial", fee: 0, surname: "Перенесенов", deathDate: "1999-03-04" });
    expect((await h.request("GET", `/reburials/${id}`, { token: client })).json).toMatchObject({
      canBook: false,
      bookings: [{ id: bookingId, status: "pending" }],
    });

    // No death certificate asked (the death was proven in the reburial request), nothing to pay:
    // what is left is the slot.
    expect(booking.todo).toEqual(["slot"]);
    expect(booking.reburial).toMatchObject({ id, number: expect.stringMatching(/\d/) });
    expect(booking.onlinePayment).toBe(false);
    const slots = (await h.request("GET", `/burial-requests/${bookingId}/slots`, { token: client })).json;
    const day = slots.days[0];
    const details = await h.request("PUT", `/burial-requests/${bookingId}/details`, {
      token: client,
      body: { burialDate: day.date, burialTime: day.slots[0].time },
    });
    expect(details.status, JSON.stringify(details.json)).toBe(200);
    // The fee waived: the slot settles the booking — paid with nothing paid, its place kept, the
    // family and the cemetery told; the office has no 0 ₸ payment to record.
    const settled = (await h.request("GET", `/burial-requests/${bookingId}`, { token: manager })).json;
    expect(settled).toMatchObject({ status: "paid", paymentMethod: "free", paymentRef: null, todo: [] });
    expect(settled.reburial).toMatchObject({ id });
    expect(settled.moves).not.toContain("pay_office");
    expect(settled.history.map((e: { action: string }) => e.action)).toContain("settle_free");
    const [hold] = await h.db.select().from(plotHolds).where(eq(plotHolds.requestId, bookingId));
    expect(hold?.heldUntil).toBeNull();
    const told = await h.db.select().from(notifications).where(eq(notifications.kind, "burial_free"));
    expect(told).toHaveLength(1);
    expect(await h.db.select().from(notifications).where(eq(notifications.kind, "burial_free_staff"))).not.toEqual([]);
    const officePay = await h.request("POST", `/burial-requests/${bookingId}/moves/pay_office`, {
      token: manager,
      body: {},
    });
    expect(officePay.status).toBe(409);
    for (const m of ["confirm", "complete"]) {
      const r = await h.request("POST", `/burial-requests/${bookingId}/moves/${m}`, { token: manager, body: {} });
      expect(r.status, `${m} ${JSON.stringify(r.json)}`).toBe(200);
    }

    const [old] = await h.db.select().from(burials).where(eq(burials.id, oldBurialId));
    const [done] = await h.db.select().from(burialRequests).where(eq(burialRequests.id, bookingId));
    expect(old?.reburiedAt).not.toBeNull();
    expect(old?.reburiedToBurialId).toBe(done?.burialId);
    const [fresh] = await h.db
      .select()
      .from(burials)
      .where(eq(burials.id, done?.burialId as number));
    expect(fresh).toMatchObject({ isReburial: true, surname: "Перенесенов", plotId: destPlots[0] });
    expect(await plotStatus(sourcePlot)).toBe("free");
    expect(await plotStatus(destPlots[0] as number)).toBe("occupied");

    const [req] = await h.db.select().from(reburialRequests).where(eq(reburialRequests.id, id));
    expect(req).toMatchObject({ status: "reburied", newBurialId: done?.burialId });
    const page = (await h.request("GET", `/reburials/${id}`, { token: client })).json;
    expect(page.done.place).toMatchObject({ burialId: done?.burialId, cemetery: { id: destCemetery } });

    const found = await h.request("GET", `/burials/search?q=${encodeURIComponent("Перенесенов Ахмет")}`);
    expect(found.json.items.map((b: { id: number; cemetery: { id: number } }) => [b.id, b.cemetery.id])).toEqual([
      [done?.burialId, destCemetery],
    ]);
    expect((await h.request("GET", `/burials/${oldBurialId}`)).json).toMatchObject({
      reburied: { burialId: done?.burialId },
    });
  });

  it("a destination outside the platform is recorded done by the akimat, the old place freed", async () => {
    const id = await apply({
      destination: "outside",
      destinationCemeteryId: undefined,
      destinationText: "Шымкент, кладбище Бадам",
    });
    await move(staff, id, "take");
    await move(staff, id, "approve", { reburialDate: addCalendarDays(TODAY, 3) });
    const done = await move(staff, id, "record_reburied", { reburiedOn: addCalendarDays(TODAY, 3) });
    expect(done.json.status).toBe("reburied");
    expect(await plotStatus(sourcePlot)).toBe("free");
    const [old] = await h.db.select().from(burials).where(eq(burials.id, oldBurialId));
    expect(old?.reburiedTo).toBe("Шымкент, кладбище Бадам");
  });
});
