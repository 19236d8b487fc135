import { useState } from "react";
import { Link, useLocation } from "react-router";
import type { TAppeal } from "../../../common/appeal-schemas.ts";
import {
  APPEAL_LIMITS,
  APPEAL_MOVE_FORMS,
  APPEAL_MOVES,
  type AppealMove,
  isOpenAppeal,
} from "../../../common/appeals.ts";
import type { TUploadFile } from "../../../common/api-types.ts";
import { formatDate } from "../../../common/i18n.ts";
import { AppealCountdown } from "../../components/appeal.tsx";
import { Field } from "../../components/form.tsx";
import { Icon } from "../../components/icon.tsx";
import { LazyDropZone as DropZone } from "../../components/lazy-drop-zone.tsx";
import { MoveForms, type TMoveReply } from "../../components/move-forms.tsx";
import { StatusBadge } from "../../components/status-badge.tsx";
import { Thread } from "../../components/thread.tsx";
import { appealArea, appealPages, appealReceiptUrl } from "../../lib/appeal-area.ts";
import type { TFieldMeta } from "../../lib/form.ts";
import { useT } from "../../lib/hooks.ts";
import { threadOrMoveAction } from "../../lib/moves.server.ts";
import { orPageError, pageId } from "../../lib/page-ids.server.ts";
import { requestContext } from "../../lib/request-context.ts";
import { loadThread, type TThreadActionData } from "../../lib/thread.server.ts";
import type { Route } from "./+types/appeal-item";

export function meta({ data: d, location }: Route.MetaArgs) {
  const kk = location.pathname.startsWith("/kk");
  return [{ title: `${kk ? "Өтініш" : "Обращение"} № ${d?.appeal.number ?? ""}` }];
}

/** The appeal's thread: registered by the appeals module as `appeal`. */
const threadOf = (id: number) => ({ entityType: "appeal", entityId: id });

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const { api } = context.get(requestContext);
  const id = pageId(params.id, request);
  const [appeal, thread] = await orPageError(request, () =>
    Promise.all([api.get("/appeals/:id", { params: { id } }), loadThread(api, threadOf(id), new URL(request.url))]),
  );
  return { appeal, thread };
}

/** The applicant's moves made from this page (the staff's are the akimat's screens'). */
const APPLICANT_MOVES = ["withdraw", "add_documents"] as const satisfies readonly AppealMove[];

/** A message in the thread (`intent=comment`), or one of the applicant's moves. */
export async function action({ context, params, request }: Route.ActionArgs) {
  return threadOrMoveAction(request, context.get(requestContext), pageId(params.id, request), {
    entityType: "appeal",
    forms: APPEAL_MOVE_FORMS,
    moves: APPLICANT_MOVES,
    send: (api, move, body, id) => api.post("/appeals/:id/moves/:move", { params: { id, move }, body }),
  });
}

/** History entries the applicant reads (comments are the thread's; an action of a later version is left out). */
const SHOWN_ACTIONS = new Set<string>(["create", ...APPEAL_MOVES]);

/**
 * `/client/goverment/requests/:id` and `/supplier/goverment/requests/:id`: one of the applicant's
 * appeals — number, status, the countdown to its due day in working days, what the akimat told
 * (an extension, a redirection, a hearing, a request for documents with the form to add them, the
 * answer), the facts, text and files, the receipt, withdrawal until the decision, the history, and
 * the conversation with the akimat (the API never gives the applicant the staff's internal notes).
 */
