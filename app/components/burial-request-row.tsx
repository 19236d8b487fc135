import { Link } from "react-router";
import type { TBurialRequestSummary } from "../../common/booking.ts";
import { formatDate, formatMoney, type TFn } from "../../common/i18n.ts";
import type { Locale } from "../../common/locale.ts";
import { useT } from "../lib/hooks.ts";
import { Countdown } from "./countdown.tsx";
import { StatusBadge } from "./status-badge.tsx";

/** A request's places: `сектор А, ряд 3, место 12; …`. */
export function placesText(t: TFn, places: TBurialRequestSummary["places"]): string {
  return places.map((p) => t("manager.picker.place", { sector: p.sector, row: p.row, place: p.number })).join("; ");
}

/** A request's burial slot (`25.11.2026, 10:00`), or that none is chosen yet. */
export function slotText(t: TFn, locale: Locale, r: Pick<TBurialRequestSummary, "burialDate" | "burialTime">): string {
  if (!r.burialDate) return t("manager.booking.slot_none");
  return [formatDate(locale, r.burialDate), r.burialTime].filter(Boolean).join(", ");
}

/**
 * One burial request in the staff's lists: number (the link to it), status as colour and word,
 * the deceased, where and when, the fee, and, while unpaid, the time left on its hold.
 */
export function BurialRequestRow({ r, now }: { r: TBurialRequestSummary; now: string }) {
  const { t, to, locale } = useT();
  return (
    <li className="card booking" data-testid="booking" data-request-id={r.id}>
      <div className="card__head">
        <h2 className="card__title">
          <Link to={to(`/manager/booking/${r.id}`)}>{t("burial_request.number", { number: r.number })}</Link>
        </h2>
        <StatusBadge kind="burial_request" status={r.status} />
      </div>
      <p className="booking__who">
        <strong>{r.deceased}</strong> · {t(`burial_request.kind.${r.kind}`)}
      </p>
      <p className="muted">
        {r.cemeteryName}
        {r.places.length ? ` · ${placesText(t, r.places)}` : ""}
      </p>
      <p>
        {t("manager.booking.slot")}: {slotText(t, locale, r)} · {formatMoney(locale, r.fee)}
      </p>
      {r.status === "pending" ? (
        <p>
          <Countdown until={r.expiresAt} now={now} />
        </p>
      ) : null}
    </li>
  );
}
