/**
 * The cemetery staff's work on the registry: their cemeteries, plots (status, notes) and burial
 * records (add, correct). A manager reaches only the cemeteries assigned to them; the admin
 * reaches every cemetery. (The visitors' requests are in `registry-requests/`.)
 */
import { and, asc, eq, sql } from "drizzle-orm";
import type { z } from "zod";
import type { TBurialSearchPage, TCemeterySummary, TStaffPlot } from "../../../common/api-types.ts";
import type { Locale } from "../../../common/locale.ts";
import type { ZBurialInput, ZPlotUpdate } from "../../../common/schemas.ts";
import { spellName } from "../../../common/search-text.ts";
import type { Db } from "../../db/client.ts";
import { AppError } from "../../lib/errors.ts";
import { assertManagesCemetery, staffCemeteryIds } from "../access/access.service.ts";
import { writeAudit } from "../audit/audit.service.ts";
import { listCemeteries, plotFacts } from "../cemeteries/cemeteries.service.ts";
import { plots } from "../cemeteries/cemeteries.tables.ts";
import { isPlotClaimed, queuePlotChanges } from "../cemeteries/plot-queue.ts";
import { getPublicBurial, isoDate, SEARCH_PAGE_SIZE, searchBurials, yearOf } from "./burials.service.ts";
import { burials } from "./burials.tables.ts";
import type { TSessionUser } from "../../lib/caller.ts";

export async function staffCemeteries(db: Db, user: TSessionUser, locale: Locale): Promise<TCemeterySummary[]> {
  const ids = await staffCemeteryIds(db, user);
  if (ids !== "all" && ids.length === 0) return [];
  return listCemeteries(db, { locale, ids: ids === "all" ? undefined : ids });
}

/** One plot as the staff see it: notes, and the records in it with their IINs. */
export async function staffPlot(db: Db, user: TSessionUser, plotId: number): Promise<TStaffPlot> {
  const [p] = await db.select().from(plots).where(eq(plots.id, plotId));
  if (!p) throw new AppError(404, "plot_not_found");
  await assertManagesCemetery(db, user, p.cemeteryId);
  const records = await db.select().from(burials).where(eq(burials.plotId, plotId)).orderBy(asc(burials.id));
  return {
    ...plotFacts(p),
    notes: p.notes,
    burials: records.map((b) => ({
      id: b.id,
      surname: b.surname,
      name: b.name,
      patronymic: b.patronymic,
      iin: b.iin,
      birthDate: isoDate(b.birthDate),
      deathDate: isoDate(b.deathDate),
      burialDate: isoDate(b.burialDate),
      isReburial: b.isReburial,
    })),
  };
}

/**
 * A plot's status and notes. "Occupied" follows the burial records (set by the database when a
 * record is added), so staff cannot set it by hand, nor free a plot that holds records.
 */
export async function updatePlot(
  db: Db,
  user: TSessionUser,
  plotId: number,
  input: z.output<typeof ZPlotUpdate>,
): Promise<void> {
  await db.transaction(async (tx) => {
    // A change of status queues with the bookings of the place (decision 015): a booking under way
    // commits first and its hold is seen below, and a booking that comes after reads the new status.
    if (input.status) await queuePlotChanges(tx, [plotId]);
    const [p] = await tx.select().from(plots).where(eq(plots.id, plotId)).for("update");
    if (!p) throw new AppError(404, "plot_not_found");
    await assertManagesCemetery(tx, user, p.cemeteryId);
    if (input.status && input.status !== p.status) {
      const [held] = await tx.select({ id: burials.id }).from(burials).where(eq(burials.plotId, plotId)).limit(1);
      if (held)
        throw new AppError(422, "validation_failed", {}, [{ path: "status", key: "validation.plot_has_records" }]);
      // A place a family holds is theirs until the hold ends: staff cannot free or close it by hand.
      // The holds themselves decide, not the status derived from them.
      if (p.status === "reserved" || (await isPlotClaimed(tx, plotId))) {
        throw new AppError(422, "validation_failed", {}, [{ path: "status", key: "validation.plot_held" }]);
      }
    }
    await tx
      .update(plots)
      .set({ status: input.status ?? p.status, notes: input.notes ?? p.notes })
      .where(eq(plots.id, plotId));
    await writeAudit(tx, {
      actor: user,
      entityType: "plot",
      entityId: plotId,
      action: "update",
      from: p.status,
      to: input.status ?? p.status,
      data: input.notes !== undefined && input.notes !== p.notes ? { notes: true } : undefined,
    });
  });
}

