import { z } from "zod";
import { pageSchema } from "./api-schemas.ts";
import { CATALOG_CATEGORIES, ITEM_KINDS, ITEM_UNITS } from "./catalog.ts";
import {
  DELIVERY_PLACES,
  ORDER_LINE_MOVES,
  ORDER_LINE_STATUSES,
  ORDER_PAYMENT_METHODS,
  ORDER_PAYMENT_STATUSES,
  SUPPLIER_ORDER_MOVES,
  SUPPLIER_ORDER_STATUSES,
} from "./orders.ts";

/**
 * The orders' answers as zod schemas (the routes declare their responses with them, the OpenAPI
 * document names them); the service and the screens share the inferred types. Screens import the
 * types only.
 */

const ZNames = { nameRu: z.string(), nameKk: z.string() };

/** The burial an order or a cart is for, as both sides need it. */
export const ZOrderBurial = z.object({
  id: z.number(),
  number: z.string(),
  status: z.string(),
  deceased: z.string(),
  cemetery: z.object({ id: z.number(), nameRu: z.string(), nameKk: z.string(), city: z.string() }),
  /** The burial's day and slot (Almaty's), when chosen. */
  date: z.string().nullable(),
  time: z.string().nullable(),
});
export type TOrderBurial = z.infer<typeof ZOrderBurial>;

/** Why a cart line cannot be ordered as it is (`order.problem.<problem>`). */
export const CART_PROBLEMS = ["unavailable", "elsewhere", "lead_time", "past"] as const;
export type CartProblem = (typeof CART_PROBLEMS)[number];

export const ZCartLine = z.object({
  id: z.number(),
  item: z.object({
    id: z.number(),
    ...ZNames,
    kind: z.enum(ITEM_KINDS),
    category: z.enum(CATALOG_CATEGORIES),
    unit: z.enum(ITEM_UNITS),
    price: z.number(),
    leadHours: z.number(),
    supplier: z.object({ id: z.number(), name: z.string() }),
  }),
  quantity: z.number(),
  amount: z.number(),
  place: z.enum(DELIVERY_PLACES),
  address: z.string(),
  deliveryDate: z.string(),
  deliveryTime: z.string(),
  problem: z.enum(CART_PROBLEMS).nullable(),
});
export type TCartLine = z.infer<typeof ZCartLine>;

export const ZCart = z
  .object({
    burial: ZOrderBurial,
    lines: z.array(ZCartLine),
    /** The total of the lines that can be ordered, computed on the server. */
    total: z.number(),
    /** One order per supplier will be made: their number. */
    suppliers: z.number(),
    /** Whether online payment is offered. */
    online: z.boolean(),
  })
  .meta({ id: "Cart" });
export type TCart = z.infer<typeof ZCart>;

/** An item the family can add to a burial's cart: on sale and serving its cemetery. */
export const ZCartOffer = z.object({
  id: z.number(),
  ...ZNames,
  kind: z.enum(ITEM_KINDS),
  category: z.enum(CATALOG_CATEGORIES),
  unit: z.enum(ITEM_UNITS),
  price: z.number(),
  leadHours: z.number(),
  supplier: z.object({ id: z.number(), name: z.string() }),
  /** Whether it can be ready by the burial's time (its lead time); null while the burial has no time yet. */
  fitsBurial: z.boolean().nullable(),
  /** Already in the cart. */
  inCart: z.boolean(),
});
export type TCartOffer = z.infer<typeof ZCartOffer>;
export const ZCartOfferPage = pageSchema(ZCartOffer).meta({ id: "CartOfferPage" });

export const ZOrderLine = z.object({
  id: z.number(),
  itemId: z.number(),
  ...ZNames,
  kind: z.enum(ITEM_KINDS),
  unit: z.enum(ITEM_UNITS),
  price: z.number(),
  quantity: z.number(),
  amount: z.number(),
  place: z.enum(DELIVERY_PLACES),
  address: z.string(),
  deliveryDate: z.string(),
  deliveryTime: z.string(),
  status: z.enum(ORDER_LINE_STATUSES),
  cancelledBy: z.string().nullable(),
  cancelReason: z.string().nullable(),
  cancelComment: z.string().nullable(),
  doneAt: z.string().nullable(),
  moves: z.array(z.enum(ORDER_LINE_MOVES)),
});
export type TOrderLine = z.infer<typeof ZOrderLine>;

/** A supplier's order, as the family and the supplier read it (the family's contact only once accepted). */
export const ZSupplierOrder = z
  .object({
    id: z.number(),
    orderId: z.number(),
    number: z.string(),
    status: z.enum(SUPPLIER_ORDER_STATUSES),
    supplier: z.object({ id: z.number(), name: z.string(), phone: z.string().nullable() }),
    total: z.number(),
    acceptBy: z.string(),
    acceptedAt: z.string().nullable(),
    paymentMethod: z.enum(ORDER_PAYMENT_METHODS),
    paymentStatus: z.enum(ORDER_PAYMENT_STATUSES),
    paidVia: z.string().nullable(),
    paymentRef: z.string().nullable(),
    refundDue: z.number(),
    cancelledBy: z.string().nullable(),
    cancelReason: z.string().nullable(),
    cancelComment: z.string().nullable(),
    receivedAt: z.string().nullable(),
    disputedAt: z.string().nullable(),
    disputeText: z.string().nullable(),
    createdAt: z.string(),
    burial: ZOrderBurial,
    /** The family: hidden from the supplier until it accepts the order. */
    family: z.object({ name: z.string(), phone: z.string() }).nullable(),
    lines: z.array(ZOrderLine),
    moves: z.array(z.enum(SUPPLIER_ORDER_MOVES)),
  })
  .meta({ id: "SupplierOrder" });
export type TSupplierOrder = z.infer<typeof ZSupplierOrder>;
export const ZSupplierOrderPage = pageSchema(ZSupplierOrder).meta({ id: "SupplierOrderPage" });

/** A family's order: one per checkout, with the suppliers' orders inside. */
export const ZFamilyOrder = z
  .object({
    id: z.number(),
    number: z.string(),
    createdAt: z.string(),
    paymentMethod: z.enum(ORDER_PAYMENT_METHODS),
    paidAt: z.string().nullable(),
    /** What is still to pay or paid: the lines not cancelled. */
    total: z.number(),
    /** Whether the family can pay it online now. */
    payable: z.boolean(),
    burial: ZOrderBurial,
    suppliers: z.array(ZSupplierOrder),
  })
  .meta({ id: "FamilyOrder" });
export type TFamilyOrder = z.infer<typeof ZFamilyOrder>;
export const ZFamilyOrderPage = pageSchema(ZFamilyOrder).meta({ id: "FamilyOrderPage" });
