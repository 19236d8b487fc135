import { and, eq, isNull, sql } from "drizzle-orm";
import { type BurialRequestMove, requestNumber } from "../../../common/booking.ts";
import { linkTo } from "../../../common/route-table.ts";
import { ZOfficePayment, ZReasonRequired } from "../../../common/schemas.ts";
import type { Queryable } from "../../db/client.ts";
import { AppError } from "../../lib/errors.ts";
import { queuePlotChanges } from "../cemeteries/plot-queue.ts";
import {
  defineMachine,
  type MoveOf,
  type SameNames,
  type TMoveContext,
  type TNotice,
  type TRefusal,
} from "../workflow/workflow.ts";
import { listAttached } from "../uploads/uploads.service.ts";
import { burialRequests, plotHolds } from "./burial-requests.tables.ts";
import { burialRequestScope } from "../access/access.service.ts";
import { holders } from "../access/audiences.ts";
import { burialNotices } from "./burial-requests.notices.ts";
import { completeBurial } from "./burial-requests.effects.ts";

export type TBurialRequestRow = typeof burialRequests.$inferSelect;
type Ctx = TMoveContext<typeof burialRequests>;

/** Ends the request's live holds: its places are free again (or occupied, when the burial record took one). */
export async function releaseHolds(tx: Queryable, requestId: number, now: Date): Promise<void> {
  await tx
    .update(plotHolds)
    .set({ releasedAt: now })
    .where(and(eq(plotHolds.requestId, requestId), isNull(plotHolds.releasedAt)));
}

/**
 * Whether the request's places are still its own to keep: once its hold has lapsed, another family
 * may have booked a place (the lapsed hold no longer overlaps theirs) before the payment came —
 * recorded at the office in the hold's last second by a clock a little behind, or an online payment
 * confirmed then. Queued with the bookings of its places first (decision 015), so a booking under
 * way has committed and is seen here, and none starts before this transaction ends.
 */
export async function holdsKeepable(tx: Queryable, requestId: number): Promise<boolean> {
  const mine = await tx
    .select({ plotId: plotHolds.plotId })
    .from(plotHolds)
    .where(and(eq(plotHolds.requestId, requestId), isNull(plotHolds.releasedAt)));
  await queuePlotChanges(
    tx,
    mine.map((h) => h.plotId),
  );
  // What the exclusion constraint would refuse once the holds are open-ended: another live hold
  // whose time meets this hold's time from its start on.
  const theirs = await tx.execute(sql`
    select 1 from ${plotHolds} m join ${plotHolds} o on o.plot_id = m.plot_id and o.id <> m.id
    where m.request_id = ${requestId} and m.released_at is null and o.released_at is null
      and tstzrange(o.held_from, o.held_until) && tstzrange(m.held_from, null)
    limit 1`);
  return theirs.rows.length === 0;
}

/**
 * A paid request keeps its places until it is completed or cancelled: its holds stop expiring.
 * Refused (409 `hold_lapsed_place_taken`, nothing written) when another family has booked one of
 * them since the hold lapsed.
 */
async function keepHolds(tx: Queryable, requestId: number): Promise<void> {
  if (!(await holdsKeepable(tx, requestId))) throw new AppError(409, "hold_lapsed_place_taken");
  await tx
    .update(plotHolds)
    .set({ heldUntil: null })
    .where(and(eq(plotHolds.requestId, requestId), isNull(plotHolds.releasedAt)));
}

/** Reminders before a hold ends, in hours. */
export const REMIND_HOURS = [24, 1] as const;
const HOUR = 3600_000;

/**
 * Whether the booking asks for the death certificate: not a reburial's, whose death the akimat
 * already checked in the reburial request it carries out (its death record is among that request's
 * documents).
 */
export const needsCertificate = (r: Pick<TBurialRequestRow, "kind">): boolean => r.kind !== "reburial";

/** The things the family must still do before the request can be paid: the certificate and the slot. */
export function readyToPay(r: TBurialRequestRow, hasCertificate: boolean): boolean {
  return (hasCertificate || !needsCertificate(r)) && r.burialDate !== null && r.burialTime !== null;
}

