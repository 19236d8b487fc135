import type { ReactNode } from "react";
import { Link, type ShouldRevalidateFunctionArgs, useSearchParams } from "react-router";
import { APPEAL_MOVE_FORMS, APPEAL_MOVES, APPEAL_OUTCOMES, type AppealMove } from "../../../common/appeals.ts";
import { formatDate, translate } from "../../../common/i18n.ts";
import { formatPhone, telHref } from "../../../common/phone.ts";
import { AppealDue } from "../../components/appeal-due.tsx";
import { Field, TextField } from "../../components/form.tsx";
import { Icon } from "../../components/icon.tsx";
import { MoveForms } from "../../components/move-forms.tsx";
import { StatusBadge } from "../../components/status-badge.tsx";
import { Thread } from "../../components/thread.tsx";
import { fullName } from "../../../common/person.ts";
import { useMe, useT } from "../../lib/hooks.ts";
import { threadOrMoveAction } from "../../lib/moves.server.ts";
import { orPageError, pageId } from "../../lib/page-ids.server.ts";
import { requestContext } from "../../lib/request-context.ts";
import { loadThread } from "../../lib/thread.server.ts";
import type { Route } from "./+types/ticket";

export function meta({ loaderData, location }: Route.MetaArgs) {
  const kk = location.pathname.startsWith("/kk");
  return [{ title: `${kk ? "Өтініш" : "Обращение"} № ${loaderData?.appeal.number ?? ""}` }];
}

/** The moves the akimat's staff make from this page, in the order a case goes. */
const STAFF_MOVES = [
  "take",
  "assign",
  "reassign",
  "ask_documents",
  "resume",
  "hearing_notice",
  "extend",
  "redirect",
  "answer",
  "record_withdrawal",
] as const satisfies readonly AppealMove[];

const refOf = (id: number) => ({ entityType: "appeal", entityId: id });

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const { api } = context.get(requestContext);
  const id = pageId(params.id, request);
  const appeal = await orPageError(request, () => api.get("/appeals/:id", { params: { id } }));
  const [staff, akimats, thread] = await Promise.all([
    api.get("/akimat/employees", { query: { pageSize: "100" } }),
    api.get("/public/akimats"),
    loadThread(api, refOf(id), new URL(request.url)),
  ]);
  return {
    appeal,
    thread,
    staff: staff.items.map((e) => ({ id: e.id, name: fullName(e), position: e.position })),
    akimats: akimats.items.filter((a) => a.id !== appeal.akimat.id).map((a) => ({ id: a.id, name: a.name })),
    // The answer is written in the appeal's language: its usual closing words, in that language.
    howToComplain: translate(appeal.language, "appeal.how_to_complain_default"),
  };
}

export async function action({ context, params, request }: Route.ActionArgs) {
  return threadOrMoveAction(request, context.get(requestContext), pageId(params.id, request), {
    entityType: "appeal",
    forms: APPEAL_MOVE_FORMS,
    moves: STAFF_MOVES,
    send: (api, move, body, id) => api.post("/appeals/:id/moves/:move", { params: { id, move }, body }),
  });
}

/** After every move, refused ones too: a refusal usually means someone else moved the appeal meanwhile. */
export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formMethod?.toUpperCase() === "POST" || defaultShouldRevalidate;
}

/**
 * One appeal for the akimat's staff: who wrote what and when, the files, the term in working days,
 * every step taken (extension, redirection, hearing, documents asked), the moves the caller may make
 * now (drawn from the appeal's `moves`), the conversation with the applicant and the staff's
 * internal notes, the history, the receipt.
 */
