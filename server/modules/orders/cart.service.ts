/**
 * The family's cart for one of its burials, and the checkout that turns it into one order with one
 * order per supplier inside (issue 15 §2). The cart keeps only the item, the quantity and where and
 * when; the price, the amounts and the total are read from the catalogue on the server, and fixed as
 * each line's snapshot at checkout. A form's one-time key makes a double submit one order.
 */
import { and, asc, count, eq, inArray, ne, or, sql } from "drizzle-orm";
import type { CatalogCategory } from "../../../common/catalog.ts";
import { pageWindow, type TPage, toPage } from "../../lib/list.ts";
import type { z } from "zod";
import { almatyInstant } from "../../../common/calendar/almaty.ts";
import type { ZCartAdd, ZCartUpdate, ZCheckout } from "../../../common/order-forms.ts";
import type { TCart, TCartOffer } from "../../../common/order-schemas.ts";
import { ACTIVE_ORDER_STATUSES, acceptDeadline, MAX_CART_LINES, orderNumber } from "../../../common/orders.ts";
import type { Locale } from "../../../common/locale.ts";
import type { Queryable } from "../../db/client.ts";
import type { TSessionUser } from "../../lib/caller.ts";
import { SYSTEM } from "../../lib/caller.ts";
import { AppError, fieldError } from "../../lib/errors.ts";
import type { Services } from "../../services.ts";
import { writeAudit } from "../audit/audit.service.ts";
import { burialRequests } from "../burial-requests/burial-requests.tables.ts";
import { catalogItems } from "../catalog/catalog.tables.ts";
import { cemeteries } from "../cemeteries/cemeteries.tables.ts";
import { beginPayment, recordRefund, registerPayable } from "../payments/payments.service.ts";
import { payments } from "../payments/payments.tables.ts";
import { suppliers } from "../users/organisations.tables.ts";
import { cartProblem } from "./cart-rules.ts";
import { orderBurial } from "./order-view.service.ts";
import { tell } from "../notifications/notifications.service.ts";
import { supplierOrderMachine, toSupplier } from "./orders.machine.ts";
import { cartLines, itemSnapshot, orderLines, orders, supplierOrders } from "./orders.tables.ts";

/** Burial requests a family can order for: every one still going, and a completed one (the memorial days). */
const ORDERABLE_BURIALS = ["pending", "paid", "confirmed", "completed"] as const;

/** The family's own burial request with its cemetery (404 for anyone else's); closed ones refuse ordering. */
async function ownBurial(tx: Queryable, user: TSessionUser, id: number, lock = false) {
  const q = tx
    .select({ r: burialRequests, c: cemeteries })
    .from(burialRequests)
    .innerJoin(cemeteries, eq(cemeteries.id, burialRequests.cemeteryId))
    .where(and(eq(burialRequests.id, id), eq(burialRequests.clientId, user.id)));
  const [row] = lock ? await q.for("update", { of: burialRequests }) : await q;
  if (!row) throw new AppError(404, "burial_request_not_found");
  if (!(ORDERABLE_BURIALS as readonly string[]).includes(row.r.status)) throw new AppError(409, "order_burial_closed");
  return row;
}

/** The cart's lines of a burial with their items and companies, oldest first. */
async function linesOf(tx: Queryable, clientId: number, burialRequestId: number) {
  return tx
    .select({
      line: cartLines,
      item: catalogItems,
      supplier: { id: suppliers.id, name: suppliers.companyName, status: suppliers.status },
    })
    .from(cartLines)
    .innerJoin(catalogItems, eq(catalogItems.id, cartLines.itemId))
    .innerJoin(suppliers, eq(suppliers.id, catalogItems.supplierId))
    .where(and(eq(cartLines.clientId, clientId), eq(cartLines.burialRequestId, burialRequestId)))
    .orderBy(asc(cartLines.id));
}

