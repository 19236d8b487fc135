import type { ReactNode } from "react";
import { formatDate } from "../../common/i18n.ts";
import type { TReview } from "../../common/review-schemas.ts";
import { useT } from "../lib/hooks.ts";
import { ReviewPhotos, ReviewReply, ReviewText, Stars } from "./review-list.tsx";
import { StatusBadge } from "./status-badge.tsx";

/**
 * A review as its author and the moderator see it, whole (never hidden from them): the item, the
 * status, stars, the company (and, for the moderator, the author), when written and edited, the
 * text and photos, the refusal's reason, the appeal's flags, the company's reply; `children` below
 * (the moves).
 */
export function ReviewCard({
  review: r,
  testId,
  staff,
  children,
}: {
  review: TReview;
  testId: string;
  /** The moderator's view: the author named, times to the minute. */
  staff?: boolean;
  children?: ReactNode;
}) {
  const { t, locale } = useT();
  return (
    <li className="card review" data-testid={testId}>
      <div className="card__head">
        <h2 className="card__title">{r.item.name}</h2>
        <StatusBadge kind="review" status={r.status} />
      </div>
      <div className="review__meta">
        <Stars rating={r.rating} />
        <span>{staff ? `${t("review.supplier")}: ${r.supplier.name}` : r.supplier.name}</span>
        {staff ? <span>{`${t("review.author")}: ${r.author}`}</span> : null}
        <span>{t("review.written", { date: formatDate(locale, r.createdAt, staff) })}</span>
        {r.editedAt ? <span>{t("review.edited", { date: formatDate(locale, r.editedAt, staff) })}</span> : null}
      </div>
      <ReviewText text={r.text} hidden={false} />
      <ReviewPhotos photos={r.photos} />
      {r.status === "rejected" && r.rejectReason ? (
        <p className="alert alert--warning" data-testid="review-rejected">
          {t("review_admin.reason_shown", { reason: t(`review.reject_reason.${r.rejectReason}`) })}
          {r.rejectComment ? ` — ${r.rejectComment}` : ""}
        </p>
      ) : null}
      {r.textHidden ? <p className="muted">{t("review.text_hidden")}</p> : null}
      {r.excludedFromRating ? <p className="muted">{t("review.excluded")}</p> : null}
      <ReviewReply reply={r.reply} />
      {children}
    </li>
  );
}
