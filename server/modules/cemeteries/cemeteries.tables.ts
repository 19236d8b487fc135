import { PLOT_STATUSES, RELIGIONS } from "../../../common/api-types.ts";
import { sql } from "drizzle-orm";
import { doublePrecision, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { akimats } from "../users/organisations.tables.ts";

export const CEMETERY_STATUSES = ["open", "family_only", "closed"] as const;

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
  /** The address in Russian; `addressKk` in Kazakh (empty: Kazakh pages show the Russian one). */
  address: text().notNull().default(""),
  addressKk: text().notNull().default(""),
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
    // The phone's picker (sectors, a sector's rows, a row's places with free places): read from
    // the free plots alone, a third of the time on 600,000 plots (bench/free-places.ts).
    index("plots_free_idx").on(t.cemeteryId, t.sector, t.row, t.number).where(sql`${t.status} = 'free'`),
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
