import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { auditLog } from "../audit/audit.tables.ts";
import { burials } from "../burials/burials.tables.ts";
import { notifications } from "../notifications/notifications.tables.ts";
import { payments, refunds } from "../payments/payments.tables.ts";
import { threadComments } from "../threads/threads.tables.ts";
import { careBasics, type TCareBasics } from "../../test/care-fixtures.ts";
import { assignManager, signedInUsers } from "../../test/booking-fixtures.ts";
import { createHarness, type Harness } from "../../test/harness.ts";
import { demoPng } from "../../db/demo-files.ts";
import { carePrices, careRequests } from "./ennoblement.tables.ts";

/** Tuesday 24 November 2026, 11:00 in Almaty. */
const T0 = new Date("2026-11-24T06:00:00Z");
const DAY = 86_400_000;

let h: Harness;
let b: TCareBasics;
let client: string;
let manager: string;
let admin: string;
let otherManager: string;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => h.close());

async function setUp(season?: { start: string; end: string }) {
  await h.reset();
  h.setNow(T0);
  b = await careBasics(h.db, { season });
  client = await h.login(h.phones.client);
  manager = await h.login(h.phones.manager);
  admin = await h.login(h.phones.admin);
  // A manager of the other cemetery only.
  const [other] = await signedInUsers(h.db, 1, T0, { role: "manager", series: 7 });
  otherManager = (other as { token: string }).token;
  await assignManager(h.db, (other as { phone: string }).phone, b.otherCemeteryId);
}

const order = (token: string, body: Record<string, unknown>) =>
  h.request("POST", "/care/requests", { token, body: { burialId: b.familyGrave.id, ...body } });
const move = (token: string, id: number, name: string, body: Record<string, unknown> = {}) =>
  h.request("POST", `/care/requests/${id}/moves/${name}`, { token, body });
const permitMove = (token: string, id: number, name: string, body: Record<string, unknown> = {}) =>
  h.request("POST", `/care/permits/${id}/moves/${name}`, { token, body });
const photo = (token: string) =>
  h.upload(token, {
    bytes: demoPng([90, 120, 90], [60, 60, 60]),
    name: "grave.png",
    type: "image/png",
    purpose: "photo",
  });

describe("who reaches a grave's care", () => {
  beforeEach(() => setUp());

  it("a family orders only for the graves it is responsible for; others' graves are not there (404)", async () => {
    const mine = await order(client, { kinds: ["cleaning"], comment: "Перед годовщиной." });
    expect(mine.status).toBe(201);
    const theirs = await order(client, { burialId: b.strangerGrave.id, kinds: ["cleaning"] });
    expect(theirs.status).toBe(404);
    expect((await h.request("GET", `/care/graves/${b.strangerGrave.id}/order-form`, { token: client })).status).toBe(
      404,
    );
    // The stranger's family sees nothing of this family's request.
    const [stranger] = await signedInUsers(h.db, 1, T0, { series: 8 });
    await h.db.update(burials).set({ responsibleUserId: null }).where(eq(burials.id, b.strangerGrave.id));
    const read = await h.request("GET", `/care/requests/${mine.json.requestId}`, {
      token: (stranger as { token: string }).token,
    });
    expect(read.status).toBe(404);
  });

  it("a manager reaches the requests of the cemeteries assigned to them; another cemetery's manager gets 404", async () => {
    const { json } = await order(client, { kinds: ["cleaning"] });
    const id = json.requestId as number;
    expect((await h.request("GET", `/care/requests/${id}`, { token: manager })).json).toMatchObject({
      status: "new",
      moves: ["accept", "reject"],
      family: { phone: h.phones.client },
    });
    expect((await h.request("GET", `/care/requests/${id}`, { token: otherManager })).status).toBe(404);
    expect((await move(otherManager, id, "accept")).status).toBe(404);
    expect((await h.request("GET", "/care/requests", { token: otherManager })).json.total).toBe(0);
    expect((await h.request("GET", "/care/requests", { token: manager })).json.total).toBe(1);
    expect((await h.request("GET", "/care/requests", { token: admin })).json.total).toBe(1);
    // The family reads it without the staff's view of the family.
    expect((await h.request("GET", `/care/requests/${id}`, { token: client })).json).toMatchObject({
      family: null,
      moves: ["cancel"],
    });
    // The thread: the request's people only.
    expect((await h.request("GET", `/threads/care_request/${id}`, { token: otherManager })).status).toBe(404);
    expect((await h.request("GET", `/threads/care_request/${id}`, { token: client })).status).toBe(200);
  });

  it("follows the grave when its responsible person changes: the old family loses it, the new one has it", async () => {
    const { json } = await order(client, { kinds: ["cleaning"] });
    const id = json.requestId as number;
    const [heir] = await signedInUsers(h.db, 1, T0, { series: 9 });
    await h.db
      .update(burials)
      .set({ responsibleUserId: (heir as { id: number }).id })
      .where(eq(burials.id, b.familyGrave.id));
    expect((await h.request("GET", `/care/requests/${id}`, { token: client })).status).toBe(404);
    expect((await move(client, id, "cancel")).status).toBe(404);
    const theirs = await h.request("GET", `/care/requests/${id}`, { token: (heir as { token: string }).token });
    expect(theirs.json).toMatchObject({ id, moves: ["cancel"] });
  });

  it("asks only for works on the cemetery's price list; a permit on its own needs no price", async () => {
    const landscaping = await order(client, { kinds: ["landscaping"] });
    expect(landscaping.status).toBe(422);
    expect(landscaping.json.error.fields).toMatchObject([{ path: "kinds" }]);
    const own = await order(client, {
      kinds: ["fence"],
      permitOnly: true,
      design: "Ограда 2 × 2 м",
      installer: "ИП Сапаров",
      plannedDate: "2026-11-30",
    });
    expect(own.status).toBe(201);
    expect(own.json.requestId).toBeNull();
    const permit = await h.request("GET", `/care/permits/${own.json.permitIds[0]}`, { token: client });
    expect(permit.json).toMatchObject({
      status: "requested",
      installer: "own",
      installerName: "ИП Сапаров",
      dueDay: "2026-11-25",
    });
  });
});

