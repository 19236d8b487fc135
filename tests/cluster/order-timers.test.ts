import { and, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, openDatabase } from "../../server/db/client.ts";
import { DEMO_PHONES, seedDemo } from "../../server/db/seed.ts";
import { auditLog } from "../../server/modules/audit/audit.tables.ts";
import { createSession } from "../../server/modules/auth/auth.service.ts";
import { jobs } from "../../server/modules/jobs/jobs.tables.ts";
import { notifications } from "../../server/modules/notifications/notifications.tables.ts";
import { supplierOrders } from "../../server/modules/orders/orders.tables.ts";
import { users } from "../../server/modules/users/users.tables.ts";
import { caller, signedInUsers, T0, type TCall, type TSignedIn, tally } from "../../server/test/booking-fixtures.ts";
import { marketBasics, marketItem, paidBurial } from "../../server/test/order-fixtures.ts";
import { servicesFor } from "../../server/test/services.ts";
import { timerWorkers } from "./timer-workers.ts";
import { freshDatabase, stopAll, waitPrintedReady } from "./workers.ts";

/**
 * A supplier's deadline to accept an order on two app servers (the product's queue in two Node
 * processes on one PostgreSQL, on a clock the test moves): at the deadline every order still new
 * expires once — one audit row, one notice to its family — whichever server takes the timer; an
 * order the supplier accepted in time never expires, and one accepted at the very moment of the
 * deadline either is accepted or expires, never both.
 */
const FAMILIES = 24;
const HOUR = 3_600_000;
const fresh = freshDatabase("mazar_order_timers");
const queue = timerWorkers(fresh.url(), T0);

let database: Database;
let call: TCall;
let families: TSignedIn[];
let supplierToken: string;
let orderIds: number[];

beforeAll(async () => {
  await fresh.create("The order timers test");
  database = await openDatabase({ databaseUrl: fresh.url() });
  const db = database.db;
  await db.execute(sql`create table sms_log (runner text not null, phone text not null, text text not null)`);
  await db.execute(sql`create table queue_runners (runner text primary key)`);
  await seedDemo(db);
  const basics = await marketBasics(db);
  const item = await marketItem(db, basics.supplierId, { leadHours: 2 });
  const [supplier] = await db.select().from(users).where(eq(users.phone, DEMO_PHONES.supplier));
  supplierToken = await db.transaction((tx) => createSession(tx, (supplier as { id: number }).id, T0));
  families = await signedInUsers(db, FAMILIES, T0);
  call = caller(servicesFor(db, { now: queue.now }));
  const placed = [];
  for (const f of families) {
    // A burial four days on: a day to accept.
    const burialRequestId = await paidBurial(db, {
      clientId: f.id,
      cemeteryId: basics.cemetery.id,
      date: "2026-11-27",
      time: "12:00",
    });
    const added = await call("POST", "/cart/lines", {
      token: f.token,
      body: { burialRequestId, itemId: item.id, quantity: 1, deliveryDate: "2026-11-27", deliveryTime: "11:00" },
    });
    expect(added.status).toBe(201);
    placed.push(
      await call("POST", "/orders", {
        token: f.token,
        body: { burialRequestId, paymentMethod: "on_delivery", checkoutKey: crypto.randomUUID() },
      }),
    );
  }
  expect(tally(placed)).toEqual({ 201: FAMILIES });
  const rows = await db.select({ id: supplierOrders.id }).from(supplierOrders).orderBy(supplierOrders.id);
  orderIds = rows.map((r) => r.id);
  queue.start();
  queue.start();
  for (const w of queue.workers) await waitPrintedReady(w);
});

afterAll(async () => {
  await stopAll(queue.workers);
  await database?.close();
  await fresh.drop();
});

const accept = (id: number) => call("POST", `/supplier-orders/${id}/moves/accept`, { token: supplierToken, body: {} });

describe("the deadline to accept an order, on two app servers", () => {
  it("expires every order still new once at its deadline; accepted ones stay; a race ends one way", async () => {
    // A quarter accepted in good time.
    const early = orderIds.slice(0, FAMILIES / 4);
    expect(tally(await Promise.all(early.map(accept)))).toEqual({ 200: early.length });
    // A quarter accepted at the very moment the clock reaches the deadline.
    const racing = orderIds.slice(FAMILIES / 4, FAMILIES / 2);
    const [, raced] = await Promise.all([
      queue.setClock(new Date(T0.getTime() + 24 * HOUR + 1000), database),
      Promise.all(racing.map(accept)),
    ]);
    for (const r of raced) expect([200, 409]).toContain(r.status);
    await queue.settle(database);

    const rows = await database.db.select().from(supplierOrders).where(inArray(supplierOrders.id, orderIds));
    const expiries = await database.db
      .select({ id: auditLog.entityId })
      .from(auditLog)
      .where(and(eq(auditLog.entityType, "supplier_order"), eq(auditLog.action, "expire")));
    const told = await database.db.select().from(notifications).where(eq(notifications.kind, "order_expired"));
    for (const [i, id] of orderIds.entries()) {
      const row = rows.find((r) => r.id === id);
      const n = expiries.filter((a) => Number(a.id) === id).length;
      const family = families[i] as TSignedIn;
      const noticed = told.filter((t) => t.userId === family.id).length;
      if (early.includes(id)) {
        expect(row?.status, `order ${i}`).toBe("accepted");
        expect(n).toBe(0);
      } else if (racing.includes(id)) {
        // Accepted (200) or expired, never both.
        const won = raced[racing.indexOf(id)]?.status === 200;
        expect(row?.status, `order ${i}`).toBe(won ? "accepted" : "expired");
        expect(n).toBe(won ? 0 : 1);
      } else {
        expect(row?.status, `order ${i}`).toBe("expired");
        expect(n, `order ${i}`).toBe(1);
      }
      expect(noticed, `family ${i}`).toBe(n);
    }
    // Every job ran once, and both servers took some.
    const all = await database.db.select().from(jobs);
    expect(all.filter((j) => j.doneAt === null || j.attempts !== 1)).toEqual([]);
    expect(new Set(all.map((j) => j.lockedBy)).size).toBe(2);
    for (const w of queue.workers) expect(w.exited).toBe(false);
  });
});
