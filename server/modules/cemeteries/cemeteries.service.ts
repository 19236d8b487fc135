import { and, asc, count, eq, inArray, sql, type SQL } from "drizzle-orm";
import type {
  TCemeteryDetail,
  TCemeterySummary,
  TFreePlaces,
  TFreeRows,
  TFreeSectors,
  TPlotFeatureCollection,
} from "../../../common/api-types.ts";
import type { Locale } from "../../../common/locale.ts";
import type { Db, Queryable } from "../../db/client.ts";
import { coalesced } from "../../lib/coalesce.ts";
import { AppError } from "../../lib/errors.ts";
import { cemeteries, cemeteryCounts, plots, type TPolygon } from "./cemeteries.tables.ts";

type CemeteryRow = typeof cemeteries.$inferSelect;
type Counts = TCemeterySummary["counts"];

/**
 * A cemetery row with its place counts: read from `cemetery_counts` in the same query, kept
 * current by the database as plots change (migration 0009), never counted per request.
 */
const withCounts = {
  cemetery: cemeteries,
  counts: {
    free: cemeteryCounts.free,
    reserved: cemeteryCounts.reserved,
    occupied: cemeteryCounts.occupied,
    unavailable: cemeteryCounts.unavailable,
  },
};

const noCounts = (): Counts => ({ free: 0, reserved: 0, occupied: 0, unavailable: 0 });

/** A cemetery's name in the reader's language. */
export const cemeteryNameIn = (c: { nameRu: string; nameKk: string }, locale: Locale) =>
  locale === "kk" ? c.nameKk : c.nameRu;

/** A cemetery's address in the reader's language: the Russian one where it has no Kazakh form. */
export const cemeteryAddressIn = (c: { address: string; addressKk: string }, locale: Locale) =>
  locale === "kk" ? c.addressKk || c.address : c.address;

/** A cemetery's centre as [lng, lat], when it has one. */
export const centerOf = (c: { centerLng: number | null; centerLat: number | null }): [number, number] | null =>
  c.centerLng !== null && c.centerLat !== null ? [c.centerLng, c.centerLat] : null;

function toSummary(c: CemeteryRow, counts: Counts | undefined, locale: Locale): TCemeterySummary {
  return {
    id: c.id,
    name: cemeteryNameIn(c, locale),
    city: c.city,
    religion: c.religion,
    status: c.status,
    address: cemeteryAddressIn(c, locale),
    counts: counts ?? noCounts(),
    center: centerOf(c),
  };
}

/** What every view of a plot shows: where it is, its state and size. */
export function plotFacts(p: typeof plots.$inferSelect) {
  return {
    id: p.id,
    cemeteryId: p.cemeteryId,
    sector: p.sector,
    row: p.row,
    number: p.number,
    status: p.status,
    size: p.size,
  };
}

/**
 * Cemeteries with their free / reserved / occupied / unavailable counts. Overlapping identical
 * reads share one query (every home and reserve page asks for this list).
 */
export const listCemeteries = coalesced(listCemeteriesNow);

async function listCemeteriesNow(
  db: Db,
  q: { locale: Locale; city?: string; religion?: TCemeterySummary["religion"]; ids?: number[] },
): Promise<TCemeterySummary[]> {
  const conds: SQL[] = [];
  if (q.city) conds.push(eq(cemeteries.city, q.city));
  if (q.religion) conds.push(eq(cemeteries.religion, q.religion));
  if (q.ids) conds.push(inArray(cemeteries.id, q.ids));
  const rows = await db
    .select(withCounts)
    .from(cemeteries)
    .leftJoin(cemeteryCounts, eq(cemeteryCounts.cemeteryId, cemeteries.id))
    .where(conds.length ? and(...conds) : undefined)
    .orderBy(asc(cemeteries.nameRu));
  return rows.map((r) => toSummary(r.cemetery, r.counts ?? undefined, q.locale));
}

/** A cemetery's row, or its 404; `lock` holds the row for the transaction (slots are taken under it). */
export async function cemeteryRow(db: Queryable, id: number, lock = false) {
  const query = db.select().from(cemeteries).where(eq(cemeteries.id, id));
  const [c] = lock ? await query.for("update") : await query;
  if (!c) throw new AppError(404, "cemetery_not_found");
  return c;
}

/** One cemetery with its boundary, for its map. */
export async function getCemetery(db: Db, id: number, locale: Locale): Promise<TCemeteryDetail> {
  const [row] = await db
    .select(withCounts)
    .from(cemeteries)
    .leftJoin(cemeteryCounts, eq(cemeteryCounts.cemeteryId, cemeteries.id))
    .where(eq(cemeteries.id, id));
  if (!row) throw new AppError(404, "cemetery_not_found");
  const c = row.cemetery;
  return {
    ...toSummary(c, row.counts ?? undefined, locale),
    description: locale === "kk" ? c.descriptionKk || c.descriptionRu : c.descriptionRu || c.descriptionKk,
    phones: c.phones,
    capacity: c.capacity,
    burialFee: c.burialFee,
    burialSlots: c.burialSlots,
    holdHours: c.holdHours,
    familyGraveYears: c.familyGraveYears,
    boundary: ringOf(c.boundary),
  };
}

