/**
 * The words of the marketplace's reviews and of the suppliers' appeals against them (issue 15 §3;
 * PRODUCT.md §3 and §8; research `workflows-2026-11.md` §2.1: verified buyers only, after completion,
 * within Etsy's 100 days; Sylius' new → accepted | rejected with the average recomputed on
 * acceptance; Etsy's removal grounds; the buyer edits until the seller responds; Amazon strikes a
 * review out of the rating rather than deleting it; a Bayesian average for ordering), shared by
 * the API, its schemas and the screens, free of zod. The machines are `server/modules/reviews/`.
 */
import type { TMoveForms } from "./move-forms.ts";

/** Days after a line is done during which the family may write (and edit) its review (Etsy: 100). */
export const REVIEW_WINDOW_DAYS = 100;
/** Photos with a review. */
export const MAX_REVIEW_PHOTOS = 5;
/** Photos or documents with a supplier's appeal. */
export const MAX_APPEAL_EVIDENCE = 5;
/** Characters of a review's text, a reply, an appeal's text, an admin's answer. */
export const REVIEW_TEXT_MAX = 2000;
/** A text shorter than this is not a review («ок» says nothing another family can use). */
export const REVIEW_TEXT_MIN = 10;
/** The ratings, stars. */
export const REVIEW_RATINGS = [1, 2, 3, 4, 5] as const;
export type ReviewRating = (typeof REVIEW_RATINGS)[number];

/**
 * A review's life (`review.status.<status>`):
 * - `pending`: written (or edited), waiting for the platform's moderator; shown to its author only;
 * - `approved`: published on the item's and the supplier's pages, counted in their rating;
 * - `rejected`: refused for a listed reason (`REVIEW_REJECT_REASONS`); the author may edit it, which
 *   sends it back to moderation.
 * An edit of an approved review sends it back to `pending` too: the new text has not been checked
 * and only checked texts are published, so until approved again it is neither shown nor counted.
 * The author edits only until the supplier replies (Etsy), and within the review window.
 */
export const REVIEW_STATUSES = ["pending", "approved", "rejected"] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

/**
 * The moves of a review (`review.move.<move>`): the moderator's `approve` and `reject` (with a
 * reason), the author's `edit` (rating, text, photos), the supplier's public `reply` (once).
 * An appeal's decision changes the review's flags (`textHidden`, `excludedFromRating`) through the
 * appeal's machine, not a move of the review.
 */
export const REVIEW_MOVES = ["approve", "reject", "edit", "reply"] as const;
export type ReviewMove = (typeof REVIEW_MOVES)[number];

/**
 * Why a moderator refuses a review (`review.reject_reason.<reason>`; Etsy's and Ozon's grounds):
 * personal data, obscenity or insults, threats or extortion, advertising or spam, not about this
 * supplier or its order. A negative but fair review is never refused.
 */
export const REVIEW_REJECT_REASONS = ["personal_data", "obscenity", "threats", "spam", "not_about_supplier"] as const;
export type ReviewRejectReason = (typeof REVIEW_REJECT_REASONS)[number];

/** The review's forms (`common/review-forms.ts`). */
export const REVIEW_MOVE_FORMS = {
  reject: "ZReviewReject",
  edit: "ZReviewEdit",
  reply: "ZReviewReply",
} as const satisfies TMoveForms<ReviewMove>;

/**
 * A supplier's appeal against a review (`review_appeal.status.<status>`): `pending` until the
 * platform decides (`decided`, with an answer and an outcome), or the supplier takes it back
 * (`withdrawn`). One open appeal per review.
 */
export const REVIEW_APPEAL_STATUSES = ["pending", "decided", "withdrawn"] as const;
export type ReviewAppealStatus = (typeof REVIEW_APPEAL_STATUSES)[number];

export const REVIEW_APPEAL_MOVES = ["decide", "withdraw"] as const;
export type ReviewAppealMove = (typeof REVIEW_APPEAL_MOVES)[number];

/**
 * Why a supplier appeals a review (`review_appeal.reason.<reason>`; research §2.1): it is not about
 * this supplier or order; it holds profanity or personal data; threats or extortion; spam; it is
 * about the cemetery or the platform, not the supplier.
 */
export const REVIEW_APPEAL_REASONS = [
  "not_about_order",
  "profanity_or_personal_data",
  "threats",
  "spam",
  "about_cemetery_or_platform",
] as const;
export type ReviewAppealReason = (typeof REVIEW_APPEAL_REASONS)[number];

/**
 * What the platform decides (`review_appeal.outcome.<outcome>`): the review stays as it is (a
 * negative but fair review stays); its text is hidden («текст скрыт модератором») and its score
 * still counts; it is excluded from the rating and its text stays (Amazon strikes such feedback
 * through); or both.
 */
export const REVIEW_APPEAL_OUTCOMES = ["keep", "hide_text", "exclude", "hide_and_exclude"] as const;
export type ReviewAppealOutcome = (typeof REVIEW_APPEAL_OUTCOMES)[number];

/** Whether an outcome hides the review's text, or takes its score out of the rating. */
export const hidesText = (o: ReviewAppealOutcome) => o === "hide_text" || o === "hide_and_exclude";
export const excludesRating = (o: ReviewAppealOutcome) => o === "exclude" || o === "hide_and_exclude";

export const REVIEW_APPEAL_MOVE_FORMS = {
  decide: "ZReviewAppealDecide",
} as const satisfies TMoveForms<ReviewAppealMove>;

/** The plain mean shown to people, one decimal (4.8), or null without a counted review. */
export function meanRating(sum: number, count: number): number | null {
  return count > 0 ? Math.round((sum / count) * 10) / 10 : null;
}

/** The last moment a line done at `doneAt` may be reviewed. */
export function reviewWindowEnd(doneAt: Date): Date {
  return new Date(doneAt.getTime() + REVIEW_WINDOW_DAYS * 24 * 3600_000);
}
