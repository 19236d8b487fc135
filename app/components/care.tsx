import { Link } from "react-router";
import type { TUploadFile } from "../../common/api-types.ts";
import type {
  TCareGrave,
  TCareRequest,
  TCareRequestItem,
  TGraveCare,
  TPermit,
} from "../../common/ennoblement-schemas.ts";
import { seasonDay } from "../../common/ennoblement.ts";
import { formatDate, formatMoney } from "../../common/i18n.ts";
import { placeText } from "../../common/place-text.ts";
import { useT } from "../lib/hooks.ts";
import { HistoryCard } from "./history-card.tsx";
import { StatusBadge } from "./status-badge.tsx";

/** A season as people read it (`1 апреля – 31 октября`), or "all year". */
export function SeasonText({ season }: { season: { start: string; end: string } | null }) {
  const { t } = useT();
  if (!season) return <>{t("care_screen.season_all_year")}</>;
  return <>{t("care_screen.season_range", { start: seasonDay(season.start), end: seasonDay(season.end) })}</>;
}

/** Photos as a row of thumbnails, each opening the file. */
export function CarePhotos({ files, label, testId }: { files: TUploadFile[]; label: string; testId?: string }) {
  if (!files.length) return null;
  return (
    <figure className="care-photos" data-testid={testId}>
      <figcaption className="muted">{label}</figcaption>
      <ul>
        {files.map((f) => (
          <li key={f.id}>
            <a href={f.url} target="_blank" rel="noreferrer">
              <img src={f.url} alt={`${label}: ${f.name}`} loading="lazy" width={96} height={96} />
            </a>
          </li>
        ))}
      </ul>
    </figure>
  );
}

/** The grave: the deceased, the years, the cemetery and the place. */
export function GraveFacts({ grave }: { grave: TCareGrave }) {
  const { t, locale } = useT();
  return (
    <>
      <dt>{t("care_screen.deceased")}</dt>
      <dd data-testid="care-deceased">
        {grave.deceased}
        {grave.years ? <span className="muted"> ({grave.years})</span> : null}
      </dd>
      <dt>{t("care_screen.cemetery")}</dt>
      <dd>{locale === "kk" ? grave.cemetery.nameKk : grave.cemetery.nameRu}</dd>
      <dt>{t("care_screen.place")}</dt>
      <dd>{placeText(t, { sector: grave.sector, row: grave.row, number: grave.place })}</dd>
    </>
  );
}

/** A permit's facts: what, the design, who installs, when, its term or validity, a refusal. */
export function PermitFacts({ p }: { p: TPermit }) {
  const { t, locale } = useT();
  return (
    <dl className="facts" data-testid={`permit-facts-${p.id}`}>
      <dt>{t("care_screen.permit_kind")}</dt>
      <dd>
        {t(`care.kind.${p.kind}`)} <StatusBadge kind="care_permit" status={p.status} />
      </dd>
      <dt>{t("care_screen.design")}</dt>
      <dd className="pre-line">{p.design}</dd>
      <dt>{t("care_screen.installer")}</dt>
      <dd>
        {t(`permit.installer.${p.installer}`)}
        {p.installerName ? ` — ${p.installerName}` : ""}
      </dd>
      <dt>{t("care_screen.planned_date")}</dt>
      <dd>{formatDate(locale, p.plannedDate)}</dd>
      <dt>{t("care_screen.season")}</dt>
      <dd>
        <SeasonText season={p.season} />
      </dd>
      {p.status === "requested" ? (
        <>
          <dt>{t("care_screen.permit_due")}</dt>
          <dd data-testid="permit-due">
            {formatDate(locale, p.dueDay)}
            {p.overdue ? <strong className="danger-text"> · {t("care_screen.overdue")}</strong> : null}
          </dd>
        </>
      ) : null}
      {p.validUntil ? (
        <>
          <dt>{t("care_screen.valid_until")}</dt>
          <dd data-testid="permit-valid-until">{formatDate(locale, p.validUntil)}</dd>
        </>
      ) : null}
      {p.refuseReason ? (
        <>
          <dt>{t("care_screen.refused_because")}</dt>
          <dd data-testid="permit-refusal">
            {t(`permit.refuse_reason.${p.refuseReason}`)}
            {p.refuseComment ? ` — ${p.refuseComment}` : ""}
          </dd>
        </>
      ) : null}
    </dl>
  );
}

