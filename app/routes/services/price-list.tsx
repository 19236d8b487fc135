import { Link } from "react-router";
import { dmy } from "../../../common/calendar/days.ts";
import { formatTenge } from "../../../common/catalog.ts";
import { useLeadTime } from "../../components/catalog-price.tsx";
import { Icon } from "../../components/icon.tsx";
import { useT } from "../../lib/hooks.ts";
import { orPageError, pageId } from "../../lib/page-ids.server.ts";
import { requestContext } from "../../lib/request-context.ts";
import type { Route } from "./+types/price-list";

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const id = pageId(params.id, request);
  return orPageError(request, () =>
    context.get(requestContext).api.get("/catalog/suppliers/:id/price-list", { params: { id } }),
  );
}

export function meta({ loaderData, location }: Route.MetaArgs) {
  if (!loaderData) return [];
  const isKk = location.pathname.startsWith("/kk");
  return [{ title: `${isKk ? "Баға парағы" : "Прайс-лист"}: ${loaderData.supplier.name}` }];
}

/**
 * A company's itemised price list, print-friendly (the navigation and buttons are not printed):
 * its active items by category with price, unit, lead time and the city's range of the category.
 */
export default function PriceList({ loaderData }: Route.ComponentProps) {
  const { t, to, locale } = useT();
  const lead = useLeadTime();
  const { supplier, groups, date } = loaderData;
  return (
    <article className="price-list" aria-labelledby="pl-title" data-testid="price-list">
      <p className="no-print">
        <Link to={to("/services")}>← {t("catalog_public.back")}</Link>
      </p>
      <h1 id="pl-title">{t("catalog_price_list.title", { company: supplier.name })}</h1>
      <p className="muted">
        {t("catalog_price_list.meta", { city: supplier.city, bin: supplier.bin, date: dmy(date) })}
      </p>
      <p className="no-print">
        <button
          type="button"
          className="button button--ghost button--small"
          onClick={() => window.print()}
          data-testid="print"
        >
          <Icon name="file" size={16} /> {t("catalog_price_list.print")}
        </button>{" "}
        <a
          href={`/api/v1/catalog/suppliers/${supplier.id}/price-list.pdf?lang=${locale}`}
          className="button button--ghost button--small"
          data-testid="price-list-pdf"
        >
          <Icon name="file" size={16} /> {t("catalog_price_list.pdf")}
        </a>
      </p>
      {groups.length === 0 ? <p className="empty">{t("catalog_price_list.empty")}</p> : null}
      {groups.map((g) => (
        <section key={g.category} aria-labelledby={`pl-${g.category}`}>
          <h2 id={`pl-${g.category}`}>{t(`catalog.category.${g.category}`)}</h2>
          <table className="table price-list__table">
            <thead>
              <tr>
                <th scope="col">{t("catalog_price_list.name")}</th>
                <th scope="col">{t("catalog_price_list.price")}</th>
                <th scope="col">{t("catalog_price_list.lead")}</th>
                <th scope="col">{t("catalog_price_list.range")}</th>
              </tr>
            </thead>
            <tbody>
              {g.items.map((i) => (
                <tr key={i.id}>
                  <td>
                    <Link to={to(`/services/${i.id}`)}>{i.name}</Link>
                    {i.available ? null : <span className="muted"> · {t("catalog.unavailable")}</span>}
                  </td>
                  <td className="price-list__price">
                    {t("catalog.per_unit", { price: formatTenge(i.price), unit: t(`catalog.unit.${i.unit}`) })}
                  </td>
                  <td>{lead(i.leadHours)}</td>
                  <td className="muted">
                    {i.range && i.range.count > 1
                      ? `${formatTenge(i.range.min)} · ${formatTenge(i.range.median)} · ${formatTenge(i.range.max)}`
                      : "—"}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ))}
      <p className="muted">{t("catalog_price_list.note")}</p>
    </article>
  );
}
