import { and, eq, ne, sql } from "drizzle-orm";
import {
  answerDueDay,
  appealRegistration,
  currentDueDay,
  isValidExtension,
  maxExtensionDay,
} from "../../../common/appeal-deadlines.ts";
import {
  APPEAL_LIMITS,
  type AppealMove,
  appealNumber,
  OPEN_APPEAL_STATUSES,
  OUTCOMES_AFTER_HEARING,
} from "../../../common/appeals.ts";
import { almatyDay } from "../../../common/calendar/almaty.ts";
import { dmy } from "../../../common/calendar/days.ts";
import {
  ZAppealAddDocuments,
  ZAppealAnswer,
  ZAppealAskDocuments,
  ZAppealAssign,
  ZAppealExtend,
  ZAppealHearing,
  ZAppealRecordWithdrawal,
  ZAppealRedirect,
  ZAppealWithdraw,
} from "../../../common/appeal-forms.ts";
import type { z } from "zod";
import type { Queryable } from "../../db/client.ts";
import { AppError, fieldError } from "../../lib/errors.ts";
import type { Services } from "../../services.ts";
import { appealScope, checkAkimatAssignee, isAkimatStaff } from "../access/access.service.ts";
import { assigneeOrAdmins, holders } from "../access/audiences.ts";
import { type Actor, SYSTEM } from "../../lib/caller.ts";
import { akimats } from "../users/organisations.tables.ts";
import type { TNoticeMaker, TNoticeParam } from "../notifications/notices.ts";
import { noticeText } from "../notifications/notifications.service.ts";
import { type AppealNoticeKind, appealNotices } from "./appeals.notices.ts";
import { linkTo, type TLink } from "../../../common/route-table.ts";
import { queueSms } from "../jobs/outbox.ts";
import { attachUploads } from "../uploads/uploads.service.ts";
import { users } from "../users/users.tables.ts";
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
import { appealNumbers, appeals } from "./appeals.tables.ts";

export type TAppealRow = typeof appeals.$inferSelect;
type Ctx<I = Record<string, unknown>> = TMoveContext<typeof appeals, I>;

/** The uploads bound to an appeal: the applicant's files, at creation and when documents were asked. */
export const APPEAL_FILES = "appeal";

/** How an appeal's files are checked when bound: PDF, JPEG or PNG by content, 10 MB each. */
export const APPEAL_FILE_RULES = {
  purposes: ["document", "photo"] as const,
  accept: { types: APPEAL_LIMITS.fileTypes, maxBytes: APPEAL_LIMITS.fileBytesMax },
};

// ---------- Who is told ----------

const staffLink = (r: TAppealRow) => linkTo("user-ticket", { id: r.id });
/** The applicant's page of the appeal: in the area of their role (a client's, a supplier's). */
export const applicantLink = (r: Pick<TAppealRow, "id">, role: string): TLink =>
  linkTo(role === "supplier" ? "supplier-goverment-request" : "client-goverment-request", { id: r.id });

/** The akimat's admins (its head and whom it made admins): they receive, assign and are warned of deadlines. */
export const akimatAdmins = (tx: Queryable, akimatId: number) =>
  holders(tx, "appeals.handle", { akimatId, akimatAdmins: true });

/**
 * Tells the applicant of a step of their appeal, in the app and (with `sms`) by SMS, from the one
 * stored move (e-Otinish's failure was SMS and portal disagreeing). A citizen whose oral appeal was
 * recorded without an account gets the SMS alone, at the phone they gave, in the appeal's language
 * (queued in the move's transaction, like `tell`'s own SMS).
 */
async function tellApplicant(
  tx: Queryable,
  row: TAppealRow,
  kind: AppealNoticeKind,
  params: Record<string, TNoticeParam>,
  sms: boolean,
): Promise<TNotice[]> {
  const notice = appealNotices[kind] as unknown as TNoticeMaker<string>;
  if (row.applicantId !== null) {
    const [u] = await tx.select({ role: users.role }).from(users).where(eq(users.id, row.applicantId));
    return u ? [notice(row.applicantId, params, { link: applicantLink(row, u.role), sms })] : [];
  }
  if (sms) await queueSms(tx, { phone: row.applicantPhone, text: noticeText(row.language, notice.content(params)) });
  return [];
}

