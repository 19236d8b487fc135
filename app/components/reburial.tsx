import { Link } from "react-router";
import { formatDate } from "../../common/i18n.ts";
import { fullName } from "../../common/person.ts";
import type { TReburial, TReburialListItem } from "../../common/reburial-api.ts";
import { REBURIAL_DOC_KINDS } from "../../common/reburials.ts";
import { RequestFiles } from "./burial-request.tsx";
import { HistoryCard } from "./history-card.tsx";
import { StatusBadge } from "./status-badge.tsx";
import { useT } from "../lib/hooks.ts";

type TPlace = NonNullable<TReburial["source"]["place"]>;

/** `Кенсай, сектор А, ряд 3, место 12`. */
export function usePlaceLine() {
  const { t } = useT();
  return (p: TPlace) =>
    t("reburial.place_line", { cemetery: p.cemetery.name, sector: p.sector, row: p.row, number: p.number });
}

/** The term: the due day and the working days left, or overdue. */
export function ReburialTerm({ r }: { r: Pick<TReburial, "countdown"> }) {
  const { t, locale } = useT();
  const c = r.countdown;
  return (
    <span data-testid="reburial-term">
      {t("reburial.due")}: {formatDate(locale, c.dueDay)}
      {c.daysLeft === null ? null : c.isOverdue ? (
        <strong className="badge badge--stop"> {t("reburial.overdue")}</strong>
      ) : (
        <span className="muted"> · {t("reburial.days_left", { n: c.daysLeft })}</span>
      )}
    </span>
  );
}

/** The facts of a request: who, from where to where, why, the term, the decision. */
export function ReburialFacts({ r }: { r: TReburial }) {
  const { t, locale, to } = useT();
  const line = usePlaceLine();
  const source = r.source.place
    ? line(r.source.place)
    : [r.source.country, r.source.city, r.source.text].filter(Boolean).join(", ");
  return (
    <section className="card" aria-labelledby="rb-facts" data-testid="reburial-facts">
      <h2 id="rb-facts" className="card__title">
        {fullName(r.deceased)}
      </h2>
      <dl className="facts">
        <dt>{t("reburial.akimat")}</dt>
        <dd>{r.akimat.name}</dd>
        <dt>{t("reburial.registered")}</dt>
        <dd>{formatDate(locale, r.registeredAt, true)}</dd>
        <dt>{t("reburial.due")}</dt>
        <dd>
          <ReburialTerm r={r} />
        </dd>
        <dt>{t("reburial.from")}</dt>
        <dd data-testid="reburial-from">{source}</dd>
        <dt>{t("reburial.to")}</dt>
        <dd data-testid="reburial-to">{r.destination.cemetery?.name ?? r.destination.text}</dd>
        {r.deceased.deathDate ? (
          <>
            <dt>{t("reburial.death_date")}</dt>
            <dd>{formatDate(locale, r.deceased.deathDate)}</dd>
          </>
        ) : null}
        {r.deceased.iin ? (
          <>
            <dt>{t("reburial.iin")}</dt>
            <dd>{r.deceased.iin}</dd>
          </>
        ) : null}
        {r.deathNoticeNumber ? (
          <>
            <dt>{t("reburial.death_notice")}</dt>
            <dd>{r.deathNoticeNumber}</dd>
          </>
        ) : null}
        <dt>{t("reburial.applicant")}</dt>
        <dd>
          {r.applicant.name}
          {r.isStaff ? ` · ${r.applicant.phone}` : ""}
          {r.isResponsible ? ` · ${t("reburial.responsible")}` : ""}
          {r.isRepresentative ? ` · ${t("reburial.representative_short")}` : ""}
        </dd>
        <dt>{t("reburial.assignee")}</dt>
        <dd>
          {r.assignee
            ? `${r.assignee.name}${r.assignee.position ? `, ${r.assignee.position}` : ""}`
            : t("reburial.nobody")}
        </dd>
        <dt>{t("reburial.reason")}</dt>
        <dd className="prewrap">{r.reason}</dd>
      </dl>
      {r.documentsRequest && r.status === "waiting_applicant" ? (
        <div className="alert alert--warning" data-testid="documents-request">
          <strong>{t("reburial.documents_request")}:</strong> <span className="prewrap">{r.documentsRequest.text}</span>
        </div>
      ) : null}
      {r.hearing ? (
        <div className="note" data-testid="hearing">
          <strong>{t("reburial.hearing")}:</strong>{" "}
          {t("reburial.hearing_line", {
            date: formatDate(locale, r.hearing.date),
            time: r.hearing.time ?? "",
            place: r.hearing.place ?? "",
          })}
          <p className="prewrap">{r.hearing.proposal}</p>
        </div>
      ) : null}
      {r.approval ? (
        <div className="alert alert--ok" data-testid="approval">
          <strong>{t("reburial.approval", { date: formatDate(locale, r.approval.date) })}</strong>
          {r.approval.feeWaived ? <p>{t("reburial.fee_waived")}</p> : null}
          {r.approval.conditions ? (
            <p className="prewrap">
              {t("reburial.conditions")}: {r.approval.conditions}
            </p>
          ) : null}
        </div>
      ) : null}
      {r.refusal ? (
        <div className="alert alert--error" data-testid="refusal">
          <strong>{t("reburial.refusal")}</strong>
          <p className="prewrap">{r.refusal.reason}</p>
          <p className="prewrap">
            {t("reburial.how_to_complain")}: {r.refusal.howToComplain}
          </p>
        </div>
      ) : null}
      {r.withdrawal ? (
        <p className="muted">
          {t("reburial.withdrawn_at")}: {formatDate(locale, r.withdrawal.at, true)}
        </p>
      ) : null}
      {r.done ? (
        <div className="note" data-testid="reburial-done">
          <strong>{t("reburial.done")}</strong>
          {r.done.place ? (
            <p>
              {t("reburial.new_place")}:{" "}
              <Link to={to(`/search?grave=${r.done.place.burialId}#grave-title`)}>{line(r.done.place)}</Link>
            </p>
          ) : r.done.on ? (
            <p>{formatDate(locale, r.done.on)}</p>
          ) : null}
        </div>
      ) : null}
      {r.bookings.length ? (
        <p data-testid="reburial-bookings">
          {t("reburial.bookings")}:{" "}
          {r.bookings.map((b) => (
            <span key={b.id}>
              {r.isStaff ? (
                t("reburial.see_booking", { number: b.number })
              ) : (
                <Link to={to(`/client/tickets/active/${b.id}`)}>{t("reburial.see_booking", { number: b.number })}</Link>
              )}{" "}
              <StatusBadge kind="burial_request" status={b.status} />{" "}
            </span>
          ))}
        </p>
      ) : null}
    </section>
  );
}

