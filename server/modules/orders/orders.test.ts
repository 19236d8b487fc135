import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createSession } from "../auth/auth.service.ts";
import { signedInUsers, type TSignedIn } from "../../test/booking-fixtures.ts";
import { createHarness, type Harness } from "../../test/harness.ts";
import { marketBasics, marketItem, otherSupplier, paidBurial } from "../../test/order-fixtures.ts";
import { notifications } from "../notifications/notifications.tables.ts";
import { payments, refunds } from "../payments/payments.tables.ts";
import { users } from "../users/users.tables.ts";
import { catalogItems } from "../catalog/catalog.tables.ts";
import { orderLines, orders, supplierOrders } from "./orders.tables.ts";

const T0 = new Date("2026-11-24T06:00:00Z"); // 11:00 in Almaty
const HOUR = 3_600_000;

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => h.close());

let client: string;
let otherClient: string;
let supplier: string;
let florist: string;
let basics: Awaited<ReturnType<typeof marketBasics>>;
let floristId: number;
let burialId: number;
let wreath: typeof catalogItems.$inferSelect;
let transport: typeof catalogItems.$inferSelect;
let flowers: typeof catalogItems.$inferSelect;

beforeEach(async () => {
  await h.reset();
  h.setNow(T0);
  basics = await marketBasics(h.db);
  client = await h.login(h.phones.client);
  supplier = await h.login(h.phones.supplier);
  otherClient = ((await signedInUsers(h.db, 1, T0))[0] as TSignedIn).token;
  floristId = await otherSupplier(h.db);
  const [u] = await h.db
    .insert(users)
    .values({ phone: "+77019990001", role: "supplier", supplierId: floristId, surname: "Гүлдер" })
    .returning({ id: users.id });
  florist = await h.db.transaction((tx) => createSession(tx, (u as { id: number }).id, T0));
  // The burial the day after tomorrow at 14:00: more than 48 hours ahead.
  burialId = await paidBurial(h.db, {
    clientId: basics.clientId,
    cemeteryId: basics.cemetery.id,
    date: "2026-11-26",
    time: "14:00",
  });
  wreath = await marketItem(h.db, basics.supplierId, { price: 15_000 });
  transport = await marketItem(h.db, basics.supplierId, {
    kind: "service",
    category: "transport",
    nameRu: "Катафалк",
    nameKk: "Катафалк көлігі",
    price: 40_000,
    unit: "service",
    leadHours: 24,
  });
  flowers = await marketItem(h.db, floristId, { nameRu: "Розы", nameKk: "Раушан гүлдері", price: 1_000, leadHours: 2 });
});

const add = (token: string, body: Record<string, unknown>) =>
  h.request("POST", "/cart/lines", {
    token,
    body: { burialRequestId: burialId, quantity: 1, deliveryDate: "2026-11-26", deliveryTime: "10:00", ...body },
  });

async function fillCart() {
  expect((await add(client, { itemId: wreath.id, quantity: 2 })).status).toBe(201);
  expect((await add(client, { itemId: transport.id })).status).toBe(201);
  expect(
    (await add(client, { itemId: flowers.id, quantity: 25, place: "address", address: "ул. Абая, 10" })).status,
  ).toBe(201);
}

const checkout = (token: string, body: Record<string, unknown> = {}) =>
  h.request("POST", "/orders", {
    token,
    body: { burialRequestId: burialId, paymentMethod: "on_delivery", checkoutKey: crypto.randomUUID(), ...body },
  });

const supplierOrderOf = async (token: string, orderId: number) => {
  const page = await h.request("GET", "/supplier-orders?tab=active", { token });
  return page.json.items.find((o: { orderId: number }) => o.orderId === orderId);
};