/** Tells staff of the akimat (never the actor themselves). */
const toStaff = (ids: readonly (number | null)[], row: TAppealRow, kind: AppealNoticeKind, actor: Actor): TNotice[] =>
  [...new Set(ids)]
    .filter((id): id is number => id !== null && id !== actor.id)
    .map((userId) =>
      (appealNotices[kind] as unknown as TNoticeMaker<string>)(
        userId,
        { number: row.number, due: dmy(currentDueDay(row)) },
        { link: staffLink(row) },
      ),
    );

/** Whom a step of the applicant concerns: the assignee, or the akimat's admins while nobody is assigned. */
export const handlers = (tx: Queryable, row: TAppealRow) => assigneeOrAdmins(tx, "appeals.handle", row);

const numberOf = (r: TAppealRow) => ({ number: r.number });

// ---------- Checks of the input ----------

/** The assignee must be staff of the appeal's akimat. */
const staffOfAkimat = (tx: Queryable, { row, input }: Ctx<z.output<typeof ZAppealAssign>>) =>
  checkAkimatAssignee(tx, input.assigneeId, row.akimatId);

const answerFrom: readonly TAppealRow["status"][] = ["in_work", "waiting_applicant", "hearing"];

// ---------- Registration ----------

/** What the caller gives to register an appeal; the number, registration and due day are the machine's. */
export type TAppealValues = Omit<
  typeof appeals.$inferInsert,
  | "id"
  | "number"
  | "status"
  | "registeredAt"
  | "registrationDay"
  | "dueDay"
  | "currentDueDay"
  | "createdAt"
  | "updatedAt"
>;

/**
 * Registers an appeal (art. 64: never refused at intake): its registration day and instant by the
 * office hours, the due day, the next number of its akimat and year — taken from `appeal_numbers`
 * under the row's lock until the commit, so numbers follow the commits without gaps —, then the
 * machine's `create` (audit, notices, the SMS with the number, the deadline's timers).
 */
export async function registerAppeal(
  tx: Queryable,
  s: Services,
  values: TAppealValues,
  actor: Actor,
): Promise<TAppealRow> {
  const arrived = s.now();
  const reg = appealRegistration(arrived);
  const year = Number(reg.day.slice(0, 4));
  const [counter] = await tx
    .insert(appealNumbers)
    .values({ akimatId: values.akimatId, year, last: 1 })
    .onConflictDoUpdate({
      target: [appealNumbers.akimatId, appealNumbers.year],
      set: { last: sql`${appealNumbers.last} + 1` },
    })
    .returning({ last: appealNumbers.last });
  if (!counter) throw new Error("appeal number: nothing returned");
  return appealMachine.create(
    tx,
    s,
    {
      ...values,
      number: appealNumber(values.akimatId, year, counter.last),
      registeredAt: reg.at,
      registrationDay: reg.day,
      dueDay: answerDueDay(reg.day),
      createdAt: arrived,
      updatedAt: arrived,
    },
    actor,
  );
}

// ---------- The machine ----------

/**
 * An appeal's life (`common/appeals.ts`). Registered at creation; the akimat's staff take it into
 * work or assign it, ask the applicant for documents, notify a hearing before a refusal or a
 * partial satisfaction, redirect it to the competent body, answer it; the head extends its term;
 * the applicant withdraws it until the decision and adds documents when asked. The deadline's
 * escalations (2 working days before the due day in force, and on it, at 09:00) run through every
 * open status; an extension keeps the status and moves them.
 */
