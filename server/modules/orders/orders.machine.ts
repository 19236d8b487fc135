import { and, eq, inArray, ne, notInArray, sql } from "drizzle-orm";
import type { z } from "zod";
import { formatDate, formatMoney, translate } from "../../../common/i18n.ts";
import { ZOrderDecline, ZOrderDispute, ZOrderLineCancel, ZOrderRecordPayment } from "../../../common/order-forms.ts";
import {
  ACTIVE_ORDER_STATUSES,
  FINISHED_LINE_STATUSES,
  ORDER_LINE_STATUSES,
  type OrderLineMove,
  SUPPLIER_ORDER_STATUSES,
  type SupplierOrderMove,
  supplierOrderNumber,
} from "../../../common/orders.ts";
import { linkTo } from "../../../common/route-table.ts";
import type { Queryable } from "../../db/client.ts";
import { type Actor, SYSTEM } from "../../lib/caller.ts";
import type { Services } from "../../services.ts";
import { supplierOrderScope } from "../access/access.service.ts";
import { holders } from "../access/audiences.ts";
import { paidPaymentOf, recordRefund } from "../payments/payments.service.ts";
import { suppliers } from "../users/organisations.tables.ts";
import { defineMachine, type MoveOf, type SameNames, type TMoveContext, type TNotice } from "../workflow/workflow.ts";
import { type OrderNoticeKind, orderNotices } from "./orders.notices.ts";
import { orderLines, orders, supplierOrders } from "./orders.tables.ts";

export type TSupplierOrderRow = typeof supplierOrders.$inferSelect;
export type TOrderLineRow = typeof orderLines.$inferSelect;
type OrderCtx<I = Record<string, unknown>> = TMoveContext<typeof supplierOrders, I>;
type LineCtx<I = Record<string, unknown>> = TMoveContext<typeof orderLines, I>;

// ---------- Who is told ----------

/** The supplier order's number, with its family order's creation time. */
export async function numberOfSupplierOrder(tx: Queryable, row: TSupplierOrderRow): Promise<string> {
  const [o] = await tx.select({ createdAt: orders.createdAt }).from(orders).where(eq(orders.id, row.orderId));
  return supplierOrderNumber(row.orderId, o?.createdAt ?? row.createdAt, row.position);
}

async function companyOf(tx: Queryable, supplierId: number): Promise<string> {
  const [s] = await tx.select({ name: suppliers.companyName }).from(suppliers).where(eq(suppliers.id, supplierId));
  return s?.name ?? "";
}

type Make = (
  userId: number,
  params: Record<string, unknown>,
  opts: { link: ReturnType<typeof linkTo>; sms?: boolean },
) => TNotice;
const notice = (kind: OrderNoticeKind) => orderNotices[kind] as unknown as Make;

/** Tells the family (in the app; an order's end — declined, expired — by SMS too). */
async function toFamily(
  tx: Queryable,
  row: TSupplierOrderRow,
  kind: OrderNoticeKind,
  params: Record<string, unknown> = {},
  sms = false,
): Promise<TNotice[]> {
  const number = await numberOfSupplierOrder(tx, row);
  const company = await companyOf(tx, row.supplierId);
  return [
    notice(kind)(
      row.clientId,
      { number, company, ...params },
      { link: linkTo("client-services-order", { id: row.id }), sms },
    ),
  ];
}

/** Tells the supplier's people (never the actor), linking to the order in its active list or its archive. */
export async function toSupplier(
  tx: Queryable,
  row: TSupplierOrderRow,
  kind: OrderNoticeKind,
  actor: Actor,
  params: Record<string, unknown> = {},
): Promise<TNotice[]> {
  const number = await numberOfSupplierOrder(tx, row);
  const people = await holders(tx, "orders.fulfil", { supplierId: row.supplierId });
  const link = ACTIVE_ORDER_STATUSES.includes(row.status)
    ? linkTo("supplier-ticket-active", { id: row.id })
    : linkTo("supplier-ticket-archive", { id: row.id });
  return people.filter((id) => id !== actor.id).map((id) => notice(kind)(id, { number, ...params }, { link }));
}

// ---------- Money back ----------

/**
 * Money to give back when part of a paid order is cancelled: the amount is added to the supplier
 * order's `refund_due` and recorded against the family order's online payment (the office, or the
 * provider's refund, settles it). A supplier order paid on delivery owes nothing back here.
 */
