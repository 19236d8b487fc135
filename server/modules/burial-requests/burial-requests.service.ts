import { almatyDay, almatyInstant } from "../../../common/calendar/almaty.ts";
import { and, asc, count, desc, eq, gte, inArray, isNull, lte, max, or, type SQL, sql } from "drizzle-orm";
import { fullName } from "../../../common/person.ts";
import { addCalendarDays, addCalendarYears } from "../../../common/calendar/days.ts";
import type { z } from "zod";
import {
  birthDateFromIin,
  idFromNumber,
  isoWeekday,
  OPEN_STATUSES,
  requestNumber,
  SLOT_DAYS_AHEAD,
  SLOT_LEAD_MINUTES,
  onlineReceipt,
  slotTimes,
  type TBurialRequest,
  type TBurialRequestPage,
  type TBurialRequestSummary,
  type TClientCemeteries,
  type TSlots,
  type ZBookingCreate,
  type ZBookingDetails,
  BURIAL_KINDS,
  BURIAL_REQUEST_STATUSES,
} from "../../../common/booking.ts";
import { can } from "../../../common/permissions.ts";
import { normalizePhone } from "../../../common/phone.ts";
import { isoDate, ZId } from "../../../common/schemas.ts";
import { foldName } from "../../../common/search-text.ts";
import { z as zo } from "@hono/zod-openapi";
import { listQuery, orderOf, pageWindow, toPage } from "../../lib/list.ts";
import type { Locale } from "../../../common/locale.ts";
import type { Db, Queryable } from "../../db/client.ts";
import { AppError } from "../../lib/errors.ts";
import { pgErrorCode } from "../../lib/pg-errors.ts";
import type { Services } from "../../services.ts";
import { writeAudit } from "../audit/audit.service.ts";
import { cemeteryAddressIn, cemeteryNameIn, cemeteryRow, centerOf } from "../cemeteries/cemeteries.service.ts";
import { burials } from "../burials/burials.tables.ts";
import { cemeteries, plots } from "../cemeteries/cemeteries.tables.ts";
import { queuePlotChanges, registerPlotClaim } from "../cemeteries/plot-queue.ts";
import { attachUploads, listAttached, registerReadPolicy } from "../uploads/uploads.service.ts";
import { users } from "../users/users.tables.ts";
import {
  burialRequestMachine,
  holdsKeepable,
  REQUEST_DOCS,
  type TBurialRequestRow,
} from "./burial-requests.machine.ts";
import { burialRequests, plotHolds } from "./burial-requests.tables.ts";
import { type TSessionUser, SYSTEM } from "../../lib/caller.ts";

/** Upload entity types of a request's documents (each list replaced as a whole when saved). */
export { REQUEST_DOCS };

// A request's documents are read by the family (their own uploads) and by the staff who may see the
// request: the same scope as the request itself.
for (const entityType of Object.values(REQUEST_DOCS)) {
  registerReadPolicy(entityType, async (db, user, entityId) => {
    const id = Number(entityId);
    const scope = await scopeOf(db, user);
    const [row] = await db
      .select({ id: burialRequests.id })
      .from(burialRequests)
      .where(and(eq(burialRequests.id, id), scope));
    return row !== undefined;
  });
}

// A place a family holds (an unreleased hold, lapsed or not) is theirs until the hold is released:
// the staff cannot free or close it by hand (burials' updatePlot asks through this claim).
registerPlotClaim(async (tx, plotId) => {
  const [hold] = await tx
    .select({ id: plotHolds.id })
    .from(plotHolds)
    .where(and(eq(plotHolds.plotId, plotId), isNull(plotHolds.releasedAt)))
    .limit(1);
  return hold !== undefined;
});

/** A client holds at most this many unpaid bookings at a time (one family, one or two funerals). */
export const MAX_PENDING_PER_CLIENT = 2;
export const PAGE_SIZE = 20;

const HOUR = 3600_000;

// ---------- Scope ----------

/**
 * Which requests a user may see, as a query condition: a client their own (the owner scope); staff
 * those of the cemeteries they work in (the access module's cemetery scope: all for the admin).
 * Others none (the API's permissions stop them first; this is the second lock).
 */
/** The request when the user may see it (the machine's scope; 404 otherwise: its existence is not revealed). */
const scopedRow = (tx: Queryable, user: TSessionUser, id: number, forUpdate = false) =>
  burialRequestMachine.load(tx, user, id, { forUpdate });

