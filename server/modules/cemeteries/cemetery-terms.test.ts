import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { assignManager, bookingCemetery, HOUR, newGrave, T0 } from "../../test/booking-fixtures.ts";
import { createHarness, type Harness } from "../../test/harness.ts";
import { demoAkimatId } from "../../test/registry-fixtures.ts";
import { auditLog } from "../audit/audit.tables.ts";
import { cemeteries } from "./cemeteries.tables.ts";

/**
 * A cemetery's booking terms (hold hours, family-grave years, slot capacity and length): the admin
 * sets them on the cemetery's form, within bounds, audited; bookings made afterwards follow them,
 * bookings made before keep theirs; families see the hold and the family-grave interval.
 */

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => h.close());

let admin: string;
let id: number;
let row: number[];
beforeEach(async () => {
  await h.reset();
  h.setNow(T0);
  const c = await bookingCemetery(h.db, await demoAkimatId(h.db), { perRow: 6 });
  id = c.id;
  row = c.rows[0] as number[];
  admin = await h.login(h.phones.admin);
});

/** The cemetery as the admin's form reads it, with some fields changed, sent back as the form sends it. */
async function save(changes: Record<string, unknown>, token = admin, lang = "ru") {
  const record = await h.request("GET", `/cemeteries/${id}/record`, { token: admin });
  expect(record.status).toBe(200);
  const { id: _id, sectors: _sectors, ...body } = record.json;
  return h.request("PUT", `/cemeteries/${id}`, {
    token,
    headers: { "accept-language": lang },
    body: { ...body, ...changes },
  });
}

describe("a cemetery's booking terms", () => {
  it("are read and written by the admin's form, shown to families, and audited with what changed", async () => {
    const before = await h.request("GET", `/cemeteries/${id}/record`, { token: admin });
    expect(before.json).toMatchObject({ holdHours: 72, familyGraveYears: 15, slotCapacity: 2, slotMinutes: 60 });
    const res = await save({ holdHours: "48", familyGraveYears: 20, slotCapacity: 3, slotMinutes: 90 });
    expect(res.status).toBe(200);
    const after = await h.request("GET", `/cemeteries/${id}/record`, { token: admin });
    expect(after.json).toMatchObject({ holdHours: 48, familyGraveYears: 20, slotCapacity: 3, slotMinutes: 90 });
    const pub = await h.request("GET", `/cemeteries/${id}`);
    expect(pub.json).toMatchObject({ holdHours: 48, familyGraveYears: 20 });
    const [audit] = await h.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, "cemetery"), eq(auditLog.action, "update")));
    expect(audit?.data).toEqual({
      terms: { holdHours: [72, 48], familyGraveYears: [15, 20], slotCapacity: [2, 3], slotMinutes: [60, 90] },
    });
  });

  it("refuses values out of bounds, field by field in the admin's language, and keeps the old ones", async () => {
    const res = await save({ holdHours: 0, familyGraveYears: 51, slotCapacity: 1.5, slotMinutes: 10 }, admin, "kk");
    expect(res.status).toBe(422);
    const byPath = Object.fromEntries(
      res.json.error.fields.map((f: { path: string; message: string }) => [f.path, f.message]),
    );
    expect(Object.keys(byPath).sort()).toEqual(["familyGraveYears", "holdHours", "slotCapacity", "slotMinutes"]);
    expect(byPath.holdHours).toMatch(/1/);
    expect(byPath.familyGraveYears).toMatch(/50/);
    expect(byPath.slotCapacity).toBe("Бүтін сан енгізіңіз.");
    const tooLong = await save({ holdHours: 337 });
    expect(tooLong.status).toBe(422);
    expect(tooLong.json.error.fields).toEqual([expect.objectContaining({ path: "holdHours" })]);
    // A slot longer than the day's burial hours (10:00–16:00) would leave no slot at all.
    const slot = await save({ slotMinutes: 420 });
    expect(slot.status).toBe(422);
    expect(slot.json.error.fields).toEqual([
      expect.objectContaining({ path: "slotMinutes", message: expect.stringMatching(/часы захоронений/) }),
    ]);
    const [c] = await h.db.select().from(cemeteries).where(eq(cemeteries.id, id));
    expect(c).toMatchObject({ holdHours: 72, familyGraveYears: 15, slotCapacity: 2, slotMinutes: 60 });
  });

  it("are changed by the admin only", async () => {
    await assignManager(h.db, h.phones.manager, id);
    for (const phone of [h.phones.manager, h.phones.client, h.phones.akimat, h.phones.supplier]) {
      const res = await save({ holdHours: 1 }, await h.login(phone));
      expect(res.status).toBe(403);
    }
    const [c] = await h.db.select().from(cemeteries).where(eq(cemeteries.id, id));
    expect(c?.holdHours).toBe(72);
  });

  it("apply to bookings made afterwards; a booking made before keeps its hold", async () => {
    const client = await h.login(h.phones.client);
    const book = (plotId: number) => h.request("POST", "/burial-requests", { token: client, body: newGrave([plotId]) });
    const first = await book(row[0] as number);
    expect(first.status).toBe(201);
    expect((await save({ holdHours: 24, slotCapacity: 5, slotMinutes: 120 })).status).toBe(200);
    const second = await book(row[2] as number);
    expect(second.status).toBe(201);
    const get = (rid: number) => h.request("GET", `/burial-requests/${rid}`, { token: client });
    expect((await get(first.json.id)).json.expiresAt).toBe(new Date(T0.getTime() + 72 * HOUR).toISOString());
    expect((await get(second.json.id)).json.expiresAt).toBe(new Date(T0.getTime() + 24 * HOUR).toISOString());
    // Slots are cut by the new length and take the new capacity.
    const slots = await h.request("GET", `/burial-requests/${second.json.id}/slots`, { token: client });
    // (Tomorrow: today's morning is past at T0.)
    expect(slots.json.days[1].slots.map((s: { time: string }) => s.time)).toEqual(["10:00", "12:00", "14:00"]);
    expect(slots.json.days[1].slots[0]).toMatchObject({ capacity: 5, left: 5 });
  });
});