/** A GeoJSON polygon's outer ring without its closing point. */
export function ringOf(polygon: TPolygon | null): [number, number][] | null {
  const ring = polygon?.coordinates[0];
  if (!ring || ring.length < 4) return null;
  return ring.slice(0, -1);
}

/** At most this many plots in one viewport answer; more means "zoom in". */
export const VIEWPORT_LIMIT = 2000;
/**
 * No plot is wider or taller than this many degrees (about 40 m east–west and 55 m north–south
 * in Almaty; graves are a few metres). It bounds the index range a viewport query reads.
 */
export const PLOT_MAX_EXTENT_DEG = 0.0005;

/**
 * The plots of a cemetery that touch a viewport (`[minLng, minLat, maxLng, maxLat]`), as GeoJSON.
 * Bounding boxes are compared in plain indexed columns, the same on PGlite and PostgreSQL.
 */
export async function plotsInViewport(
  db: Db,
  cemeteryId: number,
  bbox: [number, number, number, number],
): Promise<TPlotFeatureCollection> {
  const [minLng, minLat, maxLng, maxLat] = bbox;
  const touches = and(
    eq(plots.cemeteryId, cemeteryId),
    // A plot touches the viewport when its box overlaps it; as no plot is larger than
    // PLOT_MAX_EXTENT_DEG, its west edge lies in a strip the index reads as one range.
    sql`${plots.minLng} between ${minLng - PLOT_MAX_EXTENT_DEG} and ${maxLng} and ${plots.maxLng} >= ${minLng}
      and ${plots.minLat} between ${minLat - PLOT_MAX_EXTENT_DEG} and ${maxLat} and ${plots.maxLat} >= ${minLat}`,
  );
  const rows = await db
    .select({
      id: plots.id,
      sector: plots.sector,
      row: plots.row,
      number: plots.number,
      status: plots.status,
      polygon: plots.polygon,
    })
    .from(plots)
    .where(touches)
    .limit(VIEWPORT_LIMIT + 1);
  if (rows.length > VIEWPORT_LIMIT) {
    const [n] = await db.select({ n: count() }).from(plots).where(touches);
    return { type: "FeatureCollection", features: [], tooMany: true, total: Number(n?.n ?? 0) };
  }
  return {
    type: "FeatureCollection",
    features: rows.map((p) => ({
      type: "Feature",
      id: p.id,
      geometry: p.polygon,
      properties: { id: p.id, sector: p.sector, row: p.row, number: p.number, status: p.status },
    })),
    tooMany: false,
    total: rows.length,
  };
}

/** Sectors and rows as people number them: 2 before 10, А before Б. */
const naturally = new Intl.Collator("ru", { numeric: true }).compare;

/**
 * How many free places each sector (or each row of one sector) of a cemetery has, in people's order,
 * leaving out those with none: one range of the partial index of free plots (`plots_free_idx`).
 */
async function freeCounts(db: Db, cemeteryId: number, by: "sector" | "row", sector?: string) {
  await cemeteryRow(db, cemeteryId);
  const column = plots[by];
  const rows = await db
    .select({ key: column, free: count() })
    .from(plots)
    .where(
      and(
        eq(plots.cemeteryId, cemeteryId),
        sector === undefined ? undefined : eq(plots.sector, sector),
        eq(plots.status, "free"),
      ),
    )
    .groupBy(column);
  return rows.map((r) => ({ key: r.key, free: Number(r.free) })).sort((a, b) => naturally(a.key, b.key));
}

/** The sectors of a cemetery that have free places, with how many (the phone's picker: sector, then row, then places). */
export async function freeSectors(db: Db, cemeteryId: number): Promise<TFreeSectors> {
  return { items: (await freeCounts(db, cemeteryId, "sector")).map(({ key, free }) => ({ sector: key, free })) };
}

/** The rows of one sector that have free places, with how many. */
export async function freeRows(db: Db, cemeteryId: number, sector: string): Promise<TFreeRows> {
  return { items: (await freeCounts(db, cemeteryId, "row", sector)).map(({ key, free }) => ({ row: key, free })) };
}

/** The free places of one row of a cemetery, by number, each with its box for the map (`plots_free_idx`). */
export async function freePlaces(
  db: Db,
  cemeteryId: number,
  place: { sector: string; row: string },
): Promise<TFreePlaces> {
  await cemeteryRow(db, cemeteryId);
  const rows = await db
    .select({
      id: plots.id,
      sector: plots.sector,
      row: plots.row,
      number: plots.number,
      minLng: plots.minLng,
      minLat: plots.minLat,
      maxLng: plots.maxLng,
      maxLat: plots.maxLat,
    })
    .from(plots)
    .where(
      and(
        eq(plots.cemeteryId, cemeteryId),
        eq(plots.sector, place.sector),
        eq(plots.row, place.row),
        eq(plots.status, "free"),
      ),
    )
    .orderBy(asc(plots.number));
  return {
    items: rows.map((p) => ({
      id: p.id,
      sector: p.sector,
      row: p.row,
      number: p.number,
      status: "free",
      box: [p.minLng, p.minLat, p.maxLng, p.maxLat],
    })),
  };
}
