import {
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import { akimats } from "../akimats/akimats.tables.ts";

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
    /** `foldName(surname name patronymic)`: the column the trigram index searches. */
    searchName: text().notNull(),
    birthYear: integer(),
    deathYear: integer(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("burials_search_trgm_idx").using("gin", sql`${t.searchName} gin_trgm_ops`),
    index("burials_plot_idx").on(t.plotId),
    index("burials_years_idx").on(t.deathYear, t.birthYear),
  ],
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
    details: text().notNull().default(""),
    answer: text().notNull().default(""),
    ip: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("registry_requests_status_idx").on(t.cemeteryId, t.status, t.createdAt),
    index("registry_requests_ip_idx").on(t.ip, t.createdAt),
  ],
);
