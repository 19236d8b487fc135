import { eq } from "drizzle-orm";
import { translate } from "../../../common/i18n.ts";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { T0 } from "../../test/booking-fixtures.ts";
import { paidBurial } from "../../test/order-fixtures.ts";
import { graveOf, handoverBasics, SECOND_FAMILY_PHONE } from "../../test/handover-fixtures.ts";
import { createHarness, type Harness } from "../../test/harness.ts";
import { certificateData } from "../burial-requests/burial-documents.service.ts";
import { burialRequests } from "../burial-requests/burial-requests.tables.ts";
import { burials } from "../burials/burials.tables.ts";
import { notifications } from "../notifications/notifications.tables.ts";
import { users } from "../users/users.tables.ts";
import { graveHandovers } from "./handovers.tables.ts";

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => h.close());

/** A relative who has no account yet when the hand-over is sent. */
const NEW_RELATIVE = "+77017770044";

let b: Awaited<ReturnType<typeof handoverBasics>>;
let grave: number;
let otherGrave: number;
let client: string;
let manager: string;
beforeEach(async () => {
  await h.reset();
  h.setNow(T0);
  b = await handoverBasics(h);
  grave = await graveOf(h.db, b.freePlot, b.client);
  otherGrave = await graveOf(h.db, b.otherPlot, b.client);
  client = await h.login(h.phones.client);
  manager = b.manager;
});

async function send(token: string, over: Record<string, unknown> = {}) {
  const kinshipIds = [await h.upload(token)];
  return h.request("POST", "/handovers", {
    token,
    body: {
      burialId: grave,
      recipientPhone: NEW_RELATIVE,
      recipientSurname: "Сейтқалиева",
      recipientName: "Дина",
      relation: "child",
      comment: "Дочь, живёт рядом с кладбищем.",
      kinshipIds,
      ...over,
    },
  });
}
const move = (token: string, id: number, name: string, body: Record<string, unknown> = {}) =>
  h.request("POST", `/handovers/${id}/moves/${name}`, { token, body });
/** The fields a refusal names, each with the key of its message (the API answers it translated). */
const fieldsOf = (res: { json: { error?: { fields?: { path: string; message: string }[] } } }) =>
  (res.json.error?.fields ?? []).map((f) => [f.path, keyOf(f.message)]);
const keyOf = (message: string) =>
  [
    "validation.handover_not_yours",
    "validation.handover_self",
    "validation.handover_not_family",
    "validation.handover_open",
    "validation.handover_kinship",
  ].find((k) => translate("ru", k) === message) ?? message;

/** Signs up the relative with the phone the hand-over named. */
async function relativeSignsUp(phone = NEW_RELATIVE) {
  await h.db.insert(users).values({ phone, role: "client", surname: "Сейтқалиева", name: "Дина" });
  return h.login(phone);
}

