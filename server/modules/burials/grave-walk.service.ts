import { and, eq, gte, lte, ne, sql } from "drizzle-orm";
import type { TGraveWalk } from "../../../common/api-types.ts";
import type { Locale } from "../../../common/locale.ts";
import type { Db } from "../../db/client.ts";
import { AppError } from "../../lib/errors.ts";
import { ringOf } from "../cemeteries/cemeteries.service.ts";
import { cemeteries, plots } from "../cemeteries/cemeteries.tables.ts";
import { burials } from "./burials.tables.ts";
import { getPublicBurial } from "./burials.service.ts";

/** How far around the grave the plan draws the plots, in metres (a sector's width in the seeded cemeteries). */
export const WALK_NEARBY_METRES = 40;
/** At most this many plots around the grave: the answer stays small enough for a poor connection. */
export const WALK_NEARBY_MAX = 300;

/** Coordinates to about a centimetre: the answer is a fraction of its size with all 15 digits. */
const round = ([lng, lat]: [number, number]): [number, number] => [
  Math.round(lng * 1e7) / 1e7,
  Math.round(lat * 1e7) / 1e7,
];
const roundRing = (ring: [number, number][] | null) => (ring ? ring.map(round) : null);

/**
 * The walking page's data for one grave of the public registry (404 for a record that does not
 * exist): the grave as its card shows it, its plot's outline, the cemetery's boundary and centre,
 * and the plots within {@link WALK_NEARBY_METRES} of it, read through the plots' box index.
 */
export async function getGraveWalk(db: Db, id: number, locale: Locale): Promise<TGraveWalk> {
  const grave = await getPublicBurial(db, id, locale);
  const [row] = await db
    .select({
      plot: plots,
      boundary: cemeteries.boundary,
      centerLng: cemeteries.centerLng,
      centerLat: cemeteries.centerLat,
    })
    .from(burials)
    .innerJoin(plots, eq(plots.id, burials.plotId))
    .innerJoin(cemeteries, eq(cemeteries.id, plots.cemeteryId))
    .where(eq(burials.id, id));
  if (!row) throw new AppError(404, "burial_not_found");
  const [lng, lat] = grave.point;
  const dLat = WALK_NEARBY_METRES / 111_320;
  const dLng = WALK_NEARBY_METRES / (111_320 * Math.max(0.1, Math.cos((lat * Math.PI) / 180)));
  const near = await db
    .select({ polygon: plots.polygon, sector: plots.sector, row: plots.row, number: plots.number })
    .from(plots)
    .where(
      and(
        eq(plots.cemeteryId, row.plot.cemeteryId),
        ne(plots.id, row.plot.id),
        lte(plots.minLng, lng + dLng),
        gte(plots.maxLng, lng - dLng),
        lte(plots.minLat, lat + dLat),
        gte(plots.maxLat, lat - dLat),
      ),
    )
    .orderBy(
      sql`abs((${plots.minLng} + ${plots.maxLng}) / 2 - ${lng}) + abs((${plots.minLat} + ${plots.maxLat}) / 2 - ${lat})`,
      plots.id,
    )
    .limit(WALK_NEARBY_MAX);
  const center = row.centerLng !== null && row.centerLat !== null ? round([row.centerLng, row.centerLat]) : null;
  return {
    grave,
    outline: roundRing(ringOf(row.plot.polygon)) ?? [round(grave.point)],
    cemetery: { id: grave.cemetery.id, name: grave.cemetery.name, boundary: roundRing(ringOf(row.boundary)), center },
    nearby: near.flatMap((p) => {
      const ring = roundRing(ringOf(p.polygon));
      return ring ? [{ outline: ring, sector: p.sector, row: p.row, number: p.number }] : [];
    }),
  };
}

/** Whether a burial record exists (reburied ones included: their card says where the remains went). */
export async function burialExists(db: Db, id: number): Promise<boolean> {
  const [row] = await db.select({ id: burials.id }).from(burials).where(eq(burials.id, id));
  return Boolean(row);
}
