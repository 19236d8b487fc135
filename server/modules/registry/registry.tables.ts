import {
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import { FOLD_FROM, FOLD_TO } from "../../../common/search-text.ts";
import { akimats } from "../akimats/akimats.tables.ts";
import { users } from "../users/users.tables.ts";

export const RELIGIONS = ["all", "muslim", "christian", "jewish", "other"] as const;
export const CEMETERY_STATUSES = ["open", "family_only", "closed"] as const;
export const PLOT_STATUSES = ["free", "reserved", "occupied", "unavailable"] as const;

/** Days (1 = Monday … 7 = Sunday) and hours when burials take place. */
export type TBurialSlots = { days: number[]; from: string; to: string };
/** A GeoJSON polygon ring list, [lng, lat] pairs. */
export type TPolygon = { type: "Polygon"; coordinates: [number, number][][] };

/** A cemetery of an akimat, with its boundary drawn on the map. */
export const cemeteries = pgTable("cemeteries", {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  akimatId: integer()
    .notNull()
    .references(() => akimats.id),
  nameRu: text().notNull(),
  nameKk: text().notNull(),
  descriptionRu: text().notNull().default(""),
  descriptionKk: text().notNull().default(""),
  city: text().notNull(),
  religion: text({ enum: RELIGIONS }).notNull().default("all"),
  address: text().notNull().default(""),
  phones: text().notNull().default(""),
  status: text({ enum: CEMETERY_STATUSES }).notNull().default("open"),
  capacity: integer().notNull().default(0),
  /** Burial fee in tenge. */
  burialFee: integer().notNull().default(0),
  burialSlots: jsonb()
    .$type<TBurialSlots>()
    .notNull()
    .default({ days: [1, 2, 3, 4, 5, 6], from: "10:00", to: "16:00" }),
  /** How long a booking holds its places unpaid (the product's choice: 72 h; decision 015). */
  holdHours: integer().notNull().default(72),
  /** A second coffin goes into a family grave only when its last burial is at least this many years old. */
  familyGraveYears: integer().notNull().default(15),
  /** Burials one slot takes, and how long a slot is. */
  slotCapacity: integer().notNull().default(2),
  slotMinutes: integer().notNull().default(60),
  boundary: jsonb().$type<TPolygon | null>(),
  centerLng: doublePrecision(),
  centerLat: doublePrecision(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * A place in a cemetery. Its bounding box is stored in plain indexed columns so that the map's
 * viewport query runs the same on PGlite and PostgreSQL, with no PostGIS.
 */
export const plots = pgTable(
  "plots",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    cemeteryId: integer()
      .notNull()
      .references(() => cemeteries.id, { onDelete: "cascade" }),
    sector: text().notNull(),
    row: text().notNull(),
    number: integer().notNull(),
    polygon: jsonb().$type<TPolygon>().notNull(),
    minLng: doublePrecision().notNull(),
    minLat: doublePrecision().notNull(),
    maxLng: doublePrecision().notNull(),
    maxLat: doublePrecision().notNull(),
    /** Size as written on the plan, e.g. `2 × 1 м`. */
    size: text().notNull().default(""),
    notes: text().notNull().default(""),
    status: text({ enum: PLOT_STATUSES }).notNull().default("free"),
  },
  (t) => [
    uniqueIndex("plots_place_uq").on(t.cemeteryId, t.sector, t.row, t.number),
    index("plots_bbox_idx").on(t.cemeteryId, t.minLng, t.maxLng, t.minLat, t.maxLat),
    index("plots_status_idx").on(t.cemeteryId, t.status),
  ],
);

/**
 * How many places of each status a cemetery has, kept by the database: triggers on `plots`
 * (migration 0009) add each statement's changes as deltas to the cemetery's one row, so the
 * public pages read four numbers instead of counting every plot (an Almaty cemetery holds
 * ~600,000), and concurrent changes never lose an update (row-level `n = n + delta`, not a
 * recount). Written only by those triggers; never by the application.
 */
export const cemeteryCounts = pgTable("cemetery_counts", {
  cemeteryId: integer()
    .primaryKey()
    .references(() => cemeteries.id, { onDelete: "cascade" }),
  free: integer().notNull().default(0),
  reserved: integer().notNull().default(0),
  occupied: integer().notNull().default(0),
  unavailable: integer().notNull().default(0),
});

/** A person buried in a plot. The IIN is private: never in a public answer, never searchable. */
export const burials = pgTable(
  "burials",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    plotId: integer()
      .notNull()
      .references(() => plots.id, { onDelete: "restrict" }),
    surname: text().notNull(),
    name: text().notNull().default(""),
    patronymic: text().notNull().default(""),
    iin: text(),
    birthDate: date(),
    deathDate: date(),
    burialDate: date(),
    isReburial: boolean().notNull().default(false),
    /** The grave's responsible person (ответственное лицо): the client who booked it. */
    responsibleUserId: integer().references(() => users.id, { onDelete: "set null" }),
    /** `spellName(surname name patronymic)`: the name as the search index spells it (lower case, no punctuation). */
    searchName: text().notNull(),

    birthYear: integer(),
    deathYear: integer(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("burials_plot_idx").on(t.plotId), index("burials_years_idx").on(t.deathYear, t.birthYear)],
);

/**
 * Every word that occurs in burial records' names, as spelled, with its key and how many records hold it. The
 * search looks query words up here (as a prefix, inside a word, or with a typo, through the
 * trigram index) before it reads `burial_words`. Kept by the database's triggers on `burials`
 * (migration 0006); a word no record holds any more stays with `n = 0`.
 */
export const nameWords = pgTable(
  "name_words",
  {
    word: text().primaryKey(),
    n: integer().notNull().default(0),
    /**
     * The word's key (`foldWord` in common/search-text.ts, the same letters): what a query word's
     * key is looked up against, so that every spelling of a name is found and the exact one ranks first.
     */
    folded: text()
      .notNull()
      .generatedAlwaysAs(sql`translate(word, ${sql.raw(`'${FOLD_FROM}'`)}, ${sql.raw(`'${FOLD_TO}'`)})`),
  },
  (t) => [index("name_words_folded_trgm_idx").using("gin", sql`${t.folded} gin_trgm_ops`)],
);

/**
 * One row per word of each burial record's folded name, carrying what the search filters and
 * orders by, so that a search reads one index and never the records themselves:
 * `burial_words_search_idx (word, search_name, burial_id) INCLUDE (words, cemetery_id,
 * birth_year, death_year)` is created in migration 0006 (Drizzle cannot declare INCLUDE).
 * Written only by the triggers on `burials`; never by the application.
 */
export const burialWords = pgTable(
  "burial_words",
  {
    word: text().notNull(),
    searchName: text().notNull(),
    burialId: integer().notNull(),
    cemeteryId: integer().notNull(),
    birthYear: integer(),
    deathYear: integer(),
    /** All the words of the name, for the other query words' checks. */
    words: text().array().notNull(),
  },
  (t) => [index("burial_words_burial_idx").on(t.burialId)],
);

export const REQUEST_STATUSES = ["new", "in_progress", "found", "added", "not_found"] as const;

/**
 * A visitor's request to cemetery staff: find a burial the search did not show (`search`), or
 * add one missing from the registry (`add`). Contacts are private to the staff handling it.
 */
export const registryRequests = pgTable(
  "registry_requests",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    kind: text({ enum: ["search", "add"] }).notNull(),
    status: text({ enum: REQUEST_STATUSES }).notNull().default("new"),
    cemeteryId: integer().references(() => cemeteries.id, { onDelete: "set null" }),
    /** Set when a signed-in person asked, so they are notified of the answer. */
    applicantId: integer(),
    applicantName: text().notNull(),
    applicantPhone: text().notNull(),
    surname: text().notNull(),
    name: text().notNull().default(""),
    patronymic: text().notNull().default(""),
    birthYear: integer(),
    deathYear: integer(),
    /** Add requests: the dates as the applicant knows them, and where the grave is. */
    birthDate: date(),
    deathDate: date(),
    burialDate: date(),
    location: text().notNull().default(""),
    details: text().notNull().default(""),
    answer: text().notNull().default(""),
    /** The staff member who answered. */
    answeredBy: integer(),
    /** The burial record the answer points to (found or added). */
    burialId: integer().references(() => burials.id, { onDelete: "set null" }),
    ip: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("registry_requests_status_idx").on(t.cemeteryId, t.status, t.createdAt),
    index("registry_requests_ip_idx").on(t.ip, t.createdAt),
  ],
);

/** Which cemeteries a manager works in: assigned and unassigned by the admin. */
export const managerCemeteries = pgTable(
  "manager_cemeteries",
  {
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    cemeteryId: integer()
      .notNull()
      .references(() => cemeteries.id, { onDelete: "cascade" }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.cemeteryId] }), index("manager_cemeteries_cemetery_idx").on(t.cemeteryId)],
);
