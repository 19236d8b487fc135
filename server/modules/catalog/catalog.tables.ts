import { sql } from "drizzle-orm";
import { boolean, index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import {
  CATALOG_CATEGORIES,
  ITEM_KINDS,
  ITEM_STATUSES,
  ITEM_UNITS,
  RETURN_REASONS,
  REVISION_STATUSES,
} from "../../../common/catalog.ts";
import { suppliers } from "../users/organisations.tables.ts";
import { users } from "../users/users.tables.ts";

/**
 * The content of an item as its company writes it and the moderators approve it: the columns the
 * item (the version on sale) and a revision (the version asked for) both have. A function, so each
 * table gets builders of its own.
 */
const contentColumns = () => ({
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
  /** The photos (uploads bound to the item, or new ones to its revision), in the order shown. */
  photoIds: uuid().array().notNull().default([]),
});

/**
 * A supplier's product or service (issue 15 §1; `common/catalog.ts`). The row holds the version on
 * sale (or, before the first approval, the one being prepared); an edit of an active item waits as
 * a revision beside it (`catalog_revisions`, `pending_revision_id`). Statuses change only through its
 * machine. Photos are the uploads bound to it (`entityType` `catalog_item`), in the order of
 * `photo_ids`. Prices are whole tenge.
 */
export const catalogItems = pgTable(
  "catalog_items",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    supplierId: integer()
      .notNull()
      .references(() => suppliers.id, { onDelete: "cascade" }),
    status: text({ enum: ITEM_STATUSES }).notNull().default("draft"),
    ...contentColumns(),
    /** Whether it can be ordered now (a supplier marks an active item out of stock without hiding it). */
    available: boolean().notNull().default(true),
    /**
     * The text search's key: both names folded as the registry folds names (`foldName` of
     * `common/search-text.ts`: Kazakh letters as their Russian look-alikes, ё, й, signs), written
     * with the names; a query's words (and their Latin readings) are looked up inside it.
     */
    searchKey: text().notNull().default(""),
    /** Why the admin sent it back (`catalog.reason.<code>`) and their comment; cleared on approval. */
    returnReasons: text({ enum: RETURN_REASONS }).array().notNull().default([]),
    returnComment: text(),
    /** Why the admin blocked it, which the supplier reads. */
    blockReason: text(),
    /** When it (or its pending revision) joined the moderation queue, which is read oldest first. */
    submittedAt: timestamp({ withTimezone: true }),
    /** The first approval: it has been on sale since. */
    publishedAt: timestamp({ withTimezone: true }),
    /** The edit waiting for the admin, the version on sale unchanged meanwhile. */
    pendingRevisionId: integer(),
    /** Sum and count of its approved reviews' stars (kept by the reviews module). */
    ratingSum: integer().notNull().default(0),
    ratingCount: integer().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("catalog_items_supplier_idx").on(t.supplierId, t.status),
    // The public list: a city's active items by category and price.
    index("catalog_items_public_idx").on(t.status, t.city, t.category, t.price),
    // The text search: a query key inside the folded names.
    index("catalog_items_search_idx").using("gin", t.searchKey.op("gin_trgm_ops")),
    // The moderation queue, oldest first: new items and pending revisions.
    index("catalog_items_queue_idx")
      .on(t.submittedAt)
      .where(sql`${t.status} = 'consideration' or ${t.pendingRevisionId} is not null`),
  ],
);

/**
 * An edit of an active or hidden item, moderated while the item stays on sale as it was: the whole
 * content as the supplier wants it; approving copies it onto the item. One pending per item at most
 * (`catalog_items.pending_revision_id`); the others are its history.
 */
export const catalogRevisions = pgTable(
  "catalog_revisions",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    itemId: integer()
      .notNull()
      .references(() => catalogItems.id, { onDelete: "cascade" }),
    status: text({ enum: REVISION_STATUSES }).notNull().default("pending"),
    authorId: integer().references(() => users.id, { onDelete: "set null" }),
    ...contentColumns(),
    returnReasons: text({ enum: RETURN_REASONS }).array().notNull().default([]),
    returnComment: text(),
    submittedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index("catalog_revisions_item_idx").on(t.itemId, t.submittedAt)],
);