describe("the cart of a burial", () => {
  it("prices its lines from the catalogue whatever the form sends, and survives a new session", async () => {
    const res = await add(client, { itemId: wreath.id, quantity: 2, price: 1, amount: 2 });
    expect(res.status).toBe(201);
    // Another device: a new session of the same family sees the same cart.
    const again = await h.login(h.phones.client);
    const cart = await h.request("GET", `/cart?burialRequestId=${burialId}`, { token: again });
    expect(cart.status).toBe(200);
    expect(cart.json).toMatchObject({
      total: 30_000,
      suppliers: 1,
      burial: { id: burialId, date: "2026-11-26", time: "14:00" },
      lines: [{ item: { id: wreath.id, price: 15_000 }, quantity: 2, amount: 30_000, problem: null }],
    });
    // The same item again replaces its line.
    await add(client, { itemId: wreath.id, quantity: 3 });
    const after = await h.request("GET", `/cart?burialRequestId=${burialId}`, { token: client });
    expect(after.json.lines).toHaveLength(1);
    expect(after.json.total).toBe(45_000);
  });

  it("refuses an item whose lead time cannot meet the time, one not serving the cemetery, one not on sale", async () => {
    const slow = await marketItem(h.db, basics.supplierId, { category: "monuments", leadHours: 72 });
    const tooSoon = await add(client, { itemId: slow.id });
    expect(tooSoon.status).toBe(422);
    expect(tooSoon.json.error.fields).toMatchObject([{ path: "deliveryDate", message: expect.stringMatching(/72/) }]);
    const elsewhere = await marketItem(h.db, basics.supplierId, { city: "Астана" });
    expect((await add(client, { itemId: elsewhere.id })).json.error.fields).toMatchObject([{ path: "itemId" }]);
    const hidden = await marketItem(h.db, basics.supplierId, { status: "inactive" });
    expect((await add(client, { itemId: hidden.id })).status).toBe(422);
    const past = await add(client, { itemId: wreath.id, deliveryDate: "2026-11-24", deliveryTime: "09:00" });
    expect(past.json.error.fields).toMatchObject([{ path: "deliveryDate" }]);
    const noAddress = await add(client, { itemId: wreath.id, place: "address", address: "" });
    expect(noAddress.json.error.fields).toMatchObject([{ path: "address" }]);
  });

  it("is the family's own: another family reads or changes none of it", async () => {
    const { json } = await add(client, { itemId: wreath.id });
    expect((await h.request("GET", `/cart?burialRequestId=${burialId}`, { token: otherClient })).status).toBe(404);
    expect((await add(otherClient, { itemId: wreath.id })).status).toBe(404);
    const body = { quantity: 5, deliveryDate: "2026-11-26", deliveryTime: "10:00" };
    expect((await h.request("PATCH", `/cart/lines/${json.id}`, { token: otherClient, body })).status).toBe(404);
    expect((await h.request("DELETE", `/cart/lines/${json.id}`, { token: otherClient })).status).toBe(404);
    expect((await h.request("PATCH", `/cart/lines/${json.id}`, { token: client, body })).status).toBe(200);
    expect((await h.request("DELETE", `/cart/lines/${json.id}`, { token: client })).status).toBe(200);
    // Suppliers have no cart.
    expect((await h.request("GET", `/cart?burialRequestId=${burialId}`, { token: supplier })).status).toBe(403);
  });

  it("takes nothing for a closed booking", async () => {
    const closed = await paidBurial(h.db, {
      clientId: basics.clientId,
      cemeteryId: basics.cemetery.id,
      date: "2026-11-26",
      time: "12:00",
      status: "cancelled",
    });
    const res = await add(client, { burialRequestId: closed, itemId: wreath.id });
    expect(res).toMatchObject({ status: 409, json: { error: { code: "order_burial_closed" } } });
  });
});

