/**
 * Reviews of the marketplace (issue 15 §3): the family writes one per done line of its own orders
 * within 100 days of the line's completion; the moderators' queues (reviews, the suppliers'
 * appeals); the company's reviews; the public lists of an item's and a supplier's published
 * reviews with the rating people see. The rules of their lives are the machines'
 * (`reviews.machine.ts`), the ratings `reviews.ratings.ts`.
 */
import { z } from "@hono/zod-openapi";
import { and, count, desc, eq, gte, inArray, isNull, type SQL } from "drizzle-orm";
import type { Locale } from "../../../common/locale.ts";
import { can } from "../../../common/permissions.ts";
import type { ZReviewAppealCreate, ZReviewCreate } from "../../../common/review-forms.ts";
import type {
  TPublicReview,
  TPublicReviewPage,
  TReview,
  TReviewAppeal,
  TReviewAppealSummary,
  TReviewableLine,
} from "../../../common/review-schemas.ts";
import {
  meanRating,
  REVIEW_APPEAL_STATUSES,
  REVIEW_STATUSES,
  REVIEW_WINDOW_DAYS,
  reviewWindowEnd,
} from "../../../common/reviews.ts";
import type { Queryable } from "../../db/client.ts";
import { isSystem, type TCaller, type TSessionUser } from "../../lib/caller.ts";
import { AppError } from "../../lib/errors.ts";
import { listQuery, orderOf, pageWindow, type TPage, toPage } from "../../lib/list.ts";
import { pgErrorCode } from "../../lib/pg-errors.ts";
import type { Services } from "../../services.ts";
import { reviewAppealScope, reviewScope } from "../access/access.service.ts";
import { catalogItems } from "../catalog/catalog.tables.ts";
import { orderLines, supplierOrders } from "../orders/orders.tables.ts";
import { attachUploads, listAttached, registerReadPolicy } from "../uploads/uploads.service.ts";
import { suppliers } from "../users/organisations.tables.ts";
import { users } from "../users/users.tables.ts";
import {
  attachReviewPhotos,
  REVIEW_APPEAL_FILES,
  REVIEW_EVIDENCE_RULES,
  REVIEW_PHOTOS,
  reviewAppealMachine,
  reviewMachine,
  type TReviewAppealRow,
  type TReviewRow,
} from "./reviews.machine.ts";
import { supplierRatings } from "./reviews.ratings.ts";
import { reviewAppeals, reviews } from "./reviews.tables.ts";

const scopeOf = (user: TSessionUser) =>
  reviewScope(user, { authorId: reviews.authorId, supplierId: reviews.supplierId, status: reviews.status });

// A review's photos: public while it is approved; otherwise its author (the uploader), the
// moderators (`uploads.read_any`) and whom the review reaches.
registerReadPolicy(REVIEW_PHOTOS, async (db, user, entityId) => {
  const id = Number(entityId);
  if (!Number.isInteger(id)) return false;
  const [row] = await db
    .select({ id: reviews.id })
    .from(reviews)
    .where(and(eq(reviews.id, id), scopeOf(user) ?? undefined))
    .limit(1);
  return row !== undefined;
});

// An appeal's evidence: the supplier's people and the moderators.
registerReadPolicy(REVIEW_APPEAL_FILES, async (db, user, entityId) => {
  const id = Number(entityId);
  if (!Number.isInteger(id)) return false;
  const scope = reviewAppealScope(user, { supplierId: reviewAppeals.supplierId });
  const [row] = await db
    .select({ id: reviewAppeals.id })
    .from(reviewAppeals)
    .where(and(eq(reviewAppeals.id, id), scope ?? undefined))
    .limit(1);
  return row !== undefined;
});

// ---------- Writing ----------

/**
 * The family writes its review of one done line of its own orders: one per line, within
 * {@link REVIEW_WINDOW_DAYS} days of the line's completion, its photos bound in the same
 * transaction; it waits for moderation (the moderators told). The line is locked while it is
 * checked, so two submissions of one form at once make one review.
 */