const numberOf = (r: TBurialRequestRow) => requestNumber(r.id, r.createdAt);
const clientLink = (r: TBurialRequestRow) => linkTo("client-ticket", { id: r.id });
const staffLink = (r: TBurialRequestRow) => linkTo("manager-booking-item", { id: r.id });

/** The family is told in the app and by SMS. */
const toClient =
  (kind: "burial_paid" | "burial_confirmed" | "burial_completed" | "burial_expired") =>
  ({ row }: Ctx): TNotice[] => [
    burialNotices[kind](row.clientId, { number: numberOf(row) }, { link: clientLink(row), sms: true }),
  ];

/** The office's receipt number typed by the staff, or the provider's receipt (`P-2026-000123`). */
const paid =
  (method: "office" | "online") =>
  ({ now, input }: Ctx) => {
    const ref = method === "office" ? input.receipt : input.ref;
    return { paymentMethod: method, paidAt: now, paymentRef: typeof ref === "string" && ref ? ref : null };
  };

/** The request's documents, bound to it in the uploads under these entity types. */
export const REQUEST_DOCS = {
  certificate: "burial_request.certificate",
  kinship: "burial_request.kinship",
  grave: "burial_request.grave",
} as const;

/**
 * Paying needs the death certificate (the slot and the hold are `payable`'s) — but for a reburial,
 * whose death was proven in its reburial request.
 */
async function hasCertificate(tx: Queryable, row: TBurialRequestRow): Promise<TRefusal | null> {
  if (!needsCertificate(row)) return null;
  const docs = await listAttached(tx, REQUEST_DOCS.certificate, [row.id]);
  return docs.get(String(row.id))?.length ? null : "booking_not_payable";
}

const payable = (r: TBurialRequestRow, _actor: unknown, now: Date) =>
  r.expiresAt > now && r.burialDate !== null && r.burialTime !== null;

/** Money changes hands only for a fee: a booking the akimat freed of it (a reburial's) is never paid. */
const payableForMoney = (r: TBurialRequestRow, actor: unknown, now: Date) => r.fee > 0 && payable(r, actor, now);

/**
 * The burial request's machine (PRODUCT.md §3): pending → paid → confirmed → completed; cancelled
 * (by the family while pending, by the cemetery until completed, each with a reason); expired
 * (unpaid past its hold, by the product's timer). The office payment is recorded by the cemetery's
 * staff; the online payment by the provider's signed callback (the system).
 *
 * "Ready to pay" is `payable` (the hold runs, the slot is chosen) and `hasCertificate` (the death
 * certificate is attached, unless a reburial): the one place that says it, for the moves and the
 * buttons. A booking with no fee (waived by the akimat for a reburial, or a cemetery without one)
 * is not paid at all: the system's `settle_free` settles it once it is ready, and neither payment
 * is offered.
 */
