import { eq, inArray, sql } from "drizzle-orm";
import type { z } from "zod";
import { almatyDay, almatyInstant } from "../../../common/calendar/almaty.ts";
import { addCalendarDays } from "../../../common/calendar/days.ts";
import {
  CARE_LIMITS,
  CARE_STATUSES,
  type CareMove,
  careNumber,
  inSeason,
  seasonDay,
  needsPermit,
  PERMIT_STATUSES,
  type PermitMove,
  permitValidUntil,
  type TSeason,
} from "../../../common/ennoblement.ts";
import {
  ZCareClose,
  ZCareComplete,
  ZCareDispute,
  ZCareRecordPayment,
  ZCareReject,
  ZCareSchedule,
  ZPermitRefuse,
} from "../../../common/ennoblement-forms.ts";
import { formatDate, formatMoney, translate } from "../../../common/i18n.ts";
import { fullName } from "../../../common/person.ts";
import { linkTo } from "../../../common/route-table.ts";
import type { Queryable } from "../../db/client.ts";
import { type Actor, SYSTEM } from "../../lib/caller.ts";
import { fieldError } from "../../lib/errors.ts";
import { graveCareScope } from "../access/access.service.ts";
import { holders } from "../access/audiences.ts";
import { burials } from "../burials/burials.tables.ts";
import { paidPaymentOf, recordRefund } from "../payments/payments.service.ts";
import { threadComments } from "../threads/threads.tables.ts";
import { attachUploads } from "../uploads/uploads.service.ts";
import { defineMachine, type MoveOf, type SameNames, type TMoveContext, type TNotice } from "../workflow/workflow.ts";
import { type CareNoticeKind, careNotices } from "./ennoblement.notices.ts";
import { carePermits, carePrices, careRequests, careSettings, type TCareLineRow } from "./ennoblement.tables.ts";

export type TCareRow = typeof careRequests.$inferSelect;
export type TPermitRow = typeof carePermits.$inferSelect;
type CareCtx<I = Record<string, unknown>> = TMoveContext<typeof careRequests, I>;
type PermitCtx<I = Record<string, unknown>> = TMoveContext<typeof carePermits, I>;

/** The files of a request: the family's photos, and the cemetery's before and after the works. */
export const CARE_FILES = { photos: "care_request", before: "care_before", after: "care_after" } as const;
/** Photos: JPEG, PNG or WebP, 10 MB each (the uploads' photo rules). */
export const CARE_PHOTO_PURPOSES = ["photo"] as const;

// ---------- The grave, the season, the prices ----------

/**
 * The grave's responsible person now, as a column of a query of `table` (a hand-over moves access
 * with it). Written with the tables' own names: Drizzle leaves a single table's columns unqualified,
 * which inside a subquery could name the subquery's own.
 */
const responsibleOf = (table: "care_requests" | "care_permits") =>
  sql.raw(`(select b.responsible_user_id from burials b where b.id = "${table}"."burial_id")`);

/** The grave's deceased and its responsible person now. */
export async function graveOf(tx: Queryable, burialId: number) {
  const [b] = await tx.select().from(burials).where(eq(burials.id, burialId));
  if (!b) throw new Error(`no burial ${burialId}`);
  return { deceased: fullName(b), responsibleUserId: b.responsibleUserId };
}

/** A cemetery's installation season (null: all year). */
export async function seasonOf(tx: Queryable, cemeteryId: number): Promise<TSeason> {
  const [s] = await tx.select().from(careSettings).where(eq(careSettings.cemeteryId, cemeteryId));
  return s?.seasonStart && s.seasonEnd ? { start: s.seasonStart, end: s.seasonEnd } : null;
}

/** A cemetery's price list, by kind. */
export async function priceListOf(tx: Queryable, cemeteryId: number): Promise<TCareLineRow[]> {
  const rows = await tx.select().from(carePrices).where(eq(carePrices.cemeteryId, cemeteryId));
  return rows.map((r) => ({ kind: r.kind, price: r.price, unit: r.unit, note: r.note }));
}

// ---------- Who is told ----------

type Make = (
  userId: number,
  params: Record<string, unknown>,
  opts: { link: ReturnType<typeof linkTo>; sms?: boolean },
) => TNotice;
const notice = (kind: CareNoticeKind) => careNotices[kind] as unknown as Make;

const numberOf = (row: TCareRow) => careNumber(row.id, row.createdAt);
const both = (key: string) => ({ ru: translate("ru", key), kk: translate("kk", key) });

