import { eq } from "drizzle-orm";
import type { z } from "zod";
import { answerDueDay, appealRegistration } from "../../../common/appeal-deadlines.ts";
import { almatyDay } from "../../../common/calendar/almaty.ts";
import { dmy } from "../../../common/calendar/days.ts";
import {
  OPEN_REBURIAL_STATUSES,
  REBURIAL_DOC_KINDS,
  REBURIAL_LIMITS,
  type ReburialDocKind,
  type ReburialMove,
  reburialNumber,
} from "../../../common/reburials.ts";
import { linkTo } from "../../../common/route-table.ts";
import { ZAppealAskDocuments, ZAppealAssign, ZAppealHearing, ZAppealWithdraw } from "../../../common/appeal-forms.ts";
import {
  ZReburialAddDocuments,
  ZReburialApprove,
  ZReburialRecordDone,
  ZReburialRefuse,
} from "../../../common/reburial-forms.ts";
import type { Queryable } from "../../db/client.ts";
import { type Actor, SYSTEM } from "../../lib/caller.ts";
import { fieldError } from "../../lib/errors.ts";
import type { Services } from "../../services.ts";
import { checkAkimatAssignee, reburialScope } from "../access/access.service.ts";
import { assigneeOrAdmins, holders } from "../access/audiences.ts";
import { writeAudit } from "../audit/audit.service.ts";
import { burials } from "../burials/burials.tables.ts";
import { attachUploads } from "../uploads/uploads.service.ts";
import {
  defineMachine,
  type MoveOf,
  type SameNames,
  type TMoveContext,
  type TMoveDef,
  type TNotice,
} from "../workflow/workflow.ts";
import {
  assignedTo,
  checkHearingDate,
  documentsAsked,
  escalationTimers,
  hearingNoticed,
  isApplicant,
  takenBy,
  withdrawn,
} from "../workflow/cases.ts";
import { type ReburialNoticeKind, reburialNotices } from "./reburials.notices.ts";
import { reburialRequests } from "./reburials.tables.ts";

export type TReburialRow = typeof reburialRequests.$inferSelect;
type Ctx<I = Record<string, unknown>> = TMoveContext<typeof reburialRequests, I>;

/** The uploads of a request, one entity type per kind of document (`reburial.death`, …). */
export const reburialFiles = (kind: ReburialDocKind) => `reburial.${kind}`;
export const REBURIAL_FILE_TYPES = REBURIAL_DOC_KINDS.map(reburialFiles);

/** How a request's files are checked when bound: PDF, JPEG or PNG by content, 10 MB each. */
export const REBURIAL_FILE_RULES = {
  purposes: ["document", "photo"] as const,
  accept: { types: REBURIAL_LIMITS.fileTypes, maxBytes: REBURIAL_LIMITS.fileBytesMax },
};

export const numberOf = (r: Pick<TReburialRow, "id" | "createdAt">) => reburialNumber(r.id, r.createdAt);
const staffLink = (r: Pick<TReburialRow, "id">) => linkTo("user-reburial", { id: r.id });
const applicantLink = (r: Pick<TReburialRow, "id">) => linkTo("client-reburial-request", { id: r.id });

// ---------- Who is told ----------

/** The akimat's admins: they receive new requests, assign them and are warned of deadlines. */
export const akimatAdmins = (tx: Queryable, akimatId: number) =>
  holders(tx, "reburials.handle", { akimatId, akimatAdmins: true });

/** Whom a step of the applicant concerns: the assignee, or the akimat's admins while nobody is assigned. */
export const handlers = (tx: Queryable, row: TReburialRow) => assigneeOrAdmins(tx, "reburials.handle", row);

/** Tells the applicant (in the app, and by SMS with `sms`), from the one stored move. */
function toApplicant(row: TReburialRow, kind: ReburialNoticeKind, params: Record<string, string>, sms: boolean) {
  if (row.applicantId === null) return [];
  const make = reburialNotices[kind] as unknown as (
    userId: number,
    params: Record<string, string>,
    opts: { link: ReturnType<typeof applicantLink>; sms: boolean },
  ) => TNotice;
  return [make(row.applicantId, { number: numberOf(row), ...params }, { link: applicantLink(row), sms })];
}

/** Tells staff of the akimat (never the actor themselves). */
function toStaff(ids: readonly (number | null)[], row: TReburialRow, kind: ReburialNoticeKind, actor: Actor) {
  const make = reburialNotices[kind] as unknown as (
    userId: number,
    params: Record<string, string>,
    opts: { link: ReturnType<typeof staffLink> },
  ) => TNotice;
  return [...new Set(ids)]
    .filter((id): id is number => id !== null && id !== actor.id)
    .map((userId) => make(userId, { number: numberOf(row), due: dmy(row.dueDay) }, { link: staffLink(row) }));
}

// ---------- Checks ----------