export const burialRequestMachine = defineMachine({
  entity: "burial_request",
  table: burialRequests,
  statuses: ["pending", "paid", "confirmed", "completed", "cancelled", "expired"],
  initial: "pending",
  // A family reaches its own requests, the cemetery's staff those of their cemeteries (the admin all).
  scope: (caller) =>
    burialRequestScope(caller, { applicant: burialRequests.clientId, cemetery: burialRequests.cemeteryId }),
  notFound: "burial_request_not_found",
  created: ({ row }, tx) => tellStaff(tx, row, "burial_booked"),
  // An unpaid hold ends at its time; the family is reminded 24 h and 1 h before (in the app and by
  // SMS), each reminder only when the hold was booked before it and never once the hold has ended.
  timers: [
    { name: "expire", on: "pending", at: (r) => r.expiresAt, move: "expire" },
    ...REMIND_HOURS.map((hours) => ({
      name: `remind_${hours}h`,
      on: "pending" as const,
      at: (r: TBurialRequestRow) => {
        const at = new Date(r.expiresAt.getTime() - hours * HOUR);
        return at > r.createdAt ? at : null;
      },
      notice: (r: TBurialRequestRow, _tx: Queryable, now: Date): TNotice[] =>
        r.expiresAt > now
          ? [
              burialNotices.burial_expires_soon(
                r.clientId,
                { number: numberOf(r), hours },
                { link: clientLink(r), sms: true },
              ),
            ]
          : [],
    })),
  ],
  moves: {
    pay_office: {
      from: ["pending"],
      to: "paid",
      by: "booking.record_payment",
      when: payableForMoney,
      whenError: "booking_not_payable",
      requires: hasCertificate,
      input: ZOfficePayment,
      set: paid("office"),
      effects: (tx, _s, { row }) => keepHolds(tx, row.id),
      tell: toClient("burial_paid"),
    },
    pay_online: {
      from: ["pending"],
      to: "paid",
      by: "system",
      when: payableForMoney,
      whenError: "booking_not_payable",
      requires: hasCertificate,
      set: paid("online"),
      effects: (tx, _s, { row }) => keepHolds(tx, row.id),
      tell: async (ctx, tx) => [
        ...toClient("burial_paid")(ctx),
        ...(await tellStaff(tx, ctx.row, "burial_paid_online")),
      ],
    },
    // Nothing to pay (the fee 0): as soon as the family has given what the booking needs (the slot;
    // the certificate, but for a reburial), it counts as settled — its places kept as a payment keeps
    // them, the cemetery asked to confirm — with no trip to the office for a receipt of 0 ₸
    // (`saveDetails` makes this move in its own transaction).
    settle_free: {
      from: ["pending"],
      to: "paid",
      by: "system",
      when: (r, actor, now) => r.fee === 0 && payable(r, actor, now),
      whenError: "booking_not_payable",
      requires: hasCertificate,
      set: ({ now }) => ({ paymentMethod: "free" as const, paidAt: now, paymentRef: null }),
      effects: (tx, _s, { row }) => keepHolds(tx, row.id),
      tell: async ({ row }, tx) => [
        burialNotices.burial_free(row.clientId, { number: numberOf(row) }, { link: clientLink(row), sms: true }),
        ...(await tellStaff(tx, row, "burial_free_staff")),
      ],
    },
    confirm: {
      from: ["paid"],
      to: "confirmed",
      by: "booking.confirm",
      set: ({ now }) => ({ confirmedAt: now }),
      tell: toClient("burial_confirmed"),
    },
    complete: {
      from: ["confirmed"],
      to: "completed",
      by: "booking.complete",
      set: ({ now }) => ({ completedAt: now }),
      effects: (tx, s, ctx) => completeBurial(tx, s, ctx.row, ctx.now, ctx.actor),
      tell: toClient("burial_completed"),
    },
    cancel_own: {
      from: ["pending"],
      to: "cancelled",
      by: "burial.cancel_own",
      when: (r, actor) => r.clientId === actor.id,
      input: ZReasonRequired,
      set: ({ reason }) => ({ cancelReason: reason }),
      effects: (tx, _s, { row, now }) => releaseHolds(tx, row.id, now),
      tell: ({ row }, tx) => tellStaff(tx, row, "burial_cancelled_by_client"),
    },
    cancel: {
      from: ["pending", "paid", "confirmed"],
      to: "cancelled",
      by: "booking.cancel",
      input: ZReasonRequired,
      set: ({ reason }) => ({ cancelReason: reason }),
      effects: (tx, _s, { row, now }) => releaseHolds(tx, row.id, now),
      tell: ({ row, reason }) => [
        burialNotices.burial_cancelled(
          row.clientId,
          { number: numberOf(row), reason: reason ?? "" },
          { link: clientLink(row), sms: true },
        ),
      ],
    },
    expire: {
      from: ["pending"],
      to: "expired",
      by: "system",
      when: (r, _actor, now) => r.expiresAt <= now,
      effects: (tx, _s, { row, now }) => releaseHolds(tx, row.id, now),
      tell: toClient("burial_expired"),
    },
  },
});

/** Notices for the cemetery's managers about a request (booked, paid online, cancelled by the family). */
export async function tellStaff(
  tx: Queryable,
  row: TBurialRequestRow,
  kind: "burial_booked" | "burial_paid_online" | "burial_free_staff" | "burial_cancelled_by_client",
): Promise<TNotice[]> {
  const staff = await holders(tx, "booking.view", { cemeteryId: row.cemeteryId });
  return staff.map((userId) => burialNotices[kind](userId, { number: numberOf(row) }, { link: staffLink(row) }));
}

/** The machine's moves are the ones the API's schemas and the screens name. */
const _sameMoves: SameNames<MoveOf<typeof burialRequestMachine>, BurialRequestMove> = true;