export default function AppealItem({ loaderData, actionData }: Route.ComponentProps) {
  const { t, to, locale } = useT();
  const { appeal: a, thread } = loaderData;
  const pages = appealPages(appealArea(useLocation().pathname));
  const threadReply = actionData && "intent" in actionData ? (actionData as TThreadActionData) : undefined;
  const moveReply =
    actionData && "move" in actionData ? (actionData as TMoveReply<(typeof APPLICANT_MOVES)[number]>) : undefined;
  const isOpen = isOpenAppeal(a.status);
  const docsReply = moveReply?.move === "add_documents" ? moveReply : null;
  const withdrawReply = moveReply?.move === "withdraw" ? moveReply : null;
  return (
    <section aria-labelledby="appeal-title" className="appeal-page appeal-item">
      <p>
        <Link to={to(pages.list)}>← {t("appeals_screen.item.back")}</Link>
      </p>
      <h1 id="appeal-title">
        {t("appeals_screen.item.title", { number: a.number })} <StatusBadge kind="appeal" status={a.status} />
      </h1>

      {isOpen ? (
        <p className="lead appeal-due" data-testid="appeal-due">
          {t("appeals_screen.item.due", { date: formatDate(locale, a.countdown.dueDay) })} —{" "}
          <AppealCountdown countdown={a.countdown} />
        </p>
      ) : null}
      {a.countdown.isOverdue ? (
        <p className="alert alert--error" role="alert" data-testid="appeal-overdue">
          <Icon name="alert" /> {t("appeals_screen.item.overdue", { date: formatDate(locale, a.countdown.dueDay) })}
        </p>
      ) : null}
      <AppealNotices a={a} />

      {a.hearing && a.status === "hearing" ? <HearingCard a={a} hearing={a.hearing} /> : null}

      {a.documentsRequest && (a.status === "waiting_applicant" || docsReply?.done) ? (
        <section className="card appeal-docs" aria-labelledby="appeal-docs-title" data-testid="appeal-docs-request">
          <h2 id="appeal-docs-title" className="card__title">
            {t("appeals_screen.item.docs_title")}
          </h2>
          <p className="muted">
            {t("appeals_screen.item.docs_asked", { date: formatDate(locale, a.documentsRequest.at, true) })}
          </p>
          <p className="appeal-text">{a.documentsRequest.text}</p>
          <MoveForms
            moves={a.moves}
            forms={APPEAL_MOVE_FORMS}
            answer={docsReply}
            prefix="docs"
            views={{
              add_documents: {
                label: t("appeals_screen.item.docs_submit"),
                icon: "upload",
                done: t("appeals_screen.item.docs_done"),
                fields: (f) => <AddDocumentsFields files={f.attachmentIds} note={f.note} />,
              },
            }}
          />
        </section>
      ) : null}

      {a.answer ? <AnswerCard answer={a.answer} /> : null}

      <section className="card" aria-labelledby="appeal-facts-title">
        <h2 id="appeal-facts-title" className="card__title">
          {t("appeals_screen.item.facts_title")}
        </h2>
        <dl className="facts" data-testid="appeal-facts">
          <dt>{t("appeals_screen.item.type")}</dt>
          <dd>{t(`appeal.type.${a.type}`)}</dd>
          <dt>{t("appeals_screen.item.registered_at")}</dt>
          <dd>{formatDate(locale, a.registeredAt, true)}</dd>
          <dt>{t("appeals_screen.item.body")}</dt>
          <dd>{a.akimat.name}</dd>
          {a.receivedBy ? (
            <>
              <dt>{t("appeals_screen.item.received_by")}</dt>
              <dd>{[a.receivedBy.name, a.receivedBy.position].filter(Boolean).join(", ")}</dd>
            </>
          ) : null}
          {a.cemetery ? (
            <>
              <dt>{t("appeals_screen.item.cemetery")}</dt>
              <dd>{a.cemetery.name}</dd>
            </>
          ) : null}
          <dt>{t("appeals_screen.item.language")}</dt>
          <dd>{t(`lang.name.${a.language}`)}</dd>
          {isOpen ? (
            <>
              <dt>{t("appeals_screen.item.assignee")}</dt>
              <dd>
                {a.assignee ? (
                  [a.assignee.name, a.assignee.position].filter(Boolean).join(", ")
                ) : (
                  <span className="muted">{t("appeals_screen.item.assignee_none")}</span>
                )}
              </dd>
            </>
          ) : null}
        </dl>
        <p className="card__actions">
          <a className="button button--ghost" href={appealReceiptUrl(a.id)} data-testid="appeal-receipt">
            <Icon name="file" /> {t("appeals_screen.item.receipt")}
          </a>
        </p>
      </section>

      <section className="card" aria-labelledby="appeal-text-title">
        <h2 id="appeal-text-title" className="card__title">
          {t("appeals_screen.item.text_title")}
        </h2>
        {a.subject ? <p className="appeal-subject">{a.subject}</p> : null}
        <p className="appeal-text" data-testid="appeal-text">
          {a.text}
        </p>
        <h3>{t("appeals_screen.item.files_title")}</h3>
        <AppealFiles files={a.files} />
      </section>

      {a.moves.includes("withdraw") || withdrawReply ? (
        <section className="card" aria-labelledby="appeal-withdraw-title">
          <h2 id="appeal-withdraw-title" className="card__title">
            {t("appeals_screen.item.withdraw_title")}
          </h2>
          <MoveForms
            moves={a.moves}
            forms={APPEAL_MOVE_FORMS}
            answer={withdrawReply}
            prefix="wd"
            views={{
              withdraw: {
                label: t("appeals_screen.item.withdraw_button"),
                danger: true,
                confirm: {
                  summary: t("appeals_screen.item.withdraw_summary"),
                  warning: t("appeals_screen.item.withdraw_warning"),
                },
                done: t("appeals_screen.item.withdraw_done"),
                fields: (f) => (
                  <Field field={f.reason} label={t("appeals_screen.item.withdraw_reason")}>
                    {(p) => <textarea {...p} rows={2} maxLength={APPEAL_LIMITS.shortMax} />}
                  </Field>
                ),
              },
            }}
          />
        </section>
      ) : null}

      <AppealHistory history={a.history} />

      <Thread thread={thread} entityType="appeal" entityId={a.id} pageReply={threadReply} />
    </section>
  );
}