/** The price lines of an accepted request, with the total. */
export function CareLines({ r }: { r: TCareRequest }) {
  const { t, locale } = useT();
  if (!r.lines.length) return null;
  return (
    <>
      <ul className="stack" data-testid="care-lines">
        {r.lines.map((l) => (
          <li key={l.kind}>
            {t(`care.kind.${l.kind}`)}: <strong>{formatMoney(locale, l.price)}</strong>{" "}
            <span className="muted">
              {t(`care.unit.${l.unit}`)}
              {l.note ? ` · ${l.note}` : ""}
            </span>
          </li>
        ))}
      </ul>
      <p>
        {t("care_screen.total")}: <strong data-testid="care-total">{formatMoney(locale, r.total ?? 0)}</strong>
      </p>
    </>
  );
}

/** The request's history, from its moves. */
export function CareHistory({ r }: { r: TCareRequest }) {
  const { t } = useT();
  return (
    <HistoryCard
      id="care-history"
      title={t("care_screen.history")}
      steps={r.history}
      label={(a) => t(`care_screen.step.${a}`, { defaultValue: a })}
      badge="care_request"
      testId="care-history-list"
    />
  );
}

/** One request of a list: its number, status, works, grave, and what is pressing. */
export function CareRow({ r, href }: { r: TCareRequestItem; href: string }) {
  const { t, to, locale } = useT();
  return (
    <li className="card" data-testid="care-row">
      <p>
        <Link to={to(href)}>{t("care_screen.number", { number: r.number })}</Link>{" "}
        <StatusBadge kind="care_request" status={r.status} />
        {r.permitOverdue ? <strong className="danger-text"> · {t("care_screen.permit_overdue")}</strong> : null}
      </p>
      <p>
        <strong>{r.grave.deceased}</strong>{" "}
        <span className="muted">
          · {locale === "kk" ? r.grave.cemetery.nameKk : r.grave.cemetery.nameRu},{" "}
          {placeText(t, { sector: r.grave.sector, row: r.grave.row, number: r.grave.place })}
        </span>
      </p>
      <p className="muted">
        {r.kinds.map((k) => t(`care.kind.${k}`)).join(", ")}
        {r.total !== null ? ` · ${formatMoney(locale, r.total)}` : ""}
        {r.scheduledDate ? ` · ${t("care_screen.scheduled_for", { date: formatDate(locale, r.scheduledDate) })}` : ""}
      </p>
    </li>
  );
}

/**
 * A grave's care so far: each request with its works, status and photos before and after, and the
 * permits; links to each request's page in the reader's area (`staff`: the cemetery's).
 */
export function GraveHistoryList({ history, staff = false }: { history: TGraveCare; staff?: boolean }) {
  const { t, to, locale } = useT();
  return (
    <ul className="stack" data-testid="grave-care-history">
      {history.requests.map((r) => (
        <li key={`r${r.id}`}>
          <Link to={to(staff ? `/manager/ennoblement/${r.id}` : `/client/tickets/ennoblement/${r.id}`)}>
            {t("care_screen.number", { number: r.number })}
          </Link>{" "}
          <StatusBadge kind="care_request" status={r.status} />{" "}
          <span className="muted">
            {r.kinds.map((k) => t(`care.kind.${k}`)).join(", ")}
            {r.doneAt ? ` · ${t("care_screen.done_on", { date: formatDate(locale, r.doneAt) })}` : ""}
          </span>
          <CarePhotos files={r.before} label={t("care_screen.photos_before")} />
          <CarePhotos files={r.after} label={t("care_screen.photos_after")} />
        </li>
      ))}
      {history.permits.map((p) => (
        <li key={`p${p.id}`}>
          <Link to={to(staff ? `/manager/ennoblement/permits/${p.id}` : `/client/tickets/permit/${p.id}`)}>
            {t("care_screen.permit_title", { kind: t(`care.kind.${p.kind}`) })}
          </Link>{" "}
          <StatusBadge kind="care_permit" status={p.status} />
          {p.validUntil ? (
            <span className="muted">
              {" "}
              · {t("care_screen.valid_until")}: {formatDate(locale, p.validUntil)}
            </span>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