async function refund(tx: Queryable, row: TSupplierOrderRow, amount: number, reason: string, actor: Actor) {
  if (row.paymentStatus === "unpaid" || amount <= 0) return;
  const payment = row.paidVia === "online" ? await paidPaymentOf(tx, "order", row.orderId) : null;
  if (payment) {
    await recordRefund(tx, {
      paymentId: payment.id,
      subject: "supplier_order",
      subjectId: row.id,
      amount,
      reason,
      actor,
    });
  }
  await tx
    .update(supplierOrders)
    .set({ refundDue: sql`${supplierOrders.refundDue} + ${amount}` })
    .where(eq(supplierOrders.id, row.id));
}

/** What is still owed for a supplier's order: its lines not cancelled. */
async function liveAmount(tx: Queryable, supplierOrderId: number): Promise<number> {
  const [r] = await tx
    .select({ sum: sql<number>`coalesce(sum(${orderLines.amount}), 0)::int` })
    .from(orderLines)
    .where(and(eq(orderLines.supplierOrderId, supplierOrderId), ne(orderLines.status, "cancelled")));
  return r?.sum ?? 0;
}

/**
 * Ends every line still open of a supplier's order (the order declined, cancelled, expired), and
 * owes back what was paid for them.
 */
async function endLines(
  tx: Queryable,
  row: TSupplierOrderRow,
  by: "supplier" | "client" | "system",
  reason: string,
  actor: Actor,
  now: Date,
) {
  const owed = await liveAmount(tx, row.id);
  await tx
    .update(orderLines)
    .set({ status: "cancelled", cancelledBy: by, cancelReason: reason, cancelledAt: now, updatedAt: now })
    .where(and(eq(orderLines.supplierOrderId, row.id), ne(orderLines.status, "cancelled")));
  await refund(tx, row, owed, reason, actor);
  if (row.paymentStatus === "paid") {
    await tx.update(supplierOrders).set({ paymentStatus: "refund_due" }).where(eq(supplierOrders.id, row.id));
  }
}

const ended =
  (by: "supplier" | "client" | "system", reason: string | null = null, comment: string | null = null) =>
  ({ now }: OrderCtx) => ({
    cancelledBy: by,
    cancelReason: reason,
    cancelComment: comment,
    cancelledAt: now,
    updatedAt: now,
  });

// ---------- The supplier's order ----------

/**
 * A supplier's order inside a family's order: `new` until the supplier accepts it by `accept_by`
 * (else the timer expires it and the family is told), `accepted` while its lines go on, `archived`
 * once every line is finished (the lines' machine makes that move); `cancelled` by the supplier
 * (declined, with a reason) or by the family before acceptance. Payment is kept apart
 * (`payment_status`): paid online with the family's order, or on delivery / at the office as the
 * supplier records. Scope: `supplierOrderScope`.
 */
