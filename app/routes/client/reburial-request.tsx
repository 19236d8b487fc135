import { useState } from "react";
import { Link, useActionData } from "react-router";
import type { TUploadFile } from "../../../common/api-types.ts";
import { REBURIAL_DOC_KINDS, REBURIAL_MOVE_FORMS, type ReburialMove } from "../../../common/reburials.ts";
import { Field, TextField } from "../../components/form.tsx";
import { Icon } from "../../components/icon.tsx";
import { LazyDropZone as DropZone } from "../../components/lazy-drop-zone.tsx";
import { MoveForms } from "../../components/move-forms.tsx";
import { ReburialDocuments, ReburialFacts, ReburialHistory } from "../../components/reburial.tsx";
import { StatusBadge } from "../../components/status-badge.tsx";
import { Thread } from "../../components/thread.tsx";
import { useT } from "../../lib/hooks.ts";
import { threadOrMoveAction } from "../../lib/moves.server.ts";
import { orPageError, pageId } from "../../lib/page-ids.server.ts";
import { requestContext } from "../../lib/request-context.ts";
import { loadThread } from "../../lib/thread.server.ts";
import type { Route } from "./+types/reburial-request";

export function meta({ data: d, location }: Route.MetaArgs) {
  const kk = location.pathname.startsWith("/kk");
  return [{ title: kk ? `№ ${d?.r.number ?? ""} өтініш` : `Заявление № ${d?.r.number ?? ""}` }];
}

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const { api } = context.get(requestContext);
  const id = pageId(params.id, request);
  const r = await orPageError(request, () => api.get("/reburials/:id", { params: { id } }));
  const thread = await loadThread(api, { entityType: "reburial", entityId: id }, new URL(request.url));
  return { r, thread };
}

/** The moves the applicant makes from this screen. */
const APPLICANT_MOVES = ["add_documents", "withdraw"] as const satisfies readonly ReburialMove[];

export async function action({ context, params, request }: Route.ActionArgs) {
  return threadOrMoveAction(request, context.get(requestContext), pageId(params.id, request), {
    entityType: "reburial",
    forms: REBURIAL_MOVE_FORMS,
    moves: APPLICANT_MOVES,
    send: (api, move, body, id) => api.post("/reburials/:id/moves/:move", { params: { id, move }, body }),
  });
}

/**
 * One of the family's reburial requests: where it stands and until when, the akimat's decision,
 * the documents and history, adding documents when asked, withdrawing before the decision, the
 * conversation with the akimat — and, once approved for a cemetery of the platform, booking its place.
 */
export default function ReburialRequest({ loaderData }: Route.ComponentProps) {
  const { t, to } = useT();
  const { r, thread } = loaderData;
  const answer = useActionData<typeof action>();
  const moveAnswer = answer && "move" in answer ? answer : undefined;
  const threadReply = answer && "intent" in answer ? answer : undefined;
  const [files, setFiles] = useState<TUploadFile[]>([]);
  return (
    <section aria-labelledby="rbr-title">
      <p>
        <Link to={to("/client/burial/requests")}>← {t("reburial.back_to_list")}</Link>
      </p>
      <h1 id="rbr-title">
        {t("reburial.number", { number: r.number })} <StatusBadge kind="reburial" status={r.status} />
      </h1>
      {r.canBook && r.destination.cemetery ? (
        <section className="card" aria-labelledby="rbr-book" data-testid="reburial-book">
          <h2 id="rbr-book" className="card__title">
            {t("reburial.bookings")}
          </h2>
          <p>{t("reburial.book_hint")}</p>
          <Link
            className="button"
            to={to(`/reserve?cemetery=${r.destination.cemetery.id}&reburial=${r.id}#chosen-title`)}
            data-testid="reburial-book-link"
          >
            <Icon name="map-pin" /> {t("reburial.book")}
          </Link>
        </section>
      ) : null}
      <ReburialFacts r={r} />
      {r.moves.length || moveAnswer?.done ? (
        <section className="card" aria-labelledby="rbr-moves">
          <h2 id="rbr-moves" className="card__title">
            {t("reburial.moves")}
          </h2>
          <MoveForms
            moves={r.moves}
            forms={REBURIAL_MOVE_FORMS}
            answer={moveAnswer}
            prefix="rb"
            views={{
              add_documents: {
                label: t("reburial.move.add_documents"),
                done: t("reburial.done_move"),
                fields: (f) => (
                  <>
                    <Field field={f.kind} label={t("reburial.kind_label")} required>
                      {(p) => (
                        <select {...p} data-testid="add-kind">
                          {REBURIAL_DOC_KINDS.map((k) => (
                            <option key={k} value={k}>
                              {t(`reburial.doc.${k}`)}
                            </option>
                          ))}
                        </select>
                      )}
                    </Field>
                    <DropZone
                      field={f.attachmentIds}
                      label={t("reburial.files")}
                      value={files}
                      onChange={setFiles}
                      config={{ params: { purpose: "document" }, maxFiles: 5, multiple: true }}
                    />
                    <TextField field={f.deathNoticeNumber} label={t("reburial.notice_number")} />
                    <Field field={f.note} label={t("reburial.note")}>
                      {(p) => <textarea {...p} rows={2} />}
                    </Field>
                  </>
                ),
              },
              withdraw: {
                label: t("reburial.move.withdraw"),
                danger: true,
                confirm: { summary: t("reburial.move.withdraw") },
                done: t("reburial.done_move"),
                fields: (f) => (
                  <Field field={f.reason} label={t("reburial.withdraw_reason")}>
                    {(p) => <textarea {...p} rows={2} />}
                  </Field>
                ),
              },
            }}
          />
        </section>
      ) : null}
      <ReburialDocuments r={r} />
      <ReburialHistory r={r} />
      <Thread thread={thread} entityType="reburial" entityId={r.id} pageReply={threadReply} />
    </section>
  );
}
