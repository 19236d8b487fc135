/**
 * The words of reburial requests (issue 14 C; PRODUCT.md §8; the model rules of burial, MNE order
 * No. 48 in the edition in force from 24 January 2026: reburial only in exceptional cases, the
 * akimat decides; `shared/design/research/workflows-2026-11.md` §1.2), shared by the API, its
 * schemas and the screens, free of zod. The machine is `server/modules/reburials/`.
 *
 * A reburial request is handled by the akimat like an appeal (the APPK's terms: 15 working days,
 * a hearing at least 3 working days before a refusal, `appeal-deadlines.ts`); an approved request
 * continues into the product as a booking of the destination place (burial kind `reburial`), and
 * completing that booking marks the old burial record reburied.
 */
import type { TMoveForms } from "./move-forms.ts";

/**
 * The statuses (`reburial.status.<status>`):
 * - `submitted`: sent, nobody of the akimat handles it yet (its term runs from the registration day);
 * - `in_work`: an employee considers it;
 * - `waiting_applicant`: documents were asked of the applicant (the term keeps running);
 * - `hearing`: the applicant was told the akimat means to refuse, and when they are heard (art. 73);
 * - `approved`: the akimat allowed it, on a date; the family books the destination place;
 * - `refused`: refused with reasons, after the hearing;
 * - `withdrawn`: the applicant took it back before the decision;
 * - `reburied`: done — the destination's burial completed (or, for a place outside the platform,
 *   recorded by the akimat); the old burial record is marked reburied.
 */
export const REBURIAL_STATUSES = [
  "submitted",
  "in_work",
  "waiting_applicant",
  "hearing",
  "approved",
  "refused",
  "withdrawn",
  "reburied",
] as const;
export type ReburialStatus = (typeof REBURIAL_STATUSES)[number];

/** Statuses in which the request is being considered: its term runs, the applicant may withdraw it. */
export const OPEN_REBURIAL_STATUSES: readonly ReburialStatus[] = [
  "submitted",
  "in_work",
  "waiting_applicant",
  "hearing",
];
/** Statuses after the decision. */
export const DECIDED_REBURIAL_STATUSES: readonly ReburialStatus[] = ["approved", "refused", "withdrawn", "reburied"];
export const isOpenReburial = (status: ReburialStatus) => OPEN_REBURIAL_STATUSES.includes(status);

/**
 * The moves (`reburials.machine.ts`; labels `reburial.move.<move>`): the akimat's `take`, `assign`,
 * `reassign`, `ask_documents`, `resume`, `hearing_notice`, `approve`, `refuse` (only after the
 * hearing's day), `record_reburied` (a destination outside the platform: the akimat records it done);
 * the applicant's `add_documents` and `withdraw`; the system's `complete` (the destination's booking
 * completed).
 */
export const REBURIAL_MOVES = [
  "take",
  "assign",
  "reassign",
  "ask_documents",
  "resume",
  "hearing_notice",
  "approve",
  "refuse",
  "record_reburied",
  "add_documents",
  "withdraw",
  "complete",
] as const;
export type ReburialMove = (typeof REBURIAL_MOVES)[number];

/** The forms of the moves that ask for something (the machine checks each move's input by it). */
export const REBURIAL_MOVE_FORMS = {
  assign: "ZAppealAssign",
  reassign: "ZAppealAssign",
  ask_documents: "ZAppealAskDocuments",
  hearing_notice: "ZAppealHearing",
  approve: "ZReburialApprove",
  refuse: "ZReburialRefuse",
  record_reburied: "ZReburialRecordDone",
  add_documents: "ZReburialAddDocuments",
  withdraw: "ZAppealWithdraw",
} as const satisfies TMoveForms<ReburialMove>;

/**
 * The documents of a request, each its own list of uploads (`reburial.doc.<kind>`):
 * - `death`: the death certificate's scan — or, instead, the electronic registration notice's
 *   number (since 12 October 2020 death is registered electronically, service P2.22);
 * - `kinship`: proof of kinship with the deceased (needed unless the applicant is the grave's
 *   responsible person in the registry);
 * - `grave`: the grave's document (certificate, registration card, burial-book record);
 * - `consent`: other close relatives' written consent, or a statement that there are none;
 * - `power`: a representative's power of attorney;
 * - `other`: anything else (the receiving place's permit abroad, a sanitary opinion).
 */
export const REBURIAL_DOC_KINDS = ["death", "kinship", "grave", "consent", "power", "other"] as const;
export type ReburialDocKind = (typeof REBURIAL_DOC_KINDS)[number];

/** Where the grave is, or where the remains go: a cemetery of the platform, or a place outside it. */
export const REBURIAL_PLACES = ["platform", "outside"] as const;
export type ReburialPlace = (typeof REBURIAL_PLACES)[number];

/** Limits of what the applicant sends. */
export const REBURIAL_LIMITS = {
  /** The reason, in characters after trimming. */
  reasonMax: 3500,
  /** The outside place's description. */
  placeMax: 500,
  /** Files per kind of document. */
  filesMax: 5,
  fileBytesMax: 10_000_000,
  fileTypes: ["application/pdf", "image/jpeg", "image/png"],
} as const;

/** A reburial request's number as people read it: `R-2026-000123` (year of creation and id). */
export function reburialNumber(id: number, createdAt: Date | string): string {
  return `R-${new Date(createdAt).getUTCFullYear()}-${String(id).padStart(6, "0")}`;
}

/** The id inside a typed number (`R-2026-000123`, `2026-123`, `123`), or null. */
export function reburialIdFromNumber(text: string): number | null {
  const m = /^(?:[RrРр]-?)?(?:\d{4}-)?0*(\d{1,9})$/.exec(text.trim());
  return m ? Number(m[1]) : null;
}