export async function writeReview(
  s: Services,
  user: TSessionUser,
  input: z.output<typeof ZReviewCreate>,
): Promise<{ id: number; status: TReviewRow["status"] }> {
  try {
    return await s.db.transaction(async (tx) => {
      const [line] = await tx
        .select({
          id: orderLines.id,
          itemId: orderLines.itemId,
          status: orderLines.status,
          doneAt: orderLines.doneAt,
          supplierId: supplierOrders.supplierId,
        })
        .from(orderLines)
        .innerJoin(supplierOrders, eq(supplierOrders.id, orderLines.supplierOrderId))
        .where(and(eq(orderLines.id, input.lineId), eq(supplierOrders.clientId, user.id)))
        .for("update", { of: orderLines });
      // Someone else's line is not revealed.
      if (!line) throw new AppError(404, "review_line_not_reviewable");
      if (line.status !== "done" || !line.doneAt) throw new AppError(409, "review_line_not_reviewable");
      const until = reviewWindowEnd(line.doneAt);
      if (s.now() > until) throw new AppError(409, "review_window_closed");
      const [taken] = await tx.select({ id: reviews.id }).from(reviews).where(eq(reviews.lineId, line.id));
      if (taken) throw new AppError(409, "review_exists");
      const row = await reviewMachine.create(
        tx,
        s,
        {
          lineId: line.id,
          itemId: line.itemId,
          supplierId: line.supplierId,
          authorId: user.id,
          rating: input.rating,
          text: input.text,
          editableUntil: until,
          createdAt: s.now(),
          updatedAt: s.now(),
        },
        user,
      );
      await attachReviewPhotos(tx, row, input.photoIds, s.now());
      return { id: row.id, status: row.status };
    });
  } catch (err) {
    if (pgErrorCode(err) === "23505") throw new AppError(409, "review_exists");
    throw err;
  }
}

/**
 * The review's supplier appeals it, with a reason and evidence: only a published review of its
 * own company (the scope), one open appeal at a time, and not once it is both hidden and excluded
 * (nothing left to decide).
 */
export async function appealReview(
  s: Services,
  user: TSessionUser,
  reviewId: number,
  input: z.output<typeof ZReviewAppealCreate>,
): Promise<{ id: number }> {
  try {
    return await s.db.transaction(async (tx) => {
      const review = await reviewMachine.load(tx, user, reviewId, { forUpdate: true });
      const refusal = await appealRefusal(tx, review);
      if (refusal) throw new AppError(409, refusal);
      const row = await reviewAppealMachine.create(
        tx,
        s,
        {
          reviewId: review.id,
          supplierId: review.supplierId,
          createdBy: user.id,
          reason: input.reason,
          text: input.text,
          createdAt: s.now(),
          updatedAt: s.now(),
        },
        user,
      );
      await attachUploads(tx, {
        ownerId: user.id,
        field: { path: "evidenceIds", key: "validation.review_evidence" },
        ids: input.evidenceIds,
        entityType: REVIEW_APPEAL_FILES,
        entityId: row.id,
        purposes: REVIEW_EVIDENCE_RULES.purposes,
        now: s.now(),
      });
      return { id: row.id };
    });
  } catch (err) {
    if (pgErrorCode(err) === "23505") throw new AppError(409, "review_appeal_open");
    throw err;
  }
}

/** Why a review cannot be appealed now, or null. */
async function appealRefusal(
  tx: Queryable,
  review: TReviewRow,
): Promise<"review_not_appealable" | "review_appeal_open" | null> {
  if (review.status !== "approved" || (review.textHidden && review.excludedFromRating)) return "review_not_appealable";
  const [open] = await tx
    .select({ id: reviewAppeals.id })
    .from(reviewAppeals)
    .where(and(eq(reviewAppeals.reviewId, review.id), eq(reviewAppeals.status, "pending")));
  return open ? "review_appeal_open" : null;
}

/**
 * The moderator approves many pending reviews at once (the queue's selection): each through the
 * machine, in one transaction; a review no longer pending (approved or rejected meanwhile) is left
 * as it is and not in the answer.
 */
export async function approveReviews(s: Services, user: TSessionUser, ids: readonly number[]) {
  return s.db.transaction(async (tx) => {
    const approved: number[] = [];
    for (const id of [...new Set(ids)].sort((a, b) => a - b)) {
      const [row] = await tx
        .select()
        .from(reviews)
        .where(and(eq(reviews.id, id), eq(reviews.status, "pending")))
        .for("update");
      if (!row) continue;
      await reviewMachine.move(tx, s, row, "approve", user);
      approved.push(id);
    }
    return { approved };
  });
}

// ---------- Reading ----------

export const ZReviewListQuery = listQuery({
  sort: ["createdAt", "rating"],
  defaultSort: "-createdAt",
  filters: {
    status: z.enum(REVIEW_STATUSES),
    rating: z.coerce.number().int().min(1).max(5),
    lineId: z.coerce.number().int().min(1).max(2_147_483_647),
    /** One review (a notice's link to the company's page). */
    review: z.coerce.number().int().min(1).max(2_147_483_647),
  },
});
export type TReviewListQuery = z.output<typeof ZReviewListQuery>;

