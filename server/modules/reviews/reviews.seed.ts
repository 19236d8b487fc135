/**
 * The reviews' demo (`npm start` with the demo seed, and the browser journey `tests/e2e/reviews.spec.ts`):
 * a family of its own (so the demo client's bookings stay as they were) whose burial last week was
 * served by the demo supplier — one order, its lines done yesterday, nothing reviewed yet — so a
 * review can be written, moderated, answered and appealed before the orders' screens exist. The
 * item is not on sale (`inactive`): the public catalogue's demo is the catalogue's own.
 * Idempotent: nothing is added once the family has an order.
 */
import { eq } from "drizzle-orm";
import type { Queryable } from "../../db/client.ts";
import { ensureUser, SECOND_FAMILY_PHONE } from "../../db/seed.ts";
import { burialRequests } from "../burial-requests/burial-requests.tables.ts";
import { DEMO_CEMETERIES, ensureRegistryCemetery } from "../burials/burials.seed.ts";
import { catalogItems } from "../catalog/catalog.tables.ts";
import { itemSnapshot, orderLines, orders, supplierOrders } from "../orders/orders.tables.ts";
import { suppliers } from "../users/organisations.tables.ts";

/** The demo family with a finished order (sign in with the demo code). */
export const REVIEW_DEMO_PHONE = SECOND_FAMILY_PHONE;
/** The demo supplier (`seedDemo`), by its BIN. */
const DEMO_SUPPLIER_BIN = "180540012343";
/** Lines of the demo order, all done: enough for a demo and for the journey in each language (two each). */
const LINES: {
  nameRu: string;
  nameKk: string;
  price: number;
  kind: "product" | "service";
  category: "flowers" | "transport" | "care";
}[] = [
  {
    nameRu: "Венок траурный «Память»",
    nameKk: "«Естелік» аза гүлшоғы",
    price: 18_000,
    kind: "product",
    category: "flowers",
  },
  { nameRu: "Корзина живых цветов", nameKk: "Тірі гүлдер себеті", price: 25_000, kind: "product", category: "flowers" },
  {
    nameRu: "Доставка к месту захоронения",
    nameKk: "Жерлеу орнына жеткізу",
    price: 5_000,
    kind: "service",
    category: "transport",
  },
  {
    nameRu: "Уборка места захоронения",
    nameKk: "Жерлеу орнын тазалау",
    price: 12_000,
    kind: "service",
    category: "care",
  },
  { nameRu: "Лента с надписью", nameKk: "Жазуы бар лента", price: 3_000, kind: "product", category: "flowers" },
  {
    nameRu: "Букет из белых хризантем",
    nameKk: "Ақ хризантема гүл шоғы",
    price: 9_000,
    kind: "product",
    category: "flowers",
  },
];

export async function seedReviewsDemo(db: Queryable, akimatId: number, now: Date = new Date()): Promise<void> {
  const [supplier] = await db.select({ id: suppliers.id }).from(suppliers).where(eq(suppliers.bin, DEMO_SUPPLIER_BIN));
  if (!supplier) return;
  const clientId = await ensureUser(db, {
    phone: REVIEW_DEMO_PHONE,
    role: "client",
    surname: "Нұрланова",
    name: "Әсел",
    patronymic: "Бекқызы",
    consentAt: now,
  });
  const [had] = await db.select({ id: orders.id }).from(orders).where(eq(orders.clientId, clientId)).limit(1);
  if (had) return;
  const cemeteryId = await ensureRegistryCemetery(db, akimatId, DEMO_CEMETERIES[0] as never, {
    rows: 20,
    perRow: 30,
    seed: 1000,
  });
  const day = 24 * 3600_000;
  const weekAgo = new Date(now.getTime() - 7 * day);
  const doneAt = new Date(now.getTime() - day);
  const burialDate = weekAgo.toISOString().slice(0, 10);
  const [burial] = await db
    .insert(burialRequests)
    .values({
      clientId,
      cemeteryId,
      status: "completed",
      kind: "new_grave",
      surname: "Нұрланов",
      name: "Бек",
      patronymic: "Сапарұлы",
      iin: "400101300128",
      deathDate: burialDate,
      places: 1,
      fee: 0,
      expiresAt: weekAgo,
      burialDate,
      burialTime: "11:00",
      completedAt: weekAgo,
      createdAt: weekAgo,
      updatedAt: weekAgo,
    })
    .returning({ id: burialRequests.id });
  const items = [];
  for (const l of LINES) {
    const [item] = await db
      .insert(catalogItems)
      .values({
        supplierId: supplier.id,
        status: "inactive",
        category: l.category,
        kind: l.kind,
        nameRu: l.nameRu,
        nameKk: l.nameKk,
        price: l.price,
        unit: l.kind === "service" ? "service" : "piece",
        city: "Алматы",
      })
      .returning();
    if (item) items.push(item);
  }
  await insertOrder(db, {
    clientId,
    burialRequestId: (burial as { id: number }).id,
    checkoutKey: "demo-reviews",
    items,
    cemeteryId,
    deliveryDate: burialDate,
    placedAt: weekAgo,
    lineStatus: "done",
    doneAt,
  });
  // The supplier's report (issue 15 §4) shows its quality: an order it declined two days ago and
  // one it let expire three days ago, of the same family's burial.
  const [wreath] = items;
  if (!wreath) return;
  for (const ended of [
    { key: "demo-report-declined", status: "cancelled" as const, by: "supplier" as const, daysAgo: 2 },
    { key: "demo-report-expired", status: "expired" as const, by: "system" as const, daysAgo: 3 },
  ]) {
    const placedAt = new Date(now.getTime() - ended.daysAgo * day);
    await insertOrder(db, {
      clientId,
      burialRequestId: (burial as { id: number }).id,
      checkoutKey: ended.key,
      items: [wreath],
      cemeteryId,
      deliveryDate: burialDate,
      placedAt,
      lineStatus: "cancelled",
      doneAt: null,
      ended: { status: ended.status, cancelledBy: ended.by, at: new Date(placedAt.getTime() + 2 * 3600_000) },
    });
  }
}