/** The assignee must be staff of the request's akimat. */
const staffOfAkimat = (tx: Queryable, { row, input }: Ctx<z.output<typeof ZAppealAssign>>) =>
  checkAkimatAssignee(tx, input.assigneeId, row.akimatId);

/**
 * Marks the old burial record reburied (when the grave was one of the registry's): no longer in its
 * place (free again) nor in the search; `to` the record at the new place, or the place outside.
 */
export async function markReburied(
  tx: Queryable,
  row: TReburialRow,
  to: { burialId: number } | { text: string },
  now: Date,
  actor: Actor,
): Promise<void> {
  if (row.sourceBurialId === null) return;
  await tx
    .update(burials)
    .set({
      reburiedAt: now,
      reburiedToBurialId: "burialId" in to ? to.burialId : null,
      reburiedTo: "text" in to ? to.text : null,
    })
    .where(eq(burials.id, row.sourceBurialId));
  await writeAudit(tx, {
    actor,
    entityType: "burial",
    entityId: row.sourceBurialId,
    action: "reburied",
    data: { reburialId: row.id, ...("burialId" in to ? { toBurialId: to.burialId } : {}) },
  });
}

// ---------- Registration ----------

/** What the caller gives to register a request; its registration and due day are the machine's. */
export type TReburialValues = Omit<
  typeof reburialRequests.$inferInsert,
  "id" | "status" | "registeredAt" | "registrationDay" | "dueDay" | "createdAt" | "updatedAt"
>;

/**
 * Registers a request on the day it arrives (the next working day after hours, as an appeal: APPK
 * art. 64), due on the 15th working day after; the machine's `create` audits it, tells the
 * applicant and the akimat's admins and queues the deadline's timers.
 */
export async function registerReburial(
  tx: Queryable,
  s: Services,
  values: TReburialValues,
  actor: Actor,
): Promise<TReburialRow> {
  const arrived = s.now();
  const reg = appealRegistration(arrived);
  return reburialMachine.create(
    tx,
    s,
    {
      ...values,
      registeredAt: reg.at,
      registrationDay: reg.day,
      dueDay: answerDueDay(reg.day),
      createdAt: arrived,
      updatedAt: arrived,
    },
    actor,
  );
}

/**
 * A reburial request's life (`common/reburials.ts`): submitted and registered at once; the
 * akimat's staff take it or assign it, ask the applicant for documents (who adds them: back in
 * work), notify a hearing before a refusal (art. 73: at least 3 working days ahead), approve it
 * with a date (and the fee waived or not) or refuse it with reasons after the hearing's day; the
 * applicant withdraws it until the decision. Approved, it is done (`reburied`) when the booking of
 * its destination completes (the system's `complete`, from the booking's completion), or, for a
 * place outside the platform, when the akimat records it. The term's escalations (2 working days
 * before the due day, and on it) run through every open status.
 */