/** What the akimat decided about the term and the addressee, said plainly: extension, redirection, withdrawal. */
function AppealNotices({ a }: { a: TAppeal }) {
  const { t, locale } = useT();
  return (
    <>
      {a.extension ? (
        <div className="alert alert--warning" role="status" data-testid="appeal-extension">
          <Icon name="clock" />
          <p>
            {t("appeals_screen.item.extension", { date: formatDate(locale, a.extension.until) })}
            {a.extension.reason ? (
              <span className="history__reason">{t("appeals_screen.item.reason", { reason: a.extension.reason })}</span>
            ) : null}
          </p>
        </div>
      ) : null}
      {a.redirect ? (
        <div className="alert" role="status" data-testid="appeal-redirect">
          <Icon name="info" />
          <p>
            {t("appeals_screen.item.redirect", {
              date: formatDate(locale, a.redirect.at),
              body: a.redirect.toAkimat?.name ?? a.redirect.toBody ?? "",
            })}{" "}
            {a.redirect.toAkimat ? t("appeals_screen.item.redirect_akimat") : null}
            {a.redirect.reason ? (
              <span className="history__reason">{t("appeals_screen.item.reason", { reason: a.redirect.reason })}</span>
            ) : null}
          </p>
        </div>
      ) : null}
      {a.redirectedFrom ? (
        <p className="note">{t("appeals_screen.item.redirected_from", { number: a.redirectedFrom.number })}</p>
      ) : null}
      {a.withdrawal ? (
        <div className="alert" role="status" data-testid="appeal-withdrawn">
          <Icon name="info" />
          <p>
            {t("appeals_screen.item.withdrawn", { date: formatDate(locale, a.withdrawal.at, true) })}
            {a.withdrawal.reason ? (
              <span className="history__reason">
                {t("appeals_screen.item.reason", { reason: a.withdrawal.reason })}
              </span>
            ) : null}
          </p>
        </div>
      ) : null}
    </>
  );
}

/** The hearing before an unfavourable decision (APPK art. 73): what is proposed, when and where. */
function HearingCard({ a, hearing: h }: { a: TAppeal; hearing: NonNullable<TAppeal["hearing"]> }) {
  const { t, locale } = useT();
  const when = [formatDate(locale, h.date), h.time].filter(Boolean).join(", ");
  return (
    <section className="card appeal-hearing" aria-labelledby="appeal-hearing-title" data-testid="appeal-hearing">
      <h2 id="appeal-hearing-title" className="card__title">
        {t("appeals_screen.item.hearing_title")}
      </h2>
      <p>{t("appeals_screen.item.hearing_lead")}</p>
      <dl className="facts facts--stacked">
        <dt>{t("appeals_screen.item.hearing_proposal")}</dt>
        <dd className="appeal-text">{h.proposal}</dd>
        <dt>{t("appeals_screen.item.hearing_when")}</dt>
        <dd>{when}</dd>
        {h.place ? (
          <>
            <dt>{t("appeals_screen.item.hearing_where")}</dt>
            <dd>{h.place}</dd>
          </>
        ) : null}
        <dt>{t("appeals_screen.item.body")}</dt>
        <dd>{a.akimat.name}</dd>
      </dl>
    </section>
  );
}

