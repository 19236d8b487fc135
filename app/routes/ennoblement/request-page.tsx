import { useState } from "react";
import { Form, Link, useLocation } from "react-router";
import type { TUploadFile } from "../../../common/api-types.ts";
import {
  CARE_MOVE_FORMS,
  type CareMove,
  PERMIT_MOVE_FORMS,
  PERMIT_REFUSE_REASONS,
  type PermitMove,
} from "../../../common/ennoblement.ts";
import type { TPermit } from "../../../common/ennoblement-schemas.ts";
import { formatDate } from "../../../common/i18n.ts";
import { formatPhone } from "../../../common/phone.ts";
import { CareHistory, CareLines, CarePhotos, GraveFacts, PermitFacts } from "../../components/care.tsx";
import { Field, TextField } from "../../components/form.tsx";
import { Icon } from "../../components/icon.tsx";
import { LazyDropZone as DropZone } from "../../components/lazy-drop-zone.tsx";
import { MoveForms, type TMoveReply } from "../../components/move-forms.tsx";
import { StatusBadge } from "../../components/status-badge.tsx";
import { Thread } from "../../components/thread.tsx";
import { str, submitAction } from "../../lib/form.server.ts";
import { formMessage } from "../../lib/form.ts";
import { useT } from "../../lib/hooks.ts";
import { moveAction } from "../../lib/moves.server.ts";
import { orPageError, pageId } from "../../lib/page-ids.server.ts";
import { redirectTo } from "../../lib/redirect.server.ts";
import { requestContext } from "../../lib/request-context.ts";
import { THREAD_INTENT } from "../../../common/threads.ts";
import { loadThread, threadAction, type TThreadActionData } from "../../lib/thread.server.ts";
import type { Route } from "./+types/request-page";

export function meta({ data: d, location }: Route.MetaArgs) {
  const kk = location.pathname.startsWith("/kk");
  return [{ title: `${kk ? "Абаттандыру" : "Благоустройство"} № ${d?.r.number ?? ""}` }];
}

/** The request's conversation: registered by the ennoblement module as `care_request`. */
const threadOf = (id: number) => ({ entityType: "care_request", entityId: id });

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const { api } = context.get(requestContext);
  const id = pageId(params.id, request);
  const [r, thread] = await orPageError(request, () =>
    Promise.all([
      api.get("/care/requests/:id", { params: { id } }),
      loadThread(api, threadOf(id), new URL(request.url)),
    ]),
  );
  const paid = new URL(request.url).searchParams.get("paid");
  return { r, thread, paid };
}

/** The moves drawn here: the cemetery's and the family's (the API gives each reader theirs). */
const CARE_MOVES_DRAWN = [
  "accept",
  "record_payment",
  "schedule",
  "complete",
  "redo",
  "close",
  "reject",
  "confirm",
  "dispute",
  "cancel",
] as const satisfies readonly CareMove[];
const PERMIT_MOVES_DRAWN = ["issue", "refuse"] as const satisfies readonly PermitMove[];
const PAY_INTENT = "pay";

/** A message in the thread, paying online, a move of the request, or of one of its permits (`of=permit`). */
export async function action({ context, params, request }: Route.ActionArgs) {
  const rc = context.get(requestContext);
  const id = pageId(params.id, request);
  const form = await request.formData();
  const intent = str(form, "intent");
  if (intent === THREAD_INTENT) return threadAction(rc, form, threadOf(id));
  if (intent === PAY_INTENT) {
    const sent = await submitAction(() => rc.api.post("/care/requests/:id/payments", { params: { id } }));
    if (sent.ok) return redirectTo(sent.value.redirectUrl);
    return { intent: PAY_INTENT, form: sent.reply };
  }
  if (str(form, "of") === "permit") {
    return moveAction(request, rc.locale, {
      form,
      of: "permit",
      forms: PERMIT_MOVE_FORMS,
      moves: PERMIT_MOVES_DRAWN,
      send: (move, body, permitId) =>
        rc.api.post("/care/permits/:id/moves/:move", { params: { id: permitId, move }, body }),
    });
  }
  return moveAction(request, rc.locale, {
    form,
    id,
    forms: CARE_MOVE_FORMS,
    moves: CARE_MOVES_DRAWN,
    send: (move, body) => rc.api.post("/care/requests/:id/moves/:move", { params: { id, move }, body }),
  });
}

