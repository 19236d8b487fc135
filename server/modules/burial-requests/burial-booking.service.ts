/**
 * Booking (`reservation-first`): a family books places — a new grave, an urn's place, or the family
 * grave — and holds them until the hold's time; the database refuses a second live hold on a place.
 */
import { almatyDay } from "../../../common/calendar/almaty.ts";
import { and, asc, count, eq, inArray, isNull, or, sql } from "drizzle-orm";
import type { z } from "zod";
import { birthDateFromIin, type ZBookingCreate } from "../../../common/booking.ts";
import type { Queryable } from "../../db/client.ts";
import { AppError } from "../../lib/errors.ts";
import { pgErrorCode } from "../../lib/pg-errors.ts";
import type { Services } from "../../services.ts";
import { cemeteryRow } from "../cemeteries/cemeteries.service.ts";
import { plots } from "../cemeteries/cemeteries.tables.ts";
import { queuePlotChanges, registerPlotClaim } from "../cemeteries/plot-queue.ts";
import { attachUploads } from "../uploads/uploads.service.ts";
import { users } from "../users/users.tables.ts";
import { burialRequestMachine } from "./burial-requests.machine.ts";
import { burialRequests, plotHolds } from "./burial-requests.tables.ts";
import type { TSessionUser } from "../../lib/caller.ts";
import { fieldError } from "../../lib/errors.ts";
import { assertCoffinFits, familyGravePlace } from "./family-graves.service.ts";
import { REQUEST_DOCS } from "./burial-requests.machine.ts";
import { reburialToBook, registerReburialBookings } from "../reburials/reburials.service.ts";
import { requestNumber } from "../../../common/booking-terms.ts";

// A reburial request's page shows the bookings of its destination made for it (this module imports
// reburials, not the other way round).
registerReburialBookings(async (db, reburialIds) => {
  const out = new Map<
    number,
    { id: number; number: string; status: (typeof burialRequests.$inferSelect)["status"] }[]
  >();
  if (!reburialIds.length) return out;
  const rows = await db
    .select({
      id: burialRequests.id,
      createdAt: burialRequests.createdAt,
      status: burialRequests.status,
      reburialId: burialRequests.reburialId,
    })
    .from(burialRequests)
    .where(inArray(burialRequests.reburialId, [...reburialIds]))
    .orderBy(asc(burialRequests.id));
  for (const r of rows) {
    const list = out.get(r.reburialId as number) ?? [];
    list.push({ id: r.id, number: requestNumber(r.id, r.createdAt), status: r.status });
    out.set(r.reburialId as number, list);
  }
  return out;
});

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

const HOUR = 3600_000;

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
  const born = input.iin ? birthDateFromIin(input.iin) : null;
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
      // A reburial books the destination of the akimat's approval: the deceased is the request's,
      // the fee none when the approval waived it.
      const reburial = input.kind === "reburial" ? await reburialToBook(tx, user, input.reburialId as number) : null;
      if (input.kind === "family_grave") {
        const grave = await familyGravePlace(tx, input.familyBurialId as number);
        cemeteryId = grave.cemeteryId;
        plotIds = [grave.plotId];
        familyBurialId = grave.id;
      } else {
        const places = await placesFor(tx, input.plotIds);
        cemeteryId = places.cemeteryId;
        plotIds = places.plots.map((p) => p.id);
        if (reburial && reburial.destinationCemeteryId !== cemeteryId) {
          throw fieldError("plotIds", "validation.reburial_destination");
        }
      }
      const cemetery = await cemeteryRow(tx, cemeteryId);
      if (cemetery.status === "closed" || (cemetery.status === "family_only" && input.kind !== "family_grave")) {
        throw new AppError(409, "cemetery_not_booking");
      }
      const remains = input.kind === "urn" ? "urn" : input.kind === "family_grave" ? input.remains : "coffin";
      if (input.kind === "family_grave" && remains === "coffin") {
        await assertCoffinFits(tx, plotIds[0] as number, cemetery.familyGraveYears, today);
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
          reburialId: reburial?.id ?? null,
          surname: reburial?.surname ?? input.surname,
          name: reburial?.name ?? input.name,
          patronymic: reburial?.patronymic ?? input.patronymic,
          iin: (reburial ? reburial.iin : input.iin) ?? "",
          birthDate: reburial?.iin ? birthDateFromIin(reburial.iin) : born,
          deathDate: reburial?.deathDate ?? input.deathDate,
          places: input.kind === "family_grave" ? 1 : plotIds.length,
          fee: reburial?.feeWaived ? 0 : cemetery.burialFee * (input.kind === "family_grave" ? 1 : plotIds.length),
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
