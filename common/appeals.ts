/**
 * The words of appeals to the akimat (issue 14 B; PRODUCT.md §8; the law: the Administrative
 * Procedural Code of Kazakhstan, APPK, No. 350-VI of 29.06.2020, `shared/design/research/
 * workflows-2026-11.md` §1.1), shared by the API, its schemas and the screens, free of zod. The
 * deadlines are computed in `appeal-deadlines.ts`; the machine is `server/modules/appeals/`.
 */
import type { TMoveForms } from "./move-forms.ts";

/**
 * The kinds of appeal the APPK names (art. 4, art. 76), the statement first: most appeals are
 * statements (69% of e-Otinish's 4.4 million in 2024). Labels `appeal.type.<type>`, one-line
 * explanations `appeal.type_hint.<type>`.
 * - `statement` (заявление / арыз): asks for help in exercising the applicant's rights;
 * - `complaint` (жалоба / шағым): says rights were violated by a decision, an act or inaction;
 * - `proposal` (предложение / ұсыныс): a recommendation to improve the rules or the akimat's work;
 * - `request` (запрос / сауал): asks for information or an explanation;
 * - `response` (отклик / пікір): an opinion on a matter of public importance.
 */
export const APPEAL_TYPES = ["statement", "complaint", "proposal", "request", "response"] as const;
export type AppealType = (typeof APPEAL_TYPES)[number];

/**
 * The statuses of an appeal's life (`appeal.status.<status>`). Never refused at intake: an appeal
 * is `registered` as it is created (art. 64), with its number and due day.
 * - `registered`: registered, nobody handles it yet;
 * - `in_work`: an employee is assigned and considers it;
 * - `waiting_applicant`: documents or explanations were asked of the applicant (the term keeps
 *   running: the time to correct counts within it);
 * - `hearing`: the applicant was told of the proposed decision and of the hearing (art. 73),
 *   before a refusal or a partial satisfaction;
 * - `redirected`: sent to the competent body (art. 65) — another akimat of the platform, where it
 *   is registered again under that akimat's number, or a named body outside; closed here;
 * - `answered`: the answer is given (its outcome: satisfied, partly, refused);
 * - `withdrawn`: the applicant took it back before the decision.
 * An extension keeps the status and moves the due day (`extendedUntil`).
 */
export const APPEAL_STATUSES = [
  "registered",
  "in_work",
  "waiting_applicant",
  "hearing",
  "redirected",
  "answered",
  "withdrawn",
] as const;
export type AppealStatus = (typeof APPEAL_STATUSES)[number];

/** Statuses in which the appeal is still being considered: its term runs, it may be withdrawn. */
export const OPEN_APPEAL_STATUSES: readonly AppealStatus[] = ["registered", "in_work", "waiting_applicant", "hearing"];
/** Statuses that end the appeal here. */
export const CLOSED_APPEAL_STATUSES: readonly AppealStatus[] = ["redirected", "answered", "withdrawn"];

export const isOpenAppeal = (status: AppealStatus) => OPEN_APPEAL_STATUSES.includes(status);

/** The answer's outcome (`appeal.outcome.<outcome>`). */
export const APPEAL_OUTCOMES = ["satisfied", "partly", "refused"] as const;
export type AppealOutcome = (typeof APPEAL_OUTCOMES)[number];
/**
 * Outcomes that need the hearing first (art. 73: the participant is heard before an act that may
 * be unfavourable to them): a refusal, and a partial satisfaction, which refuses the rest.
 */
export const OUTCOMES_AFTER_HEARING: readonly AppealOutcome[] = ["refused", "partly"];

/** How the appeal arrived (`appeal.channel.<channel>`): the platform, or told to the staff who recorded it. */
export const APPEAL_CHANNELS = ["web", "oral", "phone"] as const;
export type AppealChannel = (typeof APPEAL_CHANNELS)[number];
/** The channels of an appeal recorded by the akimat's staff on a citizen's behalf (art. 63: a protocol). */
export const STAFF_CHANNELS = ["oral", "phone"] as const satisfies readonly AppealChannel[];