/**
 * One care request — `/manager/ennoblement/:id` for the cemetery's staff, `/client/tickets/ennoblement/:id`
 * for the family: the grave and its place, the works and the photos sent, the price from the
 * cemetery's list, the payment (online for the family), the permits of its installations (the
 * staff issue or refuse them here), the day, the photos before and after, each side's moves, the
 * history and the conversation.
 */
export default function CareRequestPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t, to, locale } = useT();
  const { r, thread, paid } = loaderData;
  const staffSide = useLocation().pathname.includes("/manager/");
  const threadReply =
    actionData && "intent" in actionData && actionData.intent === THREAD_INTENT
      ? (actionData as TThreadActionData)
      : undefined;
  const payReply = actionData && "intent" in actionData && actionData.intent === PAY_INTENT ? actionData : undefined;
  const reply = actionData && "move" in actionData ? (actionData as TMoveReply) : undefined;
  const careReply = reply && reply.of !== "permit" ? (reply as TMoveReply<(typeof CARE_MOVES_DRAWN)[number]>) : null;
  const [before, setBefore] = useState<TUploadFile[]>([]);
  const [after, setAfter] = useState<TUploadFile[]>([]);
  return (
    <section aria-labelledby="care-title" className="care-page">
      <p>
        <Link to={to(staffSide ? "/manager/ennoblement" : "/client/tickets/active")}>
          ← {t(staffSide ? "care_screen.back_staff" : "care_screen.back_family")}
        </Link>
      </p>
      <h1 id="care-title">
        {t("care_screen.number", { number: r.number })} <StatusBadge kind="care_request" status={r.status} />
      </h1>
      {paid === "1" ? (
        <p className="alert alert--success" role="status" data-testid="care-paid-back">
          <Icon name="check" /> {t("care_screen.paid_back")}
        </p>
      ) : null}
      <CareNotices />

      <MoveForms
        moves={r.moves}
        forms={CARE_MOVE_FORMS}
        answer={careReply}
        prefix="care"
        views={{
          accept: {
            label: t("care_screen.move.accept"),
            icon: "check",
            hint: t("care_screen.accept_hint"),
            done: t("care_screen.done.accept"),
          },
          schedule: {
            label: t("care_screen.move.schedule"),
            done: t("care_screen.done.schedule"),
            fields: (f) => <TextField field={f.date} type="date" label={t("care_screen.date")} />,
          },
          complete: {
            label: t("care_screen.move.complete"),
            icon: "check",
            hint: t("care_screen.complete_hint"),
            done: t("care_screen.done.complete"),
            fields: (f) => (
              <>
                <DropZone
                  field={f.beforeIds}
                  label={t("care_screen.photos_before")}
                  value={before}
                  onChange={setBefore}
                  config={{ params: { purpose: "photo" }, maxFiles: 10, multiple: true }}
                />
                <DropZone
                  field={f.afterIds}
                  label={t("care_screen.photos_after")}
                  value={after}
                  onChange={setAfter}
                  config={{ params: { purpose: "photo" }, maxFiles: 10, multiple: true }}
                />
                <Field field={f.note} label={t("care_screen.done_note")}>
                  {(p) => <textarea {...p} rows={2} maxLength={1000} />}
                </Field>
              </>
            ),
          },
          record_payment: {
            label: t("care_screen.move.record_payment"),
            ghost: true,
            confirm: { summary: t("care_screen.move.record_payment") },
            done: t("care_screen.done.record_payment"),
            fields: (f) => <TextField field={f.paymentRef} label={t("care_screen.payment_ref")} />,
          },
          redo: {
            label: t("care_screen.move.redo"),
            confirm: { summary: t("care_screen.move.redo"), warning: t("care_screen.redo_hint") },
            done: t("care_screen.done.schedule"),
            fields: (f) => <TextField field={f.date} type="date" label={t("care_screen.date")} />,
          },
          close: {
            label: t("care_screen.move.close"),
            ghost: true,
            confirm: { summary: t("care_screen.move.close") },
            done: t("care_screen.done.close"),
            fields: (f) => (
              <Field field={f.answer} label={t("care_screen.close_answer")}>
                {(p) => <textarea {...p} rows={3} maxLength={2000} />}
              </Field>
            ),
          },
          reject: {
            label: t("care_screen.move.reject"),
            danger: true,
            confirm: { summary: t("care_screen.move.reject"), warning: t("care_screen.reject_warning") },
            done: t("care_screen.done.reject"),
            fields: (f) => (
              <Field field={f.reason} label={t("care_screen.reject_reason")}>
                {(p) => <textarea {...p} rows={2} maxLength={1000} />}
              </Field>
            ),
          },
          confirm: {
            label: t("care_screen.move.confirm"),
            icon: "check",
            hint: t("care_screen.confirm_hint"),
            done: t("care_screen.done.confirm"),
          },
          dispute: {
            label: t("care_screen.move.dispute"),
            ghost: true,
            confirm: { summary: t("care_screen.move.dispute"), warning: t("care_screen.dispute_hint") },
            done: t("care_screen.done.dispute"),
            fields: (f) => (
              <Field field={f.text} label={t("care_screen.dispute_text")}>
                {(p) => <textarea {...p} rows={3} maxLength={2000} />}
              </Field>
            ),
          },
          cancel: {
            label: t("care_screen.move.cancel"),
            danger: true,
            confirm: { summary: t("care_screen.move.cancel"), warning: t("care_screen.cancel_warning") },
            done: t("care_screen.done.cancel"),
          },
        }}
      />

      {r.canPayOnline ? (
        <Form method="post" className="card" data-testid="care-pay">
          <input type="hidden" name="intent" value={PAY_INTENT} />
          <p>{t("care_screen.pay_hint")}</p>
          {payReply ? (
            <p className="alert alert--error" role="alert">
              {formMessage(payReply.form)}
            </p>
          ) : null}
          <button type="submit" className="button" data-testid="care-pay-online">
            <Icon name="check" /> {t("care_screen.pay_online")}
          </button>
        </Form>
      ) : null}

      <section className="card" aria-labelledby="care-facts-title">
        <h2 id="care-facts-title" className="card__title">
          {t("care_screen.facts_title")}
        </h2>
        <dl className="facts" data-testid="care-facts">
          <GraveFacts grave={r.grave} />
          {r.family ? (
            <>
              <dt>{t("care_screen.family")}</dt>
              <dd>
                {r.family.name} · <a href={`tel:${r.family.phone}`}>{formatPhone(r.family.phone)}</a>
              </dd>
            </>
          ) : null}
          <dt>{t("care_screen.kinds")}</dt>
          <dd data-testid="care-kinds">{r.kinds.map((k) => t(`care.kind.${k}`)).join(", ")}</dd>
          {r.comment ? (
            <>
              <dt>{t("care_screen.comment")}</dt>
              <dd className="pre-line">{r.comment}</dd>
            </>
          ) : null}
          <dt>{t("care_screen.payment")}</dt>
          <dd>
            <StatusBadge kind="care_payment" status={r.paymentStatus} />
            {r.paidVia ? ` (${t(`care.paid_via.${r.paidVia}`)}${r.paymentRef ? `, ${r.paymentRef}` : ""})` : ""}
          </dd>
          {r.scheduledDate ? (
            <>
              <dt>{t("care_screen.date")}</dt>
              <dd data-testid="care-date">{formatDate(locale, r.scheduledDate)}</dd>
            </>
          ) : null}
          {r.answerBy ? (
            <>
              <dt>{t("care_screen.answer_by")}</dt>
              <dd>{formatDate(locale, r.answerBy)}</dd>
            </>
          ) : null}
          <dt>{t("care_screen.ordered")}</dt>
          <dd>{formatDate(locale, r.createdAt, true)}</dd>
        </dl>
        <CareLines r={r} />
        <CarePhotos files={r.photos} label={t("care_screen.photos_family")} testId="care-photos-family" />
        <CarePhotos files={r.before} label={t("care_screen.photos_before")} testId="care-photos-before" />
        <CarePhotos files={r.after} label={t("care_screen.photos_after")} testId="care-photos-after" />
      </section>

      {r.permits.length ? (
        <section className="card" aria-labelledby="care-permits-title">
          <h2 id="care-permits-title" className="card__title">
            {t("care_screen.permits_title")}
          </h2>
          {r.permits.map((p) => (
            <PermitBlock key={p.id} p={p} reply={reply?.of === "permit" ? reply : undefined} />
          ))}
        </section>
      ) : null}

      <CareHistory r={r} />
      <Thread
        thread={thread}
        entityType="care_request"
        entityId={r.id}
        pageReply={threadReply}
        words="care_screen.thread"
      />
    </section>
  );

  /** The request's end, its dispute and the cemetery's answer, said plainly. */
  function CareNotices() {
    return (
      <>
        {r.rejectReason ? (
          <div className="alert" role="status" data-testid="care-rejected">
            <Icon name="info" />
            <p>
              {t("care_screen.rejected")}
              <span className="history__reason">{r.rejectReason}</span>
            </p>
          </div>
        ) : null}
        {r.disputedAt ? (
          <div className="alert alert--warning" role="status" data-testid="care-dispute">
            <Icon name="alert" />
            <p>
              {t("care_screen.disputed", { date: formatDate(locale, r.disputedAt, true) })}
              <span className="history__reason">{r.disputeText}</span>
            </p>
          </div>
        ) : null}
        {r.closeAnswer ? (
          <p className="alert" role="status" data-testid="care-closed">
            {t("care_screen.closed_answer")} {r.closeAnswer}
          </p>
        ) : null}
        {r.confirmedAt ? (
          <p className="alert alert--success" role="status" data-testid="care-confirmed">
            <Icon name="check" /> {t("care_screen.confirmed", { date: formatDate(locale, r.confirmedAt, true) })}
          </p>
        ) : null}
      </>
    );
  }
}

