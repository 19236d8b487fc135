import { boolean, index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "../users/users.tables.ts";

/** What a file is for; each purpose has its own size limit and accepted types. */
export const UPLOAD_PURPOSES = ["photo", "document", "spreadsheet"] as const;
export type TUploadPurpose = (typeof UPLOAD_PURPOSES)[number];

/**
 * A stored file. Created unattached by `POST /uploads`; a module attaches it to its record
 * (`entityType`, `entityId`) in the transaction that saves the record. Unattached files are
 * removed after 24 hours. The id is random (uuid), never a counter, so ids cannot be guessed.
 */
export const uploads = pgTable(
  "uploads",
  {
    id: uuid().primaryKey().defaultRandom(),
    /** Null for the anonymous uploads of the public request forms. */
    ownerId: integer().references(() => users.id, { onDelete: "set null" }),
    ip: text().notNull(),
    purpose: text({ enum: UPLOAD_PURPOSES }).notNull(),
    /** The cleaned file name, as shown and offered on download. */
    name: text().notNull(),
    /** The type found in the file's content, never the one the browser claimed. */
    type: text().notNull(),
    size: integer().notNull(),
    sha256: text().notNull(),
    storageKey: text().notNull(),
    /** Readable by anyone (published news images); otherwise only the owner and the staff handling the record. */
    isPublic: boolean().notNull().default(false),
    entityType: text(),
    entityId: text(),
    attachedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("uploads_entity_idx").on(t.entityType, t.entityId),
    index("uploads_owner_created_idx").on(t.ownerId, t.createdAt),
    index("uploads_ip_created_idx").on(t.ip, t.createdAt),
  ],
);