/** Tells the grave's responsible person now (the family), in the app and, for the steps that matter, by SMS. */
async function toFamily(
  tx: Queryable,
  row: TCareRow,
  kind: CareNoticeKind,
  params: Record<string, unknown> = {},
  sms = false,
): Promise<TNotice[]> {
  const { responsibleUserId } = await graveOf(tx, row.burialId);
  if (responsibleUserId === null) return [];
  return [
    notice(kind)(
      responsibleUserId,
      { number: numberOf(row), ...params },
      { link: linkTo("client-care-request", { id: row.id }), sms },
    ),
  ];
}

/** Tells the cemetery's managers (never the actor). */
async function toManagers(
  tx: Queryable,
  row: TCareRow,
  kind: CareNoticeKind,
  actor: Actor,
  params: Record<string, unknown> = {},
): Promise<TNotice[]> {
  const people = await holders(tx, "care.handle", { cemeteryId: row.cemeteryId });
  return people
    .filter((id) => id !== actor.id)
    .map((id) =>
      notice(kind)(
        id,
        { number: numberOf(row), ...params },
        { link: linkTo("manager-ennoblement-item", { id: row.id }) },
      ),
    );
}

// ---------- Rules of the request ----------

/** The kinds of a request that need a permit. */
const permitKindsOf = (row: TCareRow) => row.kinds.filter(needsPermit);

/** The permits of a request's installations, issued and valid on `day` (or, without a day, not expired). */
async function permitsOf(tx: Queryable, row: TCareRow) {
  return tx.select().from(carePermits).where(eq(carePermits.careRequestId, row.id));
}

/** An installation cannot be scheduled before each of its permits is issued (and not yet expired). */
async function permitsIssued(tx: Queryable, row: TCareRow): Promise<"care_permit_missing" | null> {
  const kinds = permitKindsOf(row);
  if (!kinds.length) return null;
  const permits = await permitsOf(tx, row);
  const ok = kinds.every((k) => permits.some((p) => p.kind === k && p.status === "issued"));
  return ok ? null : "care_permit_missing";
}

/**
 * The day chosen for the works: not in the past; for an installation within the season and within
 * each permit's validity (from its issue to `valid_until`). A 422 on `date` says which.
 */
async function checkDay(tx: Queryable, { row, input, now }: CareCtx<z.output<typeof ZCareSchedule>>) {
  const today = almatyDay(now);
  if (input.date < today) throw fieldError("date", "validation.care_date_past");
  if (!permitKindsOf(row).length) return;
  const season = await seasonOf(tx, row.cemeteryId);
  if (!inSeason(input.date, season)) {
    throw fieldError("date", "validation.care_out_of_season", {
      start: seasonDay(season?.start ?? ""),
      end: seasonDay(season?.end ?? ""),
    });
  }
  for (const p of await permitsOf(tx, row)) {
    if (p.status !== "issued" || !p.validUntil || !p.issuedAt) continue;
    if (input.date > p.validUntil || input.date < almatyDay(p.issuedAt)) {
      // The day as both languages write it (`23.12.2026`).
      throw fieldError("date", "validation.care_permit_validity", {
        until: p.validUntil.split("-").reverse().join("."),
      });
    }
  }
}

/** The price list's lines of the request's kinds; refused when one is not on the list. */
async function pricesFor(tx: Queryable, row: TCareRow): Promise<TCareLineRow[] | null> {
  const list = await priceListOf(tx, row.cemeteryId);
  const lines = row.kinds.map((k) => list.find((l) => l.kind === k));
  return lines.every((l) => l !== undefined) ? (lines as TCareLineRow[]) : null;
}

/** Payable (online or at the office): accepted with a total, not paid yet, not ended. */
export const PAYABLE_STATUSES = ["accepted", "scheduled", "done", "confirmed", "disputed", "closed"] as const;
export const isPayable = (row: TCareRow) =>
  row.paymentStatus === "unpaid" &&
  row.total !== null &&
  row.total > 0 &&
  (PAYABLE_STATUSES as readonly string[]).includes(row.status);

/** A request ended before its works with money paid: all of it is owed back (recorded against the online payment). */
async function refundAll(tx: Queryable, row: TCareRow, reason: string, actor: Actor) {
  if (row.paymentStatus !== "paid" || !row.total) return;
  const payment = row.paidVia === "online" ? await paidPaymentOf(tx, "care_request", row.id) : null;
  if (payment) {
    await recordRefund(tx, {
      paymentId: payment.id,
      subject: "care_request",
      subjectId: row.id,
      amount: row.total,
      reason,
      actor,
    });
  }
  await tx
    .update(careRequests)
    .set({ paymentStatus: "refund_due", refundDue: row.total })
    .where(eq(careRequests.id, row.id));
}

