import { and, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, openDatabase } from "../../server/db/client.ts";
import { DEMO_PHONES, seedDemo } from "../../server/db/seed.ts";
import { auditLog } from "../../server/modules/audit/audit.tables.ts";
import { burialRequests, plotHolds } from "../../server/modules/burial-requests/burial-requests.tables.ts";
import { jobs } from "../../server/modules/jobs/jobs.tables.ts";
import { SMS_JOB_KIND } from "../../server/modules/jobs/outbox.ts";
import { notifications } from "../../server/modules/notifications/notifications.tables.ts";
import {
  assignManager,
  bookingCemetery,
  caller,
  HOUR,
  newGrave,
  signedInUsers,
  T0,
  type TCall,
  type TSignedIn,
  tally,
} from "../../server/test/booking-fixtures.ts";
import { servicesFor } from "../../server/test/services.ts";
import { timerWorkers } from "./timer-workers.ts";
import { freshDatabase, stopAll, waitPrintedReady } from "./workers.ts";

/**
 * A booking's timers on two app servers: two Node processes run the job queue (`booking-worker.ts`:
 * `startQueue` with the product's `QUEUED_JOBS`) on one fresh PostgreSQL database, on a clock the
 * test moves. Many families book at once; at 24 h and 1 h before their holds end each is reminded
 * once (in the app and by SMS), and at the end each unpaid request expires once — while half the
 * families cancel at that very moment through the API of a third process (this one). Each request
 * ends either cancelled or expired, never both, with one audit row, one notice and one SMS to match.
 */

const FAMILIES = 100;
const fresh = freshDatabase("mazar_booking");
const queue = timerWorkers(fresh.url(), T0);
const { workers } = queue;

let database: Database;
let call: TCall;
let families: TSignedIn[];
let requestIds: number[];

beforeAll(async () => {
  await fresh.create("The booking timers test");
  database = await openDatabase({ databaseUrl: fresh.url() });
  const db = database.db;
  await db.execute(sql`create table sms_log (runner text not null, phone text not null, text text not null)`);
  await db.execute(sql`create table queue_runners (runner text primary key)`);
  const { akimatId } = await seedDemo(db);
  const cem = await bookingCemetery(db, akimatId, { rows: 3, perRow: 10 });
  await assignManager(db, DEMO_PHONES.manager, cem.id);
  families = await signedInUsers(db, FAMILIES, T0);
  // This process is the app server the families book on.
  call = caller(servicesFor(db, { now: queue.now }));
  const places = cem.rows.flat();
  const booked = await Promise.all(
    families.map((f, i) => call("POST", "/burial-requests", { token: f.token, body: newGrave([places[i] as number]) })),
  );
  expect(tally(booked)).toEqual({ 201: FAMILIES });
  requestIds = booked.map((r) => r.json.id as number);
  queue.start();
  queue.start();
  for (const w of workers) await waitPrintedReady(w);
});

afterAll(async () => {
  await stopAll(workers);
  await database?.close();
  await fresh.drop();
});

const settle = () => queue.settle(database);
const setClock = (at: Date) => queue.setClock(at, database);

/** Audit rows of the requests, counted per (request, action). */
async function actions(): Promise<Map<number, string[]>> {
  const rows = await database.db
    .select({ id: auditLog.entityId, action: auditLog.action })
    .from(auditLog)
    .where(eq(auditLog.entityType, "burial_request"));
  const out = new Map<number, string[]>();
  for (const r of rows) out.set(Number(r.id), [...(out.get(Number(r.id)) ?? []), r.action]);
  return out;
}

const count = (xs: readonly string[] | undefined, x: string) => (xs ?? []).filter((y) => y === x).length;

async function smsSent(): Promise<Map<string, string[]>> {
  const res = await database.db.execute(sql`select phone, text from sms_log`);
  const out = new Map<string, string[]>();
  for (const r of res.rows as { phone: string; text: string }[])
    out.set(r.phone, [...(out.get(r.phone) ?? []), r.text]);
  return out;
}