describe("checkout", () => {
  it("makes one order with one order per supplier, each line a snapshot, the total the server's", async () => {
    await fillCart();
    const res = await checkout(client);
    expect(res.status).toBe(201);
    expect(res.json.redirectUrl).toBeNull();
    // A later change of the catalogue does not rewrite the order.
    await h.db.update(catalogItems).set({ price: 99_000, nameRu: "Другое" }).where(eq(catalogItems.id, wreath.id));
    const order = await h.request("GET", `/orders/${res.json.id}`, { token: client });
    expect(order.json).toMatchObject({ total: 30_000 + 40_000 + 25_000, paymentMethod: "on_delivery" });
    expect(order.json.suppliers).toHaveLength(2);
    const [mine, theirs] = order.json.suppliers;
    expect(mine).toMatchObject({
      status: "new",
      total: 70_000,
      // More than 48 hours before the burial: a day to accept.
      acceptBy: new Date(T0.getTime() + 24 * HOUR).toISOString(),
      lines: [
        { nameRu: "Венок траурный", price: 15_000, quantity: 2, amount: 30_000, place: "cemetery", status: "new" },
        { nameRu: "Катафалк", price: 40_000, amount: 40_000 },
      ],
      moves: ["cancel_own"],
    });
    expect(theirs).toMatchObject({ total: 25_000, lines: [{ place: "address", address: "ул. Абая, 10" }] });
    // The cart is empty now; the supplier was told.
    expect((await h.request("GET", `/cart?burialRequestId=${burialId}`, { token: client })).json.lines).toEqual([]);
    const told = await h.db.select().from(notifications).where(eq(notifications.kind, "order_placed"));
    expect(told).toHaveLength(2);
  });

  it("makes one order of a double submit, at once or again", async () => {
    await fillCart();
    const checkoutKey = crypto.randomUUID();
    const results = await Promise.all([checkout(client, { checkoutKey }), checkout(client, { checkoutKey })]);
    expect(results.map((r) => r.status)).toEqual([201, 201]);
    expect(results[0]?.json.id).toBe(results[1]?.json.id);
    const again = await checkout(client, { checkoutKey });
    expect(again.json.id).toBe(results[0]?.json.id);
    expect(await h.db.select().from(orders)).toHaveLength(1);
    expect(await h.db.select().from(supplierOrders)).toHaveLength(2);
    expect(await h.db.select().from(orderLines)).toHaveLength(3);
  });

  it("refuses an empty cart, and a cart whose item was withdrawn meanwhile", async () => {
    expect((await checkout(client)).json.error.code).toBe("order_cart_empty");
    await fillCart();
    await h.db.update(catalogItems).set({ available: false }).where(eq(catalogItems.id, flowers.id));
    expect((await checkout(client)).json.error.code).toBe("order_cart_changed");
    const cart = await h.request("GET", `/cart?burialRequestId=${burialId}`, { token: client });
    expect(cart.json.lines.map((l: { problem: string | null }) => l.problem)).toEqual([null, null, "unavailable"]);
    expect(cart.json.total).toBe(70_000);
  });

  it("gives two hours to accept when the burial is within 48 hours", async () => {
    const soon = await paidBurial(h.db, {
      clientId: basics.clientId,
      cemeteryId: basics.cemetery.id,
      date: "2026-11-25",
      time: "10:00",
    });
    await add(client, { burialRequestId: soon, itemId: wreath.id, deliveryDate: "2026-11-25", deliveryTime: "09:00" });
    const res = await checkout(client, { burialRequestId: soon });
    const order = await h.request("GET", `/orders/${res.json.id}`, { token: client });
    expect(order.json.suppliers[0].acceptBy).toBe(new Date(T0.getTime() + 2 * HOUR).toISOString());
  });
});

