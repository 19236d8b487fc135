import { Link, useActionData, useSearchParams } from "react-router";
import type { TUploadFile } from "../../../common/api-types.ts";
import type { THandover } from "../../../common/handover-schemas.ts";
import { HANDOVER_MOVE_FORMS, type HandoverMove } from "../../../common/handovers.ts";
import { formatDate } from "../../../common/i18n.ts";
import { formatPhone } from "../../../common/phone.ts";
import { placeText } from "../../../common/place-text.ts";
import { Field } from "../../components/form.tsx";
import { MoveForms } from "../../components/move-forms.tsx";
import { HistoryCard } from "../../components/history-card.tsx";
import { StatusBadge } from "../../components/status-badge.tsx";
import { useT } from "../../lib/hooks.ts";
import { moveAction } from "../../lib/moves.server.ts";
import { orPageError, pageId } from "../../lib/page-ids.server.ts";
import { requestContext } from "../../lib/request-context.ts";
import type { Route } from "./+types/handover-page";

export function meta({ data: d, location }: Route.MetaArgs) {
  const kk = location.pathname.startsWith("/kk");
  return [{ title: kk ? `№ ${d?.h.number ?? ""} қабірді беру` : `Передача могилы № ${d?.h.number ?? ""}` }];
}

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const { api } = context.get(requestContext);
  const id = pageId(params.id, request);
  const h = await orPageError(request, () => api.get("/handovers/:id", { params: { id } }));
  return { h };
}

/** The moves of both sides: the family's (relative, sender) and the cemetery's; the API allows each its own. */
const MOVES = ["consent", "decline", "withdraw", "approve", "refuse"] as const satisfies readonly HandoverMove[];

export async function action({ context, params, request }: Route.ActionArgs) {
  const rc = context.get(requestContext);
  const id = pageId(params.id, request);
  return moveAction(request, rc.locale, {
    id,
    forms: HANDOVER_MOVE_FORMS,
    moves: MOVES,
    send: (move, body, rid) => rc.api.post("/handovers/:id/moves/:move", { params: { id: rid, move }, body }),
  });
}

function Files({ files }: { files: TUploadFile[] }) {
  const { t } = useT();
  if (!files.length) return <span className="muted">{t("handover.no_documents")}</span>;
  return (
    <ul className="plain-list">
      {files.map((f) => (
        <li key={f.id}>
          <a href={f.url} target="_blank" rel="noreferrer">
            {f.name}
          </a>
        </li>
      ))}
    </ul>
  );
}

/**
 * One hand-over of a grave, for each of its sides: the relative agrees or declines, the sender
 * withdraws it, the cemetery's staff check the documents and approve or refuse — the same page in
 * the family's area (`/client/cemetery/handover/:id`) and the manager's (`/manager/handovers/:id`).
 */