/** The machine's scope as a list's condition. */
const scopeOf = async (db: Queryable, user: TSessionUser) =>
  (await burialRequestMachine.scopeOf(user, db)) ?? undefined;

// ---------- Booking ----------

type TCemeteryRow = typeof cemeteries.$inferSelect;

/** The last burial date in a grave (its plot's records: burial date, else death date). */
export async function lastBurialIn(tx: Queryable, plotId: number): Promise<{ last: string | null; n: number }> {
  const [r] = await tx
    .select({ last: max(sql<string>`coalesce(${burials.burialDate}, ${burials.deathDate})`), n: count() })
    .from(burials)
    .where(eq(burials.plotId, plotId));
  return { last: (r?.last as string | null) ?? null, n: Number(r?.n ?? 0) };
}

function fieldError(path: string, key: string, params?: Record<string, string | number>): AppError {
  return new AppError(422, "validation_failed", {}, [{ path, key, params }]);
}

/** Checks the places of a new grave or an urn: one cemetery, one row, adjacent, none occupied or closed. */
async function placesFor(tx: Queryable, plotIds: readonly number[]) {
  const ids = [...new Set(plotIds)];
  const rows = await tx.select().from(plots).where(inArray(plots.id, ids)).orderBy(asc(plots.number));
  if (rows.length !== ids.length || !rows[0]) throw new AppError(404, "plot_not_found");
  const first = rows[0];
  const oneRow = rows.every(
    (p, i) =>
      p.cemeteryId === first.cemeteryId &&
      p.sector === first.sector &&
      p.row === first.row &&
      p.number === first.number + i,
  );
  if (!oneRow) throw fieldError("plotIds", "validation.places_adjacent");
  if (rows.some((p) => p.status === "occupied" || p.status === "unavailable")) throw new AppError(409, "place_taken");
  return { cemeteryId: first.cemeteryId, plots: rows };
}

/**
 * `reservation-first`: books the chosen places (or the family grave) for the deceased. The request
 * starts `pending` with holds on its places until `expires_at` (the cemetery's hold hours, 72 by
 * default); the database refuses a second live hold on a place (`place_taken`, 409), however many
 * families try at the same moment. The expiry and the two reminders are queued with it.
 */
