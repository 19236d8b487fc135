/**
 * The ratings reviews make (issue 15 §3): an item's `rating_sum` / `rating_count` kept in the
 * transaction of every change that affects them, a supplier's rating over its items, and the
 * 90-day rating of the quality report. Counted: approved reviews not excluded from the rating by
 * an appeal's decision (a hidden text still counts its stars).
 */
import { and, eq, gte, inArray, sql } from "drizzle-orm";
import { meanRating } from "../../../common/reviews.ts";
import type { Queryable } from "../../db/client.ts";
import { catalogItems } from "../catalog/catalog.tables.ts";
import { reviews } from "./reviews.tables.ts";

/** The condition of a review counted in a rating. */
export const countedReview = () => and(eq(reviews.status, "approved"), eq(reviews.excludedFromRating, false));

/**
 * Recounts an item's rating from its counted reviews. The item's row is locked first, and the sums
 * read by the next statement: under READ COMMITTED it sees what a concurrent change of another
 * review of the item committed while this one waited for the lock, so two approvals at once never
 * lose one another.
 */
export async function recountItemRating(tx: Queryable, itemId: number): Promise<void> {
  await tx.select({ id: catalogItems.id }).from(catalogItems).where(eq(catalogItems.id, itemId)).for("update");
  await tx
    .update(catalogItems)
    .set({
      ratingSum: sql`(select coalesce(sum(${reviews.rating}), 0)::int from ${reviews} where ${reviews.itemId} = ${itemId} and ${countedReview()})`,
      ratingCount: sql`(select count(*)::int from ${reviews} where ${reviews.itemId} = ${itemId} and ${countedReview()})`,
    })
    .where(eq(catalogItems.id, itemId));
}

/** A rating as people see it: the plain mean (one decimal, null without reviews) and the count. */
export type TRating = { mean: number | null; count: number; sum: number };

const toRating = (sum: number, count: number): TRating => ({ mean: meanRating(sum, count), count, sum });

/**
 * Suppliers' ratings over all their items (the items' kept sums): the catalogue's company pages,
 * the reports. A supplier without counted reviews is `{ mean: null, count: 0 }`.
 */
export async function supplierRatings(db: Queryable, supplierIds: readonly number[]): Promise<Map<number, TRating>> {
  const out = new Map<number, TRating>(supplierIds.map((id) => [id, toRating(0, 0)]));
  if (!supplierIds.length) return out;
  const rows = await db
    .select({
      supplierId: catalogItems.supplierId,
      sum: sql<number>`coalesce(sum(${catalogItems.ratingSum}), 0)::int`,
      count: sql<number>`coalesce(sum(${catalogItems.ratingCount}), 0)::int`,
    })
    .from(catalogItems)
    .where(inArray(catalogItems.supplierId, [...supplierIds]))
    .groupBy(catalogItems.supplierId);
  for (const r of rows) out.set(r.supplierId, toRating(Number(r.sum), Number(r.count)));
  return out;
}

/**
 * A supplier's rating over the counted reviews written since `since` (the quality report's 90
 * days: Kaspi's norm is ≥ 4.0 over 90 days).
 */
export async function supplierRating(db: Queryable, supplierId: number, since: Date): Promise<TRating> {
  const [r] = await db
    .select({
      sum: sql<number>`coalesce(sum(${reviews.rating}), 0)::int`,
      count: sql<number>`count(*)::int`,
    })
    .from(reviews)
    .where(and(eq(reviews.supplierId, supplierId), gte(reviews.createdAt, since), countedReview()));
  return toRating(Number(r?.sum ?? 0), Number(r?.count ?? 0));
}

/** The mean of a city's counted reviews (the Bayesian prior C), 0 when the city has none. */
export async function cityMeanRating(db: Queryable, city: string): Promise<number> {
  const [r] = await db
    .select({
      sum: sql<number>`coalesce(sum(${catalogItems.ratingSum}), 0)::int`,
      count: sql<number>`coalesce(sum(${catalogItems.ratingCount}), 0)::int`,
    })
    .from(catalogItems)
    .where(eq(catalogItems.city, city));
  const count = Number(r?.count ?? 0);
  return count ? Number(r?.sum ?? 0) / count : 0;
}