export default function HandoverPage({ loaderData }: Route.ComponentProps) {
  const { t, to } = useT();
  const { h } = loaderData;
  const answer = useActionData<typeof action>();
  const [search] = useSearchParams();
  const back = h.side === "staff" ? "/manager/handovers" : "/client/cemetery";
  return (
    <section aria-labelledby="hp-title" data-testid="handover-page">
      <p>
        <Link to={to(back)}>← {h.side === "staff" ? t("handover.list_title") : t("nav.client.cemetery")}</Link>
      </p>
      <h1 id="hp-title">
        {t("handover.title", { number: h.number })} <StatusBadge kind="handover" status={h.status} />
      </h1>
      {search.get("sent") && h.side === "from" ? (
        <p className="alert alert--success" role="status" data-testid="handover-sent">
          {t("handover.sent", { number: h.number })}
        </p>
      ) : null}
      {h.side === "to" && h.status === "awaiting_consent" ? (
        <p className="note" data-testid="handover-to-you">
          {t("handover.to_you")}
        </p>
      ) : null}
      <HandoverFacts h={h} />
      {h.moves.length || answer?.done ? (
        <section className="card" aria-labelledby="hp-moves">
          <h2 id="hp-moves" className="card__title">
            {t("handover.moves")}
          </h2>
          <MoveForms
            moves={h.moves}
            forms={HANDOVER_MOVE_FORMS}
            answer={answer}
            prefix="hm"
            views={{
              consent: {
                label: t("handover.move.consent"),
                hint: t("handover.move_hint.consent"),
                icon: "check",
                done: t("handover.move_done.consent"),
              },
              decline: {
                label: t("handover.move.decline"),
                danger: true,
                confirm: { summary: t("handover.move.decline"), warning: t("handover.move_hint.decline") },
                done: t("handover.move_done.decline"),
              },
              withdraw: {
                label: t("handover.move.withdraw"),
                danger: true,
                confirm: { summary: t("handover.move.withdraw"), warning: t("handover.move_hint.withdraw") },
                done: t("handover.move_done.withdraw"),
              },
              approve: {
                label: t("handover.move.approve"),
                hint: t("handover.move_hint.approve", { to: h.to.name }),
                icon: "check",
                done: t("handover.move_done.approve"),
              },
              refuse: {
                label: t("handover.move.refuse_confirm"),
                danger: true,
                confirm: { summary: t("handover.move.refuse"), warning: t("handover.move_hint.refuse") },
                done: t("handover.move_done.refuse"),
                fields: (f) => (
                  <Field field={f.reason} label={t("handover.reason")} required>
                    {(p) => <textarea {...p} rows={2} data-testid="handover-refuse-reason" />}
                  </Field>
                ),
              },
            }}
          />
        </section>
      ) : null}
      <section className="card" aria-labelledby="hp-docs">
        <h2 id="hp-docs" className="card__title">
          {t("handover.documents")}
        </h2>
        <dl className="facts">
          <dt>{t("handover.kinship_files")}</dt>
          <dd data-testid="handover-kinship">
            <Files files={h.documents.kinship} />
          </dd>
          <dt>{t("handover.other_files")}</dt>
          <dd>
            <Files files={h.documents.other} />
          </dd>
        </dl>
      </section>
      <HistoryCard
        id="hp-history"
        title={t("handover.history")}
        steps={h.history}
        label={(a) => t(`handover.did.${a}`, { defaultValue: a })}
        badge="handover"
        testId="handover-history"
      />
    </section>
  );
}

function HandoverFacts({ h }: { h: THandover }) {
  const { t, locale } = useT();
  return (
    <section className="card" aria-labelledby="hp-grave">
      <h2 id="hp-grave" className="card__title">
        {h.grave.deceased} <span className="muted">{h.grave.years}</span>
      </h2>
      <dl className="facts" data-testid="handover-facts">
        <dt>{t("handover.grave")}</dt>
        <dd>
          {h.grave.cemetery.name}, {placeText(t, { ...h.grave, number: h.grave.place })}
        </dd>
        <dt>{t("handover.from")}</dt>
        <dd>
          {h.from.name} · {formatPhone(h.from.phone)}
        </dd>
        <dt>{t("handover.to")}</dt>
        <dd>
          {h.to.name} · {formatPhone(h.to.phone)} · {t(`handover.relation.${h.relation}`)}
        </dd>
        {h.comment ? (
          <>
            <dt>{t("handover.comment_fact")}</dt>
            <dd>{h.comment}</dd>
          </>
        ) : null}
        {h.consentBy ? (
          <>
            <dt>{t("handover.status.awaiting_consent")}</dt>
            <dd>{t("handover.consent_by", { date: formatDate(locale, h.consentBy) })}</dd>
          </>
        ) : null}
        {h.refusal ? (
          <>
            <dt>{t("handover.refusal")}</dt>
            <dd data-testid="handover-refusal">{h.refusal}</dd>
          </>
        ) : null}
        {h.decidedAt ? (
          <>
            <dt>{t("handover.decided", { date: "" }).trim()}</dt>
            <dd>
              {formatDate(locale, h.decidedAt)}
              {h.status === "approved" ? ` · ${t("handover.certificate_reissued")}` : ""}
            </dd>
          </>
        ) : null}
      </dl>
    </section>
  );
}