export async function createBooking(
  s: Services,
  user: TSessionUser,
  input: z.output<typeof ZBookingCreate>,
): Promise<{ id: number }> {
  const now = s.now();
  const today = almatyDay(now);
  if (input.deathDate > today) throw fieldError("deathDate", "validation.date_in_future");
  const born = birthDateFromIin(input.iin);
  if (born && born > input.deathDate) throw fieldError("deathDate", "validation.death_before_birth");
  try {
    return await s.db.transaction(async (tx) => {
      // One client, few unpaid holds: counted under a lock on the client's row, so parallel tries count too.
      await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for("update");
      const [pending] = await tx
        .select({ n: count() })
        .from(burialRequests)
        .where(
          and(
            eq(burialRequests.clientId, user.id),
            eq(burialRequests.status, "pending"),
            sql`${burialRequests.expiresAt} > ${now.toISOString()}`,
          ),
        );
      if (Number(pending?.n ?? 0) >= MAX_PENDING_PER_CLIENT) {
        throw new AppError(409, "too_many_bookings", { max: MAX_PENDING_PER_CLIENT });
      }

      let cemeteryId: number;
      let plotIds: number[];
      let familyBurialId: number | null = null;
      if (input.kind === "family_grave") {
        const [grave] = await tx
          .select({ id: burials.id, plotId: burials.plotId, cemeteryId: plots.cemeteryId })
          .from(burials)
          .innerJoin(plots, eq(plots.id, burials.plotId))
          .where(eq(burials.id, input.familyBurialId as number));
        if (!grave) throw fieldError("familyBurialId", "validation.choose_grave");
        cemeteryId = grave.cemeteryId;
        plotIds = [grave.plotId];
        familyBurialId = grave.id;
      } else {
        const places = await placesFor(tx, input.plotIds);
        cemeteryId = places.cemeteryId;
        plotIds = places.plots.map((p) => p.id);
      }
      const cemetery = await cemeteryRow(tx, cemeteryId);
      if (cemetery.status === "closed" || (cemetery.status === "family_only" && input.kind !== "family_grave")) {
        throw new AppError(409, "cemetery_not_booking");
      }
      const remains = input.kind === "urn" ? "urn" : input.kind === "new_grave" ? "coffin" : input.remains;
      if (input.kind === "family_grave" && remains === "coffin") {
        const { last } = await lastBurialIn(tx, plotIds[0] as number);
        const allowedFrom = last ? addCalendarYears(last, cemetery.familyGraveYears) : null;
        if (allowedFrom && allowedFrom > today) {
          throw fieldError("remains", "validation.family_grave_too_soon", {
            years: cemetery.familyGraveYears,
            date: allowedFrom,
          });
        }
      }
      const expiresAt = new Date(now.getTime() + cemetery.holdHours * HOUR);
      // The request, its audit row, its timers (expiry, reminders) and the staff's notice.
      const row = await burialRequestMachine.create(
        tx,
        s,
        {
          clientId: user.id,
          cemeteryId,
          kind: input.kind,
          remains,
          familyBurialId,
          surname: input.surname,
          name: input.name,
          patronymic: input.patronymic,
          iin: input.iin,
          birthDate: born,
          deathDate: input.deathDate,
          places: input.kind === "family_grave" ? 1 : plotIds.length,
          fee: cemetery.burialFee * (input.kind === "family_grave" ? 1 : plotIds.length),
          expiresAt,
          createdAt: now,
          updatedAt: now,
        },
        user,
      );
      // Families booking the same place queue here, one at a time per place (in id order, so two
      // multi-place bookings never wait on each other crosswise). The exclusion constraint still
      // decides who gets it; without the queue, two uncommitted holds on one place each wait for
      // the other's transaction inside the constraint's check, and PostgreSQL ends one of them
      // with "deadlock detected" (a 500, after a 1 s stall) instead of the 23P01 below. Staff closing
      // a place queue here too, so the place's status is read again once they have committed.
      await queuePlotChanges(tx, plotIds);
      if (input.kind !== "family_grave") {
        const [closed] = await tx
          .select({ id: plots.id })
          .from(plots)
          .where(and(inArray(plots.id, plotIds), inArray(plots.status, ["occupied", "unavailable"])))
          .limit(1);
        if (closed) throw new AppError(409, "place_taken");
      }
      // A family that arrives after the winner committed is answered at once, without writing anything.
      const [taken] = await tx
        .select({ id: plotHolds.id })
        .from(plotHolds)
        .where(
          and(
            inArray(plotHolds.plotId, plotIds),
            isNull(plotHolds.releasedAt),
            or(isNull(plotHolds.heldUntil), sql`${plotHolds.heldUntil} > ${now.toISOString()}`),
          ),
        )
        .limit(1);
      if (taken) throw new AppError(409, "place_taken");
      if (input.kind === "family_grave") {
        const docs = { ownerId: user.id, entityId: row.id, purposes: ["document", "photo"] as const, now };
        await attachUploads(tx, {
          ...docs,
          ids: input.kinshipIds,
          entityType: REQUEST_DOCS.kinship,
          field: { path: "kinshipIds", key: "validation.invalid" },
        });
        await attachUploads(tx, {
          ...docs,
          ids: input.graveDocIds,
          entityType: REQUEST_DOCS.grave,
          field: { path: "graveDocIds", key: "validation.invalid" },
        });
      }
      // The holds last: their insert locks the cemetery's counts row (the counts trigger) until the
      // commit, so everything else of the booking is written before it (sustained bookings of one
      // cemetery 133 → 230–247/s on PostgreSQL; docs/performance.md).
      await tx
        .insert(plotHolds)
        .values(plotIds.map((plotId) => ({ requestId: row.id, plotId, heldFrom: now, heldUntil: expiresAt })));
      return { id: row.id };
    });
  } catch (err) {
    // 23P01: the exclusion constraint over live holds — another family holds one of these places.
    if (pgErrorCode(err) === "23P01") throw new AppError(409, "place_taken");
    throw err;
  }
}

// ---------- Slots ----------

/** Live requests that take a slot: paid or confirmed, or pending with a hold still running. */
function takesSlot(now: Date): SQL {
  return or(
    inArray(burialRequests.status, ["paid", "confirmed"]),
    and(eq(burialRequests.status, "pending"), sql`${burialRequests.expiresAt} > ${now.toISOString()}`),
  ) as SQL;
}

