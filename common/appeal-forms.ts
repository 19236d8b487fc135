import { z } from "zod";
import { APPEAL_LANGUAGES, APPEAL_LIMITS, APPEAL_OUTCOMES, APPEAL_TYPES, STAFF_CHANNELS } from "./appeals.ts";
import { COMMENT_DROPPED, hhmm, isoDate, personName, ZId, ZIin, ZPhone, zId } from "./schemas.ts";

/**
 * The forms of appeals to the akimat (the applicant's, the staff's moves), the appeals module's
 * own: the machine checks each move's input with them (`APPEAL_MOVE_FORMS`), the screens draw and
 * check the forms with them. Listed with every area's forms in `forms.ts`.
 */

/**
 * A text of an appeal or of its handling, as plain text like a comment (line breaks kept, control
 * characters and bidirectional overrides dropped, a NUL refused), required, at most `max` characters.
 */
export const appealText = (max: number) =>
  z
    .string({ error: "validation.required" })
    .refine((v) => !v.includes("\0"), "validation.invalid")
    .overwrite((v) => v.replace(/\r\n?/g, "\n").replace(COMMENT_DROPPED, ""))
    .trim()
    .min(1, "validation.required")
    .max(max);
export const shortText = (max: number = APPEAL_LIMITS.shortMax) => appealText(max);
/** An optional text: empty is missing. */
export const optionalText = (max: number = APPEAL_LIMITS.shortMax) =>
  z.preprocess((v) => (v === "" || v === null ? undefined : v), appealText(max).optional());
export const optionalId = z.preprocess((v) => (v === "" || v === null ? undefined : v), ZId.optional());
const appealFiles = z
  .array(z.string().uuid("validation.invalid"))
  .max(APPEAL_LIMITS.filesMax, "validation.appeal_files_max")
  .default([]);

/** The fields of an appeal, written by the applicant or recorded by the staff. */
const appealFields = {
  type: z.enum(APPEAL_TYPES, { error: "validation.appeal_type" }),
  text: appealText(APPEAL_LIMITS.textMax),
  /** The applicant's uploads (PDF, JPEG, PNG, 10 MB each: checked when attached). */
  attachmentIds: appealFiles,
  /** The cemetery the appeal is about, if any. */
  cemeteryId: optionalId,
  /** A short subject line («Уборка сектора Б»). */
  subject: optionalText(200),
  /** The appeal's language, in which it is answered; the page's language when not given. */
  language: z.enum(APPEAL_LANGUAGES).optional(),
};

/** `/client/goverment/create`: an appeal to an akimat of the platform, signed in (anonymous appeals are not considered). */
export const ZAppealCreate = z.object({
  akimatId: zId("validation.appeal_akimat"),
  ...appealFields,
});
export type TAppealCreate = z.input<typeof ZAppealCreate>;

/**
 * An oral or phone appeal, recorded by the akimat's staff on a citizen's behalf (art. 63: taken
 * into a protocol): who the citizen is, how to reach them, and the appeal. The citizen need not
 * have an account; they get the receipt's number by SMS.
 */
export const ZOralAppeal = z.object({
  channel: z.enum(STAFF_CHANNELS, { error: "validation.required" }),
  surname: personName(),
  name: personName(),
  patronymic: z.string().trim().max(80).default(""),
  phone: ZPhone,
  iin: z.preprocess((v) => (v === "" || v === null ? undefined : v), ZIin.optional()),
  /** A postal address, where the answer may be sent on paper. */
  address: optionalText(300),
  ...appealFields,
});
export type TOralAppeal = z.input<typeof ZOralAppeal>;

/** `assign`, `reassign`: the employee of the akimat who handles the appeal. */
export const ZAppealAssign = z.object({ assigneeId: zId("validation.appeal_assignee") });

/** `ask_documents`: what the applicant is asked to add or explain. */
export const ZAppealAskDocuments = z.object({ request: appealText(APPEAL_LIMITS.answerPartMax) });

/** `add_documents`: the applicant's files (at least one), with a note. */
export const ZAppealAddDocuments = z.object({
  attachmentIds: appealFiles.refine((ids) => ids.length > 0, "validation.appeal_files_required"),
  note: optionalText(APPEAL_LIMITS.answerPartMax),
});

/**
 * `hearing_notice` (art. 73): the decision the akimat intends, and when and where the applicant is
 * heard — at least 3 working days after the notice (checked against the calendar by the machine).
 */
export const ZAppealHearing = z.object({
  proposal: appealText(APPEAL_LIMITS.answerPartMax),
  hearingDate: isoDate,
  hearingTime: hhmm.optional(),
  place: optionalText(300),
});

/**
 * `extend` (art. 76 p. 2): the head's reasoned decision and the new due day — a working day after
 * the current one, two months from registration at most in all (checked by the machine).
 */
export const ZAppealExtend = z.object({
  reason: shortText(),
  until: isoDate,
});

/**
 * `redirect` (art. 65): to another akimat of the platform (registered there again), or to a body
 * outside it named here; one of the two, with the reason (why the matter is not this akimat's).
 */
export const ZAppealRedirect = z
  .object({
    toAkimatId: optionalId,
    toBody: optionalText(300),
    reason: shortText(),
  })
  .superRefine((v, ctx) => {
    if (!v.toAkimatId === !v.toBody) {
      ctx.addIssue({ code: "custom", path: ["toBody"], message: "validation.appeal_redirect_target" });
    }
  });

/**
 * `answer`: the outcome, the facts established, the legal grounds, what was or will be done, how to
 * complain (the form fills in the usual text: to the superior body or the court within 3 months) and
 * who signs it.
 */
export const ZAppealAnswer = z.object({
  outcome: z.enum(APPEAL_OUTCOMES, { error: "validation.appeal_outcome" }),
  facts: appealText(APPEAL_LIMITS.answerPartMax),
  grounds: appealText(APPEAL_LIMITS.answerPartMax),
  actions: appealText(APPEAL_LIMITS.answerPartMax),
  howToComplain: appealText(APPEAL_LIMITS.answerPartMax),
  signatoryName: shortText(160),
  signatoryPosition: shortText(160),
});
export type TAppealAnswer = z.input<typeof ZAppealAnswer>;

/** `withdraw`: the applicant's reason, if they give one. */
export const ZAppealWithdraw = z.object({ reason: optionalText() });

/** `record_withdrawal`: the staff record that the applicant withdrew (by word or on paper), and how. */
export const ZAppealRecordWithdrawal = z.object({ reason: shortText() });
