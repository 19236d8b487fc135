import { boolean, index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { CATALOG_CATEGORIES, ITEM_KINDS, ITEM_STATUSES, ITEM_UNITS } from "../../../common/catalog.ts";
import { suppliers } from "../users/organisations.tables.ts";

/**
 * A supplier's product or service (issue 15 §1; `common/catalog.ts`). The row holds the version on
 * sale (or, before the first approval, the one being prepared); an edit of an active item waits as
 * a revision beside it. Statuses change only through its machine. Photos are the uploads bound to
 * it (`entityType` `catalog_item`). Prices are whole tenge.
 */
export const catalogItems = pgTable(
  "catalog_items",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    supplierId: integer()
      .notNull()
      .references(() => suppliers.id, { onDelete: "cascade" }),
    status: text({ enum: ITEM_STATUSES }).notNull().default("draft"),
    category: text({ enum: CATALOG_CATEGORIES }).notNull(),
    kind: text({ enum: ITEM_KINDS }).notNull(),
    nameRu: text().notNull(),
    nameKk: text().notNull(),
    /** Sanitized rich text (`common/rich-text.ts`). */
    descriptionRu: text().notNull().default(""),
    descriptionKk: text().notNull().default(""),
    price: integer().notNull(),
    unit: text({ enum: ITEM_UNITS }).notNull(),
    /** Hours needed between the order and the delivery or the work. */
    leadHours: integer().notNull().default(0),
    /** The city served. */
    city: text().notNull(),
    /** The cemeteries served; empty: every cemetery of the city. */
    cemeteryIds: integer().array().notNull().default([]),
    /** Whether it can be ordered now (a supplier marks an active item out of stock without hiding it). */
    available: boolean().notNull().default(true),
    /** The approved reviews counted in its rating (maintained by the reviews module): their sum and number. */
    ratingSum: integer().notNull().default(0),
    ratingCount: integer().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("catalog_items_supplier_idx").on(t.supplierId, t.status)],
);