/** The answer: the outcome, the facts, the legal grounds, what is done, how to complain, who signed and when. */
function AnswerCard({ answer: r }: { answer: NonNullable<TAppeal["answer"]> }) {
  const { t, locale } = useT();
  const tone = r.outcome === "satisfied" ? "ok" : r.outcome === "partly" ? "wait" : "stop";
  return (
    <section className="card appeal-answer" aria-labelledby="appeal-answer-title" data-testid="appeal-answer">
      <h2 id="appeal-answer-title" className="card__title">
        {t("appeals_screen.item.answer_title")}
      </h2>
      <dl className="facts facts--stacked">
        <dt>{t("appeals_screen.item.answer_outcome")}</dt>
        <dd>
          <span className={`badge badge--${tone}`} data-outcome={r.outcome}>
            {t(`appeal.outcome.${r.outcome}`)}
          </span>
        </dd>
        <dt>{t("appeals_screen.item.answer_facts")}</dt>
        <dd className="appeal-text">{r.facts}</dd>
        <dt>{t("appeals_screen.item.answer_grounds")}</dt>
        <dd className="appeal-text">{r.grounds}</dd>
        <dt>{t("appeals_screen.item.answer_actions")}</dt>
        <dd className="appeal-text">{r.actions}</dd>
        <dt>{t("appeals_screen.item.answer_complain")}</dt>
        <dd className="appeal-text">{r.howToComplain}</dd>
        <dt>{t("appeals_screen.item.answer_signatory")}</dt>
        <dd>{[r.signatoryName, r.signatoryPosition].filter(Boolean).join(", ")}</dd>
        <dt>{t("appeals_screen.item.answer_date")}</dt>
        <dd>{formatDate(locale, r.at, true)}</dd>
      </dl>
    </section>
  );
}

/** The appeal's files, each a link (the API reads them to the applicant and the akimat's staff only). */
function AppealFiles({ files }: { files: TUploadFile[] }) {
  const { t } = useT();
  if (!files.length) return <p className="muted">{t("appeals_screen.item.no_files")}</p>;
  return (
    <ul className="plain-list" data-testid="appeal-files">
      {files.map((f) => (
        <li key={f.id}>
          <a href={f.url} target="_blank" rel="noopener noreferrer">
            <Icon name={f.type.startsWith("image/") ? "image" : "file"} size={18} /> {f.name}
          </a>
        </li>
      ))}
    </ul>
  );
}

/** The fields of `add_documents`: the files through the drop zone (kept while the page lives), a note. */
function AddDocumentsFields({ files: field, note }: { files: TFieldMeta; note: TFieldMeta }) {
  const { t } = useT();
  const [files, setFiles] = useState<TUploadFile[]>([]);
  return (
    <>
      <DropZone
        field={field}
        label={t("appeals_screen.item.docs_files")}
        hint={t("appeals_screen.item.docs_files_hint", { max: APPEAL_LIMITS.filesMax })}
        value={files}
        onChange={setFiles}
        config={{
          params: { purpose: "document" },
          acceptedFiles: [...APPEAL_LIMITS.fileTypes],
          maxFileSize: APPEAL_LIMITS.fileBytesMax,
          maxFiles: APPEAL_LIMITS.filesMax,
          multiple: true,
        }}
      />
      <Field field={note} label={t("appeals_screen.item.docs_note")}>
        {(p) => <textarea {...p} rows={3} maxLength={APPEAL_LIMITS.answerPartMax} />}
      </Field>
    </>
  );
}

/** The appeal's history: each step, when, and why when a reason was given. */
function AppealHistory({ history }: { history: TAppeal["history"] }) {
  const { t, locale } = useT();
  const shown = history.filter((e) => SHOWN_ACTIONS.has(e.action));
  return (
    <section className="card" aria-labelledby="appeal-history-title">
      <h2 id="appeal-history-title" className="card__title">
        {t("appeals_screen.item.history_title")}
      </h2>
      <ol className="history" data-testid="appeal-history">
        {shown.map((e, i) => (
          <li key={`${e.at}-${i}`} data-action={e.action}>
            <time dateTime={e.at}>{formatDate(locale, e.at, true)}</time> ·{" "}
            {t(`appeals_screen.item.action.${e.action}`)}
            {e.reason ? <span className="history__reason">{e.reason}</span> : null}
          </li>
        ))}
      </ol>
    </section>
  );
}