export default function Ticket({ loaderData, actionData }: Route.ComponentProps) {
  const { t, to, locale } = useT();
  const me = useMe();
  const [search] = useSearchParams();
  const { appeal: a, staff, akimats, thread, howToComplain } = loaderData;
  const moved = actionData && "move" in actionData ? actionData : null;
  const commented = actionData && "intent" in actionData ? actionData : undefined;
  const fact = (label: string, value: ReactNode, testId?: string) => (
    <>
      <dt>{label}</dt>
      <dd data-testid={testId}>{value}</dd>
    </>
  );
  const staffOptions = (
    <>
      <option value="">{t("appeal_inbox.choose_employee")}</option>
      {staff.map((s) => (
        <option key={s.id} value={s.id}>
          {s.name}
          {s.position ? ` — ${s.position}` : ""}
        </option>
      ))}
    </>
  );
  const myName = me ? fullName(me.user) : "";
  const myPosition = staff.find((s) => s.id === me?.user.id)?.position ?? "";
  return (
    <article aria-labelledby="ticket-title" className="ticket">
      <p className="print-hide">
        <Link to={to("/user/tickets")}>← {t("appeal_inbox.back")}</Link>
      </p>
      {search.get("registered") ? (
        <p className="alert alert--success" role="status" data-testid="ticket-registered">
          <Icon name="check" /> {t("appeal_inbox.registered_done", { number: a.number })}
        </p>
      ) : null}
      <div className="card__head">
        <h1 id="ticket-title">{t("appeal_inbox.number", { number: a.number })}</h1>
        <span data-testid="ticket-status">
          <StatusBadge kind="appeal" status={a.status} />
        </span>
      </div>
      <p>
        <AppealDue countdown={a.countdown} />
      </p>

      <section className="card" aria-labelledby="t-facts">
        <h2 id="t-facts" className="card__title">
          {t(`appeal.type.${a.type}`)}
          {a.subject ? ` · ${a.subject}` : ""}
        </h2>
        <p className="appeal-text" data-testid="ticket-text">
          {a.text}
        </p>
        {a.files.length ? (
          <ul className="plain-list" data-testid="ticket-files">
            {a.files.map((f) => (
              <li key={f.id}>
                <a href={f.url} target="_blank" rel="noopener noreferrer">
                  <Icon name="file" size={18} /> {f.name}
                </a>
              </li>
            ))}
          </ul>
        ) : null}
        <dl className="facts">
          {fact(
            t("appeal_inbox.registered"),
            `${formatDate(locale, a.registeredAt, true)} · ${t(`appeal.channel.${a.channel}`)}`,
          )}
          {a.receivedBy ? fact(t("appeal_inbox.received_by"), a.receivedBy.name) : null}
          {fact(t("appeal_inbox.language"), t(`lang.name.${a.language}`))}
          {a.cemetery ? fact(t("appeal_inbox.cemetery"), a.cemetery.name) : null}
          {fact(
            t("appeal_inbox.assignee"),
            a.assignee?.name ?? t("appeal_inbox.filters.unassigned"),
            "ticket-assignee",
          )}
          {a.redirectedFrom ? fact(t("appeal_inbox.redirected_from"), a.redirectedFrom.number) : null}
        </dl>
        <p className="print-hide">
          <a
            href={`/api/v1/appeals/${a.id}/receipt.pdf`}
            target="_blank"
            rel="noopener noreferrer"
            data-testid="receipt"
          >
            <Icon name="file" size={18} /> {t("appeal_inbox.receipt")}
          </a>
        </p>
      </section>

      <section className="card" aria-labelledby="t-applicant">
        <h2 id="t-applicant" className="card__title">
          {t("appeal_inbox.applicant")}
        </h2>
        <dl className="facts">
          {fact(t("appeal_inbox.applicant_name"), a.applicant.name)}
          {a.applicant.org ? fact(t("appeal_inbox.applicant_org"), a.applicant.org) : null}
          {fact(
            t("common.phone"),
            <a href={telHref(a.applicant.phone)} className="phone">
              {formatPhone(a.applicant.phone)}
            </a>,
          )}
          {a.applicant.iin ? fact(t("appeal_inbox.oral.iin"), a.applicant.iin) : null}
          {a.applicant.address ? fact(t("appeal_inbox.oral.address"), a.applicant.address) : null}
        </dl>
      </section>

      {a.extension || a.documentsRequest || a.hearing || a.redirect || a.answer || a.withdrawal ? (
        <section className="card" aria-labelledby="t-steps" data-testid="ticket-steps">
          <h2 id="t-steps" className="card__title">
            {t("appeal_inbox.steps")}
          </h2>
          <dl className="facts facts--stacked">
            {a.extension
              ? fact(
                  t("appeal_inbox.extended"),
                  t("appeal_inbox.extended_text", {
                    date: formatDate(locale, a.extension.until),
                    reason: a.extension.reason,
                  }),
                )
              : null}
            {a.documentsRequest ? fact(t("appeal_inbox.documents_request"), a.documentsRequest.text) : null}
            {a.hearing
              ? fact(
                  t("appeal_inbox.hearing"),
                  `${formatDate(locale, a.hearing.date)}${a.hearing.time ? ` ${a.hearing.time}` : ""}${a.hearing.place ? `, ${a.hearing.place}` : ""} — ${a.hearing.proposal}`,
                )
              : null}
            {a.redirect
              ? fact(
                  t("appeal_inbox.redirected"),
                  `${a.redirect.toAkimat?.name ?? a.redirect.toBody ?? ""} — ${a.redirect.reason}`,
                )
              : null}
            {a.answer ? (
              <>
                {fact(t("appeal_inbox.answer.outcome"), t(`appeal.outcome.${a.answer.outcome}`), "ticket-outcome")}
                {fact(t("appeal_inbox.answer.facts"), a.answer.facts)}
                {fact(t("appeal_inbox.answer.grounds"), a.answer.grounds)}
                {fact(t("appeal_inbox.answer.actions"), a.answer.actions)}
                {fact(t("appeal_inbox.answer.how_to_complain"), a.answer.howToComplain)}
                {fact(t("appeal_inbox.answer.signatory"), `${a.answer.signatoryName}, ${a.answer.signatoryPosition}`)}
              </>
            ) : null}
            {a.withdrawal
              ? fact(t("appeal_inbox.withdrawn"), a.withdrawal.reason ?? t("appeal_inbox.no_reason"))
              : null}
          </dl>
        </section>
      ) : null}

      <section className="card print-hide" aria-labelledby="t-actions" data-testid="ticket-actions">
        <h2 id="t-actions" className="card__title">
          {t("appeal_inbox.actions")}
        </h2>
        <MoveForms
          moves={a.moves}
          forms={APPEAL_MOVE_FORMS}
          answer={moved}
          prefix="tk"
          empty={t("appeal_inbox.no_actions")}
          views={{
            take: {
              label: t("appeal.move.take"),
              done: t("appeal_inbox.done.take"),
              hint: t("appeal_inbox.hint.take"),
            },
            assign: {
              label: t("appeal.move.assign"),
              done: t("appeal_inbox.done.assign"),
              fields: (f) => (
                <Field field={f.assigneeId} label={t("appeal_inbox.assignee")} required>
                  {(p) => <select {...p}>{staffOptions}</select>}
                </Field>
              ),
            },
            reassign: {
              label: t("appeal.move.reassign"),
              ghost: true,
              confirm: { summary: t("appeal.move.reassign") },
              done: t("appeal_inbox.done.assign"),
              fields: (f) => (
                <Field field={f.assigneeId} label={t("appeal_inbox.assignee")} required>
                  {(p) => <select {...p}>{staffOptions}</select>}
                </Field>
              ),
            },
            ask_documents: {
              label: t("appeal_inbox.send"),
              confirm: { summary: t("appeal.move.ask_documents") },
              done: t("appeal_inbox.done.ask_documents"),
              fields: (f) => (
                <Field
                  field={f.request}
                  label={t("appeal_inbox.documents_request")}
                  hint={t("appeal_inbox.hint.ask")}
                  required
                >
                  {(p) => <textarea {...p} rows={3} />}
                </Field>
              ),
            },
            resume: { label: t("appeal.move.resume"), ghost: true, done: t("appeal_inbox.done.resume") },
            hearing_notice: {
              label: t("appeal_inbox.send"),
              confirm: { summary: t("appeal.move.hearing_notice"), warning: t("appeal_inbox.hint.hearing") },
              done: t("appeal_inbox.done.hearing_notice"),
              fields: (f) => (
                <>
                  <Field field={f.proposal} label={t("appeal_inbox.hearing_proposal")} required>
                    {(p) => <textarea {...p} rows={3} />}
                  </Field>
                  <div className="form__row">
                    <TextField field={f.hearingDate} label={t("appeal_inbox.hearing_date")} type="date" required />
                    <TextField field={f.hearingTime} label={t("appeal_inbox.hearing_time")} type="time" />
                  </div>
                  <TextField field={f.place} label={t("appeal_inbox.hearing_place")} />
                </>
              ),
            },
            extend: {
              label: t("appeal.move.extend"),
              confirm: { summary: t("appeal.move.extend"), warning: t("appeal_inbox.hint.extend") },
              done: t("appeal_inbox.done.extend"),
              fields: (f) => (
                <>
                  <TextField field={f.until} label={t("appeal_inbox.extend_until")} type="date" required />
                  <Field field={f.reason} label={t("appeal_inbox.reason")} required>
                    {(p) => <textarea {...p} rows={2} />}
                  </Field>
                </>
              ),
            },
            redirect: {
              label: t("appeal.move.redirect"),
              ghost: true,
              confirm: { summary: t("appeal.move.redirect"), warning: t("appeal_inbox.hint.redirect") },
              done: t("appeal_inbox.done.redirect"),
              fields: (f) => (
                <>
                  <Field field={f.toAkimatId} label={t("appeal_inbox.redirect_akimat")}>
                    {(p) => (
                      <select {...p}>
                        <option value="">{t("appeal_inbox.redirect_outside")}</option>
                        {akimats.map((k) => (
                          <option key={k.id} value={k.id}>
                            {k.name}
                          </option>
                        ))}
                      </select>
                    )}
                  </Field>
                  <TextField
                    field={f.toBody}
                    label={t("appeal_inbox.redirect_body")}
                    hint={t("appeal_inbox.redirect_body_hint")}
                  />
                  <Field field={f.reason} label={t("appeal_inbox.reason")} required>
                    {(p) => <textarea {...p} rows={2} />}
                  </Field>
                </>
              ),
            },
            answer: {
              label: t("appeal_inbox.answer.send"),
              confirm: {
                summary: t("appeal.move.answer"),
                warning: t("appeal_inbox.hint.answer", { language: t(`lang.name.${a.language}`) }),
              },
              done: t("appeal_inbox.done.answer"),
              fields: (f) => (
                <>
                  <fieldset className="choice">
                    <legend className="field__label">{t("appeal_inbox.answer.outcome")}</legend>
                    {APPEAL_OUTCOMES.map((o) => (
                      <label key={o} className="choice__option">
                        <input
                          type="radio"
                          name={f.outcome.name}
                          value={o}
                          defaultChecked={f.outcome.defaultValue === o}
                        />{" "}
                        {t(`appeal.outcome.${o}`)}
                      </label>
                    ))}
                    {f.outcome.errors ? (
                      <p className="field__error" role="alert" id={f.outcome.errorId}>
                        {f.outcome.errors[0]}
                      </p>
                    ) : null}
                  </fieldset>
                  <Field field={f.facts} label={t("appeal_inbox.answer.facts")} required>
                    {(p) => <textarea {...p} rows={3} />}
                  </Field>
                  <Field field={f.grounds} label={t("appeal_inbox.answer.grounds")} required>
                    {(p) => <textarea {...p} rows={2} />}
                  </Field>
                  <Field field={f.actions} label={t("appeal_inbox.answer.actions")} required>
                    {(p) => <textarea {...p} rows={2} />}
                  </Field>
                  <Field field={f.howToComplain} label={t("appeal_inbox.answer.how_to_complain")} required>
                    {(p) => <textarea {...p} rows={2} defaultValue={p.defaultValue ?? howToComplain} />}
                  </Field>
                  <div className="form__row">
                    <Field field={f.signatoryName} label={t("appeal_inbox.answer.signatory_name")} required>
                      {(p) => <input {...p} defaultValue={p.defaultValue ?? myName} />}
                    </Field>
                    <Field field={f.signatoryPosition} label={t("appeal_inbox.answer.signatory_position")} required>
                      {(p) => <input {...p} defaultValue={p.defaultValue ?? myPosition} />}
                    </Field>
                  </div>
                </>
              ),
            },
            record_withdrawal: {
              label: t("appeal_inbox.record_withdrawal_yes"),
              danger: true,
              confirm: { summary: t("appeal.move.record_withdrawal") },
              done: t("appeal_inbox.done.record_withdrawal"),
              fields: (f) => (
                <Field field={f.reason} label={t("appeal_inbox.withdrawal_how")} required>
                  {(p) => <textarea {...p} rows={2} />}
                </Field>
              ),
            },
          }}
        />
      </section>

      <Thread thread={thread} entityType="appeal" entityId={a.id} pageReply={commented} />

      <section className="card" aria-labelledby="t-history" data-testid="ticket-history">
        <h2 id="t-history" className="card__title">
          {t("appeal_inbox.history")}
        </h2>
        <ol className="history">
          {a.history.map((h, i) => (
            <li key={`${h.at}-${i}`}>
              <time dateTime={h.at}>{formatDate(locale, h.at, true)}</time> ·{" "}
              {h.action === "create"
                ? t("appeal_inbox.history_create")
                : APPEAL_MOVES.some((m) => m === h.action)
                  ? t(`appeal.move.${h.action}`)
                  : t(`appeal_inbox.history_timer.${h.action}`)}
              {h.to && h.to !== h.from ? ` → ${t(`appeal.status.${h.to}`)}` : ""}
              {h.reason ? ` — ${h.reason}` : ""}
            </li>
          ))}
        </ol>
      </section>
    </article>
  );
}