export const supplierOrderMachine = defineMachine({
  entity: "supplier_order",
  table: supplierOrders,
  statuses: [...SUPPLIER_ORDER_STATUSES],
  initial: "new",
  scope: (caller) =>
    supplierOrderScope(caller, { supplierId: supplierOrders.supplierId, clientId: supplierOrders.clientId }),
  notFound: "order_not_found",
  created: async ({ row, actor }, tx) =>
    toSupplier(tx, row, "order_placed", actor, {
      total: { ru: formatMoney("ru", row.total), kk: formatMoney("kk", row.total) },
      acceptBy: { ru: formatDate("ru", row.acceptBy, true), kk: formatDate("kk", row.acceptBy, true) },
    }),
  timers: [{ name: "expire", on: "new", at: (r) => r.acceptBy, move: "expire" }],
  moves: {
    accept: {
      from: ["new"],
      to: "accepted",
      by: "orders.fulfil",
      when: (row, _actor, now) => now < row.acceptBy,
      whenError: "order_accept_late",
      set: ({ actor, now }) => ({ acceptedAt: now, acceptedBy: actor.id, updatedAt: now }),
      effects: async (tx, _s, { row, now }) => {
        await tx
          .update(orderLines)
          .set({ status: "accepted", updatedAt: now })
          .where(and(eq(orderLines.supplierOrderId, row.id), eq(orderLines.status, "new")));
      },
      tell: ({ row }, tx) => toFamily(tx, row, "order_accepted"),
    },
    decline: {
      from: ["new"],
      to: "cancelled",
      by: "orders.fulfil",
      input: ZOrderDecline,
      set: (ctx: OrderCtx<z.output<typeof ZOrderDecline>>) =>
        ended("supplier", ctx.input.reason, ctx.input.comment ?? null)(ctx),
      effects: (tx, _s, { row, actor, now, input }) => endLines(tx, row, "supplier", input.reason, actor, now),
      tell: ({ row, input }, tx) => toFamily(tx, row, "order_declined", { reason: reasonText(input.reason) }, true),
    },
    cancel_own: {
      from: ["new"],
      to: "cancelled",
      by: "orders.place",
      set: ended("client", "family_cancelled"),
      effects: (tx, _s, { row, actor, now }) => endLines(tx, row, "client", "family_cancelled", actor, now),
      tell: ({ row, actor }, tx) => toSupplier(tx, row, "order_cancelled_by_family", actor),
    },
    expire: {
      from: ["new"],
      to: "expired",
      by: "system",
      set: ended("system", "not_accepted_in_time"),
      effects: (tx, _s, { row, now }) => endLines(tx, row, "system", "not_accepted_in_time", SYSTEM, now),
      tell: async ({ row }, tx) => [
        ...(await toFamily(tx, row, "order_expired", {}, true)),
        ...(await toSupplier(tx, row, "order_expired_supplier", SYSTEM)),
      ],
    },
    archive: {
      from: ["accepted"],
      to: "archived",
      by: "system",
      set: ({ now }) => ({ archivedAt: now, updatedAt: now }),
      tell: ({ row }, tx) => toFamily(tx, row, "order_archived"),
    },
    record_payment: {
      from: ["accepted", "archived"],
      by: "orders.fulfil",
      input: ZOrderRecordPayment,
      when: (row) => row.paymentStatus === "unpaid" && row.paymentMethod === "on_delivery",
      whenError: "order_not_payable",
      set: ({ input, now }: OrderCtx<z.output<typeof ZOrderRecordPayment>>) => ({
        paymentStatus: "paid" as const,
        paidVia: input.via,
        paidAt: now,
        paymentRef: input.paymentRef ?? null,
        updatedAt: now,
      }),
      tell: ({ row }, tx) => toFamily(tx, row, "order_payment_recorded"),
    },
    confirm_receipt: {
      from: ["archived"],
      by: "orders.place",
      when: (row) => row.receivedAt === null,
      whenError: "order_already_received",
      requires: async (tx, row) => ((await doneLines(tx, row.id)) > 0 ? null : "order_nothing_received"),
      set: ({ now }) => ({ receivedAt: now, updatedAt: now }),
      tell: ({ row, actor }, tx) => toSupplier(tx, row, "order_received", actor),
    },
    dispute: {
      from: ["accepted", "archived"],
      by: "orders.place",
      input: ZOrderDispute,
      when: (row) => row.disputedAt === null,
      whenError: "order_already_disputed",
      set: ({ input, now }: OrderCtx<z.output<typeof ZOrderDispute>>) => ({
        disputedAt: now,
        disputeText: input.text,
        updatedAt: now,
      }),
      tell: ({ row, actor }, tx) => toSupplier(tx, row, "order_disputed", actor),
    },
  },
});

const _sameOrderMoves: SameNames<MoveOf<typeof supplierOrderMachine>, SupplierOrderMove> = true;

async function doneLines(tx: Queryable, supplierOrderId: number): Promise<number> {
  const rows = await tx
    .select({ id: orderLines.id })
    .from(orderLines)
    .where(and(eq(orderLines.supplierOrderId, supplierOrderId), eq(orderLines.status, "done")));
  return rows.length;
}

/** A supplier's reason as the family reads it, in each language. */
const reasonText = (reason: string) => ({
  ru: translate("ru", `order.cancel_reason.${reason}`),
  kk: translate("kk", `order.cancel_reason.${reason}`),
});

// ---------- A line ----------

async function orderOfLine(tx: Queryable, line: TOrderLineRow): Promise<TSupplierOrderRow> {
  const [row] = await tx.select().from(supplierOrders).where(eq(supplierOrders.id, line.supplierOrderId)).for("update");
  if (!row) throw new Error(`order line ${line.id} has no order`);
  return row;
}

/**
 * After a line's move: an accepted order whose lines are all finished is archived (the system's
 * move, told to the family); a new order whose lines the family all cancelled is cancelled.
 */