/** The columns of a burial record as staff (or a completed booking) write it: years and the search spelling follow the dates and the name. */
export function burialRecordValues(input: z.output<typeof ZBurialInput>) {
  return {
    surname: input.surname,
    name: input.name,
    patronymic: input.patronymic,
    iin: input.iin ?? null,
    birthDate: input.birthDate ?? null,
    deathDate: input.deathDate ?? null,
    burialDate: input.burialDate ?? null,
    birthYear: yearOf(input.birthDate),
    deathYear: yearOf(input.deathDate),
    isReburial: input.isReburial,
    searchName: spellName(`${input.surname} ${input.name} ${input.patronymic}`),
  };
}

/** Adds a burial record to a plot (which the database then marks occupied). */
export async function addBurial(
  db: Db,
  user: TSessionUser,
  plotId: number,
  input: z.output<typeof ZBurialInput>,
): Promise<{ id: number }> {
  return db.transaction(async (tx) => {
    const [p] = await tx.select().from(plots).where(eq(plots.id, plotId)).for("update");
    if (!p) throw new AppError(404, "plot_not_found");
    await assertManagesCemetery(tx, user, p.cemeteryId);
    if (p.status === "unavailable") {
      throw new AppError(422, "validation_failed", {}, [{ path: "surname", key: "validation.plot_unavailable" }]);
    }
    const [row] = await tx
      .insert(burials)
      .values({ plotId, ...burialRecordValues(input) })
      .returning({ id: burials.id });
    const id = (row as { id: number }).id;
    await writeAudit(tx, {
      actor: user,
      entityType: "burial",
      entityId: id,
      action: "create",
      to: "occupied",
      from: p.status,
    });
    return { id };
  });
}

/** Corrects a burial record. */
export async function updateBurial(
  db: Db,
  user: TSessionUser,
  burialId: number,
  input: z.output<typeof ZBurialInput>,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [b] = await tx
      .select({ id: burials.id, cemeteryId: plots.cemeteryId })
      .from(burials)
      .innerJoin(plots, eq(plots.id, burials.plotId))
      .where(eq(burials.id, burialId));
    if (!b) throw new AppError(404, "burial_not_found");
    await assertManagesCemetery(tx, user, b.cemeteryId);
    await tx.update(burials).set(burialRecordValues(input)).where(eq(burials.id, burialId));
    await writeAudit(tx, { actor: user, entityType: "burial", entityId: burialId, action: "update" });
  });
}

/**
 * The burial records of one of the caller's cemeteries, for the answer form's picker: by name as
 * the public search finds them (spellings, typos), or by record number. Staff only, scoped to
 * the cemetery they manage.
 */
export async function searchStaffBurials(
  db: Db,
  user: TSessionUser,
  input: { cemeteryId: number; q: string; locale: Locale },
): Promise<TBurialSearchPage> {
  await assertManagesCemetery(db, user, input.cemeteryId);
  const number = /^\s*(?:№|#)?\s*(\d{1,9})\s*$/.exec(input.q)?.[1];
  if (number) {
    const [hit] = await db
      .select({ id: burials.id })
      .from(burials)
      .innerJoin(plots, eq(plots.id, burials.plotId))
      .where(and(eq(burials.id, Number(number)), eq(plots.cemeteryId, input.cemeteryId)));
    const items = hit ? [await getPublicBurial(db, hit.id, input.locale)] : [];
    return { items, total: items.length, totalCapped: false, page: 1, pageSize: SEARCH_PAGE_SIZE };
  }
  return searchBurials(db, { q: input.q, cemeteryId: input.cemeteryId, page: 1, locale: input.locale });
}

/**
 * The box around a cemetery's plots, [minLng, minLat, maxLng, maxLat], so staff maps open on the
 * boundary and every plot (a plot laid out or imported outside the boundary would be missed).
 * Reads only `plots_bbox_idx`, which holds all four columns.
 */
export async function plotExtent(
  db: Db,
  user: TSessionUser,
  cemeteryId: number,
): Promise<[number, number, number, number] | null> {
  await assertManagesCemetery(db, user, cemeteryId);
  const [row] = await db
    .select({
      minLng: sql<number | null>`min(${plots.minLng})`,
      minLat: sql<number | null>`min(${plots.minLat})`,
      maxLng: sql<number | null>`max(${plots.maxLng})`,
      maxLat: sql<number | null>`max(${plots.maxLat})`,
    })
    .from(plots)
    .where(eq(plots.cemeteryId, cemeteryId));
  if (!row || row.minLng === null || row.minLat === null || row.maxLng === null || row.maxLat === null) return null;
  return [Number(row.minLng), Number(row.minLat), Number(row.maxLng), Number(row.maxLat)];
}
