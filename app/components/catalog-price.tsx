import type { ItemUnit } from "../../common/catalog.ts";
import { formatTenge } from "../../common/catalog.ts";
import type { TPriceRange } from "../../common/catalog-schemas.ts";
import { useT } from "../lib/hooks.ts";

/** `12 500 ₸ / шт.` */
export function Price({ price, unit }: { price: number; unit: ItemUnit }) {
  const { t } = useT();
  return (
    <span className="catalog-price" data-testid="price">
      {t("catalog.per_unit", { price: formatTenge(price), unit: t(`catalog.unit.${unit}`) })}
    </span>
  );
}

/**
 * The city's price range of the item's category beside its price (lowest, median, highest of the
 * active items): families compare before they are in a hurry. `full` draws the three figures with
 * a bar and the price's place on it; otherwise one line.
 */
export function PriceRange({
  range,
  price,
  full = false,
}: {
  range: TPriceRange | null;
  price: number;
  full?: boolean;
}) {
  const { t } = useT();
  if (!range) return null;
  if (range.count < 2) return <p className="price-range muted">{t("catalog.range_only")}</p>;
  const line = t("catalog.range", {
    min: formatTenge(range.min),
    max: formatTenge(range.max),
    median: formatTenge(range.median),
  });
  if (!full) {
    return (
      <p className="price-range muted" data-testid="price-range">
        {line}
      </p>
    );
  }
  const span = Math.max(1, range.max - range.min);
  const at = Math.min(100, Math.max(0, ((price - range.min) / span) * 100));
  return (
    <div className="price-range price-range--full" data-testid="price-range">
      <div className="price-range__bar" aria-hidden="true">
        <span className="price-range__mark" style={{ left: `${at}%` }} />
      </div>
      <dl className="price-range__figures">
        <div>
          <dt className="price-range__label">{t("catalog.range_min")}</dt>
          <dd className="price-range__value">{formatTenge(range.min)}</dd>
        </div>
        <div>
          <dt className="price-range__label">{t("catalog.range_median")}</dt>
          <dd className="price-range__value">{formatTenge(range.median)}</dd>
        </div>
        <div>
          <dt className="price-range__label">{t("catalog.range_max")}</dt>
          <dd className="price-range__value">{formatTenge(range.max)}</dd>
        </div>
      </dl>
      <p className="visually-hidden">{line}</p>
    </div>
  );
}

/** How soon: «в день заказа», «за 24 часа», «за 3 дня». */
export function useLeadTime() {
  const { t } = useT();
  return (hours: number) =>
    hours <= 0
      ? t("catalog.lead_now")
      : hours % 24 === 0
        ? t("catalog.lead_days", { count: hours / 24 })
        : t("catalog.lead_hours", { count: hours });
}

/** The rating's plain mean and count (the order uses the weighted one). */
export function Rating({ rating }: { rating: { mean: number | null; count: number } }) {
  const { t } = useT();
  if (!rating.count || rating.mean === null) return <span className="muted">{t("catalog.no_reviews")}</span>;
  return (
    <span className="catalog-rating" data-testid="rating">
      ★ {t("catalog.rating", { mean: rating.mean.toFixed(1) })} · {t("catalog.reviews", { count: rating.count })}
    </span>
  );
}