/** The languages an appeal is written and answered in. */
export const APPEAL_LANGUAGES = ["ru", "kk"] as const;
export type AppealLanguage = (typeof APPEAL_LANGUAGES)[number];

/**
 * The moves of an appeal (`appeals.machine.ts`; labels `appeal.move.<move>`):
 * the staff's `take` (into work, by oneself), `assign` (to an employee, into work), `reassign`
 * (another employee, same status), `ask_documents`, `resume` (back to work without them),
 * `hearing_notice`, `extend` (the head: the due day moves), `redirect`, `answer`,
 * `record_withdrawal` (an applicant withdrew by word or paper); the applicant's `withdraw` and
 * `add_documents`. Comments are the thread's, not moves.
 */
export const APPEAL_MOVES = [
  "take",
  "assign",
  "reassign",
  "ask_documents",
  "resume",
  "hearing_notice",
  "extend",
  "redirect",
  "answer",
  "record_withdrawal",
  "withdraw",
  "add_documents",
] as const;
export type AppealMove = (typeof APPEAL_MOVES)[number];
/** The forms of the moves that ask for something (the machine checks each move's input by it). */
export const APPEAL_MOVE_FORMS = {
  assign: "ZAppealAssign",
  reassign: "ZAppealAssign",
  ask_documents: "ZAppealAskDocuments",
  hearing_notice: "ZAppealHearing",
  extend: "ZAppealExtend",
  redirect: "ZAppealRedirect",
  answer: "ZAppealAnswer",
  record_withdrawal: "ZAppealRecordWithdrawal",
  withdraw: "ZAppealWithdraw",
  add_documents: "ZAppealAddDocuments",
} as const satisfies TMoveForms<AppealMove>;

/** Limits of what an applicant sends. */
export const APPEAL_LIMITS = {
  /** The appeal's text, in characters after trimming. */
  textMax: 3500,
  /** Files with the appeal, and with each addition of documents. */
  filesMax: 5,
  /** Each file, in bytes (10 MB as people and the drop zone count them). */
  fileBytesMax: 10_000_000,
  /** What a file may be, by its content. */
  fileTypes: ["application/pdf", "image/jpeg", "image/png"],
  /** Short texts: a reason, a body's name, a signatory. */
  shortMax: 500,
  /** The answer's parts (facts, grounds, actions, how to complain). */
  answerPartMax: 4000,
} as const;

/** The law's terms, in working days unless named otherwise (APPK arts. 64, 65, 73, 76). */
export const APPEAL_TERMS = {
  /** The answer is due on the 15th working day after the registration day (decision 018). */
  answerWorkingDays: 15,
  /** Extensions may reach, in all, two calendar months from registration. */
  extensionMonthsMax: 2,
  /** Redirection to the competent body within 3 working days of registration. */
  redirectWorkingDays: 3,
  /** The applicant is told of an extension within 3 working days. */
  extensionNoticeWorkingDays: 3,
  /** The hearing is at least 3 working days after the notice. */
  hearingNoticeWorkingDays: 3,
  /** The akimat's admins are warned this many working days before the due day, and on it. */
  escalateWorkingDaysBefore: 2,
  /** A complaint against the answer: within 3 months (art. 91). */
  complaintMonths: 3,
} as const;

/** An appeal's registration number: `<akimat>-<year>-<six digits>`, per akimat and year (`1-2026-000123`). */
export function appealNumber(akimatId: number, year: number, sequence: number): string {
  return `${akimatId}-${year}-${String(sequence).padStart(6, "0")}`;
}

/** Whether a text looks like an appeal's number, as typed into a search (`1-2026-000123`, `1-2026-123`). */
export const APPEAL_NUMBER = /^(\d{1,10})-(\d{4})-(\d{1,9})$/;