const answerBy = (row: TCareRow) =>
  row.doneAt ? new Date(row.doneAt.getTime() + CARE_LIMITS.answerDays * 86_400_000) : null;

// ---------- The care request ----------

/**
 * A family's request for works on a grave: `new` → `accepted` (the price from the cemetery's list,
 * the total on the server) → `scheduled` (for an installation only once its permit is issued, on a
 * day within the permit and the season) → `done` (photos before and after) → `confirmed` by the
 * family or, after 7 days without an answer, by the timer — or `disputed` (in the request's
 * thread), then redone or closed with an answer. Rejected by the cemetery with a reason before it
 * is scheduled; cancelled by the family then too (what was paid is owed back). Payment is kept
 * apart: online (the payments module's payable `care_request`) or at the office.
 */
export const careRequestMachine = defineMachine({
  entity: "care_request",
  table: careRequests,
  statuses: [...CARE_STATUSES],
  initial: "new",
  scope: (caller) =>
    graveCareScope(caller, {
      cemeteryId: careRequests.cemeteryId,
      responsibleUserId: responsibleOf("care_requests"),
    }),
  notFound: "care_request_not_found",
  created: async ({ row, actor }, tx) =>
    toManagers(tx, row, "care_ordered", actor, { deceased: (await graveOf(tx, row.burialId)).deceased }),
  timers: [
    {
      name: "answer_soon",
      on: "done",
      at: (r) => (r.doneAt ? new Date(r.doneAt.getTime() + (CARE_LIMITS.answerDays - 1) * 86_400_000) : null),
      notice: async (row, tx) => {
        const by = answerBy(row);
        return by
          ? toFamily(
              tx,
              row,
              "care_answer_soon",
              { answerBy: { ru: formatDate("ru", by), kk: formatDate("kk", by) } },
              true,
            )
          : [];
      },
    },
    { name: "auto_confirm", on: "done", at: answerBy, move: "auto_confirm" },
  ],
  moves: {
    accept: {
      from: ["new"],
      to: "accepted",
      by: "care.handle",
      requires: async (tx, row) => ((await pricesFor(tx, row)) ? null : "care_price_missing"),
      set: ({ actor, now }) => ({ acceptedAt: now, acceptedBy: actor.id }),
      // The price is the list's, whatever anyone sent: read here, in the move's transaction.
      effects: async (tx, _s, { row }) => {
        const lines = (await pricesFor(tx, row)) ?? [];
        const total = lines.reduce((sum, l) => sum + l.price, 0);
        await tx
          .update(careRequests)
          .set({ lines, total, paymentStatus: total > 0 ? "unpaid" : "paid" })
          .where(eq(careRequests.id, row.id));
      },
      tell: ({ row }, tx) =>
        toFamily(tx, row, "care_accepted", {
          total: { ru: formatMoney("ru", row.total ?? 0), kk: formatMoney("kk", row.total ?? 0) },
        }),
    },
    record_payment: {
      from: [...PAYABLE_STATUSES],
      by: "care.handle",
      input: ZCareRecordPayment,
      when: isPayable,
      whenError: "care_not_payable",
      set: ({ input, now }: CareCtx<z.output<typeof ZCareRecordPayment>>) => ({
        paymentStatus: "paid" as const,
        paidVia: "office" as const,
        paidAt: now,
        paymentRef: input.paymentRef ?? null,
      }),
      tell: ({ row }, tx) => toFamily(tx, row, "care_payment_recorded"),
    },
    pay_online: {
      from: [...PAYABLE_STATUSES],
      by: "system",
      when: isPayable,
      whenError: "care_not_payable",
      set: ({ now }) => ({ paymentStatus: "paid" as const, paidVia: "online" as const, paidAt: now }),
      tell: ({ row, actor }, tx) => toManagers(tx, row, "care_paid_online", actor),
    },
    schedule: {
      from: ["accepted"],
      to: "scheduled",
      by: "care.handle",
      input: ZCareSchedule,
      requires: (tx, row) => permitsIssued(tx, row),
      checkInput: checkDay,
      set: ({ input }: CareCtx<z.output<typeof ZCareSchedule>>) => ({ scheduledDate: input.date }),
      tell: ({ row }, tx) =>
        toFamily(
          tx,
          row,
          "care_scheduled",
          { date: { ru: formatDate("ru", row.scheduledDate ?? ""), kk: formatDate("kk", row.scheduledDate ?? "") } },
          true,
        ),
    },
    complete: {
      from: ["scheduled"],
      to: "done",
      by: "care.handle",
      input: ZCareComplete,
      set: ({ input, now }: CareCtx<z.output<typeof ZCareComplete>>) => ({ doneAt: now, doneNote: input.note ?? null }),
      effects: async (tx, _s, { row, actor, input, now }: CareCtx<z.output<typeof ZCareComplete>>) => {
        // Redone works add their photos to the earlier ones: the grave's history keeps them all.
        for (const [type, ids, path] of [
          [CARE_FILES.before, input.beforeIds, "beforeIds"],
          [CARE_FILES.after, input.afterIds, "afterIds"],
        ] as const) {
          await attachUploads(tx, {
            ownerId: actor.id,
            field: { path, key: "validation.files_foreign" },
            ids,
            entityType: type,
            entityId: row.id,
            purposes: CARE_PHOTO_PURPOSES,
            append: true,
            now,
          });
        }
      },
      tell: ({ row }, tx) => {
        const by = answerBy(row);
        return toFamily(
          tx,
          row,
          "care_done",
          { answerBy: by ? { ru: formatDate("ru", by), kk: formatDate("kk", by) } : "" },
          true,
        );
      },
    },
    confirm: {
      from: ["done"],
      to: "confirmed",
      by: "care.order",
      set: ({ now }) => ({ confirmedAt: now }),
      tell: ({ row, actor }, tx) => toManagers(tx, row, "care_confirmed_by_family", actor),
    },
    dispute: {
      from: ["done"],
      to: "disputed",
      by: "care.order",
      input: ZCareDispute,
      set: ({ input, now }: CareCtx<z.output<typeof ZCareDispute>>) => ({ disputedAt: now, disputeText: input.text }),
      // The dispute is said in the request's thread, where the cemetery answers it.
      effects: async (tx, _s, { row, actor, input, now }: CareCtx<z.output<typeof ZCareDispute>>) => {
        await tx.insert(threadComments).values({
          entityType: "care_request",
          entityId: row.id,
          authorId: actor.id,
          authorSide: "applicant",
          body: input.text,
          visibility: "participants",
          createdAt: now,
        });
      },
      tell: ({ row, actor }, tx) => toManagers(tx, row, "care_disputed", actor),
    },
    auto_confirm: {
      from: ["done"],
      to: "confirmed",
      by: "system",
      set: ({ now }) => ({ confirmedAt: now }),
      tell: ({ row }, tx) => toFamily(tx, row, "care_auto_confirmed"),
    },
    redo: {
      from: ["disputed"],
      to: "scheduled",
      by: "care.handle",
      input: ZCareSchedule,
      requires: (tx, row) => permitsIssued(tx, row),
      checkInput: checkDay,
      set: ({ input }: CareCtx<z.output<typeof ZCareSchedule>>) => ({ scheduledDate: input.date, doneAt: null }),
      tell: ({ row }, tx) =>
        toFamily(
          tx,
          row,
          "care_scheduled",
          { date: { ru: formatDate("ru", row.scheduledDate ?? ""), kk: formatDate("kk", row.scheduledDate ?? "") } },
          true,
        ),
    },
    close: {
      from: ["disputed"],
      to: "closed",
      by: "care.handle",
      input: ZCareClose,
      set: ({ input }: CareCtx<z.output<typeof ZCareClose>>) => ({ closeAnswer: input.answer }),
      tell: ({ row }, tx) => toFamily(tx, row, "care_closed", {}, true),
    },
    reject: {
      from: ["new", "accepted"],
      to: "rejected",
      by: "care.handle",
      input: ZCareReject,
      set: ({ input }: CareCtx<z.output<typeof ZCareReject>>) => ({ rejectReason: input.reason }),
      effects: (tx, _s, { row, actor, input }: CareCtx<z.output<typeof ZCareReject>>) =>
        refundAll(tx, row, input.reason, actor),
      tell: ({ row, input }: CareCtx<z.output<typeof ZCareReject>>, tx) =>
        toFamily(tx, row, "care_rejected", { reason: input.reason }, true),
    },
    cancel: {
      from: ["new", "accepted"],
      to: "cancelled",
      by: "care.order",
      set: ({ now }) => ({ cancelledAt: now }),
      effects: (tx, _s, { row, actor }) => refundAll(tx, row, "family_cancelled", actor),
      tell: ({ row, actor }, tx) => toManagers(tx, row, "care_cancelled_by_family", actor),
    },
  },
});

