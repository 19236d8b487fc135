import { Link } from "react-router";
import type { TBurialRequest, TBurialRequestSummary } from "../../common/booking.ts";
import { formatDate, formatMoney, type TFn } from "../../common/i18n.ts";
import { placesText } from "../../common/place-text.ts";
import type { Locale } from "../../common/locale.ts";
import { formatPhone, telHref } from "../../common/phone.ts";
import { useT } from "../lib/hooks.ts";
import { Countdown } from "./countdown.tsx";
import { Icon } from "./icon.tsx";
import { StatusBadge } from "./status-badge.tsx";

/**
 * A burial request as both areas show it: the family's pages (`/client/...`) and the cemetery's
 * (`/manager/...`) read the same answer of the API and draw it with these pieces.
 */

/** A request's burial slot (`25.11.2026, 10:00`), or that none is chosen yet. */
export function slotText(t: TFn, locale: Locale, r: Pick<TBurialRequestSummary, "burialDate" | "burialTime">): string {
  if (!r.burialDate || !r.burialTime) return t("booking.not_chosen");
  return `${formatDate(locale, r.burialDate)}, ${r.burialTime}`;
}

/**
 * One request in a list (the family's requests, the cemetery's holds and requests): its number
 * linking to `href`, status as colour and word, the deceased, where and when, the fee, and, while
 * unpaid, the time left on its hold.
 */
export function BurialRequestRow({ r, now, href }: { r: TBurialRequestSummary; now: string; href: string }) {
  const { t, to, locale } = useT();
  return (
    <li className="card booking" data-testid="booking" data-request-id={r.id}>
      <div className="card__head">
        <h2 className="card__title">
          <Link to={to(href)}>{t("burial_request.number", { number: r.number })}</Link>
        </h2>
        <StatusBadge kind="burial_request" status={r.status} />
      </div>
      <p className="booking__who">
        <strong>{r.deceased}</strong> · {t(`burial_request.kind.${r.kind}`)}
      </p>
      <p className="muted">
        {r.cemeteryName} · {placesText(t, r.places) || "—"}
      </p>
      <p>
        {t("booking.slot")}: {slotText(t, locale, r)} · {formatMoney(locale, r.fee)}
      </p>
      {r.status === "pending" ? (
        <p>
          <Countdown until={r.expiresAt} now={now} />
        </p>
      ) : null}
    </li>
  );
}

/** Files of a request, each a link (the API decides who may read them). */
export function RequestFiles({ files }: { files: TBurialRequest["documents"]["certificate"] }) {
  const { t } = useT();
  if (!files.length) return <span className="muted">{t("booking.no_files")}</span>;
  return (
    <ul className="plain-list">
      {files.map((f) => (
        <li key={f.id}>
          <a href={f.url} target="_blank" rel="noopener noreferrer">
            <Icon name="file" size={18} /> {f.name}
          </a>
        </li>
      ))}
    </ul>
  );
}

/** A label from the catalog; a value it does not know (an action of a later version) is shown as stored. */
function known(t: TFn, prefix: string, value: string): string {
  const key = `${prefix}.${value}`;
  const label = t(key);
  return label === key ? value : label;
}

/** The request's history: each change, when, by whom, and why. */
export function BurialRequestHistory({ booking: b }: { booking: TBurialRequest }) {
  const { t, locale } = useT();
  return (
    <section className="card" aria-labelledby={`history-${b.id}`}>
      <h2 id={`history-${b.id}`} className="card__title">
        {t("booking.history")}
      </h2>
      <ol className="history" data-testid="request-history">
        {b.history.map((e, i) => (
          <li key={`${e.at}-${i}`}>
            <time dateTime={e.at}>{formatDate(locale, e.at, true)}</time> ·{" "}
            {known(t, "burial_request.action", e.action)}
            {e.byRole ? <span className="muted"> · {known(t, "burial_request.by", e.byRole)}</span> : null}
            {e.reason ? <span className="history__reason">{e.reason}</span> : null}
          </li>
        ))}
      </ol>
    </section>
  );
}

/** What a burial request says, as the family reads it: the deceased, the place, the slot, the fee and payment, the documents. */
/**
 * After the burial, the places of the booking the family keeps (decision 015: the second place of
 * a two-place booking stays reserved), with the day it began; nothing before the burial.
 */
export function KeptForFamily({
  request: r,
  testId,
}: {
  request: Pick<TBurialRequest, "keptForFamily" | "completedAt">;
  testId: string;
}) {
  const { t, locale } = useT();
  if (!r.keptForFamily.length || !r.completedAt) return null;
  return (
    <span className="history__reason" data-testid={testId}>
      {t("booking.kept_for_family", {
        date: formatDate(locale, r.completedAt),
        places: placesText(t, r.keptForFamily),
      })}
    </span>
  );
}

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
          {b.kind === "family_grave" ? `, ${t(`burial_request.remains.${b.remains}`)}` : ""}
        </dd>
        <dt>{t("search.cemetery")}</dt>
        <dd>
          {b.cemeteryName}
          {b.cemeteryAddress ? <span className="muted"> · {b.cemeteryAddress}</span> : null}
        </dd>
        <dt>{t("booking.places")}</dt>
        <dd data-testid="facts-places">
          {placesText(t, b.places) || "—"}
          <KeptForFamily request={b} testId="facts-kept" />
        </dd>
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
        <dd data-testid="facts-slot">{slotText(t, locale, b)}</dd>
        <dt>{t("booking.fee")}</dt>
        <dd>{formatMoney(locale, b.fee)}</dd>
        {b.paidAt ? (
          <>
            <dt>{t("booking.paid")}</dt>
            <dd data-testid="facts-paid">
              {formatDate(locale, b.paidAt, true)} · {t(`booking.method_${b.paymentMethod ?? "office"}`)}
              {b.paymentRef ? ` · ${t("manager.booking.receipt_no", { ref: b.paymentRef })}` : ""}
            </dd>
          </>
        ) : null}
        {b.client ? (
          <>
            <dt>{t("booking.responsible")}</dt>
            <dd data-testid="facts-client">
              {b.client.name || "—"} · <a href={telHref(b.client.phone)}>{formatPhone(b.client.phone)}</a>
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
          <RequestFiles files={b.documents.certificate} />
        </dd>
        {b.kind === "family_grave" ? (
          <>
            <dt>{t("booking.kinship")}</dt>
            <dd>
              <RequestFiles files={b.documents.kinship} />
            </dd>
            <dt>{t("booking.grave_docs")}</dt>
            <dd>
              <RequestFiles files={b.documents.grave} />
            </dd>
          </>
        ) : null}
      </dl>
    </section>
  );
}
