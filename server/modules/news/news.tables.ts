import { index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { akimats } from "../users/organisations.tables.ts";
import { users } from "../users/users.tables.ts";

export const NEWS_CATEGORIES = ["announcements", "social_support", "legislation"] as const;
export const NEWS_STATUSES = ["draft", "published"] as const;

/**
 * A news item of an akimat, in Russian and Kazakh (either may be missing; the public pages then
 * show the other language with a note). Content is HTML sanitized on the server at write time.
 */
export const news = pgTable(
  "news",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    akimatId: integer()
      .notNull()
      .references(() => akimats.id, { onDelete: "cascade" }),
    authorId: integer().references(() => users.id, { onDelete: "set null" }),
    category: text({ enum: NEWS_CATEGORIES }).notNull(),
    status: text({ enum: NEWS_STATUSES }).notNull().default("draft"),
    titleRu: text().notNull().default(""),
    titleKk: text().notNull().default(""),
    contentRu: text().notNull().default(""),
    contentKk: text().notNull().default(""),
    coverId: uuid(),
    attachmentId: uuid(),
    publishedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("news_public_idx").on(t.status, t.publishedAt), index("news_akimat_idx").on(t.akimatId, t.updatedAt)],
);
