import { z } from "zod";
import { pageSchema, ZUploadFile } from "./api-schemas.ts";
import {
  REVIEW_APPEAL_MOVES,
  REVIEW_APPEAL_OUTCOMES,
  REVIEW_APPEAL_REASONS,
  REVIEW_APPEAL_STATUSES,
  REVIEW_MOVES,
  REVIEW_REJECT_REASONS,
  REVIEW_STATUSES,
} from "./reviews.ts";

/**
 * The reviews' answers as zod schemas (the routes declare their responses with them, the OpenAPI
 * document names them); the service and the screens share the inferred types. Screens import the
 * types only, so no page loads zod for them.
 */

const ZNamed = z.object({ id: z.number(), name: z.string() });
const ZReply = z.object({ text: z.string(), at: z.string() }).nullable();

/** A supplier's appeal against a review, as its supplier and the moderator read it. */
export const ZReviewAppealSummary = z
  .object({
    id: z.number(),
    status: z.enum(REVIEW_APPEAL_STATUSES),
    reason: z.enum(REVIEW_APPEAL_REASONS),
    text: z.string(),
    evidence: z.array(ZUploadFile),
    outcome: z.enum(REVIEW_APPEAL_OUTCOMES).nullable(),
    answer: z.string().nullable(),
    createdAt: z.string(),
    decidedAt: z.string().nullable(),
    moves: z.array(z.enum(REVIEW_APPEAL_MOVES)),
  })
  .meta({ id: "ReviewAppealSummary" });
export type TReviewAppealSummary = z.infer<typeof ZReviewAppealSummary>;

/**
 * A review as its author, its supplier and the moderator read it: everything it holds, its
 * moderation, the supplier's reply, the latest appeal against it (the supplier's and the
 * moderator's view), and the moves the reader may make now.
 */
export const ZReview = z
  .object({
    id: z.number(),
    status: z.enum(REVIEW_STATUSES),
    rating: z.number(),
    text: z.string(),
    photos: z.array(ZUploadFile),
    item: ZNamed,
    supplier: ZNamed,
    lineId: z.number(),
    author: z.string().meta({ description: "The author's first name and the initial of the surname" }),
    createdAt: z.string(),
    editedAt: z.string().nullable(),
    editableUntil: z.string(),
    rejectReason: z.enum(REVIEW_REJECT_REASONS).nullable(),
    rejectComment: z.string().nullable(),
    textHidden: z.boolean(),
    excludedFromRating: z.boolean(),
    reply: ZReply,
    appeal: ZReviewAppealSummary.nullable(),
    moves: z.array(z.enum(REVIEW_MOVES)),
    canAppeal: z.boolean().meta({ description: "Whether the reader (its supplier) may appeal it now" }),
  })
  .meta({ id: "Review" });
export type TReview = z.infer<typeof ZReview>;

export const ZReviewPage = pageSchema(ZReview).meta({ id: "ReviewPage" });
export type TReviewPage = z.infer<typeof ZReviewPage>;

/** A published review as anyone reads it: a hidden text is not sent. */
export const ZPublicReview = z
  .object({
    id: z.number(),
    rating: z.number(),
    text: z.string().nullable().meta({ description: "Null when the moderator hid it" }),
    textHidden: z.boolean(),
    excludedFromRating: z.boolean(),
    photos: z.array(ZUploadFile),
    item: ZNamed,
    author: z.string(),
    createdAt: z.string(),
    reply: ZReply,
  })
  .meta({ id: "PublicReview" });
export type TPublicReview = z.infer<typeof ZPublicReview>;

/** The rating people see: the plain mean of the counted reviews (one decimal) and their number. */
export const ZRatingSummary = z
  .object({ mean: z.number().nullable(), count: z.number() })
  .meta({ id: "RatingSummary" });
export type TRatingSummary = z.infer<typeof ZRatingSummary>;

export const ZPublicReviewPage = pageSchema(ZPublicReview)
  .extend({ rating: ZRatingSummary })
  .meta({ id: "PublicReviewPage" });
export type TPublicReviewPage = z.infer<typeof ZPublicReviewPage>;

/** An appeal in the moderator's queue, with the review it is about. */
export const ZReviewAppeal = ZReviewAppealSummary.extend({
  review: ZReview.omit({ appeal: true, moves: true, canAppeal: true }),
}).meta({ id: "ReviewAppeal" });
export type TReviewAppeal = z.infer<typeof ZReviewAppeal>;
export const ZReviewAppealPage = pageSchema(ZReviewAppeal).meta({ id: "ReviewAppealPage" });
export type TReviewAppealPage = z.infer<typeof ZReviewAppealPage>;

/** What writing a review, or approving many, answers. */
export const ZReviewCreated = z
  .object({ id: z.number(), status: z.enum(REVIEW_STATUSES) })
  .meta({ id: "ReviewCreated" });
export const ZReviewsApproved = z.object({ approved: z.array(z.number()) }).meta({ id: "ReviewsApproved" });
export const ZReviewAppealCreated = z.object({ id: z.number() }).meta({ id: "ReviewAppealCreated" });

/** A done line of the family's orders that it may still review (no review yet, the window open). */
export const ZReviewableLine = z
  .object({
    lineId: z.number(),
    item: ZNamed,
    supplier: ZNamed,
    doneAt: z.string(),
    until: z.string().meta({ description: "The last moment the review may be written" }),
  })
  .meta({ id: "ReviewableLine" });
export type TReviewableLine = z.infer<typeof ZReviewableLine>;
export const ZReviewableLines = z.object({ items: z.array(ZReviewableLine) }).meta({ id: "ReviewableLines" });