/** Burials already taken per slot (`date time` → n) in a cemetery between two local dates. */
async function takenSlots(tx: Queryable, cemeteryId: number, from: string, to: string, now: Date, except?: number) {
  const rows = await tx
    .select({ date: burialRequests.burialDate, time: burialRequests.burialTime, n: count() })
    .from(burialRequests)
    .where(
      and(
        eq(burialRequests.cemeteryId, cemeteryId),
        gte(burialRequests.burialDate, from),
        lte(burialRequests.burialDate, to),
        takesSlot(now),
        except ? sql`${burialRequests.id} <> ${except}` : undefined,
      ),
    )
    .groupBy(burialRequests.burialDate, burialRequests.burialTime);
  return new Map(rows.map((r) => [`${r.date} ${r.time}`, Number(r.n)]));
}

/** The cemetery's slots of the next {@link SLOT_DAYS_AHEAD} days, each with the burials it still takes. */
export async function listSlots(db: Queryable, cemetery: TCemeteryRow, now: Date, except?: number): Promise<TSlots> {
  const first = almatyDay(now);
  const last = addCalendarDays(first, SLOT_DAYS_AHEAD - 1);
  const taken = await takenSlots(db, cemetery.id, first, last, now, except);
  const earliest = now.getTime() + SLOT_LEAD_MINUTES * 60_000;
  const days: TSlots["days"] = [];
  for (let i = 0; i < SLOT_DAYS_AHEAD; i++) {
    const date = addCalendarDays(first, i);
    if (!cemetery.burialSlots.days.includes(isoWeekday(date))) continue;
    const slots = slotTimes(cemetery.burialSlots, cemetery.slotMinutes)
      .filter((time) => almatyInstant(date, time).getTime() >= earliest)
      .map((time) => ({
        time,
        capacity: cemetery.slotCapacity,
        left: Math.max(0, cemetery.slotCapacity - (taken.get(`${date} ${time}`) ?? 0)),
      }));
    if (slots.length) days.push({ date, slots });
  }
  return { days, fee: cemetery.burialFee };
}

/** The slots a client may choose for their request (the request's own slot counts as free for it). */
export async function slotsForRequest(s: Services, user: TSessionUser, id: number): Promise<TSlots> {
  const row = await scopedRow(s.db, user, id);
  const cemetery = await cemeteryRow(s.db, row.cemeteryId);
  const slots = await listSlots(s.db, cemetery, s.now(), row.id);
  return { ...slots, fee: row.fee };
}

/**
 * `reservation-complete`: the death certificate and the burial's slot. The slot is checked against
 * its capacity under a lock on the cemetery's row, so two families never take the last place of
 * a slot at the same moment.
 */
export async function saveDetails(
  s: Services,
  user: TSessionUser,
  id: number,
  input: z.output<typeof ZBookingDetails>,
): Promise<void> {
  const now = s.now();
  await s.db.transaction(async (tx) => {
    const row = await scopedRow(tx, user, id, true);
    if (row.clientId !== user.id) throw new AppError(403, "forbidden");
    if (row.status !== "pending" || row.expiresAt <= now) throw new AppError(409, "booking_not_pending");
    const cemetery = await cemeteryRow(tx, row.cemeteryId, true);
    const slots = await listSlots(tx, cemetery, now, row.id);
    const slot = slots.days.find((d) => d.date === input.burialDate)?.slots.find((t) => t.time === input.burialTime);
    if (!slot) throw fieldError("burialTime", "validation.choose_slot");
    if (slot.left < 1) throw new AppError(409, "slot_full");
    await attachUploads(tx, {
      ownerId: user.id,
      ids: input.certificateIds,
      entityType: REQUEST_DOCS.certificate,
      entityId: row.id,
      purposes: ["document", "photo"],
      field: { path: "certificateIds", key: "validation.invalid" },
      now,
    });
    await tx
      .update(burialRequests)
      .set({ burialDate: input.burialDate, burialTime: input.burialTime, updatedAt: now })
      .where(eq(burialRequests.id, row.id));
    await writeAudit(tx, {
      actor: user,
      entityType: "burial_request",
      entityId: row.id,
      action: "details",
      data: { burialDate: input.burialDate, burialTime: input.burialTime },
    });
  });
}

