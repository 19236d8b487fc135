import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { COMMENT_MAX_LENGTH, COMMENT_VISIBILITIES, THREAD_SIDES } from "../../../common/threads.ts";
import { users } from "../users/users.tables.ts";

/**
 * One comment of the conversation about an entity (an appeal, a reburial request…): the thread
 * is the entity's own, named by `(entity_type, entity_id)`; there is no thread row. Plain text;
 * its files are uploads bound under `thread_comment` / the comment's id.
 *
 * Security note: `visibility = 'internal'` is a note among the entity's staff; every reader of
 * this table (the list, the counts, the files' read policy, the notifications) filters it for
 * anyone who is not staff of the entity (`threads.service.ts`).
 */
export const threadComments = pgTable(
  "thread_comments",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    entityType: text().notNull(),
    entityId: integer().notNull(),
    /** Null once the author's account is removed (an akimat's former employee): the comment stays. */
    authorId: integer().references(() => users.id, { onDelete: "set null" }),
    /** Which side the author wrote from, as the entity's access answered then: the label shown. */
    authorSide: text({ enum: THREAD_SIDES }).notNull(),
    body: text().notNull(),
    visibility: text({ enum: COMMENT_VISIBILITIES }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("thread_comments_entity_idx").on(t.entityType, t.entityId, t.id),
    // The hourly limit per author counts here.
    index("thread_comments_author_idx").on(t.authorId, t.createdAt),
    check("thread_comments_body_ck", sql`char_length(${t.body}) between 1 and ${sql.raw(String(COMMENT_MAX_LENGTH))}`),
  ],
);

/** How far a person has read an entity's thread: comments after `lastReadId` are unread to them. */
export const threadReads = pgTable(
  "thread_reads",
  {
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    entityType: text().notNull(),
    entityId: integer().notNull(),
    lastReadId: integer().notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.entityType, t.entityId] })],
);
