import type { TBurialRequest } from "../../common/booking.ts";
import { formatDate, formatMoney } from "../../common/i18n.ts";
import { formatPhone } from "../../common/phone.ts";
import { useT } from "../lib/hooks.ts";

/** "сектор 3, ряд 2, места 4–5" for a request's places. */
export function placesText(t: ReturnType<typeof useT>["t"], places: TBurialRequest["places"]): string {
  const first = places[0];
  const last = places[places.length - 1];
  if (!first || !last) return "—";
  const where = `${t("search.sector")} ${first.sector}, ${t("search.row").toLowerCase()} ${first.row}, `;
  return first.number === last.number
    ? `${where}${t("search.place").toLowerCase()} ${first.number}`
    : `${where}${t("reserve.places_range", { from: first.number, to: last.number })}`;
}

/** Files of a request, as links the caller may open (the API decides who may read them). */
function Files({ files }: { files: TBurialRequest["documents"]["certificate"] }) {
  const { t } = useT();
  if (!files.length) return <span className="muted">{t("booking.no_files")}</span>;
  return (
    <ul className="files">
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

/** What a burial request says: the deceased, the place, the slot, the fee and payment, the documents. */
export function BurialRequestFacts({ booking: b }: { booking: TBurialRequest }) {
  const { t, locale } = useT();
  return (
    <section className="card" aria-labelledby={`facts-${b.id}`} data-testid="request-facts">
      <h2 id={`facts-${b.id}`} className="card__title">
        {t("booking.summary")}
      </h2>
      <dl className="facts">
        <dt>{t("booking.deceased")}</dt>
        <dd data-testid="facts-deceased">{b.deceased}</dd>
        <dt>{t("booking.iin")}</dt>
        <dd>{b.iin}</dd>
        {b.birthDate ? (
          <>
            <dt>{t("burial.birth_date")}</dt>
            <dd>{formatDate(locale, b.birthDate)}</dd>
          </>
        ) : null}
        <dt>{t("burial.death_date")}</dt>
        <dd>{formatDate(locale, b.deathDate)}</dd>
        <dt>{t("booking.kind")}</dt>
        <dd>
          {t(`burial_request.kind.${b.kind}`)}
          {b.kind === "family_grave" ? `, ${t(`booking.remains_${b.remains}`).toLowerCase()}` : ""}
        </dd>
        <dt>{t("search.cemetery")}</dt>
        <dd>
          {b.cemeteryName}
          {b.cemeteryAddress ? <span className="muted"> · {b.cemeteryAddress}</span> : null}
        </dd>
        <dt>{t("booking.places")}</dt>
        <dd data-testid="facts-places">{placesText(t, b.places)}</dd>
        {b.familyGrave ? (
          <>
            <dt>{t("booking.family_grave")}</dt>
            <dd data-testid="facts-family">
              {b.familyGrave.name}
              {b.familyGrave.lastBurial
                ? ` · ${t("booking.last_burial", { date: formatDate(locale, b.familyGrave.lastBurial), n: b.familyGrave.burials })}`
                : ""}
            </dd>
          </>
        ) : null}
        <dt>{t("booking.slot")}</dt>
        <dd data-testid="facts-slot">
          {b.burialDate && b.burialTime
            ? `${formatDate(locale, b.burialDate)}, ${b.burialTime}`
            : t("booking.not_chosen")}
        </dd>
        <dt>{t("booking.fee")}</dt>
        <dd>{formatMoney(locale, b.fee)}</dd>
        {b.paidAt ? (
          <>
            <dt>{t("booking.paid")}</dt>
            <dd>
              {formatDate(locale, b.paidAt, true)} · {t(`booking.method_${b.paymentMethod ?? "office"}`)}
              {b.paymentRef && b.paymentMethod === "office" ? ` · ${b.paymentRef}` : ""}
            </dd>
          </>
        ) : null}
        {b.client ? (
          <>
            <dt>{t("booking.responsible")}</dt>
            <dd data-testid="facts-client">
              {b.client.name || "—"} · <a href={`tel:${b.client.phone}`}>{formatPhone(b.client.phone)}</a>
            </dd>
          </>
        ) : null}
        {b.cancelReason ? (
          <>
            <dt>{t("booking.cancel_reason")}</dt>
            <dd>{b.cancelReason}</dd>
          </>
        ) : null}
        <dt>{t("booking.certificate")}</dt>
        <dd>
          <Files files={b.documents.certificate} />
        </dd>
        {b.kind === "family_grave" ? (
          <>
            <dt>{t("booking.kinship")}</dt>
            <dd>
              <Files files={b.documents.kinship} />
            </dd>
            <dt>{t("booking.grave_docs")}</dt>
            <dd>
              <Files files={b.documents.grave} />
            </dd>
          </>
        ) : null}
      </dl>
    </section>
  );
}

/** The request's history: each change, when, by whom, and why. */
export function BurialRequestHistory({ booking: b }: { booking: TBurialRequest }) {
  const { t, locale } = useT();
  return (
    <section className="card" aria-labelledby={`history-${b.id}`}>
      <h2 id={`history-${b.id}`} className="card__title">
        {t("booking.history")}
      </h2>
      <ol className="history" data-testid="history">
        {b.history.map((e) => (
          <li key={`${e.at}-${e.action}`}>
            <time dateTime={e.at}>{formatDate(locale, e.at, true)}</time> — {t(`booking.event.${e.action}`)}
            {e.byRole ? <span className="muted"> ({t(`booking.by.${e.byRole}`)})</span> : null}
            {e.reason ? <span> · {e.reason}</span> : null}
          </li>
        ))}
      </ol>
    </section>
  );
}
