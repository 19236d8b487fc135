import { z } from "zod";
import { optionalText, shortText } from "./appeal-forms.ts";
import { DELIVERY_PLACES, MAX_LINE_QUANTITY, ORDER_PAYMENT_METHODS, SUPPLIER_CANCEL_REASONS } from "./orders.ts";
import { hhmm, isoDate, zId } from "./schemas.ts";

/**
 * The forms of the family's orders (the cart, the checkout) and of the supplier's moves, the orders
 * module's own: the machines check each move's input with them (`SUPPLIER_ORDER_MOVE_FORMS`,
 * `ORDER_LINE_MOVE_FORMS`), the screens draw and check the forms with them. Prices are never a
 * form's: the server reads them from the catalogue.
 */

const quantity = z.coerce
  .number({ error: "validation.order_quantity" })
  .int("validation.order_quantity")
  .min(1, "validation.order_quantity")
  .max(MAX_LINE_QUANTITY, "validation.order_quantity");

/** Where and when a line is delivered; another address needs the address. */
const delivery = {
  place: z.enum(DELIVERY_PLACES, { error: "validation.required" }).default("cemetery"),
  address: z.string().trim().max(300).default(""),
  deliveryDate: isoDate,
  deliveryTime: hhmm,
};
const addressWhenElsewhere = (v: { place: string; address: string }) => v.place !== "address" || v.address !== "";
const addressIssue = { message: "validation.order_address", path: ["address"] };

/** Adds an item to the cart of one of the family's burials (`/client/tickets/burial/add-service`). */
export const ZCartAdd = z
  .object({ burialRequestId: zId("validation.required"), itemId: zId("validation.required"), quantity, ...delivery })
  .refine(addressWhenElsewhere, addressIssue);
export type TCartAdd = z.input<typeof ZCartAdd>;

/** Changes a cart line: the quantity, where and when. */
export const ZCartUpdate = z.object({ quantity, ...delivery }).refine(addressWhenElsewhere, addressIssue);
export type TCartUpdate = z.input<typeof ZCartUpdate>;

/**
 * Places the cart of one burial as one order (one per supplier inside it). `checkoutKey` is the
 * form's one-time key: the same key twice makes one order.
 */
export const ZCheckout = z.object({
  burialRequestId: zId("validation.required"),
  paymentMethod: z.enum(ORDER_PAYMENT_METHODS, { error: "validation.order_payment_method" }),
  checkoutKey: z.string().uuid("validation.invalid"),
});
export type TCheckout = z.input<typeof ZCheckout>;

/** A reason the supplier gives, with a comment required when it is `other`. */
const supplierReason = z
  .object({
    reason: z.enum(SUPPLIER_CANCEL_REASONS, { error: "validation.order_cancel_reason" }),
    comment: optionalText(500),
  })
  .refine((v) => v.reason !== "other" || v.comment !== undefined, {
    message: "validation.required",
    path: ["comment"],
  });

/** The supplier declines a new order. */
export const ZOrderDecline = supplierReason;
/** The supplier cancels one line of an accepted order. */
export const ZOrderLineCancel = supplierReason;

/** The supplier records a payment taken on delivery or at its office, with its receipt if any. */
export const ZOrderRecordPayment = z.object({
  via: z.enum(["on_delivery", "office"], { error: "validation.required" }),
  paymentRef: optionalText(60),
});

/** The family disputes what it received, in the order's thread. */
export const ZOrderDispute = z.object({ text: shortText(2000) });