/** The cart of one of the family's burials, its amounts and total computed here. */
export async function getCart(s: Services, user: TSessionUser, burialRequestId: number): Promise<TCart> {
  const { r, c } = await ownBurial(s.db, user, burialRequestId);
  const now = s.now();
  const rows = await linesOf(s.db, user.id, burialRequestId);
  const lines = rows.map(({ line, item, supplier }) => {
    const problem = cartProblem({ item, supplierStatus: supplier.status, cemetery: c, line, now });
    return {
      id: line.id,
      item: {
        id: item.id,
        nameRu: item.nameRu,
        nameKk: item.nameKk,
        kind: item.kind,
        category: item.category,
        unit: item.unit,
        price: item.price,
        leadHours: item.leadHours,
        supplier: { id: supplier.id, name: supplier.name },
      },
      quantity: line.quantity,
      amount: item.price * line.quantity,
      place: line.place,
      address: line.address,
      deliveryDate: line.deliveryDate,
      deliveryTime: line.deliveryTime,
      problem,
    };
  });
  const good = lines.filter((l) => l.problem === null);
  return {
    burial: orderBurial(r, c),
    lines,
    total: good.reduce((sum, l) => sum + l.amount, 0),
    suppliers: new Set(good.map((l) => l.item.supplier.id)).size,
    online: s.payments !== null,
  };
}

/**
 * What the family can add to a burial's cart: items on sale that serve its cemetery (its city's,
 * or listing it), by category (or the one item the family came from), the cheapest first; each says whether it can be ready by the
 * burial's time and whether it is in the cart already.
 */
export async function cartOffers(
  s: Services,
  user: TSessionUser,
  q: { burialRequestId: number; category?: CatalogCategory; itemId?: number; page: number; pageSize: number },
): Promise<TPage<TCartOffer>> {
  const { r, c } = await ownBurial(s.db, user, q.burialRequestId);
  const where = and(
    eq(catalogItems.status, "active"),
    eq(catalogItems.available, true),
    eq(suppliers.status, "active"),
    or(
      and(eq(catalogItems.city, c.city), sql`cardinality(${catalogItems.cemeteryIds}) = 0`),
      sql`${c.id} = any(${catalogItems.cemeteryIds})`,
    ),
    q.category ? eq(catalogItems.category, q.category) : undefined,
    q.itemId !== undefined ? eq(catalogItems.id, q.itemId) : undefined,
  );
  const { limit, offset } = pageWindow(q);
  const [[counted], rows, inCart] = await Promise.all([
    s.db
      .select({ n: count() })
      .from(catalogItems)
      .innerJoin(suppliers, eq(suppliers.id, catalogItems.supplierId))
      .where(where),
    s.db
      .select({ item: catalogItems, supplier: { id: suppliers.id, name: suppliers.companyName } })
      .from(catalogItems)
      .innerJoin(suppliers, eq(suppliers.id, catalogItems.supplierId))
      .where(where)
      .orderBy(asc(catalogItems.category), asc(catalogItems.price), asc(catalogItems.id))
      .limit(limit)
      .offset(offset),
    s.db
      .select({ itemId: cartLines.itemId })
      .from(cartLines)
      .where(and(eq(cartLines.clientId, user.id), eq(cartLines.burialRequestId, r.id))),
  ]);
  const now = s.now();
  const burialAt = r.burialDate && r.burialTime ? almatyInstant(r.burialDate, r.burialTime) : null;
  const mine = new Set(inCart.map((l) => l.itemId));
  const items = rows.map(({ item, supplier }) => ({
    id: item.id,
    nameRu: item.nameRu,
    nameKk: item.nameKk,
    kind: item.kind,
    category: item.category,
    unit: item.unit,
    price: item.price,
    leadHours: item.leadHours,
    supplier,
    fitsBurial: burialAt === null ? null : burialAt.getTime() >= now.getTime() + item.leadHours * 3_600_000,
    inCart: mine.has(item.id),
  }));
  return toPage(items, counted?.n ?? 0, q);
}

