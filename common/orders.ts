/**
 * The words of the family's orders of goods and services (issue 15 §2; PRODUCT.md §3 and §8;
 * research `workflows-2026-11.md` §2.1: Medusa/Vendure/Spree split one checkout into one order per
 * supplier; pd_web snapshots each line; Sylius keeps order, payment and fulfilment apart; Saleor
 * expires an unaccepted order), shared by the API, its schemas and the screens, free of zod. The
 * machines are `server/modules/orders/`.
 */
import type { TMoveForms } from "./move-forms.ts";

/**
 * A supplier's order inside a family's order (`order.status.<status>`):
 * - `new`: placed, waiting for the supplier to accept it by its deadline;
 * - `accepted`: the supplier took it; its lines go on one by one;
 * - `archived`: every line is finished (done or cancelled);
 * - `expired`: not accepted in time (the family is told);
 * - `cancelled`: declined by the supplier, or cancelled by the family before it was accepted.
 */
export const SUPPLIER_ORDER_STATUSES = ["new", "accepted", "archived", "expired", "cancelled"] as const;
export type SupplierOrderStatus = (typeof SUPPLIER_ORDER_STATUSES)[number];
/** Statuses of a supplier's order still going on (its active tab); the rest is its archive. */
export const ACTIVE_ORDER_STATUSES: readonly SupplierOrderStatus[] = ["new", "accepted"];

/** What people do to a supplier's order (`order.move.<move>`). */
export const SUPPLIER_ORDER_MOVES = [
  "accept",
  "decline",
  "cancel_own",
  "record_payment",
  "confirm_receipt",
  "dispute",
  "expire",
  "archive",
] as const;
export type SupplierOrderMove = (typeof SUPPLIER_ORDER_MOVES)[number];

/**
 * A line of a supplier's order (`order.line_status.<status>`): `new` until the order is accepted,
 * then `accepted` → `in_progress` → `done`, or `cancelled` with a reason.
 */
export const ORDER_LINE_STATUSES = ["new", "accepted", "in_progress", "done", "cancelled"] as const;
export type OrderLineStatus = (typeof ORDER_LINE_STATUSES)[number];
/** A line is finished when done or cancelled; an accepted order whose lines all are is archived. */
export const FINISHED_LINE_STATUSES: readonly OrderLineStatus[] = ["done", "cancelled"];

export const ORDER_LINE_MOVES = ["start", "complete", "cancel", "cancel_own"] as const;
export type OrderLineMove = (typeof ORDER_LINE_MOVES)[number];

/**
 * How the family pays (`order.payment_method.<method>`): online through the payments provider at
 * checkout, or to each supplier on delivery or at its office (recorded by the supplier).
 */
export const ORDER_PAYMENT_METHODS = ["online", "on_delivery"] as const;
export type OrderPaymentMethod = (typeof ORDER_PAYMENT_METHODS)[number];

/** A supplier's order's payment, kept apart from its fulfilment (`order.payment.<status>`). */
export const ORDER_PAYMENT_STATUSES = ["unpaid", "paid", "refund_due"] as const;
export type OrderPaymentStatus = (typeof ORDER_PAYMENT_STATUSES)[number];

/** Where a line is delivered or done (`order.place.<place>`): the burial's cemetery, or another address (the memorial meal). */
export const DELIVERY_PLACES = ["cemetery", "address"] as const;
export type DeliveryPlace = (typeof DELIVERY_PLACES)[number];

/** Why a supplier declines an order or cancels a line (`order.cancel_reason.<reason>`). */
export const SUPPLIER_CANCEL_REASONS = ["out_of_stock", "cannot_meet_time", "cannot_deliver_there", "other"] as const;
export type SupplierCancelReason = (typeof SUPPLIER_CANCEL_REASONS)[number];

/** Hours a supplier has to accept an order… */
export const ACCEPT_HOURS = 24;
/** …and when the burial is within {@link URGENT_BURIAL_HOURS} hours of ordering. */
export const URGENT_ACCEPT_HOURS = 2;
export const URGENT_BURIAL_HOURS = 48;

/** At most this many of one item in a line, and this many lines in a burial's cart. */
export const MAX_LINE_QUANTITY = 999;
export const MAX_CART_LINES = 50;

/** The supplier order's forms (`common/order-forms.ts`). */
export const SUPPLIER_ORDER_MOVE_FORMS = {
  decline: "ZOrderDecline",
  record_payment: "ZOrderRecordPayment",
  dispute: "ZOrderDispute",
} as const satisfies TMoveForms<SupplierOrderMove>;

export const ORDER_LINE_MOVE_FORMS = {
  cancel: "ZOrderLineCancel",
} as const satisfies TMoveForms<OrderLineMove>;

/**
 * The deadline to accept an order placed at `placedAt` for a burial at `burialAt` (null: no
 * burial time chosen yet): 2 hours when the burial is within 48 hours, else 24 hours — never past
 * the burial itself when that comes sooner.
 */
export function acceptDeadline(placedAt: Date, burialAt: Date | null): Date {
  const hour = 3_600_000;
  const urgent = burialAt !== null && burialAt.getTime() - placedAt.getTime() <= URGENT_BURIAL_HOURS * hour;
  const by = new Date(placedAt.getTime() + (urgent ? URGENT_ACCEPT_HOURS : ACCEPT_HOURS) * hour);
  return burialAt !== null && burialAt > placedAt && burialAt < by ? burialAt : by;
}

/** The family's order's number people read (`2026-000123`). */
export function orderNumber(id: number, createdAt: Date | string): string {
  return `${new Date(createdAt).getUTCFullYear()}-${String(id).padStart(6, "0")}`;
}

/** A supplier's order's number: its family order's, and its place in it (`2026-000123-2`). */
export function supplierOrderNumber(orderId: number, createdAt: Date | string, position: number): string {
  return `${orderNumber(orderId, createdAt)}-${position}`;
}