const _sameCareMoves: SameNames<MoveOf<typeof careRequestMachine>, CareMove> = true;

// ---------- The permit ----------

const kindWords = (row: TPermitRow) => both(`care.kind.${row.kind}`);

async function permitFamily(
  tx: Queryable,
  row: TPermitRow,
  kind: CareNoticeKind,
  params: Record<string, unknown> = {},
): Promise<TNotice[]> {
  const { responsibleUserId, deceased } = await graveOf(tx, row.burialId);
  if (responsibleUserId === null) return [];
  return [
    notice(kind)(
      responsibleUserId,
      { kind: kindWords(row), deceased, ...params },
      { link: linkTo("client-care-permit", { id: row.id }), sms: true },
    ),
  ];
}

async function permitManagers(tx: Queryable, row: TPermitRow, kind: CareNoticeKind, actor: Actor): Promise<TNotice[]> {
  const { deceased } = await graveOf(tx, row.burialId);
  const people = await holders(tx, "care.handle", { cemeteryId: row.cemeteryId });
  const due = { ru: formatDate("ru", row.dueDay), kk: formatDate("kk", row.dueDay) };
  return people
    .filter((id) => id !== actor.id)
    .map((id) =>
      notice(kind)(
        id,
        { kind: kindWords(row), deceased, due },
        { link: linkTo("manager-ennoblement-permit", { id: row.id }) },
      ),
    );
}

