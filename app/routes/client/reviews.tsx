import { Icon } from "../../components/icon.tsx";
import { ReviewCard } from "../../components/review-card.tsx";
import { Pager } from "../../components/pager.tsx";
import { ReviewForm } from "../../components/review-form.tsx";
import { ReviewableLines } from "../../components/reviewable-lines.tsx";
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

/**
 * `/client/reviews`: the family's done lines still waiting for a review, each with the review form;
 * its reviews, newest first, with their moderation (a refusal's
 * reason), the supplier's reply, and the edit form while the supplier has not replied.
 */
export default function ClientReviews({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useT();
  return (
    <section aria-labelledby="cr-title" className="stack">
      <div className="page-head">
        <h1 id="cr-title">{t("review_client.title")}</h1>
      </div>
      <p className="muted">{t("review_client.lead")}</p>
      <ReviewableLines lines={loaderData.lines} answer={actionData} />
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