describe("the price", () => {
  beforeEach(() => setUp());

  it("is the cemetery's list's, whatever the order or the accept move sends, and stays as accepted", async () => {
    const { json } = await order(client, {
      kinds: ["cleaning", "headstone"],
      total: 1,
      price: 1,
      plannedDate: "2026-12-01",
      design: "Памятник 1 × 0,6 м",
    });
    const id = json.requestId as number;
    const accepted = await move(manager, id, "accept", { total: 1, price: 1, lines: [] });
    expect(accepted.json.status).toBe("accepted");
    await h.db.update(carePrices).set({ price: 1 });
    const read = await h.request("GET", `/care/requests/${id}`, { token: client });
    expect(read.json).toMatchObject({
      total: 68_000,
      lines: [
        { kind: "cleaning", price: 8_000 },
        { kind: "headstone", price: 60_000 },
      ],
      paymentStatus: "unpaid",
      canPayOnline: true,
    });
    const told = await h.db.select().from(notifications).where(eq(notifications.kind, "care_accepted"));
    expect(told).toMatchObject([{ userId: b.clientId }]);
  });

  it("cannot be accepted while a kind of its works is off the list (the move is not offered)", async () => {
    const { json } = await order(client, { kinds: ["cleaning"] });
    await h.db.delete(carePrices).where(and(eq(carePrices.cemeteryId, b.cemeteryId), eq(carePrices.kind, "cleaning")));
    const read = await h.request("GET", `/care/requests/${json.requestId}`, { token: manager });
    expect(read.json.moves).toEqual(["reject"]);
    const refused = await move(manager, json.requestId, "accept");
    expect(refused.status).toBe(409);
    expect(refused.json.error.code).toBe("care_price_missing");
  });
});

