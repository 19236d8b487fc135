import type { TCemeterySummary } from "../../common/api-types.ts";
import { formatNumber } from "../../common/i18n.ts";
import { useT } from "../lib/hooks.ts";

/** A cemetery's free / reserved / occupied places, as three badges. */
export function CemeteryCounts({ counts }: { counts: TCemeterySummary["counts"] }) {
  const { t, locale } = useT();
  return (
    <p className="cemetery-counts__figures">
      <span className="badge badge--ok">
        {formatNumber(locale, counts.free)} {t("cemeteries.free")}
      </span>
      <span className="badge badge--wait">
        {formatNumber(locale, counts.reserved)} {t("cemeteries.reserved")}
      </span>
      <span className="badge badge--neutral">
        {formatNumber(locale, counts.occupied)} {t("cemeteries.occupied")}
      </span>
    </p>
  );
}