async function followOrder(tx: Queryable, s: Services, line: TOrderLineRow, actor: Actor) {
  const row = await orderOfLine(tx, line);
  const open = await tx
    .select({ id: orderLines.id })
    .from(orderLines)
    .where(
      and(
        eq(orderLines.supplierOrderId, row.id),
        ne(orderLines.id, line.id),
        notInArray(orderLines.status, [...FINISHED_LINE_STATUSES]),
      ),
    );
  if (open.length > 0) return;
  if (row.status === "accepted") await supplierOrderMachine.move(tx, s, row, "archive", SYSTEM);
  else if (row.status === "new") await supplierOrderMachine.move(tx, s, row, "cancel_own", actor);
}

/** The line's item, in each language, for the notices. */
const itemName = (line: TOrderLineRow) => ({ ru: line.nameRu, kk: line.nameKk });

/** The scope of lines: those of the orders the caller reaches. */
function lineScope(caller: Parameters<typeof supplierOrderScope>[0]) {
  const orderScope = supplierOrderScope(caller, {
    supplierId: supplierOrders.supplierId,
    clientId: supplierOrders.clientId,
  });
  if (orderScope === null) return null;
  return inArray(orderLines.supplierOrderId, sqlSelectIds(orderScope));
}
const sqlSelectIds = (where: ReturnType<typeof and>) =>
  sql`(select ${supplierOrders.id} from ${supplierOrders} where ${where})`;

/**
 * A line of a supplier's order: `new` until its order is accepted, then `accepted` →
 * `in_progress` → `done` as the supplier works it, or `cancelled` with a reason by the supplier
 * (what was paid for it is owed back), or by the family while the order is still new. Each step is
 * told to the other side; the last line finished archives the order.
 */
export const orderLineMachine = defineMachine({
  entity: "order_line",
  table: orderLines,
  statuses: [...ORDER_LINE_STATUSES],
  initial: "new",
  scope: (caller) => lineScope(caller),
  notFound: "order_not_found",
  moves: {
    start: {
      from: ["accepted"],
      to: "in_progress",
      by: "orders.fulfil",
      set: ({ now }) => ({ startedAt: now, updatedAt: now }),
      tell: async ({ row }, tx) =>
        toFamily(tx, await orderOfLine(tx, row), "order_line_started", { item: itemName(row) }),
    },
    complete: {
      from: ["accepted", "in_progress"],
      to: "done",
      by: "orders.fulfil",
      set: ({ now }) => ({ doneAt: now, updatedAt: now }),
      effects: (tx, s, { row, actor }) => followOrder(tx, s, row, actor),
      tell: async ({ row }, tx) => toFamily(tx, await orderOfLine(tx, row), "order_line_done", { item: itemName(row) }),
    },
    cancel: {
      from: ["accepted", "in_progress"],
      to: "cancelled",
      by: "orders.fulfil",
      input: ZOrderLineCancel,
      set: ({ input, now }: LineCtx<z.output<typeof ZOrderLineCancel>>) => ({
        cancelledBy: "supplier" as const,
        cancelReason: input.reason,
        cancelComment: input.comment ?? null,
        cancelledAt: now,
        updatedAt: now,
      }),
      effects: async (tx, s, { row, actor, input }) => {
        await refund(tx, await orderOfLine(tx, row), row.amount, input.reason, actor);
        await followOrder(tx, s, row, actor);
      },
      tell: async ({ row, input }, tx) =>
        toFamily(tx, await orderOfLine(tx, row), "order_line_cancelled", {
          item: itemName(row),
          reason: reasonText(input.reason),
        }),
    },
    cancel_own: {
      from: ["new"],
      to: "cancelled",
      by: "orders.place",
      set: ({ now }) => ({
        cancelledBy: "client" as const,
        cancelReason: "family_cancelled",
        cancelledAt: now,
        updatedAt: now,
      }),
      effects: async (tx, s, { row, actor }) => {
        const order = await orderOfLine(tx, row);
        await refund(tx, order, row.amount, "family_cancelled", actor);
        await tx
          .update(supplierOrders)
          .set({ total: sql`${supplierOrders.total} - ${row.amount}` })
          .where(eq(supplierOrders.id, order.id));
        await followOrder(tx, s, row, actor);
      },
      tell: async ({ row, actor }, tx) =>
        toSupplier(tx, await orderOfLine(tx, row), "order_line_cancelled_by_family", actor, { item: itemName(row) }),
    },
  },
});

const _sameLineMoves: SameNames<MoveOf<typeof orderLineMachine>, OrderLineMove> = true;
