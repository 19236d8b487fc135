import { useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import type { TUploadFile } from "../../../common/api-types.ts";
import { formatDate } from "../../../common/i18n.ts";
import type { TReview } from "../../../common/review-schemas.ts";
import {
  MAX_APPEAL_EVIDENCE,
  REVIEW_APPEAL_MOVE_FORMS,
  REVIEW_APPEAL_REASONS,
  REVIEW_MOVE_FORMS,
  REVIEW_RATINGS,
  type ReviewAppealMove,
  type ReviewMove,
} from "../../../common/reviews.ts";
import { parseId } from "../../../common/schemas.ts";
import { Field, FormError } from "../../components/form.tsx";
import { Icon } from "../../components/icon.tsx";
import { LazyDropZone as DropZone } from "../../components/lazy-drop-zone.tsx";
import { MoveForms, type TMoveReply } from "../../components/move-forms.tsx";
import { Pager } from "../../components/pager.tsx";
import { RatingSummary, ReviewPhotos, ReviewReply, ReviewText, Stars } from "../../components/review-list.tsx";
import { StatusBadge } from "../../components/status-badge.tsx";
import { str, submitForm } from "../../lib/form.server.ts";
import { type TFormReply, useSchemaForm } from "../../lib/form.ts";
import { useT } from "../../lib/hooks.ts";
import { listParams, useListParams } from "../../lib/list.ts";
import { moveAction } from "../../lib/moves.server.ts";
import { notFound } from "../../lib/page-ids.server.ts";
import { requestContext } from "../../lib/request-context.ts";
import { ratingFilter } from "../../lib/reviews.server.ts";
import type { Route } from "./+types/reviews";

export function meta({ location }: Route.MetaArgs) {
  return [{ title: location.pathname.startsWith("/kk") ? "Компания туралы пікірлер" : "Отзывы о компании" }];
}

/** The company's published reviews (its scope), newest first, by stars; `?review=` one of them (a notice's link). */
export async function loader({ context, request }: Route.LoaderArgs) {
  const rc = context.get(requestContext);
  const url = new URL(request.url);
  const review = parseId(url.searchParams.get("review") ?? "");
  const page = await rc.api.get("/reviews", {
    query: { ...listParams(url), rating: ratingFilter(url), review: review ? String(review) : undefined },
  });
  const supplierId = rc.me?.user.supplierId;
  const rating = supplierId
    ? ((
        await rc.api
          .get("/reviews/suppliers/:id", { params: { id: supplierId }, query: { pageSize: "1" } })
          .catch(() => null)
      )?.rating ?? null)
    : null;
  return { page, rating, one: Boolean(review) };
}

const REPLY_MOVES = ["reply"] as const satisfies readonly ReviewMove[];
const APPEAL_MOVES = ["withdraw"] as const satisfies readonly ReviewAppealMove[];
const APPEAL_INTENT = "appeal";

export async function action({ context, request }: Route.ActionArgs) {
  const rc = context.get(requestContext);
  const form = await request.formData();
  if (str(form, "intent") === APPEAL_INTENT) {
    const id = parseId(str(form, "id"));
    if (!id) return notFound(request);
    const sent = await submitForm(form, "ZReviewAppealCreate", rc.locale, (body) =>
      rc.api.post("/reviews/:id/appeals", { params: { id }, body }),
    );
    return { appeal: { id, done: sent.ok, form: sent.ok ? sent.reply({ resetForm: true }) : sent.reply } };
  }
  if (str(form, "move") === "withdraw") {
    return moveAction(request, rc.locale, {
      form,
      forms: {},
      moves: APPEAL_MOVES,
      send: (move, body, id) => rc.api.post("/review-appeals/:id/moves/:move", { params: { id, move }, body }),
    });
  }
  return moveAction(request, rc.locale, {
    form,
    forms: REVIEW_MOVE_FORMS,
    moves: REPLY_MOVES,
    send: (move, body, id) => rc.api.post("/reviews/:id/moves/:move", { params: { id, move }, body }),
  });
}

type TAppealAnswer = { appeal: { id: number; done: boolean; form: TFormReply } };

/**
 * `/supplier/reviews`: the company's published reviews with its rating (the plain mean and the
 * count), filtered by stars; a public reply, once; an appeal with a reason and evidence, its status
 * and the moderator's answer; an appeal still pending may be withdrawn.
 */
export default function SupplierReviews({ loaderData, actionData }: Route.ComponentProps) {
  const { t, locale } = useT();
  const list = useListParams();
  const { page, rating, one } = loaderData;
  const current = list.get("rating");
  const appealAnswer = actionData && "appeal" in actionData ? (actionData as TAppealAnswer).appeal : null;
  const moveAnswer = actionData && "move" in actionData ? (actionData as TMoveReply) : null;
  const replyAnswer = moveAnswer?.move === "reply" ? (moveAnswer as TMoveReply<ReviewMove>) : null;
  const withdrawAnswer = moveAnswer?.move === "withdraw" ? (moveAnswer as TMoveReply<ReviewAppealMove>) : null;
  return (
    <section aria-labelledby="sr-title" className="stack">
      <div className="page-head">
        <h1 id="sr-title">{t("review_supplier.title")}</h1>
      </div>
      <p className="muted">{t("review_supplier.lead")}</p>
      {rating ? (
        <div data-testid="company-rating">
          <h2 className="field__label">{t("review_supplier.rating")}</h2>
          <RatingSummary rating={rating} />
        </div>
      ) : null}
      <nav className="tabs" aria-label={t("review.by_rating")}>
        {["", ...[...REVIEW_RATINGS].reverse().map(String)].map((r) => (
          <Link
            key={r || "all"}
            to={list.href({ rating: r, review: "" })}
            className={`tabs__item${current === r && !one ? " is-current" : ""}`}
            aria-current={current === r && !one ? "page" : undefined}
          >
            {r ? `${r} ★` : t("review.all_ratings")}
          </Link>
        ))}
      </nav>
      {page.items.length === 0 ? (
        <div className="empty">
          <Icon name="file" size={32} />
          <p>{t("review_supplier.empty")}</p>
        </div>
      ) : (
        <ul className="cards" data-testid="supplier-reviews">
          {page.items.map((r) => (
            <li key={r.id} className="card review" data-testid={`review-${r.id}`}>
              <div className="card__head">
                <h2 className="card__title">{r.item.name}</h2>
                <Stars rating={r.rating} />
              </div>
              <div className="review__meta">
                <span>{r.author}</span>
                <span>{formatDate(locale, r.createdAt)}</span>
                {r.excludedFromRating ? <span className="badge badge--neutral">{t("review.excluded")}</span> : null}
              </div>
              <ReviewText text={r.text} hidden={r.textHidden} />
              <ReviewPhotos photos={r.textHidden ? [] : r.photos} />
              <ReviewReply reply={r.reply} />
              <MoveForms
                moves={r.moves}
                forms={REVIEW_MOVE_FORMS}
                answer={replyAnswer}
                id={r.id}
                prefix={`rp${r.id}`}
                views={{
                  reply: {
                    label: t("review_supplier.reply_send"),
                    confirm: { summary: t("review_supplier.reply") },
                    done: t("review_supplier.replied"),
                    fields: (f) => (
                      <Field field={f.text} label={t("review_supplier.reply_text")} required>
                        {(p) => <textarea {...p} rows={3} />}
                      </Field>
                    ),
                  },
                }}
              />
              {r.appeal ? <AppealState review={r} answer={withdrawAnswer} /> : null}
              {appealAnswer?.id === r.id && appealAnswer.done ? (
                <p className="alert alert--success" role="status" data-testid="appeal-sent">
                  <Icon name="check" /> {t("review_supplier.appealed")}
                </p>
              ) : null}
              {r.canAppeal ? (
                <AppealForm review={r} answer={appealAnswer?.id === r.id && !appealAnswer.done ? appealAnswer : null} />
              ) : null}
            </li>
          ))}
        </ul>
      )}
      <Pager page={page.page} pageSize={page.pageSize} total={page.total} />
    </section>
  );
}

/** The latest appeal against a review: its status, reason, the moderator's outcome and answer; withdraw while pending. */
function AppealState({ review, answer }: { review: TReview; answer: TMoveReply<ReviewAppealMove> | null }) {
  const { t } = useT();
  const a = review.appeal;
  if (!a) return null;
  return (
    <div className="review__reply" data-testid="appeal-state">
      <p>
        {t("review_supplier.appeal_state", { status: t(`review_appeal.status.${a.status}`) })}{" "}
        <StatusBadge kind="review_appeal" status={a.status} />
      </p>
      <p className="muted">{t(`review_appeal.reason.${a.reason}`)}</p>
      {a.outcome ? (
        <p>
          <strong>{t("review_appeal.outcome_label")}:</strong> {t(`review_appeal.outcome.${a.outcome}`)}
        </p>
      ) : null}
      {a.answer ? (
        <p className="review__text" data-testid="appeal-answer">
          <strong>{t("review_appeal.answer_shown")}:</strong> {a.answer}
        </p>
      ) : null}
      <MoveForms
        inline
        small
        moves={a.moves}
        forms={REVIEW_APPEAL_MOVE_FORMS}
        answer={answer}
        id={a.id}
        prefix={`aw${a.id}`}
        views={{
          withdraw: { label: t("review_supplier.withdraw"), ghost: true, done: t("review_supplier.withdrawn") },
        }}
      />
    </div>
  );
}

/** The appeal's form: reason, text, evidence (photos or PDF), folded until asked for. */
function AppealForm({ review, answer }: { review: TReview; answer: TAppealAnswer["appeal"] | null }) {
  const { t } = useT();
  const busy = useNavigation().state !== "idle";
  const { form, fields } = useSchemaForm("ZReviewAppealCreate", { id: `ap${review.id}`, lastResult: answer?.form });
  const [files, setFiles] = useState<TUploadFile[]>([]);
  const [uploading, setUploading] = useState(false);
  return (
    <details className="record" open={Boolean(answer)} data-testid="appeal-form">
      <summary className="button button--ghost button--small">{t("review_supplier.appeal")}</summary>
      <Form method="post" className="form stack" {...form.props}>
        <input type="hidden" name="intent" value={APPEAL_INTENT} />
        <input type="hidden" name="id" value={review.id} />
        <p className="alert alert--warning">{t("review_supplier.appeal_hint")}</p>
        <FormError form={form} />
        <Field field={fields.reason} label={t("review_supplier.appeal_reason")} required>
          {(p) => (
            <select {...p}>
              <option value="" />
              {REVIEW_APPEAL_REASONS.map((reason) => (
                <option key={reason} value={reason}>
                  {t(`review_appeal.reason.${reason}`)}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field field={fields.text} label={t("review_supplier.appeal_text")} required>
          {(p) => <textarea {...p} rows={3} />}
        </Field>
        <DropZone
          field={fields.evidenceIds}
          label={t("review_supplier.appeal_evidence")}
          hint={t("review_supplier.appeal_evidence_hint")}
          value={files}
          onChange={setFiles}
          onBusyChange={setUploading}
          config={{
            params: { purpose: "document" },
            acceptedFiles: ["application/pdf", "image/jpeg", "image/png", "image/webp"],
            maxFileSize: 10_000_000,
            maxFiles: MAX_APPEAL_EVIDENCE,
            multiple: true,
          }}
        />
        <button
          type="submit"
          className="button button--danger"
          disabled={busy || uploading}
          data-testid="appeal-submit"
        >
          {t("review_supplier.appeal_send")}
        </button>
      </Form>
    </details>
  );
}
