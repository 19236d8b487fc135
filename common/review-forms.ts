import { z } from "zod";
import { appealText, optionalText } from "./appeal-forms.ts";
import {
  MAX_APPEAL_EVIDENCE,
  MAX_REVIEW_PHOTOS,
  REVIEW_APPEAL_OUTCOMES,
  REVIEW_APPEAL_REASONS,
  REVIEW_REJECT_REASONS,
  REVIEW_TEXT_MAX,
  REVIEW_TEXT_MIN,
} from "./reviews.ts";
import { zId } from "./schemas.ts";

/**
 * The forms of reviews and of the suppliers' appeals against them, the reviews module's own: the
 * machines check each move's input with them (`REVIEW_MOVE_FORMS`, `REVIEW_APPEAL_MOVE_FORMS`), the
 * screens draw and check the forms with them. Listed with every area's forms in `forms.ts`.
 */

/** Stars, 1–5, required (a radio group posts "1"…"5"). */
const rating = z.coerce
  .number({ error: "validation.review_rating" })
  .int("validation.review_rating")
  .min(1, "validation.review_rating")
  .max(5, "validation.review_rating");

/** A review's text: plain text as a comment, required, long enough to say something. */
const reviewText = appealText(REVIEW_TEXT_MAX).refine(
  (v) => v.length >= REVIEW_TEXT_MIN,
  "validation.review_text_short",
);

const files = (max: number, message: string) =>
  z.array(z.string().uuid("validation.invalid")).max(max, message).default([]);

/** The review's own fields: stars, text, up to 5 photos (the author's uploads, bound when saved). */
const reviewFields = {
  rating,
  text: reviewText,
  photoIds: files(MAX_REVIEW_PHOTOS, "validation.review_photos_max"),
};

/** The family writes a review of one of its done lines. */
export const ZReviewCreate = z.object({ lineId: zId("validation.invalid"), ...reviewFields });
export type TReviewCreate = z.input<typeof ZReviewCreate>;

/** `edit`: the author changes the stars, the text, the photos (until the supplier replies). */
export const ZReviewEdit = z.object(reviewFields);
export type TReviewEdit = z.input<typeof ZReviewEdit>;

/** `reject`: the moderator's reason, and a kind word to the author if they wish. */
export const ZReviewReject = z.object({
  reason: z.enum(REVIEW_REJECT_REASONS, { error: "validation.review_reject_reason" }),
  comment: optionalText(500),
});

/** `reply`: the supplier's public answer, once. */
export const ZReviewReply = z.object({ text: appealText(REVIEW_TEXT_MAX) });

/** The moderator approves many pending reviews at once (the queue's checkboxes). */
export const ZReviewBulkApprove = z.object({
  ids: z.array(zId("validation.invalid")).min(1, "validation.review_select").max(100),
});

/** A supplier's appeal against a review: the reason, what is wrong, evidence (photos, documents). */
export const ZReviewAppealCreate = z.object({
  reason: z.enum(REVIEW_APPEAL_REASONS, { error: "validation.review_appeal_reason" }),
  text: appealText(REVIEW_TEXT_MAX),
  evidenceIds: files(MAX_APPEAL_EVIDENCE, "validation.review_evidence_max"),
});
export type TReviewAppealCreate = z.input<typeof ZReviewAppealCreate>;

/** `decide`: the outcome and the answer the supplier reads. */
export const ZReviewAppealDecide = z.object({
  outcome: z.enum(REVIEW_APPEAL_OUTCOMES, { error: "validation.review_appeal_outcome" }),
  answer: appealText(REVIEW_TEXT_MAX),
});
