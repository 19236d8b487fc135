import { boolean, index, integer, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
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

/**
 * A file being sent in chunks: what its first chunk declared (purpose, name, size, number of
 * chunks), whose it is, and when a chunk last arrived. The chunks themselves are staged on disk
 * under `DATA_DIR/upload-chunks/<ownerKey>/<uploadId>`.
 *
 * Security note: the row exists from the first chunk, so a file being sent counts against the
 * uploader's hourly limits (files and declared bytes) before it is finished; its id is scoped by
 * owner (user, or anonymous address), so nobody can add chunks to someone else's file; a later
 * chunk must repeat the same declaration; rows idle for 30 minutes are swept with their chunks.
 */
export const uploadStaging = pgTable(
  "upload_staging",
  {
    /** `u<userId>` for a signed-in uploader, `ip-<hash of the address>` for an anonymous one. */
    ownerKey: text().notNull(),
    /** The client's id of the file (the drop zone's random item id). */
    uploadId: text().notNull(),
    ownerId: integer().references(() => users.id, { onDelete: "cascade" }),
    ip: text().notNull(),
    purpose: text({ enum: UPLOAD_PURPOSES }).notNull(),
    fileName: text().notNull(),
    /** Declared size of the whole file, within the purpose's limit; counted against the hourly bytes. */
    fileSize: integer().notNull(),
    chunkCount: integer().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    /** When the last chunk arrived; the sweep removes staging idle for longer than its time-to-live. */
    updatedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.ownerKey, t.uploadId] }),
    index("upload_staging_ip_created_idx").on(t.ip, t.createdAt),
    index("upload_staging_owner_created_idx").on(t.ownerId, t.createdAt),
    index("upload_staging_updated_idx").on(t.updatedAt),
  ],
);
