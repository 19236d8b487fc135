/**
 * A company's itemised price list as a PDF (the page `/services/suppliers/:id` prints the same):
 * its active items, category by category, with price, unit, lead time and the city's price range
 * of the category — laid out by `renderPdf` (`server/lib/pdf.ts`), in the reader's language.
 */
import { dmy } from "../../../common/calendar/days.ts";
import { formatTenge } from "../../../common/catalog.ts";
import type { TPriceList } from "../../../common/catalog-schemas.ts";
import { translate } from "../../../common/i18n.ts";
import type { Locale } from "../../../common/locale.ts";
import { printFooter, type TPrintDoc } from "../../lib/pdf.ts";

/** How soon, as the pages say it. */
function leadText(locale: Locale, hours: number): string {
  if (hours <= 0) return translate(locale, "catalog.lead_now");
  return hours % 24 === 0
    ? translate(locale, "catalog.lead_days", { count: hours / 24 })
    : translate(locale, "catalog.lead_hours", { count: hours });
}

export function priceListDoc(list: TPriceList, locale: Locale, issuedAt: Date): TPrintDoc {
  const t = (key: string, params?: Record<string, string | number>) =>
    translate(locale, `catalog_price_list.${key}`, params);
  const rows = list.groups.flatMap((g) =>
    g.items.map((i) => [
      translate(locale, `catalog.category.${g.category}`),
      i.available ? i.name : `${i.name} (${translate(locale, "catalog.unavailable")})`,
      translate(locale, "catalog.per_unit", {
        price: formatTenge(i.price),
        unit: translate(locale, `catalog.unit.${i.unit}`),
      }),
      leadText(locale, i.leadHours),
      i.range && i.range.count > 1
        ? `${formatTenge(i.range.min)} · ${formatTenge(i.range.median)} · ${formatTenge(i.range.max)}`
        : "—",
    ]),
  );
  return {
    locale,
    title: t("title", { company: list.supplier.name }),
    subtitle: t("meta", { city: list.supplier.city, bin: list.supplier.bin, date: dmy(list.date) }),
    sections: [],
    table: {
      columns: [
        { label: translate(locale, "catalog_public.category"), width: 0.18 },
        { label: t("name"), width: 0.3 },
        { label: t("price"), width: 0.18 },
        { label: t("lead"), width: 0.12 },
        { label: t("range"), width: 0.22 },
      ],
      rows,
      empty: t("empty"),
      total: t("count", { count: rows.length }),
    },
    note: t("note"),
    footer: printFooter(locale, issuedAt),
    issuedAt,
  };
}