export const reburialMachine = defineMachine({
  entity: "reburial",
  table: reburialRequests,
  statuses: ["submitted", "in_work", "waiting_applicant", "hearing", "approved", "refused", "withdrawn", "reburied"],
  initial: "submitted",
  scope: (caller) =>
    reburialScope(caller, { akimatId: reburialRequests.akimatId, applicantId: reburialRequests.applicantId }),
  notFound: "reburial_not_found",
  created: async ({ row, actor }, tx) => [
    ...toApplicant(row, "reburial_registered", { due: dmy(row.dueDay) }, true),
    ...toStaff(await akimatAdmins(tx, row.akimatId), row, "reburial_received", actor),
  ],
  // The escalations: the akimat's admins and the assignee, while the day is still near.
  timers: escalationTimers({
    on: OPEN_REBURIAL_STATUSES,
    dueDay: (r: TReburialRow) => r.dueDay,
    notice: async (which, row, tx) =>
      toStaff([...(await akimatAdmins(tx, row.akimatId)), row.assigneeId], row, `reburial_due_${which}`, SYSTEM),
  }),
  moves: {
    take: {
      from: ["submitted"],
      to: "in_work",
      by: "reburials.handle",
      set: takenBy,
      tell: ({ row }) => toApplicant(row, "reburial_in_work", {}, false),
    },
    assign: {
      from: ["submitted"],
      to: "in_work",
      by: "reburials.handle",
      input: ZAppealAssign,
      checkInput: staffOfAkimat,
      set: assignedTo,
      tell: ({ row, actor }) => [
        ...toStaff([row.assigneeId], row, "reburial_assigned", actor),
        ...toApplicant(row, "reburial_in_work", {}, false),
      ],
    },
    reassign: {
      from: ["in_work", "waiting_applicant", "hearing", "approved"],
      by: "reburials.handle",
      input: ZAppealAssign,
      checkInput: staffOfAkimat,
      set: assignedTo,
      tell: ({ row, actor }) => toStaff([row.assigneeId], row, "reburial_assigned", actor),
    },
    ask_documents: {
      from: ["in_work"],
      to: "waiting_applicant",
      by: "reburials.handle",
      input: ZAppealAskDocuments,
      set: documentsAsked,
      tell: ({ row }) => toApplicant(row, "reburial_documents_requested", {}, true),
    },
    resume: {
      from: ["waiting_applicant"],
      to: "in_work",
      by: "reburials.handle",
    },
    hearing_notice: {
      from: ["in_work", "waiting_applicant"],
      to: "hearing",
      by: "reburials.handle",
      input: ZAppealHearing,
      checkInput: checkHearingDate,
      set: hearingNoticed,
      tell: ({ row }) =>
        toApplicant(
          row,
          "reburial_hearing",
          { date: dmy(row.hearingDate as string), time: row.hearingTime ?? "" },
          true,
        ),
    },
    approve: {
      from: ["in_work", "hearing"],
      to: "approved",
      by: "reburials.handle",
      input: ZReburialApprove,
      checkInput: async (_tx, { input, now }) => {
        if (input.reburialDate < almatyDay(now)) throw fieldError("reburialDate", "validation.date_in_past");
      },
      set: ({ input, actor, now }) => ({
        reburialDate: input.reburialDate,
        feeWaived: input.feeWaived,
        conditions: input.conditions ?? null,
        decidedAt: now,
        decidedBy: actor.id,
      }),
      tell: ({ row }) => toApplicant(row, "reburial_approved", { date: dmy(row.reburialDate as string) }, true),
    },
    refuse: {
      from: ["hearing"],
      to: "refused",
      by: "reburials.handle",
      input: ZReburialRefuse,
      // A refusal only after the hearing's day (art. 73).
      checkInput: async (_tx, { row, now }) => {
        if (row.hearingDate && almatyDay(now) < row.hearingDate) {
          throw fieldError("reason", "validation.appeal_hearing_not_yet", { date: dmy(row.hearingDate) });
        }
      },
      set: ({ input, actor, now }) => ({
        refusalReason: input.reason,
        howToComplain: input.howToComplain,
        decidedAt: now,
        decidedBy: actor.id,
      }),
      tell: ({ row }) => toApplicant(row, "reburial_refused", {}, true),
    },
    record_reburied: {
      from: ["approved"],
      to: "reburied",
      by: "reburials.handle",
      // A destination of the platform is done by its booking's completion, not by hand.
      when: (r) => r.destinationCemeteryId === null,
      input: ZReburialRecordDone,
      set: ({ input, now }) => ({ reburiedAt: now, reburiedOn: input.reburiedOn }),
      effects: (tx, _s, { row, now, actor }) => markReburied(tx, row, { text: row.destinationText ?? "" }, now, actor),
      tell: ({ row }) => toApplicant(row, "reburial_done", {}, false),
    },
    add_documents: {
      from: ["waiting_applicant"],
      to: "in_work",
      by: "reburials.create",
      when: isApplicant,
      input: ZReburialAddDocuments,
      set: ({ input, row }) =>
        input.kind === "death" && input.deathNoticeNumber
          ? { deathNoticeNumber: input.deathNoticeNumber }
          : { deathNoticeNumber: row.deathNoticeNumber },
      effects: (tx, _s, { row, actor, input, now }) =>
        attachUploads(tx, {
          ownerId: actor.id,
          ids: input.attachmentIds,
          entityType: reburialFiles(input.kind),
          entityId: row.id,
          ...REBURIAL_FILE_RULES,
          append: true,
          field: { path: "attachmentIds", key: "validation.appeal_files" },
          now,
        }),
      tell: async ({ row, actor }, tx) => toStaff(await handlers(tx, row), row, "reburial_documents_added", actor),
    },
    withdraw: {
      from: OPEN_REBURIAL_STATUSES,
      to: "withdrawn",
      by: "reburials.create",
      when: isApplicant,
      input: ZAppealWithdraw,
      set: withdrawn,
      tell: async ({ row, actor }, tx) => toStaff(await handlers(tx, row), row, "reburial_withdrawn", actor),
    },
    complete: {
      from: ["approved"],
      to: "reburied",
      by: "system",
      when: (r) => r.destinationCemeteryId !== null,
      set: ({ input, now }) => ({
        reburiedAt: now,
        reburiedOn: almatyDay(now),
        newBurialId: typeof input.newBurialId === "number" ? input.newBurialId : null,
      }),
      effects: async (tx, _s, { row, now, actor }) => {
        if (row.newBurialId !== null) await markReburied(tx, row, { burialId: row.newBurialId }, now, actor);
      },
      tell: ({ row }) => toApplicant(row, "reburial_done", {}, true),
    },
  } satisfies Record<ReburialMove, TMoveDef<typeof reburialRequests>>,
});

/** The machine's moves are the ones the API's schemas and the screens name. */
const _sameMoves: SameNames<MoveOf<typeof reburialMachine>, ReburialMove> = true;