/**
 * Writes a family's order of one supplier's items straight into the orders' tables — one order,
 * one supplier's order, a line of each item (one of each, the item's price), each line in
 * `lineStatus` (done at `doneAt`) — without the orders' rules: the demo's finished order, and the
 * reviews' tests while the orders' service is written beside them. Returns the lines' ids.
 */
export async function insertOrder(
  db: Queryable,
  o: {
    clientId: number;
    burialRequestId: number;
    checkoutKey: string;
    items: readonly (typeof catalogItems.$inferSelect)[];
    cemeteryId?: number;
    deliveryDate: string;
    placedAt: Date;
    lineStatus: (typeof orderLines.$inferInsert)["status"] & string;
    doneAt: Date | null;
    /** An order that ended without being done: declined by the supplier, or expired (its lines cancelled as well). */
    ended?: { status: "cancelled" | "expired"; cancelledBy: "supplier" | "system"; at: Date };
  },
): Promise<number[]> {
  const supplierId = o.items[0]?.supplierId;
  if (supplierId === undefined || o.items.some((i) => i.supplierId !== supplierId)) {
    throw new Error("an order of one supplier's items");
  }
  const total = o.items.reduce((sum, i) => sum + i.price, 0);
  const done = o.lineStatus === "done";
  const [order] = await db
    .insert(orders)
    .values({
      clientId: o.clientId,
      burialRequestId: o.burialRequestId,
      checkoutKey: o.checkoutKey,
      paymentMethod: "on_delivery",
      total,
      createdAt: o.placedAt,
    })
    .returning({ id: orders.id });
  const [so] = await db
    .insert(supplierOrders)
    .values({
      orderId: (order as { id: number }).id,
      position: 1,
      supplierId,
      clientId: o.clientId,
      status: o.ended?.status ?? (done ? "archived" : "accepted"),
      total,
      paymentMethod: "on_delivery",
      acceptBy: o.ended ? new Date(o.placedAt.getTime() + 2 * 3600_000) : o.placedAt,
      acceptedAt: o.ended ? null : o.placedAt,
      ...(o.ended ? { cancelledBy: o.ended.cancelledBy, cancelledAt: o.ended.at, archivedAt: o.ended.at } : {}),
      ...(o.ended?.cancelledBy === "supplier" ? { cancelReason: "out_of_stock" } : {}),
      ...(done && o.doneAt
        ? { paymentStatus: "paid" as const, paidVia: "on_delivery" as const, paidAt: o.doneAt, archivedAt: o.doneAt }
        : {}),
      createdAt: o.placedAt,
    })
    .returning({ id: supplierOrders.id });
  const ids: number[] = [];
  for (const item of o.items) {
    const [line] = await db
      .insert(orderLines)
      .values({
        supplierOrderId: (so as { id: number }).id,
        ...itemSnapshot(item),
        quantity: 1,
        amount: item.price,
        place: "cemetery",
        cemeteryId: o.cemeteryId ?? null,
        deliveryDate: o.deliveryDate,
        deliveryTime: "10:00",
        status: o.lineStatus,
        startedAt: done ? o.placedAt : null,
        doneAt: done ? o.doneAt : null,
        ...(o.ended ? { cancelledBy: o.ended.cancelledBy, cancelledAt: o.ended.at } : {}),
      })
      .returning({ id: orderLines.id });
    ids.push((line as { id: number }).id);
  }
  return ids;
}
