import { eq } from "drizzle-orm";
import type { z } from "zod";
import { ZReviewAppealDecide, ZReviewEdit, ZReviewReject, ZReviewReply } from "../../../common/review-forms.ts";
import {
  excludesRating,
  hidesText,
  type ReviewAppealMove,
  type ReviewMove,
  REVIEW_APPEAL_STATUSES,
  REVIEW_STATUSES,
} from "../../../common/reviews.ts";
import { translate } from "../../../common/i18n.ts";
import { linkTo } from "../../../common/route-table.ts";
import type { Queryable } from "../../db/client.ts";
import type { Actor } from "../../lib/caller.ts";
import { reviewAppealScope, reviewScope } from "../access/access.service.ts";
import { holders } from "../access/audiences.ts";
import { catalogItems } from "../catalog/catalog.tables.ts";
import type { TNoticeParam } from "../notifications/notices.ts";
import { attachUploads, setUploadsPublic } from "../uploads/uploads.service.ts";
import { suppliers } from "../users/organisations.tables.ts";
import { defineMachine, type MoveOf, type SameNames, type TMoveContext, type TNotice } from "../workflow/workflow.ts";
import { reviewNotices } from "./reviews.notices.ts";
import { recountItemRating } from "./reviews.ratings.ts";
import { reviewAppeals, reviews } from "./reviews.tables.ts";

export type TReviewRow = typeof reviews.$inferSelect;
export type TReviewAppealRow = typeof reviewAppeals.$inferSelect;

/** The uploads bound to a review (its photos: public while it is approved) and to an appeal (its evidence). */
export const REVIEW_PHOTOS = "review";
export const REVIEW_APPEAL_FILES = "review_appeal";

/** A review's photos: JPEG, PNG or WebP by content, 10 MB each (the photo purpose's rules). */
export const REVIEW_PHOTO_RULES = { purposes: ["photo"] as const };
/** An appeal's evidence: photos, or documents (a PDF of the order, a screenshot). */
export const REVIEW_EVIDENCE_RULES = { purposes: ["photo", "document"] as const };

/** Binds the author's photos to the review (private until it is approved). */
export async function attachReviewPhotos(
  tx: Queryable,
  review: Pick<TReviewRow, "id" | "authorId" | "status" | "textHidden">,
  ids: readonly string[],
  now: Date,
) {
  await attachUploads(tx, {
    ownerId: review.authorId,
    field: { path: "photoIds", key: "validation.review_photos" },
    ids,
    entityType: REVIEW_PHOTOS,
    entityId: review.id,
    purposes: REVIEW_PHOTO_RULES.purposes,
    isPublic: review.status === "approved" && !review.textHidden,
    now,
  });
}

// ---------- Who is told ----------

/** The item's name in both languages (a notice's parameter). */
async function itemName(tx: Queryable, itemId: number): Promise<TNoticeParam> {
  const [i] = await tx
    .select({ ru: catalogItems.nameRu, kk: catalogItems.nameKk })
    .from(catalogItems)
    .where(eq(catalogItems.id, itemId));
  return i ?? "";
}

async function supplierName(tx: Queryable, supplierId: number): Promise<string> {
  const [s] = await tx.select({ name: suppliers.companyName }).from(suppliers).where(eq(suppliers.id, supplierId));
  return s?.name ?? "";
}

/** A catalog's words in both languages (a reason, an outcome, as a notice's parameter). */
const words = (key: string): TNoticeParam => ({ ru: translate("ru", key), kk: translate("kk", key) });

/** The platform's moderators (never the actor). */
async function toModerators(tx: Queryable, actor: Actor, make: (userId: number) => TNotice): Promise<TNotice[]> {
  return (await holders(tx, "reviews.moderate", "platform")).filter((id) => id !== actor.id).map(make);
}

/** The supplier company's people. */
async function toSupplier(tx: Queryable, supplierId: number, make: (userId: number) => TNotice): Promise<TNotice[]> {
  return (await holders(tx, "reviews.respond", { supplierId })).map(make);
}