/** The field a line's problem is reported on, and its message. */
function lineError(problem: NonNullable<ReturnType<typeof cartProblem>>, leadHours: number) {
  if (problem === "lead_time") return fieldError("deliveryDate", "validation.order_lead_time", { hours: leadHours });
  if (problem === "past") return fieldError("deliveryDate", "validation.order_past");
  if (problem === "elsewhere") return fieldError("itemId", "validation.order_item_elsewhere");
  return fieldError("itemId", "validation.order_item_unavailable");
}

/**
 * Refuses an item that cannot be ordered as the line asks (`cartProblem`), as the field's message:
 * not on sale, not serving the burial's cemetery, its time past or too soon for its lead time.
 */
async function checkOrderable(
  tx: Queryable,
  itemId: number,
  p: { cemetery: { id: number; city: string }; line: { deliveryDate: string; deliveryTime: string }; now: Date },
) {
  const [found] = await tx
    .select({ item: catalogItems, supplierStatus: suppliers.status })
    .from(catalogItems)
    .innerJoin(suppliers, eq(suppliers.id, catalogItems.supplierId))
    .where(eq(catalogItems.id, itemId));
  if (!found) throw fieldError("itemId", "validation.order_item_unavailable");
  const problem = cartProblem({ item: found.item, supplierStatus: found.supplierStatus, ...p });
  if (problem) throw lineError(problem, found.item.leadHours);
}

/**
 * Adds an item to the cart of one of the family's burials (the same item again replaces its line's
 * quantity, place and time). The item must be on sale, serve the burial's cemetery, and its lead
 * time meet the time asked.
 */
export async function addToCart(s: Services, user: TSessionUser, input: z.output<typeof ZCartAdd>) {
  const now = s.now();
  return s.db.transaction(async (tx) => {
    const { c } = await ownBurial(tx, user, input.burialRequestId, true);
    await checkOrderable(tx, input.itemId, { cemetery: c, line: input, now });
    const existing = await tx
      .select({ id: cartLines.id, itemId: cartLines.itemId })
      .from(cartLines)
      .where(and(eq(cartLines.clientId, user.id), eq(cartLines.burialRequestId, input.burialRequestId)));
    if (!existing.some((l) => l.itemId === input.itemId) && existing.length >= MAX_CART_LINES) {
      throw new AppError(409, "order_cart_full", { max: MAX_CART_LINES });
    }
    const values = {
      quantity: input.quantity,
      place: input.place,
      address: input.place === "address" ? input.address : "",
      deliveryDate: input.deliveryDate,
      deliveryTime: input.deliveryTime,
      updatedAt: now,
    };
    const [line] = await tx
      .insert(cartLines)
      .values({
        clientId: user.id,
        burialRequestId: input.burialRequestId,
        itemId: input.itemId,
        ...values,
        createdAt: now,
      })
      .onConflictDoUpdate({ target: [cartLines.clientId, cartLines.burialRequestId, cartLines.itemId], set: values })
      .returning({ id: cartLines.id });
    return { id: line?.id as number };
  });
}

/** The family's own cart line, locked, with its burial's cemetery and its item. */
async function ownLine(tx: Queryable, user: TSessionUser, id: number) {
  const [row] = await tx
    .select({ line: cartLines })
    .from(cartLines)
    .where(and(eq(cartLines.id, id), eq(cartLines.clientId, user.id)))
    .for("update");
  if (!row) throw new AppError(404, "cart_line_not_found");
  return row.line;
}

/** Changes a line of the family's cart (the quantity, where and when), checked as when it was added. */
export async function updateCartLine(s: Services, user: TSessionUser, id: number, input: z.output<typeof ZCartUpdate>) {
  const now = s.now();
  await s.db.transaction(async (tx) => {
    const line = await ownLine(tx, user, id);
    const { c } = await ownBurial(tx, user, line.burialRequestId);
    await checkOrderable(tx, line.itemId, { cemetery: c, line: input, now });
    await tx
      .update(cartLines)
      .set({
        quantity: input.quantity,
        place: input.place,
        address: input.place === "address" ? input.address : "",
        deliveryDate: input.deliveryDate,
        deliveryTime: input.deliveryTime,
        updatedAt: now,
      })
      .where(eq(cartLines.id, id));
  });
}