// ---------- Reading ----------

const placeSelect = {
  requestId: plotHolds.requestId,
  plotId: plots.id,
  sector: plots.sector,
  row: plots.row,
  number: plots.number,
  minLat: plots.minLat,
  maxLat: plots.maxLat,
  minLng: plots.minLng,
  maxLng: plots.maxLng,
};

/** The places of requests: their holds, live or ended (a completed request keeps showing its grave). */
export async function placesOf(db: Queryable, ids: readonly number[]) {
  const out = new Map<number, TBurialRequestSummary["places"]>();
  if (!ids.length) return out;
  const rows = await db
    .select(placeSelect)
    .from(plotHolds)
    .innerJoin(plots, eq(plots.id, plotHolds.plotId))
    .where(inArray(plotHolds.requestId, [...ids]))
    .orderBy(asc(plots.number));
  for (const r of rows) {
    const list = out.get(r.requestId) ?? [];
    list.push({
      plotId: r.plotId,
      sector: r.sector,
      row: r.row,
      number: r.number,
      lat: (r.minLat + r.maxLat) / 2,
      lng: (r.minLng + r.maxLng) / 2,
    });
    out.set(r.requestId, list);
  }
  return out;
}

async function summaries(
  db: Queryable,
  rows: readonly TBurialRequestRow[],
  locale: Locale,
): Promise<TBurialRequestSummary[]> {
  const places = await placesOf(
    db,
    rows.map((r) => r.id),
  );
  const cemIds = [...new Set(rows.map((r) => r.cemeteryId))];
  const cems = cemIds.length
    ? await db
        .select({ id: cemeteries.id, nameRu: cemeteries.nameRu, nameKk: cemeteries.nameKk })
        .from(cemeteries)
        .where(inArray(cemeteries.id, cemIds))
    : [];
  return rows.map((r) => {
    const c = cems.find((x) => x.id === r.cemeteryId);
    return {
      id: r.id,
      number: requestNumber(r.id, r.createdAt),
      status: r.status,
      kind: r.kind,
      remains: r.remains,
      cemeteryId: r.cemeteryId,
      cemeteryName: c ? cemeteryNameIn(c, locale) : "",
      deceased: fullName(r),
      places: places.get(r.id) ?? [],
      fee: r.fee,
      expiresAt: r.expiresAt.toISOString(),
      burialDate: r.burialDate,
      burialTime: r.burialTime,
      createdAt: r.createdAt.toISOString(),
    };
  });
}

/**
 * The query of the request lists (the family's, the cemetery staff's): every status or one, open
 * ones, kind, cemetery, burial dates, and `q` — a request's number (`2026-000123`, `#123`, `123`),
 * the family's phone as people type it, or the deceased's name (its start: `жолдас`, `Жолдасбеков
 * Сер`, either spelling of the Kazakh letters). Order `agenda` (the default): the burials of today
 * and tomorrow first, by time; then the live holds, the nearest expiry first; then the newest.
 */
export const ZBurialRequestList = listQuery({
  sort: ["agenda", "createdAt", "burialDate"],
  defaultSort: "agenda",
  pageSize: PAGE_SIZE,
  filters: {
    status: zo.enum(BURIAL_REQUEST_STATUSES),
    open: zo.enum(["1"]),
    kind: zo.enum(BURIAL_KINDS),
    cemeteryId: ZId,
    number: zo.string().trim().max(20),
    from: isoDate,
    to: isoDate,
    q: zo.string().trim().max(80),
  },
});
export type TBurialRequestList = z.output<typeof ZBurialRequestList>;

