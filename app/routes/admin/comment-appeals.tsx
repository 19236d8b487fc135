import { Link } from "react-router";
import { formatDate } from "../../../common/i18n.ts";
import {
  REVIEW_APPEAL_MOVE_FORMS,
  REVIEW_APPEAL_OUTCOMES,
  REVIEW_APPEAL_STATUSES,
  type ReviewAppealMove,
} from "../../../common/reviews.ts";
import { FieldMessage } from "../../components/field-message.tsx";
import { FileLinks } from "../../components/file-links.tsx";
import { Field } from "../../components/form.tsx";
import { Icon } from "../../components/icon.tsx";
import { MoveForms } from "../../components/move-forms.tsx";
import { Pager } from "../../components/pager.tsx";
import { ReviewPhotos, ReviewReply, ReviewText, Stars } from "../../components/review-list.tsx";
import { StatusBadge } from "../../components/status-badge.tsx";
import { useT } from "../../lib/hooks.ts";
import { listParams, useListParams } from "../../lib/list.ts";
import { moveAction } from "../../lib/moves.server.ts";
import { requestContext } from "../../lib/request-context.ts";
import type { Route } from "./+types/comment-appeals";

export function meta({ location }: Route.MetaArgs) {
  return [{ title: location.pathname.startsWith("/kk") ? "Пікірлерге шағымдар" : "Жалобы на отзывы" }];
}

/** The appeals waiting for a decision, oldest first; decided or withdrawn ones by tab. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const asked = url.searchParams.get("status");
  const status = REVIEW_APPEAL_STATUSES.find((s) => s === asked) ?? "pending";
  const page = await context.get(requestContext).api.get("/review-appeals", {
    query: { ...listParams(url), sort: status === "pending" ? "createdAt" : "-createdAt", status },
  });
  return { page, status };
}

const ADMIN_MOVES = ["decide"] as const satisfies readonly ReviewAppealMove[];

export async function action({ context, request }: Route.ActionArgs) {
  const rc = context.get(requestContext);
  return moveAction(request, rc.locale, {
    forms: REVIEW_APPEAL_MOVE_FORMS,
    moves: ADMIN_MOVES,
    send: (move, body, id) => rc.api.post("/review-appeals/:id/moves/:move", { params: { id, move }, body }),
  });
}

/**
 * `/admin/comment-appeals`: the suppliers' appeals against reviews, each with the review (stars,
 * text, photos, item, company), the appeal's reason, text and evidence; the moderator decides with
 * an outcome — keep, hide the text, exclude from the rating, or both — and an answer to the company.
 */
export default function CommentAppeals({ loaderData, actionData }: Route.ComponentProps) {
  const { t, locale } = useT();
  const list = useListParams();
  const { page, status } = loaderData;
  const moveAnswer = actionData && "move" in actionData ? actionData : null;
  return (
    <section aria-labelledby="ca-title" className="stack">
      <div className="page-head">
        <h1 id="ca-title">{t("review_appeal.title")}</h1>
      </div>
      <p className="muted">{t("review_appeal.lead")}</p>
      <nav className="tabs" aria-label={t("review.by_status")}>
        {REVIEW_APPEAL_STATUSES.map((s) => (
          <Link
            key={s}
            to={list.href({ status: s === "pending" ? "" : s })}
            className={`tabs__item${status === s ? " is-current" : ""}`}
            aria-current={status === s ? "page" : undefined}
          >
            {t(`review_appeal.status.${s}`)}
          </Link>
        ))}
      </nav>
      {moveAnswer?.done ? (
        // The appeal has left the queue it was in: what was done is said here.
        <p className="alert alert--success" role="status" data-testid="review-moved">
          <Icon name="check" /> {t("review_appeal.decided")}
        </p>
      ) : null}
      {page.items.length === 0 ? (
        <div className="empty">
          <Icon name="check" size={32} />
          <p>{t("review_appeal.empty")}</p>
        </div>
      ) : (
        <ul className="cards" data-testid="appeal-queue">
          {page.items.map((a) => (
            <li key={a.id} className="card review" data-testid={`review-appeal-${a.id}`}>
              <div className="card__head">
                <h2 className="card__title">{a.review.item.name}</h2>
                <StatusBadge kind="review_appeal" status={a.status} />
              </div>
              <div className="review__meta">
                <span>
                  {t("review.supplier")}: {a.review.supplier.name}
                </span>
                <span>{t("review_appeal.filed", { date: formatDate(locale, a.createdAt, true) })}</span>
              </div>
              <h3>{t("review_appeal.review")}</h3>
              <div className="review__meta">
                <Stars rating={a.review.rating} />
                <span>{a.review.author}</span>
                <span>{formatDate(locale, a.review.createdAt)}</span>
              </div>
              <ReviewText text={a.review.text} hidden={false} />
              <ReviewPhotos photos={a.review.photos} />
              <ReviewReply reply={a.review.reply} />
              <h3>{t("review_appeal.reason_label")}</h3>
              <p>
                <strong>{t(`review_appeal.reason.${a.reason}`)}</strong>
              </p>
              <p className="review__text">{a.text}</p>
              <FileLinks
                title={t("review_appeal.evidence")}
                files={a.evidence}
                empty={t("review_appeal.no_evidence")}
                testId="appeal-evidence"
              />
              {a.outcome ? (
                <div className="review__reply">
                  <strong>{t("review_appeal.outcome_label")}:</strong> {t(`review_appeal.outcome.${a.outcome}`)}
                  {a.answer ? <p className="review__text">{a.answer}</p> : null}
                </div>
              ) : null}
              <MoveForms
                moves={a.moves}
                forms={REVIEW_APPEAL_MOVE_FORMS}
                answer={moveAnswer?.done ? null : moveAnswer}
                id={a.id}
                prefix={`a${a.id}`}
                views={{
                  decide: {
                    label: t("review_appeal.decide_confirm"),
                    confirm: { summary: t("review_appeal.decide") },
                    done: t("review_appeal.decided"),
                    fields: (f) => (
                      <>
                        <fieldset className="fieldset choice" data-testid="appeal-outcome">
                          <legend className="field__label">{t("review_appeal.outcome_label")}</legend>
                          {REVIEW_APPEAL_OUTCOMES.map((o) => (
                            <label key={o} className="choice__option">
                              <input
                                type="radio"
                                name={f.outcome.name}
                                value={o}
                                defaultChecked={f.outcome.defaultValue === o}
                              />
                              <span>{t(`review_appeal.outcome.${o}`)}</span>
                            </label>
                          ))}
                          <FieldMessage field={f.outcome} />
                        </fieldset>
                        <Field field={f.answer} label={t("review_appeal.answer")} required>
                          {(p) => <textarea {...p} rows={3} />}
                        </Field>
                      </>
                    ),
                  },
                }}
              />
            </li>
          ))}
        </ul>
      )}
      <Pager page={page.page} pageSize={page.pageSize} total={page.total} />
    </section>
  );
}