/** Takes a line out of the family's cart. */
export async function removeCartLine(s: Services, user: TSessionUser, id: number) {
  await s.db.transaction(async (tx) => {
    await ownLine(tx, user, id);
    await tx.delete(cartLines).where(eq(cartLines.id, id));
  });
}

/**
 * Places the cart of one burial: one order, one supplier's order per company inside it (each with
 * its deadline to accept: 2 hours when the burial is within 48 hours, else 24), each line a snapshot
 * of its item. The same `checkoutKey` again answers the order it made. A line that can no longer be
 * ordered as it is (the item withdrawn, its time too soon) refuses the whole checkout: the family
 * sees the cart again with the line marked.
 */
export async function checkout(
  s: Services,
  user: TSessionUser,
  input: z.output<typeof ZCheckout>,
  locale: Locale,
): Promise<{ id: number; redirectUrl: string | null }> {
  const now = s.now();
  const placed = await s.db.transaction(async (tx) => {
    // The burial's row, locked, serialises two submits of one cart: the second finds the first's order.
    const { r, c } = await ownBurial(tx, user, input.burialRequestId, true);
    const [again] = await tx
      .select()
      .from(orders)
      .where(and(eq(orders.clientId, user.id), eq(orders.checkoutKey, input.checkoutKey)));
    if (again) return { order: again, fresh: false };
    if (input.paymentMethod === "online" && !s.payments) throw new AppError(409, "online_payment_unavailable");
    const rows = await linesOf(tx, user.id, r.id);
    if (rows.length === 0) throw new AppError(409, "order_cart_empty");
    for (const { line, item, supplier } of rows) {
      if (cartProblem({ item, supplierStatus: supplier.status, cemetery: c, line, now })) {
        throw new AppError(409, "order_cart_changed");
      }
    }
    const bySupplier = new Map<number, typeof rows>();
    for (const row of rows) bySupplier.set(row.supplier.id, [...(bySupplier.get(row.supplier.id) ?? []), row]);
    const amountOf = (rs: typeof rows) => rs.reduce((sum, { line, item }) => sum + item.price * line.quantity, 0);
    const total = [...bySupplier.values()].reduce((sum, rs) => sum + amountOf(rs), 0);
    const [order] = await tx
      .insert(orders)
      .values({
        clientId: user.id,
        burialRequestId: r.id,
        checkoutKey: input.checkoutKey,
        paymentMethod: input.paymentMethod,
        total,
        createdAt: now,
      })
      .returning();
    if (!order) throw new Error("order not inserted");
    await writeAudit(tx, {
      actor: user,
      entityType: "order",
      entityId: order.id,
      action: "create",
      data: { total, suppliers: bySupplier.size, paymentMethod: input.paymentMethod },
    });
    const burialAt = r.burialDate && r.burialTime ? almatyInstant(r.burialDate, r.burialTime) : null;
    let position = 0;
    for (const [supplierId, rs] of bySupplier) {
      position += 1;
      const so = await supplierOrderMachine.create(
        tx,
        s,
        {
          orderId: order.id,
          position,
          supplierId,
          clientId: user.id,
          total: amountOf(rs),
          acceptBy: acceptDeadline(now, burialAt),
          paymentMethod: input.paymentMethod,
          createdAt: now,
          updatedAt: now,
        },
        user,
      );
      await tx.insert(orderLines).values(
        rs.map(({ line, item }) => ({
          supplierOrderId: so.id,
          ...itemSnapshot(item),
          quantity: line.quantity,
          amount: item.price * line.quantity,
          place: line.place,
          cemeteryId: line.place === "cemetery" ? c.id : null,
          address: line.address,
          deliveryDate: line.deliveryDate,
          deliveryTime: line.deliveryTime,
          updatedAt: now,
        })),
      );
    }
    await tx.delete(cartLines).where(
      inArray(
        cartLines.id,
        rows.map((x) => x.line.id),
      ),
    );
    return { order, fresh: true };
  });
  const { order } = placed;
  const redirectUrl =
    order.paymentMethod === "online" && order.paidAt === null && s.payments
      ? (await startOrderPayment(s, user, order.id, locale)).redirectUrl
      : null;
  return { id: order.id, redirectUrl };
}

