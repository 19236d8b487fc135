import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import {
  REVIEW_APPEAL_OUTCOMES,
  REVIEW_APPEAL_REASONS,
  REVIEW_APPEAL_STATUSES,
  REVIEW_REJECT_REASONS,
  REVIEW_STATUSES,
} from "../../../common/reviews.ts";
import { catalogItems } from "../catalog/catalog.tables.ts";
import { orderLines } from "../orders/orders.tables.ts";
import { suppliers } from "../users/organisations.tables.ts";
import { users } from "../users/users.tables.ts";

/**
 * A family's review of one done order line (issue 15 §3; `common/reviews.ts`): one per line, its
 * item and supplier copied from the line for the lists, 1–5 stars, a text, photos (uploads bound
 * under `review`, public while it is approved). Statuses change only through its machine
 * (`reviews.machine.ts`). `editable_until` is the line's done time plus the 100-day window.
 * `text_hidden` and `excluded_from_rating` are set by the decision of a supplier's appeal; the
 * item's `rating_sum` / `rating_count` count the approved reviews not excluded.
 */
export const reviews = pgTable(
  "reviews",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    lineId: integer()
      .notNull()
      .references(() => orderLines.id, { onDelete: "cascade" }),
    itemId: integer()
      .notNull()
      .references(() => catalogItems.id, { onDelete: "cascade" }),
    supplierId: integer()
      .notNull()
      .references(() => suppliers.id, { onDelete: "cascade" }),
    authorId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    status: text({ enum: REVIEW_STATUSES }).notNull().default("pending"),
    rating: integer().notNull(),
    text: text().notNull(),
    editableUntil: timestamp({ withTimezone: true }).notNull(),
    editedAt: timestamp({ withTimezone: true }),
    moderatedAt: timestamp({ withTimezone: true }),
    moderatedBy: integer().references(() => users.id, { onDelete: "set null" }),
    rejectReason: text({ enum: REVIEW_REJECT_REASONS }),
    rejectComment: text(),
    /** When it was first published (the public list's order). */
    publishedAt: timestamp({ withTimezone: true }),
    replyText: text(),
    repliedAt: timestamp({ withTimezone: true }),
    repliedBy: integer().references(() => users.id, { onDelete: "set null" }),
    textHidden: boolean().notNull().default(false),
    excludedFromRating: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("reviews_line_uq").on(t.lineId),
    // The moderator's queue, oldest first.
    index("reviews_status_idx").on(t.status, t.createdAt),
    // An item's and a supplier's published reviews, newest first; the 90-day rating.
    index("reviews_item_idx").on(t.itemId, t.status, t.publishedAt),
    index("reviews_supplier_idx").on(t.supplierId, t.status, t.createdAt),
    index("reviews_author_idx").on(t.authorId, t.createdAt),
    check("reviews_rating_ck", sql`${t.rating} between 1 and 5`),
  ],
);

/**
 * A supplier's appeal against a review: the reason, its text, evidence (uploads bound under
 * `review_appeal`, read by the supplier's people and the moderators), the platform's decision (an
 * outcome, an answer). One open appeal per review (the partial unique index).
 */
export const reviewAppeals = pgTable(
  "review_appeals",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    reviewId: integer()
      .notNull()
      .references(() => reviews.id, { onDelete: "cascade" }),
    supplierId: integer()
      .notNull()
      .references(() => suppliers.id, { onDelete: "cascade" }),
    createdBy: integer().references(() => users.id, { onDelete: "set null" }),
    status: text({ enum: REVIEW_APPEAL_STATUSES }).notNull().default("pending"),
    reason: text({ enum: REVIEW_APPEAL_REASONS }).notNull(),
    text: text().notNull(),
    outcome: text({ enum: REVIEW_APPEAL_OUTCOMES }),
    answer: text(),
    decidedAt: timestamp({ withTimezone: true }),
    decidedBy: integer().references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("review_appeals_open_uq").on(t.reviewId).where(sql`${t.status} = 'pending'`),
    index("review_appeals_status_idx").on(t.status, t.createdAt),
    index("review_appeals_supplier_idx").on(t.supplierId, t.createdAt),
  ],
);
