import { and, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { answerDueDay, escalationDays, escalationInstant } from "../../common/appeal-deadlines.ts";
import { almatyDay } from "../../common/calendar/almaty.ts";
import { type Database, openDatabase } from "../../server/db/client.ts";
import { DEMO_PHONES, seedDemo } from "../../server/db/seed.ts";
import { appeals } from "../../server/modules/appeals/appeals.tables.ts";
import { auditLog } from "../../server/modules/audit/audit.tables.ts";
import { jobs } from "../../server/modules/jobs/jobs.tables.ts";
import { notifications } from "../../server/modules/notifications/notifications.tables.ts";
import { users } from "../../server/modules/users/users.tables.ts";
import { caller, signedInUsers, T0, type TCall, type TSignedIn, tally } from "../../server/test/booking-fixtures.ts";
import { servicesFor } from "../../server/test/services.ts";
import { timerWorkers } from "./timer-workers.ts";
import { freshDatabase, stopAll, waitPrintedReady } from "./workers.ts";

/**
 * An appeal's deadline timers on two app servers (the product's queue in two Node processes on one
 * PostgreSQL, on a clock the test moves): 2 working days before the due day and on it, the akimat's
 * admins are warned once per open appeal; an appeal withdrawn before a warning is not warned of,
 * and one withdrawn at the very moment of the last warning is warned of at most once.
 */
const APPLICANTS = 40;
const fresh = freshDatabase("mazar_appeal_timers");
const queue = timerWorkers(fresh.url(), T0);

let database: Database;
let call: TCall;
let applicants: TSignedIn[];
let ids: number[];
let adminId: number;
const due = answerDueDay(almatyDay(T0));
const soonAt = escalationInstant(escalationDays(due).soon);
const dueAt = escalationInstant(due);

beforeAll(async () => {
  await fresh.create("The appeal timers test");
  database = await openDatabase({ databaseUrl: fresh.url() });
  const db = database.db;
  await db.execute(sql`create table sms_log (runner text not null, phone text not null, text text not null)`);
  await db.execute(sql`create table queue_runners (runner text primary key)`);
  const { akimatId } = await seedDemo(db);
  adminId = ((await db.select().from(users).where(eq(users.phone, DEMO_PHONES.akimat)))[0] as { id: number }).id;
  applicants = await signedInUsers(db, APPLICANTS, T0);
  call = caller(servicesFor(db, { now: queue.now }));
  const filed = await Promise.all(
    applicants.map((a, i) =>
      call("POST", "/appeals", {
        token: a.token,
        body: { akimatId, type: "statement", text: `Прошу навести порядок у участка ${i + 1}.` },
      }),
    ),
  );
  expect(tally(filed)).toEqual({ 201: APPLICANTS });
  ids = filed.map((r) => r.json.id as number);
  queue.start();
  queue.start();
  for (const w of queue.workers) await waitPrintedReady(w);
});

afterAll(async () => {
  await stopAll(queue.workers);
  await database?.close();
  await fresh.drop();
});

const withdraw = (i: number) =>
  call("POST", `/appeals/${ids[i]}/moves/withdraw`, { token: applicants[i]?.token, body: {} });

/** The warnings the admin got, per appeal number. */
async function warnings(kind: string): Promise<Map<string, number>> {
  const rows = await database.db
    .select({ params: notifications.params })
    .from(notifications)
    .where(and(eq(notifications.userId, adminId), eq(notifications.kind, kind)));
  const out = new Map<string, number>();
  for (const r of rows) out.set(String(r.params.number), (out.get(String(r.params.number)) ?? 0) + 1);
  return out;
}

describe("an appeal's deadline warnings on two app servers", () => {
  it("warns of each open appeal once, 2 working days before the due day, and of no withdrawn one", async () => {
    // A quarter withdrawn first: nobody is warned of them.
    const early = await Promise.all(Array.from({ length: APPLICANTS / 4 }, (_, i) => withdraw(i)));
    expect(tally(early)).toEqual({ 200: APPLICANTS / 4 });
    await queue.setClock(new Date(soonAt.getTime() + 1000), database);
    await queue.settle(database);
    const rows = await database.db.select().from(appeals).where(inArray(appeals.id, ids));
    const soon = await warnings("appeal_due_soon");
    for (const [i, id] of ids.entries()) {
      const row = rows.find((r) => r.id === id);
      expect(soon.get(row?.number as string) ?? 0, `appeal ${i}`).toBe(i < APPLICANTS / 4 ? 0 : 1);
    }
  });

  it("warns on the due day at most once, while applicants withdraw at that moment; each open one once", async () => {
    const racing = Array.from({ length: APPLICANTS / 4 }, (_, k) => APPLICANTS / 4 + k);
    const [, raced] = await Promise.all([
      queue.setClock(new Date(dueAt.getTime() + 1000), database),
      Promise.all(racing.map((i) => withdraw(i))),
    ]);
    expect(tally(raced)).toEqual({ 200: racing.length });
    await queue.settle(database);
    const rows = await database.db.select().from(appeals).where(inArray(appeals.id, ids));
    const today = await warnings("appeal_due_today");
    const audit = await database.db
      .select({ id: auditLog.entityId, action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.entityType, "appeal"), eq(auditLog.action, "due_today")));
    for (const [i, id] of ids.entries()) {
      const row = rows.find((r) => r.id === id);
      const n = today.get(row?.number as string) ?? 0;
      if (i < APPLICANTS / 4) expect(n).toBe(0);
      else if (racing.includes(i)) expect(n).toBeLessThanOrEqual(1);
      else expect(n, `appeal ${i}`).toBe(1);
      expect(audit.filter((a) => Number(a.id) === id).length).toBe(n);
    }
    // Every job ran once, on both servers.
    const all = await database.db.select().from(jobs);
    expect(all.filter((j) => j.doneAt === null || j.attempts !== 1)).toEqual([]);
    expect(new Set(all.map((j) => j.lockedBy)).size).toBe(2);
    for (const w of queue.workers) expect(w.exited).toBe(false);
  });
});
