import { formatDate } from "../../common/i18n.ts";
import type { TReviewableLine } from "../../common/review-schemas.ts";
import { useT } from "../lib/hooks.ts";
import { Icon } from "./icon.tsx";
import { REVIEW_INTENTS, ReviewForm } from "./review-form.tsx";

/** Whether the action's answer is a refused new review of this line (its form stays open). */
const answeredLine = (a: unknown, lineId: number) =>
  typeof a === "object" && a !== null && "lineId" in a && a.lineId === lineId && "done" in a && !a.done;

/** Whether the action's answer is a new review written (its line has left the list). */
const answeredNew = (a: unknown) =>
  typeof a === "object" &&
  a !== null &&
  "intent" in a &&
  a.intent === REVIEW_INTENTS.create &&
  "done" in a &&
  a.done === true;

/**
 * The family's done lines still waiting for a review (`GET /reviews/reviewable`), each with the
 * review form folded under its button: on the family's orders (`/client/services`) and its reviews
 * (`/client/reviews`). The page's action hands the form's post to `reviewFormAction`.
 */
export function ReviewableLines({ lines, answer }: { lines: TReviewableLine[]; answer: unknown }) {
  const { t, locale } = useT();
  // Said here once its line has left the list (while it is still shown, its form says it).
  const gone = answeredNew(answer) && !lines.some((l) => l.lineId === (answer as { lineId: number }).lineId);
  const sent = gone ? (
    <p className="alert alert--success" role="status" data-testid="review-sent">
      <Icon name="check" /> {t("review_form.sent")}
    </p>
  ) : null;
  if (!lines.length) return sent;
  return (
    <section aria-labelledby="cr-lines" className="stack">
      {sent}
      <h2 id="cr-lines">{t("review_client.to_review")}</h2>
      <ul className="cards" data-testid="reviewable-lines">
        {lines.map((l) => (
          <li key={l.lineId} className="card" data-testid={`line-${l.lineId}`}>
            <div className="card__head">
              <h3 className="card__title">{l.item.name}</h3>
            </div>
            <p className="review__meta">
              <span>{l.supplier.name}</span>
              <span>{t("review_client.done_at", { date: formatDate(locale, l.doneAt) })}</span>
            </p>
            <p className="field__hint">{t("review_form.until", { date: formatDate(locale, l.until) })}</p>
            <details className="record" open={answeredLine(answer, l.lineId)}>
              <summary className="button button--small" data-testid="review-write">
                {t("review_client.write")}
              </summary>
              <ReviewForm lineId={l.lineId} answer={answer as never} />
            </details>
          </li>
        ))}
      </ul>
    </section>
  );
}
