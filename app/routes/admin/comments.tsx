import { Form, Link, useNavigation } from "react-router";
import { REVIEW_MOVE_FORMS, REVIEW_REJECT_REASONS, REVIEW_STATUSES, type ReviewMove } from "../../../common/reviews.ts";
import { FieldMessage } from "../../components/field-message.tsx";
import { Field, FormError } from "../../components/form.tsx";
import { Icon } from "../../components/icon.tsx";
import { MoveForms } from "../../components/move-forms.tsx";
import { ReviewCard } from "../../components/review-card.tsx";
import { Pager } from "../../components/pager.tsx";
import { str, submitForm } from "../../lib/form.server.ts";
import { useSchemaForm } from "../../lib/form.ts";
import { useT } from "../../lib/hooks.ts";
import { listParams, useListParams } from "../../lib/list.ts";
import { moveAction } from "../../lib/moves.server.ts";
import { requestContext } from "../../lib/request-context.ts";
import { ratingFilter } from "../../lib/reviews.server.ts";
import type { Route } from "./+types/comments";

export function meta({ location }: Route.MetaArgs) {
  return [{ title: location.pathname.startsWith("/kk") ? "Пікірлер" : "Отзывы" }];
}

/** The queue: pending reviews, oldest first, unless another status is asked for. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const asked = url.searchParams.get("status");
  const status = REVIEW_STATUSES.find((s) => s === asked) ?? "pending";
  const page = await context.get(requestContext).api.get("/reviews", {
    query: {
      ...listParams(url),
      sort: status === "pending" ? "createdAt" : "-createdAt",
      status,
      rating: ratingFilter(url),
    },
  });
  return { page, status };
}

const ADMIN_MOVES = ["approve", "reject"] as const satisfies readonly ReviewMove[];
const BULK = "bulk-approve";

export async function action({ context, request }: Route.ActionArgs) {
  const rc = context.get(requestContext);
  const form = await request.formData();
  if (str(form, "intent") === BULK) {
    const sent = await submitForm(form, "ZReviewBulkApprove", rc.locale, (body) =>
      rc.api.post("/reviews/approve", { body }),
    );
    return {
      bulk: sent.ok ? sent.value.approved.length : null,
      form: sent.ok ? sent.reply({ resetForm: true }) : sent.reply,
    };
  }
  return moveAction(request, rc.locale, {
    form,
    forms: REVIEW_MOVE_FORMS,
    moves: ADMIN_MOVES,
    send: (move, body, id) => rc.api.post("/reviews/:id/moves/:move", { params: { id, move }, body }),
  });
}

/**
 * `/admin/comments`: the moderator's queue of reviews (pending, oldest first; the other statuses
 * by tab), each with its item, company, stars, text and photos; publish one, or many at once by
 * their checkboxes, or reject with a reason code (and a kind word to the author).
 */
export default function Comments({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useT();
  const list = useListParams();
  const busy = useNavigation().state !== "idle";
  const { page, status } = loaderData;
  const bulkAnswer = actionData && "bulk" in actionData ? actionData : null;
  const moveAnswer = actionData && "move" in actionData ? actionData : null;
  const { form, fields } = useSchemaForm("ZReviewBulkApprove", { id: "bulk", lastResult: bulkAnswer?.form });
  const bulkable = status === "pending" && page.items.length > 1;
  return (
    <section aria-labelledby="c-title" className="stack">
      <div className="page-head">
        <h1 id="c-title">{t("review_admin.title")}</h1>
      </div>
      <p className="muted">{t("review_admin.lead")}</p>
      <nav className="tabs" aria-label={t("review.by_status")}>
        {REVIEW_STATUSES.map((s) => (
          <Link
            key={s}
            to={list.href({ status: s === "pending" ? "" : s, rating: "" })}
            className={`tabs__item${status === s ? " is-current" : ""}`}
            aria-current={status === s ? "page" : undefined}
          >
            {t(`review.status.${s}`)}
          </Link>
        ))}
      </nav>
      {moveAnswer?.done ? (
        // The review has left the queue it was in: what was done is said here.
        <p className="alert alert--success" role="status" data-testid="review-moved">
          <Icon name="check" /> {t(moveAnswer.move === "approve" ? "review_admin.approved" : "review_admin.rejected")}
        </p>
      ) : null}
      {bulkAnswer?.bulk ? (
        <p className="alert alert--success" role="status" data-testid="bulk-done">
          <Icon name="check" /> {t("review_admin.bulk_done", { count: bulkAnswer.bulk })}
        </p>
      ) : null}
      {page.items.length === 0 ? (
        <div className="empty">
          <Icon name="check" size={32} />
          <p>{t("review_admin.empty")}</p>
        </div>
      ) : (
        <ul className="cards" data-testid="review-queue">
          {page.items.map((r) => (
            <ReviewCard key={r.id} review={r} testId={`review-${r.id}`} staff>
              {bulkable ? (
                <label className="check">
                  <input type="checkbox" name="ids" value={r.id} form={BULK} data-testid={`select-${r.id}`} />
                  {t("review_admin.select", { n: r.id })}
                </label>
              ) : null}
              <MoveForms
                inline
                small
                moves={r.moves}
                forms={REVIEW_MOVE_FORMS}
                answer={moveAnswer?.done ? null : moveAnswer}
                id={r.id}
                prefix={`r${r.id}`}
                views={{
                  approve: { label: t("review_admin.approve"), icon: "check", done: t("review_admin.approved") },
                  reject: {
                    label: t("review_admin.reject_confirm"),
                    danger: true,
                    confirm: { summary: t("review_admin.reject") },
                    done: t("review_admin.rejected"),
                    fields: (f) => (
                      <>
                        <Field field={f.reason} label={t("review_admin.reject_reason")} required>
                          {(p) => (
                            <select {...p}>
                              <option value="" />
                              {REVIEW_REJECT_REASONS.map((reason) => (
                                <option key={reason} value={reason}>
                                  {t(`review.reject_reason.${reason}`)}
                                </option>
                              ))}
                            </select>
                          )}
                        </Field>
                        <Field field={f.comment} label={t("review_admin.reject_comment")}>
                          {(p) => <textarea {...p} rows={2} />}
                        </Field>
                      </>
                    ),
                  },
                }}
              />
            </ReviewCard>
          ))}
        </ul>
      )}
      {bulkable ? (
        <Form method="post" id={BULK} className="form" {...form.props}>
          <input type="hidden" name="intent" value={BULK} />
          <FormError form={form} />
          <FieldMessage field={fields.ids} />
          <button type="submit" className="button" disabled={busy} data-testid="approve-selected">
            <Icon name="check" /> {t("review_admin.approve_selected")}
          </button>
        </Form>
      ) : null}
      <Pager page={page.page} pageSize={page.pageSize} total={page.total} />
    </section>
  );
}
