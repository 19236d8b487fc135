import { and, eq, inArray, max, sql } from "drizzle-orm";
import type { z } from "zod";
import type { TCemeteryRecord } from "../../../common/api-types.ts";
import { CEMETERY_TERMS, type ZCemeteryInput, type ZGeneratePlots } from "../../../common/schemas.ts";
import type { Db } from "../../db/client.ts";
import { AppError, unprocessable } from "../../lib/errors.ts";
import { akimats } from "../users/organisations.tables.ts";
import { writeAudit } from "../audit/audit.service.ts";
import { insideRing, layoutPlots, metresToDegrees, type TPlotDraft } from "./cemeteries.layout.ts";
import { cemeteryRow, ringOf } from "./cemeteries.service.ts";
import { cemeteries, plots, type TPolygon } from "./cemeteries.tables.ts";
import type { Actor } from "../../lib/caller.ts";

type CemeteryInput = z.output<typeof ZCemeteryInput>;
type TermKey = keyof typeof CEMETERY_TERMS;

/** A closed GeoJSON polygon from an open ring, and the ring's centre (mean of its points). */
function geometryOf(ring: [number, number][]): { boundary: TPolygon; centerLng: number; centerLat: number } {
  const first = ring[0] as [number, number];
  const centerLng = ring.reduce((s, p) => s + p[0], 0) / ring.length;
  const centerLat = ring.reduce((s, p) => s + p[1], 0) / ring.length;
  return { boundary: { type: "Polygon", coordinates: [[...ring, first]] }, centerLng, centerLat };
}

async function assertAkimat(db: Pick<Db, "select">, akimatId: number) {
  const [a] = await db.select({ id: akimats.id }).from(akimats).where(eq(akimats.id, akimatId));
  if (!a) throw unprocessable("validation_failed", [{ path: "akimatId", key: "validation.required" }]);
}

/** Every field of a cemetery in both languages, for the admin's form. */
export async function getCemeteryRecord(db: Db, id: number): Promise<TCemeteryRecord> {
  const c = await cemeteryRow(db, id);
  return {
    id: c.id,
    akimatId: c.akimatId,
    nameRu: c.nameRu,
    nameKk: c.nameKk,
    descriptionRu: c.descriptionRu,
    descriptionKk: c.descriptionKk,
    city: c.city,
    religion: c.religion,
    address: c.address,
    addressKk: c.addressKk,
    phones: c.phones,
    status: c.status,
    capacity: c.capacity,
    burialFee: c.burialFee,
    burialSlots: c.burialSlots,
    holdHours: c.holdHours,
    familyGraveYears: c.familyGraveYears,
    slotCapacity: c.slotCapacity,
    slotMinutes: c.slotMinutes,
    boundary: ringOf(c.boundary) ?? [],
  };
}

export async function createCemetery(db: Db, actor: Actor, input: CemeteryInput): Promise<{ id: number }> {
  return db.transaction(async (tx) => {
    await assertAkimat(tx, input.akimatId);
    const [row] = await tx
      .insert(cemeteries)
      .values({ ...input, ...geometryOf(input.boundary) })
      .returning({ id: cemeteries.id });
    const id = (row as { id: number }).id;
    await writeAudit(tx, { actor, entityType: "cemetery", entityId: id, action: "create", to: input.status });
    return { id };
  });
}

/** The booking terms a change touches, each as `[before, after]`, for the audit row (null: none changed). */
function termsChanged(
  before: Record<TermKey, number>,
  after: Record<TermKey, number>,
): { terms: Partial<Record<TermKey, [number, number]>> } | undefined {
  const terms: Partial<Record<TermKey, [number, number]>> = {};
  for (const k of Object.keys(CEMETERY_TERMS) as TermKey[]) {
    if (before[k] !== after[k]) terms[k] = [before[k], after[k]];
  }
  return Object.keys(terms).length ? { terms } : undefined;
}

/**
 * Saves the admin's changes. New booking terms (hold hours, family-grave years, slot capacity and
 * length) apply from now on: a booking made before keeps its hold's end (`expires_at`, fixed when
 * booked) and its slot; the audit row lists the terms that changed.
 */
