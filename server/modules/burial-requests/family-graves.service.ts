/**
 * A family's graves: the grave a request books into (a family grave: a burial record's plot), when
 * a coffin may go into it again, what a request shows of it, and the client's cemeteries page.
 */
import { and, asc, count, eq, inArray, max, sql } from "drizzle-orm";
import { fullName } from "../../../common/person.ts";
import { addCalendarYears } from "../../../common/calendar/days.ts";
import { OPEN_STATUSES, type TClientCemeteries } from "../../../common/booking.ts";
import type { Locale } from "../../../common/locale.ts";
import type { Db, Queryable } from "../../db/client.ts";
import { cemeteryAddressIn, cemeteryNameIn, centerOf } from "../cemeteries/cemeteries.service.ts";
import { burials } from "../burials/burials.tables.ts";
import { cemeteries, plots } from "../cemeteries/cemeteries.tables.ts";
import { burialRequests } from "./burial-requests.tables.ts";
import type { TSessionUser } from "../../lib/caller.ts";
import { fieldError } from "../../lib/errors.ts";

/** The last burial date in a grave (its plot's records: burial date, else death date). */
export async function lastBurialIn(tx: Queryable, plotId: number): Promise<{ last: string | null; n: number }> {
  const [r] = await tx
    .select({ last: max(sql<string>`coalesce(${burials.burialDate}, ${burials.deathDate})`), n: count() })
    .from(burials)
    .where(eq(burials.plotId, plotId));
  return { last: (r?.last as string | null) ?? null, n: Number(r?.n ?? 0) };
}

/** The grave of a burial record a family books into: its plot and cemetery, or 422 on the field. */
export async function familyGravePlace(
  tx: Queryable,
  burialId: number,
): Promise<{ id: number; plotId: number; cemeteryId: number }> {
  const [grave] = await tx
    .select({ id: burials.id, plotId: burials.plotId, cemeteryId: plots.cemeteryId })
    .from(burials)
    .innerJoin(plots, eq(plots.id, burials.plotId))
    .where(eq(burials.id, burialId));
  if (!grave) throw fieldError("familyBurialId", "validation.choose_grave");
  return grave;
}

/** A coffin goes into a family grave only the cemetery's `familyGraveYears` after its last burial: else 422 on `remains`. */
export async function assertCoffinFits(tx: Queryable, plotId: number, years: number, today: string): Promise<void> {
  const { last } = await lastBurialIn(tx, plotId);
  const allowedFrom = last ? addCalendarYears(last, years) : null;
  if (allowedFrom && allowedFrom > today) {
    throw fieldError("remains", "validation.family_grave_too_soon", { years, date: allowedFrom });
  }
}

/** The family grave a request goes into, as its pages show it: whose it is, its last burial and how many. */
export async function familyGraveOf(
  db: Queryable,
  burialId: number,
): Promise<{ burialId: number; name: string; lastBurial: string | null; burials: number } | null> {
  const [b] = await db.select().from(burials).where(eq(burials.id, burialId));
  if (!b) return null;
  const { last, n } = await lastBurialIn(db, b.plotId);
  return { burialId: b.id, name: fullName(b), lastBurial: last, burials: n };
}

/**
 * The cemeteries where the client has graves (as their responsible person) or bookings, with the
 * graves and the number of open requests: `/client/cemetery`.
 */
export async function clientCemeteries(db: Db, user: TSessionUser, locale: Locale): Promise<TClientCemeteries> {
  const graves = await db
    .select({
      burialId: burials.id,
      surname: burials.surname,
      name: burials.name,
      patronymic: burials.patronymic,
      cemeteryId: plots.cemeteryId,
      sector: plots.sector,
      row: plots.row,
      place: plots.number,
    })
    .from(burials)
    .innerJoin(plots, eq(plots.id, burials.plotId))
    .where(eq(burials.responsibleUserId, user.id))
    .orderBy(asc(burials.id));
  const open = await db
    .select({ cemeteryId: burialRequests.cemeteryId, n: count() })
    .from(burialRequests)
    .where(and(eq(burialRequests.clientId, user.id), inArray(burialRequests.status, [...OPEN_STATUSES])))
    .groupBy(burialRequests.cemeteryId);
  const booked = await db
    .selectDistinct({ id: burialRequests.cemeteryId })
    .from(burialRequests)
    .where(eq(burialRequests.clientId, user.id));
  const ids = [...new Set([...graves.map((g) => g.cemeteryId), ...booked.map((b) => b.id)])];
  if (!ids.length) return { items: [] };
  const rows = await db.select().from(cemeteries).where(inArray(cemeteries.id, ids)).orderBy(asc(cemeteries.id));
  return {
    items: rows.map((c) => ({
      id: c.id,
      name: cemeteryNameIn(c, locale),
      address: cemeteryAddressIn(c, locale),
      phones: c.phones,
      center: centerOf(c),
      openRequests: Number(open.find((o) => o.cemeteryId === c.id)?.n ?? 0),
      graves: graves
        .filter((g) => g.cemeteryId === c.id)
        .map((g) => ({ burialId: g.burialId, name: fullName(g), sector: g.sector, row: g.row, place: g.place })),
    })),
  };
}