/** A permit of the request, with the staff's decision on it. */
function PermitBlock({ p, reply }: { p: TPermit; reply: TMoveReply | undefined }) {
  return (
    <div className="stack" data-testid={`permit-${p.id}`}>
      <PermitFacts p={p} />
      <PermitMoves p={p} reply={reply} />
    </div>
  );
}

/** Issue or refuse a permit (the cemetery's staff): shared with the permit's own page. */
export function PermitMoves({ p, reply }: { p: TPermit; reply: TMoveReply | undefined }) {
  const { t } = useT();
  return (
    <MoveForms
      moves={p.moves}
      forms={PERMIT_MOVE_FORMS}
      answer={reply as TMoveReply<(typeof PERMIT_MOVES_DRAWN)[number]> | undefined}
      id={p.id}
      of="permit"
      prefix={`permit-${p.id}`}
      views={{
        issue: {
          label: t("care_screen.move.issue"),
          icon: "check",
          hint: t("care_screen.issue_hint"),
          done: t("care_screen.done.issue"),
        },
        refuse: {
          label: t("care_screen.move.refuse"),
          danger: true,
          confirm: { summary: t("care_screen.move.refuse") },
          done: t("care_screen.done.refuse"),
          fields: (f) => (
            <>
              <Field field={f.reason} label={t("care_screen.refuse_reason")}>
                {(props) => (
                  <select {...props}>
                    <option value="">—</option>
                    {PERMIT_REFUSE_REASONS.map((x) => (
                      <option key={x} value={x}>
                        {t(`permit.refuse_reason.${x}`)}
                      </option>
                    ))}
                  </select>
                )}
              </Field>
              <Field field={f.comment} label={t("care_screen.refuse_comment")}>
                {(props) => <textarea {...props} rows={2} maxLength={1000} />}
              </Field>
            </>
          ),
        },
      }}
    />
  );
}