const authorLink = () => linkTo("client-reviews", {});
const supplierLink = (row: Pick<TReviewRow, "id">) => linkTo("supplier-reviews", {}, { review: String(row.id) });

type Ctx<I = Record<string, unknown>> = TMoveContext<typeof reviews, I>;

// ---------- The review ----------

/**
 * A review's life (`common/reviews.ts`): written `pending`; the moderator approves it (published,
 * counted in the item's rating, its photos public; the supplier told) or rejects it with a
 * reason (the family told, kindly); the author edits it — stars, text, photos — while the supplier
 * has not replied and the window is open, which sends it back to moderation (out of the rating
 * until approved again); the supplier replies once, publicly.
 */
export const reviewMachine = defineMachine({
  entity: "review",
  table: reviews,
  statuses: [...REVIEW_STATUSES],
  initial: "pending",
  scope: (caller) =>
    reviewScope(caller, { authorId: reviews.authorId, supplierId: reviews.supplierId, status: reviews.status }),
  notFound: "review_not_found",
  created: async ({ row, actor }, tx) => {
    const item = await itemName(tx, row.itemId);
    return toModerators(tx, actor, (id) =>
      reviewNotices.review_submitted(id, { item }, { link: linkTo("admin-comments", {}) }),
    );
  },
  moves: {
    approve: {
      from: ["pending"],
      to: "approved",
      by: "reviews.moderate",
      set: ({ row, actor, now }) => ({
        moderatedAt: now,
        moderatedBy: actor.id,
        rejectReason: null,
        rejectComment: null,
        publishedAt: row.publishedAt ?? now,
      }),
      effects: async (tx, _s, { row }) => {
        // A review whose text an appeal hid keeps its photos private too (they may show the same).
        await setUploadsPublic(tx, REVIEW_PHOTOS, row.id, !row.textHidden);
        await recountItemRating(tx, row.itemId);
      },
      tell: async ({ row }, tx) => {
        const item = await itemName(tx, row.itemId);
        return [
          reviewNotices.review_approved(row.authorId, { item }, { link: authorLink() }),
          ...(await toSupplier(tx, row.supplierId, (id) =>
            reviewNotices.review_published(id, { item, rating: row.rating }, { link: supplierLink(row) }),
          )),
        ];
      },
    },
    reject: {
      from: ["pending"],
      to: "rejected",
      by: "reviews.moderate",
      input: ZReviewReject,
      set: ({ input, actor, now }: Ctx<z.output<typeof ZReviewReject>>) => ({
        moderatedAt: now,
        moderatedBy: actor.id,
        rejectReason: input.reason,
        rejectComment: input.comment ?? null,
      }),
      tell: async ({ row }, tx) => [
        reviewNotices.review_rejected(
          row.authorId,
          { item: await itemName(tx, row.itemId), reason: words(`review.reject_reason.${row.rejectReason}`) },
          { link: authorLink() },
        ),
      ],
    },
    edit: {
      from: ["pending", "approved", "rejected"],
      to: "pending",
      by: "reviews.write",
      input: ZReviewEdit,
      when: (row, actor) => row.authorId === actor.id,
      requires: async (_tx, row, _actor, now) =>
        row.replyText !== null ? "review_replied" : now > row.editableUntil ? "review_window_closed" : null,
      set: ({ input, now }: Ctx<z.output<typeof ZReviewEdit>>) => ({
        rating: input.rating,
        text: input.text,
        editedAt: now,
        moderatedAt: null,
        moderatedBy: null,
        rejectReason: null,
        rejectComment: null,
      }),
      effects: async (tx, _s, { row, input, now }: Ctx<z.output<typeof ZReviewEdit>>) => {
        // Back in moderation: its photos private again, its stars out of the rating until approved.
        await attachReviewPhotos(tx, row, input.photoIds, now);
        await setUploadsPublic(tx, REVIEW_PHOTOS, row.id, false);
        await recountItemRating(tx, row.itemId);
      },
      tell: async ({ row, actor }, tx) => {
        const item = await itemName(tx, row.itemId);
        return toModerators(tx, actor, (id) =>
          reviewNotices.review_submitted(id, { item }, { link: linkTo("admin-comments", {}) }),
        );
      },
    },
    reply: {
      from: ["approved"],
      by: "reviews.respond",
      input: ZReviewReply,
      when: (row) => row.replyText === null,
      whenError: "review_replied",
      set: ({ input, actor, now }: Ctx<z.output<typeof ZReviewReply>>) => ({
        replyText: input.text,
        repliedAt: now,
        repliedBy: actor.id,
      }),
      tell: async ({ row }, tx) => [
        reviewNotices.review_replied(
          row.authorId,
          { item: await itemName(tx, row.itemId), supplier: await supplierName(tx, row.supplierId) },
          { link: authorLink() },
        ),
      ],
    },
  },
});
const _sameReviewMoves: SameNames<MoveOf<typeof reviewMachine>, ReviewMove> = true;

