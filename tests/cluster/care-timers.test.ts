import { and, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, openDatabase } from "../../server/db/client.ts";
import { DEMO_PHONES, seedDemo } from "../../server/db/seed.ts";
import { auditLog } from "../../server/modules/audit/audit.tables.ts";
import { burials } from "../../server/modules/burials/burials.tables.ts";
import { careRequestMachine } from "../../server/modules/ennoblement/ennoblement.machine.ts";
import { carePrices, careRequests } from "../../server/modules/ennoblement/ennoblement.tables.ts";
import { jobs } from "../../server/modules/jobs/jobs.tables.ts";
import { notifications } from "../../server/modules/notifications/notifications.tables.ts";
import { akimats } from "../../server/modules/users/organisations.tables.ts";
import {
  assignManager,
  bookingCemetery,
  caller,
  signedInUsers,
  T0,
  type TCall,
  type TSignedIn,
  tally,
} from "../../server/test/booking-fixtures.ts";
import { photoRows } from "../../server/test/care-fixtures.ts";
import { servicesFor } from "../../server/test/services.ts";
import { timerWorkers } from "./timer-workers.ts";
import { freshDatabase, stopAll, waitPrintedReady } from "./workers.ts";

/**
 * Done grave-care works on two app servers (the product's queue in two Node processes on one
 * PostgreSQL, on a clock the test moves): the day before the 7 days are over each family still to
 * answer is reminded once; when they are over, every request not answered is confirmed once — one
 * audit row, one notice — whichever server takes the timer; a family that confirmed in time is
 * neither reminded nor confirmed again, and one confirming at the very moment ends one way.
 */
const FAMILIES = 24;
const DAY = 86_400_000;
const fresh = freshDatabase("mazar_care_timers");
const queue = timerWorkers(fresh.url(), T0);

let database: Database;
let call: TCall;
let families: TSignedIn[];
let ids: number[];

beforeAll(async () => {
  await fresh.create("The grave care timers test");
  database = await openDatabase({ databaseUrl: fresh.url() });
  const db = database.db;
  await db.execute(sql`create table sms_log (runner text not null, phone text not null, text text not null)`);
  await db.execute(sql`create table queue_runners (runner text primary key)`);
  await seedDemo(db);
  const [akimat] = await db.select().from(akimats).limit(1);
  const cemetery = await bookingCemetery(db, (akimat as { id: number }).id, { which: 0, rows: 1, perRow: FAMILIES });
  const managerId = await assignManager(db, DEMO_PHONES.manager, cemetery.id);
  await db.insert(carePrices).values({ cemeteryId: cemetery.id, kind: "cleaning", price: 8_000 });
  families = await signedInUsers(db, FAMILIES, T0);
  const services = servicesFor(db, { now: queue.now });
  call = caller(services);
  const photos = await photoRows(db, managerId, FAMILIES * 2);
  const manager = { id: managerId, role: "manager" as const };
  ids = [];
  for (const [i, f] of families.entries()) {
    const plotId = (cemetery.rows[0] as number[])[i] as number;
    const [grave] = await db
      .insert(burials)
      .values({ plotId, surname: "Семья", name: `№${i}`, responsibleUserId: f.id, searchName: `семья ${i}` })
      .returning();
    await db.transaction(async (tx) => {
      let row = await careRequestMachine.create(
        tx,
        services,
        { cemeteryId: cemetery.id, burialId: (grave as { id: number }).id, clientId: f.id, kinds: ["cleaning"] },
        { id: f.id, role: "client" },
      );
      row = await careRequestMachine.move(tx, services, row, "accept", manager);
      row = await careRequestMachine.move(tx, services, row, "schedule", manager, { date: "2026-11-23" });
      row = await careRequestMachine.move(tx, services, row, "complete", manager, {
        beforeIds: [photos[2 * i]],
        afterIds: [photos[2 * i + 1]],
      });
      ids.push(row.id);
    });
  }
  queue.start();
  queue.start();
  for (const w of queue.workers) await waitPrintedReady(w);
});

afterAll(async () => {
  await stopAll(queue.workers);
  await database?.close();
  await fresh.drop();
});

const confirm = (i: number) =>
  call("POST", `/care/requests/${ids[i]}/moves/confirm`, { token: (families[i] as TSignedIn).token, body: {} });
const count = async (kind: string, userId: number) =>
  (
    await database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.kind, kind), eq(notifications.userId, userId)))
  ).length;

describe("done works' 7 days, on two app servers", () => {
  it("reminds once the day before, confirms once when they are over; answered ones stay; a race ends one way", async () => {
    // A quarter answer in good time.
    const early = [...Array(FAMILIES / 4).keys()];
    expect(tally(await Promise.all(early.map(confirm)))).toEqual({ 200: early.length });
    await queue.setClock(new Date(T0.getTime() + 6 * DAY + 1000), database);
    await queue.settle(database);
    for (const [i, f] of families.entries()) {
      expect(await count("care_answer_soon", f.id), `family ${i}`).toBe(early.includes(i) ? 0 : 1);
    }
    // A quarter answer at the very moment the 7 days are over.
    const racing = [...Array(FAMILIES / 4).keys()].map((i) => i + FAMILIES / 4);
    const [, raced] = await Promise.all([
      queue.setClock(new Date(T0.getTime() + 7 * DAY + 1000), database),
      Promise.all(racing.map(confirm)),
    ]);
    for (const r of raced) expect([200, 409]).toContain(r.status);
    await queue.settle(database);

    const rows = await database.db.select().from(careRequests).where(inArray(careRequests.id, ids));
    const steps = await database.db
      .select({ id: auditLog.entityId, action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.entityType, "care_request"), inArray(auditLog.action, ["confirm", "auto_confirm"])));
    for (const [i, id] of ids.entries()) {
      const family = families[i] as TSignedIn;
      expect(rows.find((r) => r.id === id)?.status, `request ${i}`).toBe("confirmed");
      const mine = steps.filter((s) => Number(s.id) === id).map((s) => s.action);
      const byTimer = early.includes(i) ? false : racing.includes(i) ? raced[racing.indexOf(i)]?.status !== 200 : true;
      expect(mine, `request ${i}`).toEqual([byTimer ? "auto_confirm" : "confirm"]);
      expect(await count("care_auto_confirmed", family.id), `family ${i}`).toBe(byTimer ? 1 : 0);
    }
    // Every job ran once, and both servers took some.
    const all = await database.db.select().from(jobs);
    expect(all.filter((j) => j.doneAt === null || j.attempts !== 1)).toEqual([]);
    expect(new Set(all.map((j) => j.lockedBy)).size).toBe(2);
    for (const w of queue.workers) expect(w.exited).toBe(false);
  });
});
