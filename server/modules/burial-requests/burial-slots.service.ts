/** The burial's slot: the cemetery's slots and what they still take, and the family's choice with the death certificate. */
import { almatyDay, almatyInstant } from "../../../common/calendar/almaty.ts";
import { and, count, eq, gte, inArray, lte, or, type SQL, sql } from "drizzle-orm";
import { addCalendarDays } from "../../../common/calendar/days.ts";
import type { z } from "zod";
import {
  isoWeekday,
  SLOT_DAYS_AHEAD,
  SLOT_LEAD_MINUTES,
  slotTimes,
  type TSlots,
  type ZBookingDetails,
} from "../../../common/booking.ts";
import type { Queryable } from "../../db/client.ts";
import { AppError } from "../../lib/errors.ts";
import type { Services } from "../../services.ts";
import { writeAudit } from "../audit/audit.service.ts";
import { cemeteryRow } from "../cemeteries/cemeteries.service.ts";
import type { cemeteries } from "../cemeteries/cemeteries.tables.ts";
import { attachUploads, listAttached } from "../uploads/uploads.service.ts";
import { burialRequests } from "./burial-requests.tables.ts";
import { SYSTEM, type TSessionUser } from "../../lib/caller.ts";
import { scopedRow } from "./burial-requests.service.ts";
import { fieldError } from "../../lib/errors.ts";
import { burialRequestMachine, needsCertificate, REQUEST_DOCS } from "./burial-requests.machine.ts";

type TCemeteryRow = typeof cemeteries.$inferSelect;

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
 * `reservation-complete`: the death certificate (not a reburial's: its death was proven in the
 * reburial request) and the burial's slot. The slot is checked against its capacity under a lock
 * on the cemetery's row, so two families never take the last place of a slot at the same moment.
 * A booking with nothing to pay (fee 0) is settled at once (`settle_free`): no office visit for 0 ₸.
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
    // No files sent: the certificate attached before stays (a reburial needs none).
    if (needsCertificate(row) && !input.certificateIds.length) {
      const had = (await listAttached(tx, REQUEST_DOCS.certificate, [row.id])).get(String(row.id)) ?? [];
      if (!had.length) throw fieldError("certificateIds", "validation.certificate_required");
    }
    if (input.certificateIds.length)
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
    if (row.fee === 0) {
      const ready = { ...row, burialDate: input.burialDate, burialTime: input.burialTime };
      const moves = await burialRequestMachine.movesFor(tx, ready, SYSTEM, now);
      if (moves.includes("settle_free")) await burialRequestMachine.move(tx, s, ready, "settle_free", SYSTEM);
    }
  });
}