// ---------- The supplier's appeal ----------

/**
 * A supplier's appeal against a published review: filed `pending` (the moderators told); the
 * moderator decides with an answer and an outcome — keep, hide the text, exclude from the rating,
 * or both — whose flags are set on the review and the item's rating recounted in the same
 * transaction (the supplier told); the supplier may withdraw it before the decision.
 */
export const reviewAppealMachine = defineMachine({
  entity: "review_appeal",
  table: reviewAppeals,
  statuses: [...REVIEW_APPEAL_STATUSES],
  initial: "pending",
  scope: (caller) => reviewAppealScope(caller, { supplierId: reviewAppeals.supplierId }),
  notFound: "review_appeal_not_found",
  created: async ({ row, actor }, tx) => {
    const [r] = await tx.select({ itemId: reviews.itemId }).from(reviews).where(eq(reviews.id, row.reviewId));
    const item = r ? await itemName(tx, r.itemId) : "";
    const supplier = await supplierName(tx, row.supplierId);
    return toModerators(tx, actor, (id) =>
      reviewNotices.review_appeal_filed(id, { item, supplier }, { link: linkTo("admin-comment-appeals", {}) }),
    );
  },
  moves: {
    decide: {
      from: ["pending"],
      to: "decided",
      by: "reviews.moderate",
      input: ZReviewAppealDecide,
      set: ({ input, actor, now }: TMoveContext<typeof reviewAppeals, z.output<typeof ZReviewAppealDecide>>) => ({
        outcome: input.outcome,
        answer: input.answer,
        decidedAt: now,
        decidedBy: actor.id,
      }),
      effects: async (tx, _s, { row, input, now }) => {
        const outcome = (input as z.output<typeof ZReviewAppealDecide>).outcome;
        if (outcome === "keep") return;
        const [review] = await tx
          .update(reviews)
          .set({
            ...(hidesText(outcome) ? { textHidden: true } : {}),
            ...(excludesRating(outcome) ? { excludedFromRating: true } : {}),
            updatedAt: now,
          })
          .where(eq(reviews.id, row.reviewId))
          .returning({ itemId: reviews.itemId });
        // A hidden text hides the photos with it: they may show what the text did (a phone, a face).
        if (hidesText(outcome)) await setUploadsPublic(tx, REVIEW_PHOTOS, row.reviewId, false);
        if (review) await recountItemRating(tx, review.itemId);
      },
      tell: async ({ row }, tx) => {
        const [r] = await tx.select({ itemId: reviews.itemId }).from(reviews).where(eq(reviews.id, row.reviewId));
        const item = r ? await itemName(tx, r.itemId) : "";
        return toSupplier(tx, row.supplierId, (id) =>
          reviewNotices.review_appeal_decided(
            id,
            { item, outcome: words(`review_appeal.outcome.${row.outcome}`) },
            { link: linkTo("supplier-reviews", {}, { review: String(row.reviewId) }) },
          ),
        );
      },
    },
    withdraw: {
      from: ["pending"],
      to: "withdrawn",
      by: "reviews.respond",
    },
  },
});
const _sameAppealMoves: SameNames<MoveOf<typeof reviewAppealMachine>, ReviewAppealMove> = true;