/** What is left to pay of a family's order: its lines not cancelled, in its suppliers' orders still going. */
async function amountToPay(tx: Queryable, orderId: number): Promise<number> {
  const [r] = await tx
    .select({ sum: sql<number>`coalesce(sum(${orderLines.amount}), 0)::int` })
    .from(orderLines)
    .innerJoin(supplierOrders, eq(supplierOrders.id, orderLines.supplierOrderId))
    .where(
      and(
        eq(supplierOrders.orderId, orderId),
        inArray(supplierOrders.status, [...ACTIVE_ORDER_STATUSES]),
        ne(orderLines.status, "cancelled"),
      ),
    );
  return r?.sum ?? 0;
}

/** Starts (or resumes) paying the family's own order online, while something of it is still to pay. */
export function startOrderPayment(s: Services, user: TSessionUser, id: number, locale: Locale) {
  return beginPayment(s, {
    subject: "order",
    subjectId: id,
    actor: user,
    locale,
    prepare: async (tx) => {
      const [row] = await tx
        .select()
        .from(orders)
        .where(and(eq(orders.id, id), eq(orders.clientId, user.id)))
        .for("update");
      if (!row) throw new AppError(404, "order_not_found");
      const amount = row.paymentMethod === "online" && row.paidAt === null ? await amountToPay(tx, id) : 0;
      if (amount === 0) throw new AppError(409, "order_not_payable");
      return { amount, number: orderNumber(row.id, row.createdAt) };
    },
  });
}

/**
 * A family's order is paid online: every supplier's order still going is paid with it (told to its
 * people); money beyond what is left to pay (a line cancelled while the family was on the bank's
 * page) is owed back at once. Nothing left to pay: the whole payment is owed back.
 */
async function settleOrder(tx: Queryable, s: Services, orderId: number, paymentId: string): Promise<boolean> {
  const [row] = await tx.select().from(orders).where(eq(orders.id, orderId)).for("update");
  if (!row || row.paidAt !== null) return false;
  const due = await amountToPay(tx, orderId);
  if (due === 0) return false;
  const now = s.now();
  await tx.update(orders).set({ paidAt: now }).where(eq(orders.id, orderId));
  const paid = await tx
    .update(supplierOrders)
    .set({ paymentStatus: "paid", paidVia: "online", paidAt: now, updatedAt: now })
    .where(
      and(
        eq(supplierOrders.orderId, orderId),
        inArray(supplierOrders.status, ["new", "accepted"]),
        eq(supplierOrders.paymentStatus, "unpaid"),
      ),
    )
    .returning();
  await writeAudit(tx, {
    actor: SYSTEM,
    entityType: "order",
    entityId: orderId,
    action: "pay_online",
    data: { paymentId },
  });
  const [payment] = await tx.select({ amount: payments.amount }).from(payments).where(eq(payments.id, paymentId));
  const extra = (payment?.amount ?? due) - due;
  if (extra > 0) {
    await recordRefund(tx, {
      paymentId,
      subject: "order",
      subjectId: orderId,
      amount: extra,
      reason: "changed_while_paying",
      actor: SYSTEM,
    });
  }
  for (const so of paid) await tell(tx, await toSupplier(tx, so, "order_paid_online", SYSTEM));
  return true;
}

registerPayable("order", {
  settle: settleOrder,
  async describe(db, orderId, payment) {
    const [r] = await db
      .select({ id: orders.id, createdAt: orders.createdAt })
      .from(orders)
      .where(eq(orders.id, orderId));
    if (!r) throw new AppError(404, "payment_not_found");
    const number = orderNumber(r.id, r.createdAt);
    return {
      number,
      receipt: payment.status === "paid" ? `PO-${number}` : null,
      backPath: `/client/services?order=${r.id}`,
      returnPath: (paid) => `/client/services?order=${r.id}&paid=${paid ? 1 : 0}`,
    };
  },
});