describe("a grave's hand-over", () => {
  it("goes from the responsible person to a relative who signs up, agrees, and the cemetery approves: the grave is theirs", async () => {
    const sent = await send(client);
    expect(sent.status, JSON.stringify(sent.json)).toBe(201);
    const id = sent.json.id as number;
    expect(sent.json.number).toMatch(/^H-2026-0+\d+$/);

    // The relative has no account: an SMS in both languages, through the outbox, once.
    expect(await h.runQueue()).toMatchObject({ ran: 1, failed: 0 });
    const sms = h.sms.sent.filter((m) => m.phone === NEW_RELATIVE);
    expect(sms).toHaveLength(1);
    expect(sms[0]?.text).toContain(`/client/cemetery/handover/${id}`);

    // The sender sees it waiting, may withdraw it; the manager does not act before the relative agreed.
    const mine = await h.request("GET", `/handovers/${id}`, { token: client });
    expect(mine.json).toMatchObject({ status: "awaiting_consent", side: "from", moves: ["withdraw"] });
    expect(mine.json.documents.kinship).toHaveLength(1);
    expect((await move(manager, id, "approve")).status).toBe(409);

    // Signed up with the named phone, the relative finds it and agrees.
    const relative = await relativeSignsUp();
    const list = await h.request("GET", "/handovers?status=open", { token: relative });
    expect(list.json.items).toMatchObject([{ id, side: "to", status: "awaiting_consent" }]);
    expect((await h.request("GET", `/handovers/${id}`, { token: relative })).json.moves).toEqual([
      "consent",
      "decline",
    ]);
    const agreed = await move(relative, id, "consent");
    expect(agreed.json).toMatchObject({ status: "submitted" });

    // The cemetery's manager is told, reads the documents, approves.
    const [m] = await h.db.select().from(users).where(eq(users.phone, h.phones.manager));
    const told = await h.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, (m as { id: number }).id));
    expect(told.map((n) => [n.kind, n.link])).toContainEqual(["handover_received", `/manager/handovers/${id}`]);
    const staffView = await h.request("GET", `/handovers/${id}`, { token: manager });
    expect(staffView.json).toMatchObject({ side: "staff", moves: ["approve", "refuse"] });
    const file = staffView.json.documents.kinship[0] as { url: string };
    expect((await h.request("GET", file.url.replace("/api/v1", ""), { token: manager })).status).toBe(200);
    expect((await move(manager, id, "approve")).json).toMatchObject({ status: "approved" });

    const [after] = await h.db.select().from(burials).where(eq(burials.id, grave));
    const [rel] = await h.db.select().from(users).where(eq(users.phone, NEW_RELATIVE));
    expect(after?.responsibleUserId).toBe(rel?.id);
    // Both sides are told, in the app.
    const kinds = await h.db.select().from(notifications).where(eq(notifications.kind, "handover_approved"));
    expect(kinds.map((n) => n.userId).sort()).toEqual([b.client, rel?.id].sort());
    // The old responsible person can no longer hand it over again.
    const again = await send(client);
    expect(fieldsOf(again)).toEqual([["burialId", "validation.handover_not_yours"]]);
  });

  it("re-issues the grave's certificate to the new responsible person; the old one no longer reads it", async () => {
    const request = await paidBurial(h.db, {
      clientId: b.client,
      cemeteryId: b.mine,
      date: "2026-11-20",
      time: "10:00",
    });
    await h.db
      .update(burialRequests)
      .set({ status: "completed", burialId: grave })
      .where(eq(burialRequests.id, request));
    const cert = `/burials/${grave}/certificate.pdf`;
    expect((await h.request("GET", cert, { token: client })).status).toBe(200);
    const id = (await send(client, { recipientPhone: SECOND_FAMILY_PHONE })).json.id as number;
    const relative = await h.login(SECOND_FAMILY_PHONE);
    await move(relative, id, "consent");
    await move(manager, id, "approve");
    expect((await h.request("GET", cert, { token: client })).status).toBe(404);
    const reissued = await h.request("GET", cert, { token: relative });
    expect(reissued.status).toBe(200);
    // What it prints: the relative as the responsible person, re-issued on the hand-over.
    const [rel] = await h.db.select().from(users).where(eq(users.phone, SECOND_FAMILY_PHONE));
    const data = await certificateData(h.services, { ...(rel as object), fullName: "" } as never, grave, "ru");
    expect(data.responsible).toBe("Сейтқалиева Әсел");
    expect(data.reissued).toMatchObject({ number: expect.stringMatching(/^H-2026-/) });
  });

  it("is sent only by the grave's responsible person, to someone else's family phone, with kinship proof, one at a time", async () => {
    const [other] = await h.db
      .insert(users)
      .values({ phone: "+77017770055", role: "client", surname: "Чужой", name: "Человек" })
      .returning();
    const stranger = await h.login(other?.phone as string);
    expect(fieldsOf(await send(stranger))).toEqual([["burialId", "validation.handover_not_yours"]]);
    expect(fieldsOf(await send(client, { recipientPhone: h.phones.client }))).toEqual([
      ["recipientPhone", "validation.handover_self"],
    ]);
    expect(fieldsOf(await send(client, { recipientPhone: h.phones.manager }))).toEqual([
      ["recipientPhone", "validation.handover_not_family"],
    ]);
    const noKin = await h.request("POST", "/handovers", {
      token: client,
      body: {
        burialId: grave,
        recipientPhone: NEW_RELATIVE,
        recipientSurname: "А",
        recipientName: "Б",
        relation: "child",
        kinshipIds: [],
      },
    });
    expect(fieldsOf(noKin)).toEqual([["kinshipIds", "validation.handover_kinship"]]);
    // Someone else's upload is not the sender's document.
    const foreign = await send(client, { kinshipIds: [await h.upload(stranger)] });
    expect(fieldsOf(foreign).map(([p]) => p)).toEqual(["kinshipIds"]);

    expect((await send(client)).status).toBe(201);
    expect(fieldsOf(await send(client))).toEqual([["burialId", "validation.handover_open"]]);
    // Another grave of the same family is its own hand-over.
    expect((await send(client, { burialId: otherGrave })).status).toBe(201);
  });

  it("is read only by its two sides and the cemetery's staff; another cemetery's manager and other families get 404", async () => {
    const id = (await send(client, { burialId: otherGrave })).json.id as number;
    // The demo manager works in the first cemetery only; the grave is in the second.
    expect((await h.request("GET", `/handovers/${id}`, { token: manager })).status).toBe(404);
    expect((await move(manager, id, "refuse", { reason: "Нет" })).status).toBe(404);
    expect((await h.request("GET", "/handovers", { token: manager })).json.items).toEqual([]);
    const admin = await h.login(h.phones.admin);
    expect((await h.request("GET", `/handovers/${id}`, { token: admin })).status).toBe(200);
    const [other] = await h.db
      .insert(users)
      .values({ phone: "+77017770066", role: "client", surname: "Чужой", name: "Человек" })
      .returning();
    const stranger = await h.login(other?.phone as string);
    expect((await h.request("GET", `/handovers/${id}`, { token: stranger })).status).toBe(404);
    expect((await move(stranger, id, "consent")).status).toBe(404);
    const supplier = await h.login(h.phones.supplier);
    expect((await h.request("GET", `/handovers/${id}`, { token: supplier })).status).toBe(403);
  });

  it("is refused with a reason both sides read; withdrawn by its sender; declined by the relative", async () => {
    const relative = await relativeSignsUp();
    const a = (await send(client)).json.id as number;
    await move(relative, a, "consent");
    expect((await move(manager, a, "refuse", {})).status).toBe(422);
    expect((await move(manager, a, "refuse", { reason: "Свидетельство не читается." })).json.status).toBe("refused");
    expect((await h.request("GET", `/handovers/${a}`, { token: relative })).json).toMatchObject({
      status: "refused",
      refusal: "Свидетельство не читается.",
    });
    const [g] = await h.db.select().from(burials).where(eq(burials.id, grave));
    expect(g?.responsibleUserId).toBe(b.client);

    const c = (await send(client)).json.id as number;
    expect((await move(relative, c, "withdraw")).status).toBe(409);
    expect((await move(client, c, "withdraw")).json.status).toBe("withdrawn");
    const d = (await send(client)).json.id as number;
    expect((await move(client, d, "consent")).status).toBe(409);
    expect((await move(relative, d, "decline")).json.status).toBe("declined");
  });

  it("expires when the relative does not answer in 14 days, once, and the sender is told", async () => {
    const id = (await send(client)).json.id as number;
    h.setNow(new Date(T0.getTime() + 13 * 86_400_000));
    await h.runQueue();
    expect((await h.db.select().from(graveHandovers).where(eq(graveHandovers.id, id)))[0]?.status).toBe(
      "awaiting_consent",
    );
    h.setNow(new Date(T0.getTime() + 14 * 86_400_000 + 60_000));
    await h.runQueue();
    await h.runQueue();
    expect((await h.db.select().from(graveHandovers).where(eq(graveHandovers.id, id)))[0]?.status).toBe("expired");
    const told = await h.db.select().from(notifications).where(eq(notifications.kind, "handover_expired"));
    expect(told.map((n) => n.userId)).toEqual([b.client]);
  });

  it("cannot be approved once the sender is no longer the grave's responsible person", async () => {
    const relative = await relativeSignsUp();
    const id = (await send(client)).json.id as number;
    await move(relative, id, "consent");
    await h.db.update(burials).set({ responsibleUserId: null }).where(eq(burials.id, grave));
    const res = await move(manager, id, "approve");
    expect(res.status).toBe(409);
    expect(res.json.error.code).toBe("handover_not_responsible");
  });
});
