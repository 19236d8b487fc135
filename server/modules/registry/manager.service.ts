/**
 * The cemetery staff's work on the registry: plots (status, notes), burial records (add,
 * correct) and the visitors' search and add requests (answer and close). A manager reaches only
 * the cemeteries assigned to them; the admin reaches every cemetery.
 */
import { and, asc, count, eq, inArray, isNull, notInArray, or, type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import {
  REGISTRY_REQUEST_MOVES,
  type RegistryRequestMove,
  type TBurialSearchPage,
  type TCemeterySummary,
  type TRegistryRequestPage,
  type TStaffPlot,
} from "../../../common/api-types.ts";
import type { Locale } from "../../../common/locale.ts";
import type { ZBurialInput, ZPlotUpdate, ZRequestAnswer } from "../../../common/schemas.ts";
import { spellName } from "../../../common/search-text.ts";
import type { Db } from "../../db/client.ts";
import { AppError } from "../../lib/errors.ts";
import { orderOf, pageWindow, type TSort, toPage } from "../../lib/list.ts";
import type { Services } from "../../services.ts";
import {
  assertManagesCemetery,
  handlesRequestFor,
  registryRequestScope,
  staffCemeteryIds,
} from "../access/access.service.ts";
import type { TSessionUser } from "../auth/auth.service.ts";
import { writeAudit } from "../audit/audit.service.ts";
import { listAttached } from "../uploads/uploads.service.ts";
import {
  getPublicBurial,
  isoDate,
  listCemeteries,
  plotFacts,
  REQUEST_FILES,
  SEARCH_PAGE_SIZE,
  searchBurials,
  yearOf,
} from "./registry.service.ts";
import { registryRequestMachine } from "./registry-requests.machine.ts";
import { burials, cemeteries, plots, type REQUEST_STATUSES, registryRequests } from "./registry.tables.ts";
import { move, movesFor } from "../workflow/workflow.ts";

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
    const [p] = await tx.select().from(plots).where(eq(plots.id, plotId)).for("update");
    if (!p) throw new AppError(404, "plot_not_found");
    await assertManagesCemetery(tx, user, p.cemeteryId);
    if (input.status && input.status !== p.status) {
      const [held] = await tx.select({ id: burials.id }).from(burials).where(eq(burials.plotId, plotId)).limit(1);
      if (held)
        throw new AppError(422, "validation_failed", {}, [{ path: "status", key: "validation.plot_has_records" }]);
      // A place a family holds is theirs until the hold ends: staff cannot free or close it by hand.
      if (p.status === "reserved") {
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

/** Statuses of a request still waiting for its answer; the others are closed. */
export const OPEN_REQUEST_STATUSES = ["new", "in_progress"] as const;

/** Which requests a list shows: by state, kind and cemetery, in which order, which page. */
export type TRequestFilter = {
  /** `open` (new or in progress), `closed`, `all`, or one status. */
  status: "open" | "closed" | "all" | (typeof REQUEST_STATUSES)[number];
  kind?: "search" | "add";
  /** One cemetery (and, with `withUnassigned`, the requests that named none), or only those that named none. */
  cemeteryId?: number | "none";
  withUnassigned?: boolean;
  sort: TSort<"createdAt">;
  page: number;
  pageSize: number;
};

/**
 * Requests the caller handles, one page at a time with the total, so no list is cut short: the
 * admin sees all; a manager those of their cemeteries and those that named none (they go to
 * every cemetery's staff, see `handlesRequestFor`). Asking for another manager's cemetery is 403.
 */
export async function listRequests(
  db: Db,
  user: TSessionUser,
  filter: TRequestFilter,
  locale: Locale,
  now: Date,
): Promise<TRegistryRequestPage> {
  // The scope first: a filter can narrow what the caller handles, never widen it.
  const conds: (SQL | undefined)[] = [registryRequestScope(user, registryRequests.cemeteryId) ?? undefined];
  if (typeof filter.cemeteryId === "number") {
    await assertManagesCemetery(db, user, filter.cemeteryId);
    conds.push(
      filter.withUnassigned
        ? or(eq(registryRequests.cemeteryId, filter.cemeteryId), isNull(registryRequests.cemeteryId))
        : eq(registryRequests.cemeteryId, filter.cemeteryId),
    );
  } else if (filter.cemeteryId === "none") conds.push(isNull(registryRequests.cemeteryId));
  if (filter.status === "open") conds.push(inArray(registryRequests.status, [...OPEN_REQUEST_STATUSES]));
  else if (filter.status === "closed") conds.push(notInArray(registryRequests.status, [...OPEN_REQUEST_STATUSES]));
  else if (filter.status !== "all") conds.push(eq(registryRequests.status, filter.status));
  if (filter.kind) conds.push(eq(registryRequests.kind, filter.kind));
  const where = and(...conds);
  const order = orderOf(filter.sort, { createdAt: registryRequests.createdAt }, registryRequests.id);
  const { limit, offset } = pageWindow(filter);
  const [[counted], rows] = await Promise.all([
    db.select({ n: count() }).from(registryRequests).where(where),
    db
      .select({ r: registryRequests, nameRu: cemeteries.nameRu, nameKk: cemeteries.nameKk })
      .from(registryRequests)
      .leftJoin(cemeteries, eq(cemeteries.id, registryRequests.cemeteryId))
      .where(where)
      .orderBy(...order)
      .limit(limit)
      .offset(offset),
  ]);
  const photos = await listAttached(
    db,
    REQUEST_FILES,
    rows.map(({ r }) => r.id),
  );
  return toPage(
    rows.map(({ r, nameRu, nameKk }) => ({
      id: r.id,
      kind: r.kind,
      photos: photos.get(String(r.id)) ?? [],
      status: r.status,
      cemeteryId: r.cemeteryId,
      cemeteryName: r.cemeteryId === null ? null : locale === "kk" ? nameKk : nameRu,
      applicantName: r.applicantName,
      applicantPhone: r.applicantPhone,
      surname: r.surname,
      name: r.name,
      patronymic: r.patronymic,
      birthYear: r.birthYear,
      deathYear: r.deathYear,
      birthDate: isoDate(r.birthDate),
      deathDate: isoDate(r.deathDate),
      burialDate: isoDate(r.burialDate),
      location: r.location,
      details: r.details,
      answer: r.answer,
      burialId: r.burialId,
      createdAt: r.createdAt.toISOString(),
      moves: movesFor(registryRequestMachine, r, user, now),
    })),
    Number(counted?.n ?? 0),
    filter,
  );
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

/** The move that leads a request to the status the answer form sends. */
const MOVE_TO = Object.fromEntries(
  Object.entries(REGISTRY_REQUEST_MOVES).map(([m, to]) => [to, m as RegistryRequestMove]),
) as Record<(typeof REGISTRY_REQUEST_MOVES)[RegistryRequestMove], RegistryRequestMove>;

/**
 * Answers a request (`registryRequestMachine`): takes it in progress, or closes it as found /
 * added / not found, which tells the applicant (a notification when they were signed in, and an
 * SMS to the phone they gave, queued in the same transaction and sent by the job queue).
 */
export async function answerRequest(
  s: Services,
  user: TSessionUser,
  requestId: number,
  input: z.output<typeof ZRequestAnswer>,
): Promise<void> {
  await s.db.transaction(async (tx) => {
    const [r] = await tx.select().from(registryRequests).where(eq(registryRequests.id, requestId)).for("update");
    if (!r) throw new AppError(404, "request_not_found");
    if (!(await handlesRequestFor(tx, user, r.cemeteryId))) throw new AppError(403, "cemetery_not_assigned");
    const name = MOVE_TO[input.status];
    // A closed request stays closed: refused before the record is looked at, as before the machine.
    if (!movesFor(registryRequestMachine, r, user, s.now()).includes(name)) {
      throw new AppError(409, "invalid_transition", { from: r.status, to: input.status });
    }
    if (input.burialId) {
      // The record must be one the caller keeps: a number typed or sent by hand cannot point the
      // applicant to another cemetery's record.
      const [b] = await tx
        .select({ id: burials.id, cemeteryId: plots.cemeteryId })
        .from(burials)
        .innerJoin(plots, eq(plots.id, burials.plotId))
        .where(eq(burials.id, input.burialId));
      if (!b || !(await handlesRequestFor(tx, user, b.cemeteryId))) {
        throw new AppError(422, "validation_failed", {}, [{ path: "burialId", key: "validation.burial_id" }]);
      }
    }
    await move(tx, s, registryRequestMachine, r, name, user, {
      data: { answer: input.answer, ...(input.burialId ? { burialId: input.burialId } : {}) },
    });
  });
}