/** The request's documents, by kind. */
export function ReburialDocuments({ r }: { r: TReburial }) {
  const { t } = useT();
  return (
    <section className="card" aria-labelledby="rb-docs">
      <h2 id="rb-docs" className="card__title">
        {t("reburial.documents")}
      </h2>
      <dl className="facts">
        {REBURIAL_DOC_KINDS.map((k) => (
          <div key={k}>
            <dt>{t(`reburial.doc.${k}`)}</dt>
            <dd>{r.documents[k].length ? <RequestFiles files={r.documents[k]} /> : t("reburial.no_documents")}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** The request's history, from its moves. */
export function ReburialHistory({ r }: { r: TReburial }) {
  const { t } = useT();
  return (
    <HistoryCard
      id="rb-history"
      title={t("reburial.history")}
      steps={r.history}
      label={(a) => t(`reburial.move.${a}`, { defaultValue: a })}
      badge="reburial"
      testId="reburial-history"
    />
  );
}

/** One request of a list. */
export function ReburialRow({ r, href }: { r: TReburialListItem; href: string }) {
  const { t, to } = useT();
  return (
    <li className="card" data-testid="reburial-row">
      <p>
        <Link to={to(href)}>{t("reburial.number", { number: r.number })}</Link>{" "}
        <StatusBadge kind="reburial" status={r.status} />
      </p>
      <p>
        <strong>{r.deceased}</strong>
      </p>
      <p className="muted">
        {r.from} → {r.to}
      </p>
      <p>
        <ReburialTerm r={r} />
      </p>
    </li>
  );
}