describe("paying online", () => {
  beforeEach(() => setUp());

  it("pays the request once however often the provider calls back; cancelled afterwards, all of it is owed back", async () => {
    const { json } = await order(client, { kinds: ["cleaning"] });
    const id = json.requestId as number;
    expect((await h.request("POST", `/care/requests/${id}/payments`, { token: client })).status).toBe(409);
    await move(manager, id, "accept");
    const started = await h.request("POST", `/care/requests/${id}/payments`, { token: client });
    expect(started.json.redirectUrl).toMatch(/^\/api\/v1\/payments\/fake\/[0-9a-f-]{36}\?lang=ru$/);
    const paymentId = /fake\/([0-9a-f-]{36})/.exec(started.json.redirectUrl)?.[1] as string;
    const page = await h.request("GET", `/payments/fake/${paymentId}`);
    expect(page.json as string).toContain(`/client/tickets/ennoblement/${id}`);
    const provider = h.services.payments as unknown as { sign: (id: string, o: string) => string };
    const body = { paymentId, outcome: "paid", signature: provider.sign(paymentId, "paid") };
    const calls = await Promise.all([1, 2, 3].map(() => h.request("POST", "/payments/callback/fake", { body })));
    expect(calls.map((c) => c.json.status)).toEqual(["paid", "paid", "paid"]);
    const read = await h.request("GET", `/care/requests/${id}`, { token: client });
    expect(read.json).toMatchObject({ paymentStatus: "paid", paidVia: "online", canPayOnline: false });
    const paidSteps = await h.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, "care_request"), eq(auditLog.action, "pay_online")));
    expect(paidSteps).toHaveLength(1);
    expect(await h.db.select().from(notifications).where(eq(notifications.kind, "care_paid_online"))).toHaveLength(1);
    // Nothing more to pay, not even at the office.
    expect((await move(manager, id, "record_payment", {})).status).toBe(409);
    const cancelled = await move(client, id, "cancel");
    expect(cancelled.json.status).toBe("cancelled");
    expect(await h.db.select().from(refunds)).toMatchObject([
      { paymentId, subject: "care_request", subjectId: id, amount: 8_000 },
    ]);
    expect((await h.request("GET", `/care/requests/${id}`, { token: client })).json).toMatchObject({
      paymentStatus: "refund_due",
      refundDue: 8_000,
    });
    const [payment] = await h.db.select().from(payments).where(eq(payments.id, paymentId));
    expect(payment?.status).toBe("paid");
  });
});

describe("an installation", () => {
  it("is ordered only for a day within the season, and its permit is issued only then", async () => {
    await setUp({ start: "04-01", end: "10-31" });
    const winter = await order(client, { kinds: ["fence"], design: "Ограда 2 × 2 м", plannedDate: "2026-12-10" });
    expect(winter.status).toBe(422);
    expect(winter.json.error.fields).toMatchObject([
      { path: "plannedDate", message: expect.stringContaining("Вне сезона установки (01.04 – 31.10)") },
    ]);
    // The cleaning has no season.
    expect((await order(client, { kinds: ["cleaning"] })).status).toBe(201);
    const spring = await order(client, { kinds: ["fence"], design: "Ограда 2 × 2 м", plannedDate: "2027-04-15" });
    expect(spring.status).toBe(201);
    const permitId = spring.json.permitIds[0] as number;
    expect((await permitMove(manager, permitId, "issue")).json.status).toBe("issued");
    // Issued today, valid to 23 December: outside the season for a day now, so the works wait for spring.
    await move(manager, spring.json.requestId, "accept");
    const outside = await move(manager, spring.json.requestId, "schedule", { date: "2026-12-01" });
    expect(outside.status).toBe(422);
    expect(outside.json.error.fields).toMatchObject([
      { path: "date", message: expect.stringContaining("Вне сезона установки") },
    ]);
  });

  it("is scheduled only once its permit is issued, within the permit's month; the permit ends by its timer", async () => {
    await setUp();
    const { json } = await order(client, { kinds: ["fence"], design: "Ограда 2 × 2 м", plannedDate: "2026-12-01" });
    const id = json.requestId as number;
    const permitId = json.permitIds[0] as number;
    // The managers were told, with its due day (one working day).
    const told = await h.db.select().from(notifications).where(eq(notifications.kind, "permit_requested"));
    expect(told).toMatchObject([{ userId: b.managerId }]);
    await move(manager, id, "accept");
    expect((await h.request("GET", `/care/requests/${id}`, { token: manager })).json.moves).not.toContain("schedule");
    const early = await move(manager, id, "schedule", { date: "2026-12-01" });
    expect(early.status).toBe(409);
    expect(early.json.error.code).toBe("care_permit_missing");
    expect((await permitMove(client, permitId, "issue")).status).toBe(403);
    expect((await permitMove(otherManager, permitId, "issue")).status).toBe(404);
    expect((await permitMove(manager, permitId, "issue")).json.status).toBe("issued");
    const permit = (await h.request("GET", `/care/permits/${permitId}`, { token: client })).json;
    expect(permit).toMatchObject({ status: "issued", validUntil: "2026-12-23" });
    const late = await move(manager, id, "schedule", { date: "2026-12-24" });
    expect(late.status).toBe(422);
    expect(late.json.error.fields).toMatchObject([
      { path: "date", message: "Разрешение действует до 23.12.2026: выберите день в его сроке." },
    ]);
    expect((await move(manager, id, "schedule", { date: "2026-12-23" })).json.status).toBe("scheduled");
    // The permit's last day passes: its timer ends it, once, and tells the family.
    h.setNow(new Date("2026-12-23T12:00:00Z"));
    await h.runQueue();
    expect((await h.request("GET", `/care/permits/${permitId}`, { token: client })).json.status).toBe("issued");
    h.setNow(new Date("2026-12-23T19:00:01Z"));
    await h.runQueue();
    await h.runQueue();
    expect((await h.request("GET", `/care/permits/${permitId}`, { token: client })).json.status).toBe("expired");
    expect(await h.db.select().from(notifications).where(eq(notifications.kind, "permit_expired"))).toMatchObject([
      { userId: b.clientId },
    ]);
  });

  it("reminds the managers on the due day's morning of a permit not decided, once", async () => {
    await setUp();
    // Friday afternoon: due on Monday.
    h.setNow(new Date("2026-11-27T09:00:00Z"));
    const { json } = await order(client, {
      kinds: ["headstone"],
      permitOnly: true,
      installer: "ТОО «Тас»",
      design: "Памятник 1,2 × 0,6 м",
      plannedDate: "2026-12-05",
    });
    expect((await h.request("GET", `/care/permits/${json.permitIds[0]}`, { token: manager })).json).toMatchObject({
      dueDay: "2026-11-30",
      overdue: false,
    });
    h.setNow(new Date("2026-11-30T03:59:00Z"));
    await h.runQueue();
    expect(await h.db.select().from(notifications).where(eq(notifications.kind, "permit_due"))).toHaveLength(0);
    h.setNow(new Date("2026-11-30T04:00:00Z"));
    await h.runQueue();
    await h.runQueue();
    expect(await h.db.select().from(notifications).where(eq(notifications.kind, "permit_due"))).toMatchObject([
      { userId: b.managerId },
    ]);
    // The next day it is overdue, first in the staff's queue.
    h.setNow(new Date("2026-12-01T04:00:00Z"));
    const queue = await h.request("GET", "/care/permits?status=requested", { token: manager });
    expect(queue.json.items).toMatchObject([{ id: json.permitIds[0], overdue: true }]);
  });
});