export async function updateCemetery(db: Db, actor: Actor, id: number, input: CemeteryInput): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await cemeteryRow(tx, id);
    await assertAkimat(tx, input.akimatId);
    await tx
      .update(cemeteries)
      .set({ ...input, ...geometryOf(input.boundary) })
      .where(eq(cemeteries.id, id));
    await writeAudit(tx, {
      actor,
      entityType: "cemetery",
      entityId: id,
      action: "update",
      from: before.status,
      to: input.status,
      data: termsChanged(before, input),
    });
  });
}

/** Metres between sectors laid out side by side. */
const SECTOR_GAP_M = 6;
const EDGE_M = 3;

/**
 * Generates one sector's plots by ranges, laid out inside the boundary: rows from the south,
 * places from the west, east of the plots already there (or from the boundary's south-west
 * corner). All or nothing: a place that would fall outside the boundary, or a sector/row/number
 * that exists, refuses the whole batch with a message saying what to change.
 */
export async function generatePlots(
  db: Db,
  actor: Actor,
  cemeteryId: number,
  input: z.output<typeof ZGeneratePlots>,
): Promise<{ created: number }> {
  return db.transaction(async (tx) => {
    const c = await cemeteryRow(tx, cemeteryId);
    const ring = ringOf(c.boundary);
    if (!ring) throw unprocessable("validation_failed", [{ path: "sector", key: "validation.no_boundary" }]);
    const west = Math.min(...ring.map((p) => p[0]));
    const south = Math.min(...ring.map((p) => p[1]));
    const deg = metresToDegrees(south);
    const [edge] = await tx
      .select({ east: max(plots.maxLng) })
      .from(plots)
      .where(eq(plots.cemeteryId, cemeteryId));
    const startLng = edge?.east ? edge.east + SECTOR_GAP_M * deg.lng : west + EDGE_M * deg.lng;
    const rows = input.rowTo - input.rowFrom + 1;
    const drafts: TPlotDraft[] = layoutPlots({
      origin: { lng: startLng, lat: south + EDGE_M * deg.lat },
      sectors: [input.sector],
      rows,
      perRow: input.perRow,
      width: input.width,
      depth: input.depth,
      rowStart: input.rowFrom,
    });
    const outside = drafts.filter(
      (d) =>
        !insideRing([d.minLng, d.minLat], ring) ||
        !insideRing([d.maxLng, d.minLat], ring) ||
        !insideRing([d.maxLng, d.maxLat], ring) ||
        !insideRing([d.minLng, d.maxLat], ring),
    );
    if (outside.length) {
      throw unprocessable("validation_failed", [
        { path: "perRow", key: "validation.plots_outside", params: { count: outside.length, total: drafts.length } },
      ]);
    }
    const taken = await tx
      .select({ row: plots.row, number: plots.number })
      .from(plots)
      .where(
        and(
          eq(plots.cemeteryId, cemeteryId),
          eq(plots.sector, input.sector),
          inArray(
            plots.row,
            drafts.map((d) => d.row),
          ),
        ),
      )
      .limit(1);
    if (taken.length) throw new AppError(409, "plot_taken");
    for (let i = 0; i < drafts.length; i += 500) {
      await tx
        .insert(plots)
        .values(drafts.slice(i, i + 500).map((d) => ({ ...d, cemeteryId, status: "free" as const })));
    }
    await writeAudit(tx, {
      actor,
      entityType: "cemetery",
      entityId: cemeteryId,
      action: "generate_plots",
      data: { ...input, created: drafts.length },
    });
    return { created: drafts.length };
  });
}

/** Plots of a cemetery counted by sector, for the admin's page. */
export async function sectorSummary(db: Db, cemeteryId: number) {
  const rows = await db.execute(sql`
    select sector, count(distinct row) as rows, count(*) as plots
    from plots where cemetery_id = ${cemeteryId}
    group by sector order by sector`);
  return (rows.rows as { sector: string; rows: number | string; plots: number | string }[]).map((r) => ({
    sector: r.sector,
    rows: Number(r.rows),
    plots: Number(r.plots),
  }));
}
