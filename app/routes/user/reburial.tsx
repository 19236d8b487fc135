import { useActionData } from "react-router";
import { REBURIAL_MOVE_FORMS, type ReburialMove } from "../../../common/reburials.ts";
import { Field, TextField } from "../../components/form.tsx";
import { MoveForms } from "../../components/move-forms.tsx";
import { ReburialDocuments, ReburialFacts, ReburialHistory } from "../../components/reburial.tsx";
import { StatusBadge } from "../../components/status-badge.tsx";
import { Thread } from "../../components/thread.tsx";
import type { TFieldMeta } from "../../lib/form.ts";
import { useT } from "../../lib/hooks.ts";
import { threadOrMoveAction } from "../../lib/moves.server.ts";
import { orPageError, pageId } from "../../lib/page-ids.server.ts";
import { requestContext } from "../../lib/request-context.ts";
import { loadThread } from "../../lib/thread.server.ts";
import type { Route } from "./+types/reburial";

export function meta({ data: d, location }: Route.MetaArgs) {
  const kk = location.pathname.startsWith("/kk");
  return [{ title: kk ? `№ ${d?.r.number ?? ""} өтініш` : `Заявление № ${d?.r.number ?? ""}` }];
}

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const { api } = context.get(requestContext);
  const id = pageId(params.id, request);
  const r = await orPageError(request, () => api.get("/reburials/:id", { params: { id } }));
  const [thread, staff] = await Promise.all([
    loadThread(api, { entityType: "reburial", entityId: id }, new URL(request.url)),
    api.get("/akimat/employees").catch(() => null),
  ]);
  return { r, thread, staff: staff?.items ?? [] };
}

/** The moves the akimat's staff make from this screen. */
const STAFF_MOVES = [
  "take",
  "assign",
  "reassign",
  "ask_documents",
  "resume",
  "hearing_notice",
  "approve",
  "refuse",
  "record_reburied",
] as const satisfies readonly ReburialMove[];

export async function action({ context, params, request }: Route.ActionArgs) {
  return threadOrMoveAction(request, context.get(requestContext), pageId(params.id, request), {
    entityType: "reburial",
    forms: REBURIAL_MOVE_FORMS,
    moves: STAFF_MOVES,
    send: (api, move, body, id) => api.post("/reburials/:id/moves/:move", { params: { id, move }, body }),
  });
}

/**
 * A reburial request as the akimat's staff handle it: the facts and documents, the moves the API
 * allows now (assign, ask for documents, the hearing before a refusal, approve with a date, refuse
 * with reasons), the history and the conversation with the applicant, with internal notes.
 */
export default function UserReburial({ loaderData }: Route.ComponentProps) {
  const { t } = useT();
  const { r, thread, staff } = loaderData;
  const answer = useActionData<typeof action>();
  const moveAnswer = answer && "move" in answer ? answer : undefined;
  const threadReply = answer && "intent" in answer ? answer : undefined;
  const assignee = (f: { assigneeId: TFieldMeta }) => (
    <Field field={f.assigneeId} label={t("reburial.assignee_id")} required>
      {(p) => (
        <select {...p} data-testid="assignee">
          {staff.map((s) => (
            <option key={s.id} value={s.id}>
              {[s.surname, s.name].filter(Boolean).join(" ") || s.phone}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
  return (
    <section aria-labelledby="ur-title">
      <h1 id="ur-title">
        {t("reburial.staff_title", { number: r.number })} <StatusBadge kind="reburial" status={r.status} />
      </h1>
      <ReburialFacts r={r} />
      <section className="card" aria-labelledby="ur-moves">
        <h2 id="ur-moves" className="card__title">
          {t("reburial.moves")}
        </h2>
        <MoveForms
          moves={r.moves}
          forms={REBURIAL_MOVE_FORMS}
          answer={moveAnswer}
          prefix="ur"
          views={{
            take: { label: t("reburial.move.take"), done: t("reburial.done_move") },
            assign: { label: t("reburial.move.assign"), done: t("reburial.done_move"), fields: assignee },
            reassign: {
              label: t("reburial.move.reassign"),
              ghost: true,
              done: t("reburial.done_move"),
              fields: assignee,
            },
            ask_documents: {
              label: t("reburial.move.ask_documents"),
              done: t("reburial.done_move"),
              fields: (f) => (
                <Field field={f.request} label={t("reburial.request_label")} required>
                  {(p) => <textarea {...p} rows={3} />}
                </Field>
              ),
            },
            resume: { label: t("reburial.move.resume"), ghost: true, done: t("reburial.done_move") },
            approve: {
              label: t("reburial.move.approve"),
              done: t("reburial.done_move"),
              fields: (f) => (
                <>
                  <TextField field={f.reburialDate} label={t("reburial.reburial_date")} type="date" required />
                  <Field field={f.feeWaived} label={t("reburial.fee_waived_label")}>
                    {(p) => <input {...p} type="checkbox" defaultChecked={false} data-testid="fee-waived" />}
                  </Field>
                  <Field field={f.conditions} label={t("reburial.conditions")}>
                    {(p) => <textarea {...p} rows={2} />}
                  </Field>
                </>
              ),
            },
            hearing_notice: {
              label: t("reburial.move.hearing_notice"),
              done: t("reburial.done_move"),
              fields: (f) => (
                <>
                  <Field field={f.proposal} label={t("reburial.proposal")} required>
                    {(p) => <textarea {...p} rows={3} />}
                  </Field>
                  <TextField
                    field={f.hearingDate}
                    label={t("reburial.hearing_date")}
                    hint={t("reburial.hearing_date_hint")}
                    type="date"
                    required
                  />
                  <TextField field={f.hearingTime} label={t("reburial.hearing_time")} type="time" />
                  <TextField field={f.place} label={t("reburial.hearing_place")} />
                </>
              ),
            },
            refuse: {
              label: t("reburial.move.refuse"),
              danger: true,
              done: t("reburial.done_move"),
              fields: (f) => (
                <>
                  <Field field={f.reason} label={t("reburial.refusal_reason")} required>
                    {(p) => <textarea {...p} rows={3} />}
                  </Field>
                  <Field field={f.howToComplain} label={t("reburial.how_to_complain")} required>
                    {(p) => <textarea {...p} rows={2} defaultValue={t("reburial.how_to_complain_default")} />}
                  </Field>
                </>
              ),
            },
            record_reburied: {
              label: t("reburial.move.record_reburied"),
              done: t("reburial.done_move"),
              fields: (f) => (
                <>
                  <TextField field={f.reburiedOn} label={t("reburial.reburied_on")} type="date" required />
                  <Field field={f.note} label={t("reburial.note")}>
                    {(p) => <textarea {...p} rows={2} />}
                  </Field>
                </>
              ),
            },
          }}
        />
      </section>
      <ReburialDocuments r={r} />
      <ReburialHistory r={r} />
      <p className="muted">{t("reburial.thread_hint")}</p>
      <Thread thread={thread} entityType="reburial" entityId={r.id} pageReply={threadReply} />
    </section>
  );
}
