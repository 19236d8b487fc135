import { sql } from "drizzle-orm";
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import {
  ACCESS_STATUSES,
  CLAIM_RELATIONS,
  CLAIM_STATUSES,
  MEMBER_ROLES,
  MEMORIAL_VISIBILITIES,
  SUGGESTION_KINDS,
  SUGGESTION_STATUSES,
  TRIBUTE_KINDS,
  TRIBUTE_STATUSES,
} from "../../../common/memorials.ts";
import { burials } from "../burials/burials.tables.ts";
import { users } from "../users/users.tables.ts";

const created = () => timestamp({ withTimezone: true }).notNull().defaultNow();

/**
 * A burial record's memorial page (issue 16 §1): one per record. Its owners are not stored: they are
 * the record's responsible person and the relatives the cemetery verified (`memorial_claims`
 * approved), so a grave handed over to another relative hands its memorial over with it. `code` is
 * the permanent unguessable short address `/m/<code>` (crypto random base32, unique). The biography
 * is sanitized HTML (`sanitizeRichText`); photos are uploads bound under `memorial_photo`, public
 * unless the memorial is private.
 */
export const memorials = pgTable(
  "memorials",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    burialId: integer()
      .notNull()
      .references(() => burials.id, { onDelete: "cascade" }),
    code: text().notNull(),
    visibility: text({ enum: MEMORIAL_VISIBILITIES }).notNull().default("link"),
    noindex: boolean().notNull().default(true),
    epitaphRu: text().notNull().default(""),
    epitaphKk: text().notNull().default(""),
    biographyRu: text().notNull().default(""),
    biographyKk: text().notNull().default(""),
    achievementsRu: jsonb().$type<string[]>().notNull().default([]),
    achievementsKk: jsonb().$type<string[]>().notNull().default([]),
    videoLinks: jsonb().$type<string[]>().notNull().default([]),
    portraitId: uuid(),
    createdBy: integer().references(() => users.id, { onDelete: "set null" }),
    createdAt: created(),
    updatedAt: created(),
  },
  (t) => [
    uniqueIndex("memorials_burial_uq").on(t.burialId),
    uniqueIndex("memorials_code_uq").on(t.code),
    // The sitemap and the public links: public memorials only.
    index("memorials_public_idx").on(t.burialId).where(sql`${t.visibility} = 'public'`),
  ],
);

/**
 * A memorial's invited people, by phone: co-managers (edit, moderate) and viewers of a private
 * memorial. `userId` is set when the invitee accepts, signed in with that phone.
 */
export const memorialMembers = pgTable(
  "memorial_members",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    memorialId: integer()
      .notNull()
      .references(() => memorials.id, { onDelete: "cascade" }),
    phone: text().notNull(),
    role: text({ enum: MEMBER_ROLES }).notNull(),
    userId: integer().references(() => users.id, { onDelete: "cascade" }),
    invitedBy: integer().references(() => users.id, { onDelete: "set null" }),
    acceptedAt: timestamp({ withTimezone: true }),
    createdAt: created(),
  },
  (t) => [
    uniqueIndex("memorial_members_phone_uq").on(t.memorialId, t.phone),
    index("memorial_members_user_idx").on(t.userId),
    index("memorial_members_invited_idx").on(t.phone),
  ],
);

/**
 * A relative's request to be verified as an owner of a burial's memorial: the relation and
 * documents (uploads under `memorial_claim`, read by the claimant and the cemetery's staff),
 * decided by the cemetery's manager. One open request per person and burial.
 */
export const memorialClaims = pgTable(
  "memorial_claims",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    burialId: integer()
      .notNull()
      .references(() => burials.id, { onDelete: "cascade" }),
    /** The burial's cemetery, copied for the staff's scope. */
    cemeteryId: integer().notNull(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    relation: text({ enum: CLAIM_RELATIONS }).notNull(),
    status: text({ enum: CLAIM_STATUSES }).notNull().default("pending"),
    reason: text(),
    decidedBy: integer().references(() => users.id, { onDelete: "set null" }),
    decidedAt: timestamp({ withTimezone: true }),
    createdAt: created(),
    updatedAt: created(),
  },
  (t) => [
    uniqueIndex("memorial_claims_open_uq").on(t.burialId, t.userId).where(sql`${t.status} = 'pending'`),
    index("memorial_claims_queue_idx").on(t.cemeteryId, t.status, t.createdAt),
    index("memorial_claims_user_idx").on(t.userId, t.burialId),
  ],
);

/**
 * A flower, a candle or a short message left by a signed-in visitor: shown only after a manager
 * approves it; `report_count` counts the visitors' reports (`memorial_tribute_reports`, one each).
 */
export const memorialTributes = pgTable(
  "memorial_tributes",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    memorialId: integer()
      .notNull()
      .references(() => memorials.id, { onDelete: "cascade" }),
    authorId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text({ enum: TRIBUTE_KINDS }).notNull(),
    text: text().notNull().default(""),
    status: text({ enum: TRIBUTE_STATUSES }).notNull().default("pending"),
    reportCount: integer().notNull().default(0),
    decidedBy: integer().references(() => users.id, { onDelete: "set null" }),
    decidedAt: timestamp({ withTimezone: true }),
    createdAt: created(),
    updatedAt: created(),
  },
  (t) => [
    index("memorial_tributes_memorial_idx").on(t.memorialId, t.status, t.createdAt),
    // The rate limits: an author's tributes of the last hour, a memorial's of the last day.
    index("memorial_tributes_author_idx").on(t.authorId, t.createdAt),
  ],
);

/** Who reported which tribute (one report per person and tribute). */
export const memorialTributeReports = pgTable(
  "memorial_tribute_reports",
  {
    tributeId: integer()
      .notNull()
      .references(() => memorialTributes.id, { onDelete: "cascade" }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: created(),
  },
  (t) => [primaryKey({ columns: [t.tributeId, t.userId] })],
);

/** A visitor's suggestion to the managers: a photo (uploads under `memorial_suggestion`) or a correction. */
export const memorialSuggestions = pgTable(
  "memorial_suggestions",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    memorialId: integer()
      .notNull()
      .references(() => memorials.id, { onDelete: "cascade" }),
    authorId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text({ enum: SUGGESTION_KINDS }).notNull(),
    text: text().notNull().default(""),
    status: text({ enum: SUGGESTION_STATUSES }).notNull().default("pending"),
    decidedBy: integer().references(() => users.id, { onDelete: "set null" }),
    decidedAt: timestamp({ withTimezone: true }),
    createdAt: created(),
    updatedAt: created(),
  },
  (t) => [index("memorial_suggestions_memorial_idx").on(t.memorialId, t.status, t.createdAt)],
);

/** A signed-in visitor's request to see a private memorial; one open request per person. */
export const memorialAccessRequests = pgTable(
  "memorial_access_requests",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    memorialId: integer()
      .notNull()
      .references(() => memorials.id, { onDelete: "cascade" }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    message: text().notNull().default(""),
    status: text({ enum: ACCESS_STATUSES }).notNull().default("pending"),
    decidedBy: integer().references(() => users.id, { onDelete: "set null" }),
    decidedAt: timestamp({ withTimezone: true }),
    createdAt: created(),
    updatedAt: created(),
  },
  (t) => [
    uniqueIndex("memorial_access_open_uq").on(t.memorialId, t.userId).where(sql`${t.status} = 'pending'`),
    index("memorial_access_memorial_idx").on(t.memorialId, t.status, t.createdAt),
  ],
);