describe("done works", () => {
  beforeEach(() => setUp());

  async function doneRequest() {
    const { json } = await order(client, { kinds: ["cleaning"] });
    const id = json.requestId as number;
    await move(manager, id, "accept");
    await move(manager, id, "record_payment", { paymentRef: "К-3" });
    await move(manager, id, "schedule", { date: "2026-11-26" });
    return id;
  }

  it("need a photo before and one after", async () => {
    const id = await doneRequest();
    const before = await photo(manager);
    const missing = await move(manager, id, "complete", { beforeIds: [before], afterIds: [] });
    expect(missing.status).toBe(422);
    expect(missing.json.error.fields).toMatchObject([
      { path: "afterIds", message: "Добавьте хотя бы одно фото после работ." },
    ]);
    // The family's photo is not the manager's to attach.
    const theirs = await photo(client);
    const foreign = await move(manager, id, "complete", { beforeIds: [before], afterIds: [theirs] });
    expect(foreign.status).toBe(422);
    const after = await photo(manager);
    expect((await move(manager, id, "complete", { beforeIds: [before], afterIds: [after] })).json.status).toBe("done");
    const read = await h.request("GET", `/care/requests/${id}`, { token: client });
    expect(read.json.before.map((f: { id: string }) => f.id)).toEqual([before]);
    expect(read.json.after.map((f: { id: string }) => f.id)).toEqual([after]);
    expect(read.json.moves).toEqual(["confirm", "dispute"]);
    // The family reads the photos; another cemetery's manager does not.
    expect((await h.request("GET", `/uploads/${after}`, { token: client })).status).toBe(200);
    expect((await h.request("GET", `/uploads/${after}`, { token: otherManager })).status).toBe(404);
    // The grave's history lists it with its photos, for the family and the cemetery's staff.
    const history = await h.request("GET", `/care/graves/${b.familyGrave.id}`, { token: manager });
    expect(history.json.requests).toMatchObject([
      { id, status: "done", before: [{ id: before }], after: [{ id: after }] },
    ]);
    expect((await h.request("GET", `/care/graves/${b.familyGrave.id}`, { token: otherManager })).status).toBe(404);
  });

  it("are confirmed by themselves 7 days after, once, with a reminder the day before", async () => {
    const id = await doneRequest();
    h.setNow(new Date("2026-11-26T06:00:00Z"));
    await move(manager, id, "complete", { beforeIds: [await photo(manager)], afterIds: [await photo(manager)] });
    h.setNow(new Date(new Date("2026-11-26T06:00:00Z").getTime() + 6 * DAY));
    await h.runQueue();
    expect(await h.db.select().from(notifications).where(eq(notifications.kind, "care_answer_soon"))).toHaveLength(1);
    expect((await h.request("GET", `/care/requests/${id}`, { token: client })).json.status).toBe("done");
    h.setNow(new Date(new Date("2026-11-26T06:00:00Z").getTime() + 7 * DAY));
    await Promise.all([h.runQueue(), h.runQueue()]);
    await h.runQueue();
    expect((await h.request("GET", `/care/requests/${id}`, { token: client })).json.status).toBe("confirmed");
    const steps = await h.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, "care_request"), eq(auditLog.action, "auto_confirm")));
    expect(steps).toHaveLength(1);
    expect(await h.db.select().from(notifications).where(eq(notifications.kind, "care_auto_confirmed"))).toHaveLength(
      1,
    );
  });

  it("disputed, go into the request's thread; the cemetery redoes them or closes the dispute with its answer", async () => {
    const id = await doneRequest();
    await move(manager, id, "complete", { beforeIds: [await photo(manager)], afterIds: [await photo(manager)] });
    expect((await move(client, id, "dispute", { text: "Листву не убрали." })).json.status).toBe("disputed");
    const said = await h.db.select().from(threadComments).where(eq(threadComments.entityId, id));
    expect(said).toMatchObject([{ entityType: "care_request", body: "Листву не убрали.", authorSide: "applicant" }]);
    expect(await h.db.select().from(notifications).where(eq(notifications.kind, "care_disputed"))).toMatchObject([
      { userId: b.managerId },
    ]);
    expect((await move(manager, id, "redo", { date: "2026-11-27" })).json.status).toBe("scheduled");
    await move(manager, id, "complete", { beforeIds: [await photo(manager)], afterIds: [await photo(manager)] });
    const read = await h.request("GET", `/care/requests/${id}`, { token: client });
    // The redone works keep the first photos too: the grave's history.
    expect(read.json.after).toHaveLength(2);
    expect((await move(client, id, "dispute", { text: "Всё ещё грязно." })).json.status).toBe("disputed");
    expect((await move(manager, id, "close", { answer: "Убрали, фото в переписке." })).json.status).toBe("closed");
  });

  it("rejected, tell the family the reason", async () => {
    const { json } = await order(client, { kinds: ["cleaning"] });
    const refused = await move(manager, json.requestId, "reject", { reason: "" });
    expect(refused.status).toBe(422);
    expect((await move(manager, json.requestId, "reject", { reason: "Участок на ремонте." })).json.status).toBe(
      "rejected",
    );
    const [told] = await h.db.select().from(notifications).where(eq(notifications.kind, "care_rejected"));
    expect(told).toMatchObject({ userId: b.clientId, params: { reason: "Участок на ремонте." } });
    const [row] = await h.db.select().from(careRequests).where(eq(careRequests.id, json.requestId));
    expect(row?.rejectReason).toBe("Участок на ремонте.");
  });
});

