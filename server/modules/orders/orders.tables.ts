import { sql } from "drizzle-orm";
import { check, date, index, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { CATALOG_CATEGORIES, ITEM_KINDS, ITEM_UNITS } from "../../../common/catalog.ts";
import {
  DELIVERY_PLACES,
  ORDER_LINE_STATUSES,
  ORDER_PAYMENT_METHODS,
  ORDER_PAYMENT_STATUSES,
  SUPPLIER_ORDER_STATUSES,
} from "../../../common/orders.ts";
import { burialRequests } from "../burial-requests/burial-requests.tables.ts";
import { catalogItems } from "../catalog/catalog.tables.ts";
import { cemeteries } from "../cemeteries/cemeteries.tables.ts";
import { suppliers } from "../users/organisations.tables.ts";
import { users } from "../users/users.tables.ts";

/**
 * A family's cart for one of its burials (issue 15 §2): what it means to order, kept on the server
 * so it survives signing in again and a second device. Only the item and the quantity are the
 * family's; the price is read from the catalogue when the cart is shown and fixed at checkout.
 */
export const cartLines = pgTable(
  "cart_lines",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    clientId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    burialRequestId: integer()
      .notNull()
      .references(() => burialRequests.id, { onDelete: "cascade" }),
    itemId: integer()
      .notNull()
      .references(() => catalogItems.id, { onDelete: "cascade" }),
    quantity: integer().notNull().default(1),
    place: text({ enum: DELIVERY_PLACES }).notNull().default("cemetery"),
    /** The other address (`place` = `address`). */
    address: text().notNull().default(""),
    /** When, in Almaty's time; the burial's day and slot by default. */
    deliveryDate: date().notNull(),
    deliveryTime: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("cart_lines_item_uq").on(t.clientId, t.burialRequestId, t.itemId),
    check("cart_lines_quantity_ck", sql`${t.quantity} between 1 and 999`),
  ],
);

/**
 * A family's checkout: one order bound to one of its burial requests, holding one order per
 * supplier (`supplier_orders`), the single online payment (`payments` of subject `order`) and the
 * combined total, computed on the server. `checkout_key` is the form's one-time key: a second
 * submit of the same form finds this order instead of making another.
 */
export const orders = pgTable(
  "orders",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    clientId: integer()
      .notNull()
      .references(() => users.id),
    burialRequestId: integer()
      .notNull()
      .references(() => burialRequests.id),
    checkoutKey: text().notNull(),
    paymentMethod: text({ enum: ORDER_PAYMENT_METHODS }).notNull(),
    total: integer().notNull(),
    /** When the online payment came (every supplier's order paid with it). */
    paidAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("orders_checkout_uq").on(t.clientId, t.checkoutKey),
    index("orders_client_idx").on(t.clientId, t.createdAt),
    index("orders_burial_idx").on(t.burialRequestId),
  ],
);

/**
 * A supplier's part of a family's order: its own lines, status, deadline and payment. Suppliers
 * never see each other's. Statuses change only through its machine (`orders.machine.ts`).
 */
export const supplierOrders = pgTable(
  "supplier_orders",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer()
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    /** Its place in the family's order (1, 2…): its number is the order's and this. */
    position: integer().notNull(),
    supplierId: integer()
      .notNull()
      .references(() => suppliers.id),
    /** The family (copied from the order: every scope and list reads it here). */
    clientId: integer()
      .notNull()
      .references(() => users.id),
    status: text({ enum: SUPPLIER_ORDER_STATUSES }).notNull().default("new"),
    total: integer().notNull(),
    acceptBy: timestamp({ withTimezone: true }).notNull(),
    acceptedAt: timestamp({ withTimezone: true }),
    acceptedBy: integer().references(() => users.id, { onDelete: "set null" }),
    /** How the family chose to pay (its order's method, copied). */
    paymentMethod: text({ enum: ORDER_PAYMENT_METHODS }).notNull(),
    paymentStatus: text({ enum: ORDER_PAYMENT_STATUSES }).notNull().default("unpaid"),
    /** How it was paid: `online`, or `on_delivery` / `office` recorded by the supplier. */
    paidVia: text({ enum: ["online", "on_delivery", "office"] }),
    paidAt: timestamp({ withTimezone: true }),
    paymentRef: text(),
    /** Money to give back (a paid order cancelled, expired or declined; a paid line cancelled). */
    refundDue: integer().notNull().default(0),
    /** Who ended it: `supplier` (counts against the supplier's quality), `client`, `system` (expired). */
    cancelledBy: text({ enum: ["supplier", "client", "system"] }),
    cancelReason: text(),
    cancelComment: text(),
    cancelledAt: timestamp({ withTimezone: true }),
    archivedAt: timestamp({ withTimezone: true }),
    receivedAt: timestamp({ withTimezone: true }),
    disputedAt: timestamp({ withTimezone: true }),
    disputeText: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("supplier_orders_position_uq").on(t.orderId, t.position),
    index("supplier_orders_supplier_idx").on(t.supplierId, t.status, t.createdAt),
    index("supplier_orders_client_idx").on(t.clientId, t.createdAt),
  ],
);

/**
 * A line of a supplier's order, with a snapshot of the item as it was ordered (name, unit, price,
 * kind, category): a later edit of the catalogue does not rewrite the order.
 */
export const orderLines = pgTable(
  "order_lines",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    supplierOrderId: integer()
      .notNull()
      .references(() => supplierOrders.id, { onDelete: "cascade" }),
    /** The item (for reviews and the supplier's top items); the snapshot below is what was sold. */
    itemId: integer()
      .notNull()
      .references(() => catalogItems.id),
    nameRu: text().notNull(),
    nameKk: text().notNull(),
    kind: text({ enum: ITEM_KINDS }).notNull(),
    category: text({ enum: CATALOG_CATEGORIES }).notNull(),
    unit: text({ enum: ITEM_UNITS }).notNull(),
    price: integer().notNull(),
    quantity: integer().notNull(),
    amount: integer().notNull(),
    place: text({ enum: DELIVERY_PLACES }).notNull(),
    cemeteryId: integer().references(() => cemeteries.id),
    address: text().notNull().default(""),
    deliveryDate: date().notNull(),
    deliveryTime: text().notNull(),
    status: text({ enum: ORDER_LINE_STATUSES }).notNull().default("new"),
    startedAt: timestamp({ withTimezone: true }),
    doneAt: timestamp({ withTimezone: true }),
    cancelledBy: text({ enum: ["supplier", "client", "system"] }),
    cancelReason: text(),
    cancelComment: text(),
    cancelledAt: timestamp({ withTimezone: true }),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("order_lines_order_idx").on(t.supplierOrderId),
    index("order_lines_item_idx").on(t.itemId),
    check("order_lines_amount_ck", sql`${t.amount} = ${t.price} * ${t.quantity}`),
  ],
);

/** What a line keeps of its item as ordered (a later edit of the catalogue does not rewrite it). */
export const itemSnapshot = (item: typeof catalogItems.$inferSelect) => ({
  itemId: item.id,
  nameRu: item.nameRu,
  nameKk: item.nameKk,
  kind: item.kind,
  category: item.category,
  unit: item.unit,
  price: item.price,
});
