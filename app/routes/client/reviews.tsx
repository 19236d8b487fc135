import { formatDate } from "../../../common/i18n.ts";
import { Icon } from "../../components/icon.tsx";
import { ReviewCard } from "../../components/review-card.tsx";
import { Pager } from "../../components/pager.tsx";
import { ReviewForm } from "../../components/review-form.tsx";
import { useT } from "../../lib/hooks.ts";
import { listParams } from "../../lib/list.ts";
import { notFound } from "../../lib/page-ids.server.ts";
import { requestContext } from "../../lib/request-context.ts";
import { isReviewPost, reviewFormAction } from "../../lib/reviews.server.ts";
import type { Route } from "./+types/reviews";

export function meta({ location }: Route.MetaArgs) {
  return [{ title: location.pathname.startsWith("/kk") ? "Менің пікірлерім" : "Мои отзывы" }];
}

export async function loader({ context, request }: Route.LoaderArgs) {
  const { api } = context.get(requestContext);
  const [page, lines] = await Promise.all([
    api.get("/reviews", { query: listParams(new URL(request.url)) }),
    api.get("/reviews/reviewable"),
  ]);
  return { ...page, lines: lines.items };
}

export async function action({ context, request }: Route.ActionArgs) {
  const rc = context.get(requestContext);
  const form = await request.formData();
  if (!isReviewPost(form)) return notFound(request);
  return reviewFormAction(request, form, rc);
}

/** Whether the action's answer is this review's edit (its form stays open to show it). */
const answered = (a: unknown, id: number) => typeof a === "object" && a !== null && "id" in a && a.id === id;

/** Whether the action's answer is a refused new review of this line (its form stays open). */
const answeredLine = (a: unknown, lineId: number) =>
  typeof a === "object" && a !== null && "lineId" in a && a.lineId === lineId && "done" in a && !a.done;
/** Whether the action's answer is a new review written (its line has left the list). */
const answeredNew = (a: unknown) =>
  typeof a === "object" &&
  a !== null &&
  "intent" in a &&
  a.intent === "review-create" &&
  "done" in a &&
  a.done === true;

/**
 * `/client/reviews`: the family's done lines still waiting for a review, each with the review form;
 * its reviews, newest first, with their moderation (a refusal's
 * reason), the supplier's reply, and the edit form while the supplier has not replied.
 */
export default function ClientReviews({ loaderData, actionData }: Route.ComponentProps) {
  const { t, locale } = useT();
  return (
    <section aria-labelledby="cr-title" className="stack">
      <div className="page-head">
        <h1 id="cr-title">{t("review_client.title")}</h1>
      </div>
      <p className="muted">{t("review_client.lead")}</p>
      {loaderData.lines.length ? (
        <section aria-labelledby="cr-lines" className="stack">
          <h2 id="cr-lines">{t("review_client.to_review")}</h2>
          <ul className="cards" data-testid="reviewable-lines">
            {loaderData.lines.map((l) => (
              <li key={l.lineId} className="card" data-testid={`line-${l.lineId}`}>
                <div className="card__head">
                  <h3 className="card__title">{l.item.name}</h3>
                </div>
                <p className="review__meta">
                  <span>{l.supplier.name}</span>
                  <span>{t("review_client.done_at", { date: formatDate(locale, l.doneAt) })}</span>
                </p>
                <p className="field__hint">{t("review_form.until", { date: formatDate(locale, l.until) })}</p>
                <details className="record" open={answeredLine(actionData, l.lineId)}>
                  <summary className="button button--small" data-testid="review-write">
                    {t("review_client.write")}
                  </summary>
                  <ReviewForm lineId={l.lineId} answer={actionData} />
                </details>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {answeredNew(actionData) ? (
        <p className="alert alert--success" role="status" data-testid="review-sent">
          <Icon name="check" /> {t("review_form.sent")}
        </p>
      ) : null}
      {loaderData.items.length === 0 ? (
        <div className="empty">
          <Icon name="file" size={32} />
          <p>{t("review_client.empty")}</p>
        </div>
      ) : (
        <ul className="cards" data-testid="client-reviews">
          {loaderData.items.map((r) => (
            <ReviewCard key={r.id} review={r} testId={`my-review-${r.id}`}>
              {r.moves.includes("edit") ? (
                <details className="record" open={answered(actionData, r.id)}>
                  <summary className="button button--ghost button--small">{t("review_client.edit")}</summary>
                  <ReviewForm review={r} answer={actionData} />
                </details>
              ) : r.reply ? (
                <p className="muted">{t("review_form.locked")}</p>
              ) : null}
            </ReviewCard>
          ))}
        </ul>
      )}
      <Pager page={loaderData.page} pageSize={loaderData.pageSize} total={loaderData.total} />
    </section>
  );
}