/**
 * A permit to install a fence or a headstone: `requested` → `issued` (valid a month from its
 * issue; its `expire` timer ends it the day after) or `refused` with a reason of the dictionary.
 * Decided within one working day (`due_day`); the managers are reminded on the due day's morning.
 * Not issued for a planned day outside the cemetery's season.
 */
export const permitMachine = defineMachine({
  entity: "care_permit",
  table: carePermits,
  statuses: [...PERMIT_STATUSES],
  initial: "requested",
  scope: (caller) =>
    graveCareScope(caller, {
      cemeteryId: carePermits.cemeteryId,
      responsibleUserId: responsibleOf("care_permits"),
    }),
  notFound: "permit_not_found",
  created: ({ row, actor }, tx) => permitManagers(tx, row, "permit_requested", actor),
  timers: [
    {
      name: "due",
      on: "requested",
      at: (r) => almatyInstant(r.dueDay, "09:00"),
      notice: (row, tx) => permitManagers(tx, row, "permit_due", SYSTEM),
    },
    {
      name: "expire",
      on: "issued",
      at: (r) => (r.validUntil ? almatyInstant(addCalendarDays(r.validUntil, 1), "00:00") : null),
      move: "expire",
    },
  ],
  moves: {
    issue: {
      from: ["requested"],
      to: "issued",
      by: "care.handle",
      requires: async (tx, row) =>
        inSeason(row.plannedDate, await seasonOf(tx, row.cemeteryId)) ? null : "care_out_of_season",
      set: ({ actor, now }) => ({ issuedAt: now, issuedBy: actor.id, validUntil: permitValidUntil(almatyDay(now)) }),
      tell: ({ row }, tx) =>
        permitFamily(tx, row, "permit_issued", {
          validUntil: { ru: formatDate("ru", row.validUntil ?? ""), kk: formatDate("kk", row.validUntil ?? "") },
        }),
    },
    refuse: {
      from: ["requested"],
      to: "refused",
      by: "care.handle",
      input: ZPermitRefuse,
      set: ({ input }: PermitCtx<z.output<typeof ZPermitRefuse>>) => ({
        refuseReason: input.reason,
        refuseComment: input.comment ?? null,
      }),
      tell: ({ row, input }: PermitCtx<z.output<typeof ZPermitRefuse>>, tx) =>
        permitFamily(tx, row, "permit_refused", { reason: both(`permit.refuse_reason.${input.reason}`) }),
    },
    expire: {
      from: ["issued"],
      to: "expired",
      by: "system",
      tell: ({ row }, tx) => permitFamily(tx, row, "permit_expired"),
    },
  },
});

const _samePermitMoves: SameNames<MoveOf<typeof permitMachine>, PermitMove> = true;

/** The permits a request's installations need, requested with it (the cemetery installs). */
export async function permitsOfRequests(tx: Queryable, ids: readonly number[]) {
  if (!ids.length) return [];
  return tx
    .select()
    .from(carePermits)
    .where(inArray(carePermits.careRequestId, [...ids]));
}
