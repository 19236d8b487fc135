import type { ReactNode } from "react";
import { Link } from "react-router";
import { formatDate } from "../../common/i18n.ts";
import type { TPublicReview, TPublicReviewPage, TRatingSummary } from "../../common/review-schemas.ts";
import type { TUploadFile } from "../../common/api-types.ts";
import { REVIEW_RATINGS } from "../../common/reviews.ts";
import { useListParams } from "../lib/list.ts";
import { useT } from "../lib/hooks.ts";
import { Pager } from "./pager.tsx";

/** Stars shown (never chosen): «★★★★☆», read as «Оценка: 4 из 5». */
export function Stars({ rating }: { rating: number }) {
  const { t } = useT();
  const whole = Math.round(rating);
  return (
    <span className="stars" role="img" aria-label={t("review.rating_of", { rating })} data-testid="stars">
      {"★".repeat(whole)}
      <span className="stars__off">{"★".repeat(5 - whole)}</span>
    </span>
  );
}

/** The rating people see: the plain mean and the number of counted reviews, or «no ratings yet». */
export function RatingSummary({ rating }: { rating: TRatingSummary }) {
  const { t } = useT();
  if (rating.mean === null) return <p className="muted">{t("review.no_rating")}</p>;
  return (
    <p className="rating-summary" data-testid="rating-summary">
      <Stars rating={rating.mean} />
      <strong>{t("review.mean", { mean: rating.mean.toLocaleString("ru-RU") })}</strong>
      <span className="muted">{t("review.count", { count: rating.count })}</span>
    </p>
  );
}

/** A review's photos, each opening in full. */
export function ReviewPhotos({ photos }: { photos: readonly TUploadFile[] }) {
  const { t } = useT();
  if (!photos.length) return null;
  return (
    <ul className="review__photos" aria-label={t("review.photos")}>
      {photos.map((p, i) => (
        <li key={p.id}>
          <a href={p.url} target="_blank" rel="noopener noreferrer">
            <img src={p.url} alt={t("review.photo_n", { n: i + 1 })} loading="lazy" width={72} height={72} />
          </a>
        </li>
      ))}
    </ul>
  );
}

/** A review's text, or the moderator's note that it is hidden. */
export function ReviewText({ text, hidden }: { text: string | null; hidden: boolean }) {
  const { t } = useT();
  return hidden || text === null ? (
    <p className="review__text review__text--hidden" data-testid="review-text-hidden">
      {t("review.text_hidden")}
    </p>
  ) : (
    <p className="review__text">{text}</p>
  );
}

/** The supplier's public reply under a review. */
export function ReviewReply({ reply }: { reply: { text: string; at: string } | null }) {
  const { t, locale } = useT();
  if (!reply) return null;
  return (
    <div className="review__reply" data-testid="review-reply">
      <strong>{t("review.reply")}</strong> <span className="muted">{formatDate(locale, reply.at)}</span>
      <p className="review__text">{reply.text}</p>
    </div>
  );
}

/** One published review as anyone reads it. */
export function PublicReview({ review, extra }: { review: TPublicReview; extra?: ReactNode }) {
  const { t, locale } = useT();
  return (
    <article className="card review" data-testid={`review-${review.id}`}>
      <div className="review__meta">
        <Stars rating={review.rating} />
        <span>{review.author}</span>
        <span>{formatDate(locale, review.createdAt)}</span>
        {review.excludedFromRating ? <span className="badge badge--neutral">{t("review.excluded")}</span> : null}
      </div>
      <ReviewText text={review.text} hidden={review.textHidden} />
      <ReviewPhotos photos={review.photos} />
      <ReviewReply reply={review.reply} />
      {extra}
    </article>
  );
}

/**
 * The published reviews of an item or a company, for its public page: the rating (the plain mean
 * and the count), a filter by stars, the reviews newest first with their photos and the supplier's
 * replies, and the pages — all in the URL (`page`, `rating`). The page's loader reads them with
 * `loadPublicReviews` (`app/lib/reviews.server.ts`).
 *
 * ```tsx
 * // loader: reviews: await loadPublicReviews(rc.api, { itemId: id }, new URL(request.url))
 * <ReviewList page={loaderData.reviews} />
 * ```
 */
export function ReviewList({ page, title }: { page: TPublicReviewPage; title?: string }) {
  const { t } = useT();
  const list = useListParams();
  const current = list.get("rating");
  return (
    <section className="stack" aria-labelledby="reviews-title" data-testid="review-list">
      <h2 id="reviews-title">{title ?? t("review_list.title")}</h2>
      <RatingSummary rating={page.rating} />
      {page.rating.count > 0 ? (
        <nav className="tabs" aria-label={t("review_list.filter")}>
          {["", ...[...REVIEW_RATINGS].reverse().map(String)].map((r) => (
            <Link
              key={r || "all"}
              to={list.href({ rating: r })}
              preventScrollReset
              className={`tabs__item${current === r ? " is-current" : ""}`}
              aria-current={current === r ? "page" : undefined}
            >
              {r ? `${r} ★` : t("review.all_ratings")}
            </Link>
          ))}
        </nav>
      ) : null}
      {page.items.length === 0 ? (
        <p className="muted">{t("review.empty")}</p>
      ) : (
        page.items.map((r) => <PublicReview key={r.id} review={r} />)
      )}
      <Pager page={page.page} pageSize={page.pageSize} total={page.total} />
    </section>
  );
}