describe("a booking's reminders and expiry on two app servers", () => {
  it("reminds every family once 24 h and once 1 h before the hold ends, in the app and by SMS", async () => {
    await setClock(new Date(T0.getTime() + 48 * HOUR + 1000));
    await settle();
    await setClock(new Date(T0.getTime() + 71 * HOUR + 1000));
    await settle();

    const byRequest = await actions();
    for (const id of requestIds) {
      expect([count(byRequest.get(id), "remind_24h"), count(byRequest.get(id), "remind_1h")]).toEqual([1, 1]);
    }
    const sent = await smsSent();
    for (const f of families) {
      const texts = sent.get(f.phone) ?? [];
      expect(texts).toHaveLength(2);
      const told = await database.db
        .select({ kind: notifications.kind })
        .from(notifications)
        .where(eq(notifications.userId, f.id));
      expect(told.map((n) => n.kind)).toEqual(["burial_expires_soon", "burial_expires_soon"]);
    }
    // Nothing has expired yet: the holds still run.
    const pending = await database.db.select().from(burialRequests).where(eq(burialRequests.status, "pending"));
    expect(pending).toHaveLength(FAMILIES);
  });

  it("expires each unpaid request once while half the families cancel at that moment: each ends one way", async () => {
    const end = new Date(T0.getTime() + 72 * HOUR + 1000);
    const cancelling = families.filter((_, i) => i % 2 === 1);
    // Both workers get the new time while the families' cancellations reach this server.
    const [, cancels] = await Promise.all([
      setClock(end),
      Promise.all(
        cancelling.map((f) =>
          call("POST", `/burial-requests/${requestIds[families.indexOf(f)]}/moves/cancel_own`, {
            token: f.token,
            body: { reason: "Похороны в другом городе" },
          }),
        ),
      ),
    ]);
    await settle();

    // A cancellation either won (200) or found the request already expired (409 invalid_transition).
    for (const r of cancels) {
      expect(r.status === 200 || (r.status === 409 && r.json.error.code === "invalid_transition")).toBe(true);
    }
    const rows = await database.db.select().from(burialRequests).where(inArray(burialRequests.id, requestIds));
    const byRequest = await actions();
    const sent = await smsSent();
    let expired = 0;
    for (const [i, f] of families.entries()) {
      const id = requestIds[i] as number;
      const row = rows.find((r) => r.id === id);
      const moves = byRequest.get(id) ?? [];
      const told = (
        await database.db.select({ kind: notifications.kind }).from(notifications).where(eq(notifications.userId, f.id))
      ).map((n) => n.kind);
      const texts = sent.get(f.phone) ?? [];
      if (row?.status === "expired") {
        expired += 1;
        expect([count(moves, "expire"), count(moves, "cancel_own")]).toEqual([1, 0]);
        expect(count(told, "burial_expired")).toBe(1);
        expect(texts).toHaveLength(3);
        expect(texts.filter((t) => /истёк/.test(t))).toHaveLength(1);
      } else {
        expect(row?.status).toBe("cancelled");
        expect(i % 2).toBe(1);
        expect([count(moves, "expire"), count(moves, "cancel_own")]).toEqual([0, 1]);
        expect(count(told, "burial_expired")).toBe(0);
        expect(texts).toHaveLength(2);
      }
      const cancel = cancels[cancelling.indexOf(f)];
      if (cancel) expect(cancel.status).toBe(row?.status === "cancelled" ? 200 : 409);
    }
    // Every family that did not cancel expired; of those who did, the ones the expiry beat.
    expect(expired).toBe(FAMILIES - (tally(cancels)[200] ?? 0));
    expect(expired).toBeGreaterThanOrEqual(FAMILIES / 2);

    // Every place is free again; every job ran once, on both servers; every SMS job matches one SMS sent.
    const live = await database.db
      .select({ id: plotHolds.id })
      .from(plotHolds)
      .where(and(inArray(plotHolds.requestId, requestIds), sql`${plotHolds.releasedAt} is null`));
    expect(live).toEqual([]);
    const all = await database.db.select().from(jobs);
    expect(all.filter((j) => j.doneAt === null || j.attempts !== 1)).toEqual([]);
    expect(new Set(all.map((j) => j.lockedBy)).size).toBe(2);
    const smsJobs = all.filter((j) => j.kind === SMS_JOB_KIND);
    const sentCount = [...sent.values()].reduce((n, t) => n + t.length, 0);
    expect(smsJobs).toHaveLength(sentCount);
    for (const w of workers) expect(w.exited).toBe(false);
  });
});