export const ZReviewAppealListQuery = listQuery({
  sort: ["createdAt"],
  defaultSort: "createdAt",
  filters: { status: z.enum(REVIEW_APPEAL_STATUSES).default("pending") },
});
export type TReviewAppealListQuery = z.output<typeof ZReviewAppealListQuery>;

export const ZPublicReviewQuery = listQuery({
  sort: ["publishedAt", "rating"],
  defaultSort: "-publishedAt",
  pageSize: 10,
  maxPageSize: 50,
  filters: { rating: z.coerce.number().int().min(1).max(5) },
});
export type TPublicReviewQuery = z.output<typeof ZPublicReviewQuery>;

/** «Мария И.»: how a review's author is shown to anyone. */
const authorName = (u: { name: string; surname: string }) =>
  [u.name, u.surname ? `${u.surname.slice(0, 1)}.` : ""].filter(Boolean).join(" ");

const iso = (d: Date | null) => (d ? d.toISOString() : null);

type TJoined = { r: TReviewRow; itemRu: string; itemKk: string; supplier: string; name: string; surname: string };

async function joinedReviews(
  db: Queryable,
  where: SQL | undefined,
  order: SQL[],
  win?: { limit: number; offset: number },
) {
  const q = db
    .select({
      r: reviews,
      itemRu: catalogItems.nameRu,
      itemKk: catalogItems.nameKk,
      supplier: suppliers.companyName,
      name: users.name,
      surname: users.surname,
    })
    .from(reviews)
    .innerJoin(catalogItems, eq(catalogItems.id, reviews.itemId))
    .innerJoin(suppliers, eq(suppliers.id, reviews.supplierId))
    .innerJoin(users, eq(users.id, reviews.authorId))
    .where(where)
    .orderBy(...order);
  return (win ? await q.limit(win.limit).offset(win.offset) : await q) as TJoined[];
}

/** The latest appeal of each review, with its evidence and the caller's moves. */
async function latestAppeals(
  db: Queryable,
  caller: TCaller,
  reviewIds: number[],
  now: Date,
): Promise<Map<number, TReviewAppealSummary>> {
  const out = new Map<number, TReviewAppealSummary>();
  if (!reviewIds.length) return out;
  // Only the company and the moderators see a review's appeals (never its author).
  const scope = isSystem(caller) ? null : reviewAppealScope(caller, { supplierId: reviewAppeals.supplierId });
  const rows = await db
    .select()
    .from(reviewAppeals)
    .where(and(inArray(reviewAppeals.reviewId, reviewIds), scope ?? undefined))
    .orderBy(desc(reviewAppeals.createdAt), desc(reviewAppeals.id));
  const latest = new Map<number, TReviewAppealRow>();
  for (const a of rows) if (!latest.has(a.reviewId)) latest.set(a.reviewId, a);
  const files = await listAttached(
    db,
    REVIEW_APPEAL_FILES,
    [...latest.values()].map((a) => a.id),
  );
  for (const [reviewId, a] of latest) {
    out.set(reviewId, {
      ...appealSummary(a, files.get(String(a.id)) ?? []),
      moves: isSystem(caller) ? [] : await reviewAppealMachine.movesFor(db, a, caller, now),
    });
  }
  return out;
}

function appealSummary(a: TReviewAppealRow, evidence: TReviewAppealSummary["evidence"]): TReviewAppealSummary {
  return {
    id: a.id,
    status: a.status,
    reason: a.reason,
    text: a.text,
    evidence,
    outcome: a.outcome,
    answer: a.answer,
    createdAt: a.createdAt.toISOString(),
    decidedAt: iso(a.decidedAt),
    moves: [],
  };
}

/** Reviews as their author, their supplier or the moderator reads them. */
async function presentReviews(db: Queryable, user: TSessionUser, rows: TJoined[], locale: Locale, now: Date) {
  const ids = rows.map((x) => x.r.id);
  const photos = await listAttached(db, REVIEW_PHOTOS, ids);
  const appeals = await latestAppeals(db, user, ids, now);
  const out: TReview[] = [];
  for (const x of rows) {
    const appeal = appeals.get(x.r.id) ?? null;
    out.push({
      ...presentReview(x, photos.get(String(x.r.id)) ?? [], locale),
      appeal,
      moves: await reviewMachine.movesFor(db, x.r, user, now),
      canAppeal:
        can(user.role, "reviews.respond") &&
        user.supplierId === x.r.supplierId &&
        (await appealRefusal(db, x.r)) === null,
    });
  }
  return out;
}