describe("a supplier's order", () => {
  it("is its company's only, the family's contact shown once accepted; the lines go to the archive", async () => {
    await fillCart();
    const { json } = await checkout(client);
    const mine = await supplierOrderOf(supplier, json.id);
    const theirs = await supplierOrderOf(florist, json.id);
    expect(mine.supplier.id).toBe(basics.supplierId);
    expect(theirs.supplier.id).toBe(floristId);
    expect(mine.family).toBeNull();
    expect(mine.moves).toEqual(["accept", "decline"]);
    // Not another company's, nor another family's.
    expect((await h.request("GET", `/supplier-orders/${theirs.id}`, { token: supplier })).status).toBe(404);
    expect((await h.request("GET", `/supplier-orders/${mine.id}`, { token: otherClient })).status).toBe(404);
    expect((await h.request("GET", `/orders/${json.id}`, { token: otherClient })).status).toBe(404);
    expect(
      (await h.request("POST", `/supplier-orders/${theirs.id}/moves/accept`, { token: supplier, body: {} })).status,
    ).toBe(404);
    const accepted = await h.request("POST", `/supplier-orders/${mine.id}/moves/accept`, { token: supplier, body: {} });
    expect(accepted.json).toMatchObject({ status: "accepted", moves: ["record_payment"] });
    const read = await h.request("GET", `/supplier-orders/${mine.id}`, { token: supplier });
    expect(read.json.family).toMatchObject({ phone: h.phones.client });
    expect(read.json.lines.map((l: { status: string; moves: string[] }) => [l.status, l.moves])).toEqual([
      ["accepted", ["start", "complete", "cancel"]],
      ["accepted", ["start", "complete", "cancel"]],
    ]);
    const [first, second] = read.json.lines;
    const move = (id: number, m: string, body: Record<string, unknown> = {}) =>
      h.request("POST", `/order-lines/${id}/moves/${m}`, { token: supplier, body });
    expect((await move(first.id, "start")).json.status).toBe("in_progress");
    expect((await move(first.id, "complete")).json.status).toBe("done");
    // Cancelling needs a reason, and a comment for "other".
    expect((await move(second.id, "cancel", { reason: "other" })).status).toBe(422);
    expect((await move(second.id, "cancel", { reason: "out_of_stock" })).json.status).toBe("cancelled");
    // Every line finished: the order is archived; the family confirms receipt.
    const done = await h.request("GET", `/supplier-orders/${mine.id}`, { token: client });
    expect(done.json).toMatchObject({ status: "archived", moves: ["confirm_receipt", "dispute"] });
    const kinds = (await h.db.select().from(notifications).where(eq(notifications.userId, basics.clientId))).map(
      (n) => n.kind,
    );
    expect(kinds).toEqual(
      expect.arrayContaining([
        "order_accepted",
        "order_line_started",
        "order_line_done",
        "order_line_cancelled",
        "order_archived",
      ]),
    );
    const received = await h.request("POST", `/supplier-orders/${mine.id}/moves/confirm_receipt`, {
      token: client,
      body: {},
    });
    expect(received.json).toMatchObject({ status: "archived", moves: ["dispute"] });
    // The archive tab has it; the active one does not.
    const archive = await h.request("GET", "/supplier-orders?tab=archive", { token: supplier });
    expect(archive.json.items.map((o: { id: number }) => o.id)).toEqual([mine.id]);
  });

  it("expires unaccepted at its deadline, once, and the family is told", async () => {
    await fillCart();
    const { json } = await checkout(client);
    const mine = await supplierOrderOf(supplier, json.id);
    h.setNow(new Date(T0.getTime() + 24 * HOUR + 1000));
    await h.runQueue();
    await h.runQueue();
    const after = await h.request("GET", `/orders/${json.id}`, { token: client });
    expect(after.json.suppliers.map((s: { status: string }) => s.status)).toEqual(["expired", "expired"]);
    expect(after.json.suppliers[0].lines.every((l: { status: string }) => l.status === "cancelled")).toBe(true);
    const told = await h.db.select().from(notifications).where(eq(notifications.kind, "order_expired"));
    expect(told).toHaveLength(2);
    const late = await h.request("POST", `/supplier-orders/${mine.id}/moves/accept`, { token: supplier, body: {} });
    expect(late.status).toBe(409);
  });

  it("lets the family cancel a line or the whole order before it is accepted", async () => {
    await fillCart();
    const { json } = await checkout(client);
    const order = (await h.request("GET", `/orders/${json.id}`, { token: client })).json;
    const [mine] = order.suppliers;
    const cancel = (id: number) =>
      h.request("POST", `/order-lines/${id}/moves/cancel_own`, { token: client, body: {} });
    expect((await cancel(mine.lines[0].id)).json.status).toBe("cancelled");
    const after = (await h.request("GET", `/orders/${json.id}`, { token: client })).json;
    expect(after.suppliers[0]).toMatchObject({ status: "new", total: 40_000 });
    expect(after.total).toBe(40_000 + 25_000);
    expect((await cancel(mine.lines[1].id)).json.status).toBe("cancelled");
    const gone = (await h.request("GET", `/orders/${json.id}`, { token: client })).json;
    expect(gone.suppliers[0]).toMatchObject({ status: "cancelled", cancelledBy: "client" });
    const told = await h.db.select().from(notifications).where(eq(notifications.kind, "order_cancelled_by_family"));
    expect(told).toHaveLength(1);
  });

  it("records a payment taken on delivery, once", async () => {
    await fillCart();
    const { json } = await checkout(client);
    const mine = await supplierOrderOf(supplier, json.id);
    await h.request("POST", `/supplier-orders/${mine.id}/moves/accept`, { token: supplier, body: {} });
    const paid = await h.request("POST", `/supplier-orders/${mine.id}/moves/record_payment`, {
      token: supplier,
      body: { via: "office", paymentRef: "К-12" },
    });
    expect(paid.json).toMatchObject({ status: "accepted", moves: [] });
    const read = await h.request("GET", `/supplier-orders/${mine.id}`, { token: client });
    expect(read.json).toMatchObject({ paymentStatus: "paid", paidVia: "office", paymentRef: "К-12" });
  });
});