describe("the cemetery's settings", () => {
  beforeEach(() => setUp());

  it("are set by its managers: the season both ends or none, one price per kind", async () => {
    const put = (token: string, id: number, body: Record<string, unknown>) =>
      h.request("PUT", `/care/settings/${id}`, { token, body });
    const ok = await put(manager, b.cemeteryId, {
      seasonStart: "04-01",
      seasonEnd: "10-31",
      prices: [{ kind: "cleaning", price: 9000, unit: "service", note: "" }, { kind: "other" }],
    });
    expect(ok.json).toMatchObject({
      season: { start: "04-01", end: "10-31" },
      prices: [{ kind: "cleaning", price: 9000 }],
    });
    expect((await put(manager, b.cemeteryId, { seasonStart: "04-01" })).status).toBe(422);
    expect((await put(manager, b.cemeteryId, { seasonStart: "02-30", seasonEnd: "10-31" })).status).toBe(422);
    expect(
      (
        await put(manager, b.cemeteryId, {
          prices: [
            { kind: "cleaning", price: 1 },
            { kind: "cleaning", price: 2 },
          ],
        })
      ).status,
    ).toBe(422);
    expect((await put(otherManager, b.cemeteryId, { prices: [] })).status).toBe(403);
    expect((await put(client, b.cemeteryId, { prices: [] })).status).toBe(403);
    const list = await h.request("GET", "/care/settings", { token: manager });
    expect(list.json.items.map((c: { cemeteryId: number }) => c.cemeteryId)).toEqual([b.cemeteryId]);
    const form = await h.request("GET", `/care/graves/${b.familyGrave.id}/order-form`, { token: client });
    expect(form.json).toMatchObject({
      season: { start: "04-01", end: "10-31" },
      prices: [{ kind: "cleaning", price: 9000 }],
    });
  });
});