function presentReview(
  x: TJoined,
  photos: TReview["photos"],
  locale: Locale,
): Omit<TReview, "appeal" | "moves" | "canAppeal"> {
  const r = x.r;
  return {
    id: r.id,
    status: r.status,
    rating: r.rating,
    text: r.text,
    photos,
    item: { id: r.itemId, name: locale === "kk" ? x.itemKk : x.itemRu },
    supplier: { id: r.supplierId, name: x.supplier },
    lineId: r.lineId,
    author: authorName(x),
    createdAt: r.createdAt.toISOString(),
    editedAt: iso(r.editedAt),
    editableUntil: r.editableUntil.toISOString(),
    rejectReason: r.rejectReason,
    rejectComment: r.rejectComment,
    textHidden: r.textHidden,
    excludedFromRating: r.excludedFromRating,
    reply: r.replyText !== null && r.repliedAt ? { text: r.replyText, at: r.repliedAt.toISOString() } : null,
  };
}

/**
 * The reviews a caller reaches (`reviewScope`): a family its own, a company its published ones, the
 * moderator all — the queue is `status=pending&sort=createdAt` (oldest first). Filters narrow.
 */
export async function listReviews(
  s: Services,
  user: TSessionUser,
  q: TReviewListQuery,
  locale: Locale,
): Promise<TPage<TReview>> {
  const where = and(
    scopeOf(user) ?? undefined,
    q.status ? eq(reviews.status, q.status) : undefined,
    q.rating ? eq(reviews.rating, q.rating) : undefined,
    q.lineId ? eq(reviews.lineId, q.lineId) : undefined,
    q.review ? eq(reviews.id, q.review) : undefined,
  );
  const rows = await joinedReviews(
    s.db,
    where,
    orderOf(q.sort, { createdAt: reviews.createdAt, rating: reviews.rating }, reviews.id),
    pageWindow(q),
  );
  const [total] = await s.db.select({ n: count() }).from(reviews).where(where);
  return toPage(await presentReviews(s.db, user, rows, locale, s.now()), total?.n ?? 0, q);
}

/** One review in the caller's scope (404 outside it). */
export async function getReview(s: Services, user: TSessionUser, id: number, locale: Locale): Promise<TReview> {
  await reviewMachine.load(s.db, user, id);
  const rows = await joinedReviews(s.db, eq(reviews.id, id), []);
  const [out] = await presentReviews(s.db, user, rows, locale, s.now());
  if (!out) throw new AppError(404, "review_not_found");
  return out;
}

/** The appeals a caller reaches (the moderator's queue, oldest first; a company its own), each with its review. */
export async function listReviewAppeals(
  s: Services,
  user: TSessionUser,
  q: TReviewAppealListQuery,
  locale: Locale,
): Promise<TPage<TReviewAppeal>> {
  const where = and(
    reviewAppealScope(user, { supplierId: reviewAppeals.supplierId }) ?? undefined,
    eq(reviewAppeals.status, q.status),
  );
  const rows = await s.db
    .select()
    .from(reviewAppeals)
    .where(where)
    .orderBy(...orderOf(q.sort, { createdAt: reviewAppeals.createdAt }, reviewAppeals.id))
    .limit(pageWindow(q).limit)
    .offset(pageWindow(q).offset);
  const [total] = await s.db.select({ n: count() }).from(reviewAppeals).where(where);
  const reviewRows = await joinedReviews(
    s.db,
    inArray(
      reviews.id,
      rows.map((a) => a.reviewId),
    ),
    [],
  );
  const byId = new Map(reviewRows.map((x) => [x.r.id, x]));
  const photos = await listAttached(
    s.db,
    REVIEW_PHOTOS,
    reviewRows.map((x) => x.r.id),
  );
  const evidence = await listAttached(
    s.db,
    REVIEW_APPEAL_FILES,
    rows.map((a) => a.id),
  );
  const items: TReviewAppeal[] = [];
  for (const a of rows) {
    const x = byId.get(a.reviewId);
    if (!x) continue;
    items.push({
      ...appealSummary(a, evidence.get(String(a.id)) ?? []),
      moves: await reviewAppealMachine.movesFor(s.db, a, user, s.now()),
      review: presentReview(x, photos.get(String(a.reviewId)) ?? [], locale),
    });
  }
  return toPage(items, total?.n ?? 0, q);
}

/** How many lines awaiting a review the family's page lists at most (the newest done first). */
const REVIEWABLE_MAX = 50;

/**
 * The family's done lines it may still review: its own, done within the window, with no review
 * yet; the newest done first. The family's reviews page offers the form for each.
 */