/** A request's number typed with or without its year, `№`, `#` or zeros: `2026-000123`, `#123`, `123`. */
const NUMBER_RE = /^(?:№|#)?\s*((?:\d{4}-)?\d{1,9})$/;

/**
 * What `q` looks for, each through an index: a number (the primary key), a phone (the users'
 * unique phone, then the requests' client index), else a name (a prefix of `deceased_key`, btree
 * with `text_pattern_ops`).
 */
function searchCondition(q: string): SQL {
  const number = NUMBER_RE.exec(q.trim());
  if (number) return eq(burialRequests.id, idFromNumber(number[1] as string) ?? 0);
  const phone = q.replace(/\D/g, "").length >= 10 ? normalizePhone(q) : null;
  if (phone) {
    return inArray(burialRequests.clientId, sql`(select ${users.id} from ${users} where ${users.phone} = ${phone})`);
  }
  const key = foldName(q).replace(/[%_\\]/g, (m) => `\\${m}`);
  if (!key) return sql`false`;
  return sql`${burialRequests.deceasedKey} like ${`${key}%`}`;
}

/** The order of a list: `agenda` (the burials of today and tomorrow, the live holds, the newest) or a column. */
function listOrder(sort: TBurialRequestList["sort"], now: Date): SQL[] {
  const r = burialRequests;
  if (sort.by === "createdAt") return orderOf({ by: "createdAt", desc: sort.desc }, { createdAt: r.createdAt }, r.id);
  if (sort.by === "burialDate") {
    const dir = sql.raw(sort.desc ? "desc" : "asc");
    return [
      sql`${r.burialDate} ${dir} nulls last`,
      sql`${r.burialTime} ${dir} nulls last`,
      sort.desc ? desc(r.id) : asc(r.id),
    ];
  }
  const today = almatyDay(now);
  const soon = sql`${r.status} in ('pending', 'paid', 'confirmed', 'completed') and ${r.burialDate} between ${today} and ${addCalendarDays(today, 1)}`;
  const liveHold = sql`${r.status} = 'pending' and ${r.expiresAt} > ${now.toISOString()}`;
  return [
    sql`case when ${soon} then 0 when ${liveHold} then 1 else 2 end`,
    sql`case when ${soon} then ${r.burialDate} end asc nulls last`,
    sql`case when ${soon} then ${r.burialTime} end asc nulls last`,
    sql`case when ${liveHold} then ${r.expiresAt} end asc nulls last`,
    desc(r.createdAt),
    desc(r.id),
  ];
}

/** A client's requests, or the requests of a manager's cemeteries (all, for the admin), filtered and paged. */
export async function listBurialRequests(
  s: Services,
  user: TSessionUser,
  f: TBurialRequestList,
  locale: Locale,
): Promise<TBurialRequestPage> {
  const conds: (SQL | undefined)[] = [await scopeOf(s.db, user)];
  if (f.status) conds.push(eq(burialRequests.status, f.status));
  if (f.open) conds.push(inArray(burialRequests.status, [...OPEN_STATUSES]));
  if (f.kind) conds.push(eq(burialRequests.kind, f.kind));
  if (f.cemeteryId) conds.push(eq(burialRequests.cemeteryId, f.cemeteryId));
  if (f.number) conds.push(eq(burialRequests.id, idFromNumber(f.number) ?? 0));
  if (f.from) conds.push(gte(burialRequests.burialDate, f.from));
  if (f.to) conds.push(lte(burialRequests.burialDate, f.to));
  if (f.q) conds.push(searchCondition(f.q));
  const where = and(...conds);
  const [total] = await s.db.select({ n: count() }).from(burialRequests).where(where);
  const n = Number(total?.n ?? 0);
  // Past the last page: the last page (a list shrinks while someone pages through it).
  const q = { page: Math.min(f.page, Math.max(1, Math.ceil(n / f.pageSize))), pageSize: f.pageSize };
  const rows = await s.db
    .select()
    .from(burialRequests)
    .where(where)
    .orderBy(...listOrder(f.sort, s.now()))
    .limit(pageWindow(q).limit)
    .offset(pageWindow(q).offset);
  return toPage(await summaries(s.db, rows, locale), n, q);
}

/** What the family must still do (in the order the screens ask it). */
function todoOf(row: TBurialRequestRow, hasCertificate: boolean): TBurialRequest["todo"] {
  if (row.status !== "pending") return [];
  const out: TBurialRequest["todo"] = [];
  if (!hasCertificate) out.push("certificate");
  if (!row.burialDate || !row.burialTime) out.push("slot");
  out.push("payment");
  return out;
}

/** One request as the caller may see it, with the moves they may make now. */
export async function getBurialRequest(
  s: Services,
  user: TSessionUser,
  id: number,
  locale: Locale,
): Promise<TBurialRequest> {
  const row = await scopedRow(s.db, user, id);
  return present(s, s.db, user, row, locale);
}

async function present(
  s: Services,
  db: Queryable,
  user: TSessionUser,
  row: TBurialRequestRow,
  locale: Locale,
): Promise<TBurialRequest> {
  const [summary] = await summaries(db, [row], locale);
  // One query after another: `db` may be a transaction's single connection.
  const docs: TBurialRequest["documents"] = { certificate: [], kinship: [], grave: [] };
  for (const k of Object.keys(REQUEST_DOCS) as (keyof typeof REQUEST_DOCS)[]) {
    docs[k] = (await listAttached(db, REQUEST_DOCS[k], [row.id])).get(String(row.id)) ?? [];
  }
  const [cemetery] = await db.select().from(cemeteries).where(eq(cemeteries.id, row.cemeteryId));
  let familyGrave: TBurialRequest["familyGrave"] = null;
  if (row.familyBurialId) {
    const [b] = await db.select().from(burials).where(eq(burials.id, row.familyBurialId));
    if (b) {
      const { last, n } = await lastBurialIn(db, b.plotId);
      familyGrave = { burialId: b.id, name: fullName(b), lastBurial: last, burials: n };
    }
  }
  // The family's name and phone are for the staff who handle bookings (the family knows its own).
  let client: TBurialRequest["client"] = null;
  if (can(user.role, "booking.view")) {
    const [c] = await db.select().from(users).where(eq(users.id, row.clientId));
    if (c) client = { name: fullName(c), phone: c.phone };
  }
  const events = await burialRequestMachine.history(db, row.id);
  // After the burial the further booked places stay held for the family (decision 015): which, and since when.
  const kept =
    row.status === "completed"
      ? await db
          .select({ plotId: plotHolds.plotId })
          .from(plotHolds)
          .where(and(eq(plotHolds.requestId, row.id), isNull(plotHolds.releasedAt)))
      : [];
  const keptIds = new Set(kept.map((k) => k.plotId));
  const hasCertificate = docs.certificate.length > 0;
  const now = s.now();
  const moves = await burialRequestMachine.movesFor(db, row, user, now);
  return {
    ...(summary as TBurialRequestSummary),
    surname: row.surname,
    name: row.name,
    patronymic: row.patronymic,
    iin: row.iin,
    birthDate: row.birthDate,
    deathDate: row.deathDate,
    paymentMethod: row.paymentMethod,
    paidAt: row.paidAt?.toISOString() ?? null,
    paymentRef: row.paymentRef,
    confirmedAt: row.confirmedAt?.toISOString() ?? null,
    completedAt: row.completedAt?.toISOString() ?? null,
    cancelReason: row.cancelReason,
    burialId: row.burialId,
    cemeteryAddress: cemetery ? cemeteryAddressIn(cemetery, locale) : "",
    keptForFamily: (summary as TBurialRequestSummary).places.filter((p) => keptIds.has(p.plotId)),
    documents: docs,
    familyGrave,
    client,
    todo: todoOf(row, hasCertificate),
    moves,
    onlinePayment:
      row.clientId === user.id &&
      row.status === "pending" &&
      row.expiresAt > now &&
      hasCertificate &&
      !!row.burialTime &&
      s.payments !== null,
    history: events.map((e) => ({
      at: e.at.toISOString(),
      action: e.action,
      from: e.from,
      to: e.to,
      byRole: e.actorRole,
      reason: e.reason,
    })),
  };
}

// ---------- Moves ----------

/** Pays a request on the payment provider's word (the system's move), in the caller's transaction. */
export async function payOnline(tx: Queryable, s: Services, requestId: number, paymentId: string): Promise<boolean> {
  const [row] = await tx.select().from(burialRequests).where(eq(burialRequests.id, requestId)).for("update");
  if (row?.status !== "pending" || row.expiresAt <= s.now()) return false;
  // Another family booked a place after the hold lapsed, before this payment was confirmed: the
  // money is returned (`refund_due`), the request stays unpaid and expires.
  if (!(await holdsKeepable(tx, row.id))) return false;
  // The receipt people read (`P-2026-000123`); the payment's own id stays in the history's data.
  const ref = onlineReceipt(row.id, row.createdAt);
  await burialRequestMachine.move(tx, s, row, "pay_online", SYSTEM, { ref, paymentId });
  return true;
}

// ---------- The client's cemeteries ----------

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