describe("paying online", () => {
  it("pays the order once however often the provider calls back; a supplier's refusal afterwards owes its part back", async () => {
    await fillCart();
    const res = await checkout(client, { paymentMethod: "online" });
    expect(res.json.redirectUrl).toMatch(/^\/api\/v1\/payments\/fake\/[0-9a-f-]{36}\?lang=ru$/);
    const paymentId = /fake\/([0-9a-f-]{36})/.exec(res.json.redirectUrl)?.[1] as string;
    const [payment] = await h.db.select().from(payments).where(eq(payments.id, paymentId));
    expect(payment).toMatchObject({ subject: "order", subjectId: res.json.id, amount: 95_000, status: "pending" });
    // The provider's page names the order.
    const page = await h.request("GET", `/payments/fake/${paymentId}`);
    expect(page.json as string).toContain(`href="/client/services?order=${res.json.id}"`);
    const provider = h.services.payments as unknown as { sign: (id: string, o: string) => string };
    const body = { paymentId, outcome: "paid", signature: provider.sign(paymentId, "paid") };
    const calls = await Promise.all([1, 2, 3].map(() => h.request("POST", "/payments/callback/fake", { body })));
    expect(calls.map((c) => c.json.status)).toEqual(["paid", "paid", "paid"]);
    const order = (await h.request("GET", `/orders/${res.json.id}`, { token: client })).json;
    expect(order).toMatchObject({ payable: false });
    expect(order.paidAt).not.toBeNull();
    expect(order.suppliers.map((s: { paymentStatus: string }) => s.paymentStatus)).toEqual(["paid", "paid"]);
    expect(await h.db.select().from(notifications).where(eq(notifications.kind, "order_paid_online"))).toHaveLength(2);
    // The florist declines: its 25 000 are owed back, recorded against the payment.
    const theirs = await supplierOrderOf(florist, res.json.id);
    const declined = await h.request("POST", `/supplier-orders/${theirs.id}/moves/decline`, {
      token: florist,
      body: { reason: "out_of_stock" },
    });
    expect(declined.json.status).toBe("cancelled");
    const back = await h.db.select().from(refunds);
    expect(back).toMatchObject([{ paymentId, subject: "supplier_order", subjectId: theirs.id, amount: 25_000 }]);
    const after = await h.request("GET", `/supplier-orders/${theirs.id}`, { token: client });
    expect(after.json).toMatchObject({ paymentStatus: "refund_due", refundDue: 25_000 });
  });

  it("asks only what is left when a line was cancelled before paying, and nothing for an order paid on delivery", async () => {
    await fillCart();
    const res = await checkout(client, { paymentMethod: "online" });
    const order = (await h.request("GET", `/orders/${res.json.id}`, { token: client })).json;
    await h.request("POST", `/order-lines/${order.suppliers[1].lines[0].id}/moves/cancel_own`, {
      token: client,
      body: {},
    });
    const again = await h.request("POST", `/orders/${res.json.id}/payments`, { token: client });
    const paymentId = /fake\/([0-9a-f-]{36})/.exec(again.json.redirectUrl)?.[1] as string;
    const [payment] = await h.db.select().from(payments).where(eq(payments.id, paymentId));
    expect(payment?.amount).toBe(70_000);
    expect(await h.db.select().from(payments).where(eq(payments.status, "pending"))).toHaveLength(1);
    await fillCart();
    const cash = await checkout(client);
    expect((await h.request("POST", `/orders/${cash.json.id}/payments`, { token: client })).status).toBe(409);
    expect((await h.request("POST", `/orders/${cash.json.id}/payments`, { token: otherClient })).status).toBe(404);
  });
});