export async function reviewableLines(
  s: Services,
  user: TSessionUser,
  locale: Locale,
): Promise<{ items: TReviewableLine[] }> {
  const since = new Date(s.now().getTime() - REVIEW_WINDOW_DAYS * 24 * 3600_000);
  const rows = await s.db
    .select({
      lineId: orderLines.id,
      itemId: orderLines.itemId,
      nameRu: orderLines.nameRu,
      nameKk: orderLines.nameKk,
      doneAt: orderLines.doneAt,
      supplierId: supplierOrders.supplierId,
      supplier: suppliers.companyName,
    })
    .from(orderLines)
    .innerJoin(supplierOrders, eq(supplierOrders.id, orderLines.supplierOrderId))
    .innerJoin(suppliers, eq(suppliers.id, supplierOrders.supplierId))
    .leftJoin(reviews, eq(reviews.lineId, orderLines.id))
    .where(
      and(
        eq(supplierOrders.clientId, user.id),
        eq(orderLines.status, "done"),
        gte(orderLines.doneAt, since),
        isNull(reviews.id),
      ),
    )
    .orderBy(desc(orderLines.doneAt), desc(orderLines.id))
    .limit(REVIEWABLE_MAX);
  return {
    items: rows.map((r) => ({
      lineId: r.lineId,
      // The line's own name: what was sold, as the family saw it.
      item: { id: r.itemId, name: locale === "kk" ? r.nameKk : r.nameRu },
      supplier: { id: r.supplierId, name: r.supplier },
      doneAt: (r.doneAt as Date).toISOString(),
      until: reviewWindowEnd(r.doneAt as Date).toISOString(),
    })),
  };
}

// ---------- Public ----------

/** A published review as anyone reads it: a hidden text is not sent, and its photos go with it. */
function presentPublic(x: TJoined, photos: TPublicReview["photos"], locale: Locale): TPublicReview {
  const r = presentReview(x, photos, locale);
  return {
    id: r.id,
    rating: r.rating,
    text: r.textHidden ? null : r.text,
    textHidden: r.textHidden,
    excludedFromRating: r.excludedFromRating,
    photos: r.textHidden ? [] : photos,
    item: r.item,
    author: r.author,
    createdAt: x.r.publishedAt?.toISOString() ?? r.createdAt,
    reply: r.reply,
  };
}

async function publicReviews(
  s: Services,
  where: SQL,
  q: TPublicReviewQuery,
  locale: Locale,
  rating: { sum: number; count: number },
): Promise<TPublicReviewPage> {
  const all = and(where, eq(reviews.status, "approved"), q.rating ? eq(reviews.rating, q.rating) : undefined);
  const rows = await joinedReviews(
    s.db,
    all,
    orderOf(q.sort, { publishedAt: reviews.publishedAt, rating: reviews.rating }, reviews.id),
    pageWindow(q),
  );
  const [total] = await s.db.select({ n: count() }).from(reviews).where(all);
  const photos = await listAttached(
    s.db,
    REVIEW_PHOTOS,
    rows.map((x) => x.r.id),
  );
  return {
    ...toPage(
      rows.map((x) => presentPublic(x, photos.get(String(x.r.id)) ?? [], locale)),
      total?.n ?? 0,
      q,
    ),
    rating: { mean: meanRating(rating.sum, rating.count), count: rating.count },
  };
}

/** An item's published reviews, newest first, with its rating (the item's kept sums). 404 for no such item. */
export async function itemReviews(s: Services, itemId: number, q: TPublicReviewQuery, locale: Locale) {
  const [item] = await s.db
    .select({ sum: catalogItems.ratingSum, count: catalogItems.ratingCount })
    .from(catalogItems)
    .where(eq(catalogItems.id, itemId));
  if (!item) throw new AppError(404, "not_found");
  return publicReviews(s, eq(reviews.itemId, itemId), q, locale, item);
}

/** A supplier's published reviews over all its items, with its rating. 404 for no such company. */
export async function supplierReviews(s: Services, supplierId: number, q: TPublicReviewQuery, locale: Locale) {
  const [company] = await s.db
    .select({ id: suppliers.id })
    .from(suppliers)
    .where(and(eq(suppliers.id, supplierId), eq(suppliers.status, "active")));
  if (!company) throw new AppError(404, "supplier_not_found");
  const rating = (await supplierRatings(s.db, [supplierId])).get(supplierId) ?? { sum: 0, count: 0 };
  return publicReviews(s, eq(reviews.supplierId, supplierId), q, locale, rating);
}
