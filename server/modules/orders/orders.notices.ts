import { defineNotices } from "../notifications/notices.ts";

/** What the family and the supplier's people are told of an order, each step by the other side. */
export const orderNotices = defineNotices({
  // To the supplier's people
  order_placed: ["number", "total", "acceptBy"],
  order_cancelled_by_family: ["number"],
  order_line_cancelled_by_family: ["number", "item"],
  order_paid_online: ["number"],
  order_received: ["number"],
  order_disputed: ["number"],
  order_expired_supplier: ["number"],
  // To the family
  order_accepted: ["number", "company"],
  order_declined: ["number", "company", "reason"],
  order_expired: ["number", "company"],
  order_line_started: ["number", "item"],
  order_line_done: ["number", "item"],
  order_line_cancelled: ["number", "item", "reason"],
  order_payment_recorded: ["number", "company"],
  order_archived: ["number", "company"],
});
export type OrderNoticeKind = keyof typeof orderNotices;