export const appealMachine = defineMachine({
  entity: "appeal",
  table: appeals,
  statuses: ["registered", "in_work", "waiting_applicant", "hearing", "redirected", "answered", "withdrawn"],
  initial: "registered",
  scope: (caller) => appealScope(caller, { akimatId: appeals.akimatId, applicantId: appeals.applicantId }),
  notFound: "appeal_not_found",
  created: async ({ row, actor }, tx) => [
    ...(await tellApplicant(
      tx,
      row,
      "appeal_registered",
      { number: row.number, date: dmy(row.registrationDay), due: dmy(row.dueDay) },
      true,
    )),
    ...toStaff(await akimatAdmins(tx, row.akimatId), row, "appeal_received", actor),
  ],
  // The escalations: the akimat's admins and the assignee, while the day is still near.
  timers: escalationTimers({
    on: OPEN_APPEAL_STATUSES,
    dueDay: (r: TAppealRow) => currentDueDay(r),
    notice: async (which, row, tx) =>
      toStaff([...(await akimatAdmins(tx, row.akimatId)), row.assigneeId], row, `appeal_due_${which}`, SYSTEM),
  }),
  moves: {
    take: {
      from: ["registered"],
      to: "in_work",
      by: "appeals.handle",
      set: takenBy,
      tell: ({ row }, tx) => tellApplicant(tx, row, "appeal_in_work", numberOf(row), false),
    },
    assign: {
      from: ["registered"],
      to: "in_work",
      by: "appeals.handle",
      input: ZAppealAssign,
      checkInput: staffOfAkimat,
      set: assignedTo,
      tell: async ({ row, actor }, tx) => [
        ...toStaff([row.assigneeId], row, "appeal_assigned", actor),
        ...(await tellApplicant(tx, row, "appeal_in_work", numberOf(row), false)),
      ],
    },
    reassign: {
      from: ["in_work", "waiting_applicant", "hearing"],
      by: "appeals.handle",
      input: ZAppealAssign,
      checkInput: staffOfAkimat,
      set: assignedTo,
      tell: ({ row, actor }) => toStaff([row.assigneeId], row, "appeal_assigned", actor),
    },
    ask_documents: {
      from: ["in_work"],
      to: "waiting_applicant",
      by: "appeals.handle",
      input: ZAppealAskDocuments,
      set: documentsAsked,
      tell: ({ row }, tx) => tellApplicant(tx, row, "appeal_documents_requested", numberOf(row), true),
    },
    resume: {
      from: ["waiting_applicant"],
      to: "in_work",
      by: "appeals.handle",
    },
    hearing_notice: {
      from: ["in_work", "waiting_applicant"],
      to: "hearing",
      by: "appeals.handle",
      input: ZAppealHearing,
      checkInput: checkHearingDate,
      set: hearingNoticed,
      tell: ({ row }, tx) =>
        tellApplicant(
          tx,
          row,
          "appeal_hearing",
          { number: row.number, date: dmy(row.hearingDate as string), time: row.hearingTime ?? "" },
          true,
        ),
    },
    extend: {
      from: OPEN_APPEAL_STATUSES,
      by: "appeals.extend",
      input: ZAppealExtend,
      // The head's decision (art. 76 p. 2): the akimat's admin, not any of its staff.
      requires: async (tx, row, actor) =>
        (await isAkimatStaff(tx, actor.id, row.akimatId, { admin: true }))
          ? null
          : new AppError(403, "not_akimat_admin"),
      checkInput: async (_tx, { row, input }) => {
        if (!isValidExtension(row.registrationDay, currentDueDay(row), input.until)) {
          throw fieldError("until", "validation.appeal_extension_date", {
            date: dmy(maxExtensionDay(row.registrationDay)),
          });
        }
      },
      // The applicant is told at once by this move (the law allows 3 working days).
      set: ({ input, actor, now }) => ({
        extendedUntil: input.until,
        extensionReason: input.reason,
        extendedBy: actor.id,
        extendedAt: now,
        extensionNotifiedAt: now,
      }),
      tell: ({ row }, tx) =>
        tellApplicant(tx, row, "appeal_extended", { number: row.number, date: dmy(currentDueDay(row)) }, true),
    },
    redirect: {
      from: ["registered", "in_work", "waiting_applicant"],
      to: "redirected",
      by: "appeals.handle",
      input: ZAppealRedirect,
      checkInput: async (tx, { row, input }) => {
        if (input.toAkimatId === undefined) return;
        const [a] = await tx
          .select({ id: akimats.id })
          .from(akimats)
          .where(and(eq(akimats.id, input.toAkimatId), ne(akimats.id, row.akimatId)));
        if (!a) throw fieldError("toAkimatId", "validation.appeal_redirect_akimat");
      },
      set: ({ input, now }) => ({
        redirectedAt: now,
        redirectToAkimatId: input.toAkimatId ?? null,
        redirectToBody: input.toBody ?? null,
        redirectReason: input.reason,
      }),
      // To an akimat of the platform: registered there again, under its number and term.
      effects: async (tx, s, { row, actor }) => {
        if (row.redirectToAkimatId === null) return;
        await registerAppeal(tx, s, redirectedValues(row, row.redirectToAkimatId), actor);
      },
      tell: async ({ row }, tx) => {
        const body = row.redirectToAkimatId
          ? await akimatNames(tx, row.redirectToAkimatId)
          : (row.redirectToBody ?? "");
        return tellApplicant(tx, row, "appeal_redirected", { number: row.number, body }, true);
      },
    },
    answer: {
      from: answerFrom,
      to: "answered",
      by: "appeals.handle",
      input: ZAppealAnswer,
      // A refusal, whole or in part, only after the hearing's day (art. 73).
      checkInput: async (_tx, { row, input, now }) => {
        if (!OUTCOMES_AFTER_HEARING.includes(input.outcome)) return;
        if (row.status !== "hearing" || !row.hearingDate)
          throw fieldError("outcome", "validation.appeal_hearing_first");
        if (almatyDay(now) < row.hearingDate) {
          throw fieldError("outcome", "validation.appeal_hearing_not_yet", { date: dmy(row.hearingDate) });
        }
      },
      set: ({ input, actor, now }) => ({
        outcome: input.outcome,
        answerFacts: input.facts,
        answerGrounds: input.grounds,
        answerActions: input.actions,
        howToComplain: input.howToComplain,
        signatoryName: input.signatoryName,
        signatoryPosition: input.signatoryPosition,
        answeredAt: now,
        answeredBy: actor.id,
      }),
      tell: ({ row }, tx) => tellApplicant(tx, row, "appeal_answered", numberOf(row), true),
    },
    record_withdrawal: {
      from: OPEN_APPEAL_STATUSES,
      to: "withdrawn",
      by: "appeals.handle",
      input: ZAppealRecordWithdrawal,
      set: withdrawn,
    },
    withdraw: {
      from: OPEN_APPEAL_STATUSES,
      to: "withdrawn",
      by: "appeals.create",
      when: isApplicant,
      input: ZAppealWithdraw,
      set: withdrawn,
      tell: async ({ row, actor }, tx) => toStaff(await handlers(tx, row), row, "appeal_withdrawn", actor),
    },
    add_documents: {
      from: ["waiting_applicant"],
      to: "in_work",
      by: "appeals.create",
      when: isApplicant,
      input: ZAppealAddDocuments,
      effects: (tx, _s, { row, actor, input, now }) =>
        attachUploads(tx, {
          ownerId: actor.id,
          ids: input.attachmentIds,
          entityType: APPEAL_FILES,
          entityId: row.id,
          ...APPEAL_FILE_RULES,
          append: true,
          field: { path: "attachmentIds", key: "validation.appeal_files" },
          now,
        }),
      tell: async ({ row, actor }, tx) => toStaff(await handlers(tx, row), row, "appeal_documents_added", actor),
    },
  } satisfies Record<AppealMove, TMoveDef<typeof appeals>>,
});

/** The akimat's name in both languages, as a notification's params (`body` read in the reader's language). */
async function akimatNames(tx: Queryable, akimatId: number) {
  const [a] = await tx.select({ ru: akimats.nameRu, kk: akimats.nameKk }).from(akimats).where(eq(akimats.id, akimatId));
  return { ru: a?.ru ?? "", kk: a?.kk ?? "" };
}

/** The appeal as the receiving akimat registers it: the same applicant, text and language; a link back. */
function redirectedValues(row: TAppealRow, akimatId: number): TAppealValues {
  return {
    akimatId,
    channel: row.channel,
    type: row.type,
    language: row.language,
    text: row.text,
    subject: row.subject,
    cemeteryId: row.cemeteryId,
    applicantId: row.applicantId,
    applicantName: row.applicantName,
    applicantOrg: row.applicantOrg,
    applicantPhone: row.applicantPhone,
    applicantIin: row.applicantIin,
    applicantAddress: row.applicantAddress,
    receivedBy: null,
    redirectedFromId: row.id,
  };
}

/** The machine's moves are the ones the API's schemas and the screens name. */
const _sameMoves: SameNames<MoveOf<typeof appealMachine>, AppealMove> = true;
