import { Form, Link } from "react-router";
import {
  CATALOG_CATEGORIES,
  CATALOG_SORTS,
  type CatalogCategory,
  ITEM_KINDS,
  type ItemKind,
} from "../../../common/catalog.ts";
import type { TPublicItem } from "../../../common/catalog-schemas.ts";
import { Price, PriceRange, Rating, useLeadTime } from "../../components/catalog-price.tsx";
import { Icon } from "../../components/icon.tsx";
import { Pager } from "../../components/pager.tsx";
import { useT } from "../../lib/hooks.ts";
import { listParams, useListParams } from "../../lib/list.ts";
import { requestContext } from "../../lib/request-context.ts";
import type { Route } from "./+types/services-list";

export function meta({ location }: Route.MetaArgs) {
  const isKk = location.pathname.startsWith("/kk");
  return [
    { title: isKk ? "Ритуалдық тауарлар мен қызметтер" : "Ритуальные товары и услуги" },
    {
      name: "description",
      content: isKk
        ? "Қаланың тексерілген жеткізушілерінің тауарлары мен қызметтері, қала бағаларымен салыстыру"
        : "Товары и услуги проверенных поставщиков города с ценами города для сравнения",
    },
  ];
}

const digits = (v: string | null) => (v && /^[0-9]{1,9}$/.test(v.trim()) ? v.trim() : undefined);

/** The filters as the API takes them; a value the list does not offer (an old link) is dropped, not refused. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const p = url.searchParams;
  const api = context.get(requestContext).api;
  const category = CATALOG_CATEGORIES.find((c) => c === p.get("category"));
  const kind = ITEM_KINDS.find((k) => k === p.get("kind"));
  const city = p.get("city")?.trim().slice(0, 80) || undefined;
  const [page, facets, cemeteries] = await Promise.all([
    api.get("/catalog", {
      query: {
        ...listParams(url),
        city,
        category,
        kind,
        cemeteryId: digits(p.get("cemeteryId")),
        priceFrom: digits(p.get("priceFrom")),
        priceTo: digits(p.get("priceTo")),
        q: p.get("q")?.trim().slice(0, 100) || undefined,
      },
    }),
    api.get("/catalog/facets"),
    api.get("/cemeteries", { query: city ? { city } : {} }),
  ]);
  return { page, cities: facets.cities, cemeteries: cemeteries.items.map((c) => ({ id: c.id, name: c.name })) };
}

/** One item of the list: photo, name, supplier, price with the city's range, lead time, rating. */
function ItemCard({ item }: { item: TPublicItem }) {
  const { t, to } = useT();
  const lead = useLeadTime();
  const photo = item.photos[0];
  return (
    <li className="card catalog-card" data-testid={`service-${item.id}`}>
      {photo ? (
        <img className="catalog-card__photo" src={photo.url} alt="" loading="lazy" width="320" height="200" />
      ) : null}
      <p className="catalog-card__meta muted">
        {t(`catalog.category.${item.category}`)} · {t(`catalog.kind.${item.kind}`)}
      </p>
      <h2 className="card__title">
        <Link to={to(`/services/${item.id}`)}>{item.name}</Link>
      </h2>
      <p className="catalog-card__supplier">
        {item.supplier.name} · {item.city}
      </p>
      <p className="catalog-card__price">
        <Price price={item.price} unit={item.unit} />
      </p>
      <PriceRange range={item.range} price={item.price} />
      <p className="muted">
        {t("catalog_public.lead_time")}: {lead(item.leadHours)}
        {item.available ? null : <> · {t("catalog.unavailable")}</>}
      </p>
      <p>
        <Rating rating={item.rating} />
      </p>
    </li>
  );
}

/** The public catalogue: filters, order and page in the URL; each price beside the city's range. */
export default function ServicesList({ loaderData }: Route.ComponentProps) {
  const { t, to } = useT();
  const list = useListParams();
  const { page, cities, cemeteries } = loaderData;
  const sort = list.get("sort") || "-publishedAt";
  const hasFilters = ["city", "cemeteryId", "category", "kind", "priceFrom", "priceTo"].some((k) => list.get(k));
  return (
    <section aria-labelledby="services-title" className="catalog">
      <h1 id="services-title">{t("catalog_public.title")}</h1>
      <p className="lead">{t("catalog_public.lead")}</p>
      <Form method="get" className="card catalog-filters" role="search" data-testid="services-filters">
        <div className="field catalog-filters__q">
          <label htmlFor="sv-q" className="field__label">
            {t("catalog_public.q")}
          </label>
          <input id="sv-q" name="q" type="search" defaultValue={list.get("q")} aria-describedby="sv-q-hint" />
          <p id="sv-q-hint" className="field__hint">
            {t("catalog_public.q_hint")}
          </p>
        </div>
        <div className="catalog-filters__row">
          <div className="field">
            <label htmlFor="sv-sort" className="field__label">
              {t("catalog_public.sort")}
            </label>
            <select id="sv-sort" name="sort" defaultValue={sort}>
              {CATALOG_SORTS.map((s) => (
                <option key={s} value={s}>
                  {t(`catalog_public.sort_${s}`)}
                </option>
              ))}
            </select>
          </div>
        </div>
        {/* The rarer filters fold behind one line on a phone, open while one of them is set. */}
        <details className="catalog-filters__more" open={hasFilters}>
          <summary data-testid="services-more-filters">{t("catalog_public.filters")}</summary>
          <div className="catalog-filters__row">
            <div className="field">
              <label htmlFor="sv-city" className="field__label">
                {t("catalog_public.city")}
              </label>
              <select id="sv-city" name="city" defaultValue={list.get("city")}>
                <option value="">{t("catalog_public.all_cities")}</option>
                {cities.map((c) => (
                  <option key={c} value={c}>
                    {c}
                  </option>
                ))}
              </select>
            </div>
            <div className="field">
              <label htmlFor="sv-cemetery" className="field__label">
                {t("catalog_public.cemetery")}
              </label>
              <select id="sv-cemetery" name="cemeteryId" defaultValue={list.get("cemeteryId")}>
                <option value="">{t("catalog_public.all_cemeteries")}</option>
                {cemeteries.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.name}
                  </option>
                ))}
              </select>
            </div>
            <div className="field">
              <label htmlFor="sv-category" className="field__label">
                {t("catalog_public.category")}
              </label>
              <select id="sv-category" name="category" defaultValue={list.get("category")}>
                <option value="">{t("catalog_public.all_categories")}</option>
                {CATALOG_CATEGORIES.map((c: CatalogCategory) => (
                  <option key={c} value={c}>
                    {t(`catalog.category.${c}`)}
                  </option>
                ))}
              </select>
            </div>
            <div className="field">
              <label htmlFor="sv-kind" className="field__label">
                {t("catalog_public.kind")}
              </label>
              <select id="sv-kind" name="kind" defaultValue={list.get("kind")}>
                <option value="">{t("catalog_public.all_kinds")}</option>
                {ITEM_KINDS.map((k: ItemKind) => (
                  <option key={k} value={k}>
                    {t(`catalog.kind.${k}`)}
                  </option>
                ))}
              </select>
            </div>
            <div className="field">
              <label htmlFor="sv-from" className="field__label">
                {t("catalog_public.price_from")}
              </label>
              <input
                id="sv-from"
                name="priceFrom"
                inputMode="numeric"
                pattern="[0-9]*"
                defaultValue={list.get("priceFrom")}
              />
            </div>
            <div className="field">
              <label htmlFor="sv-to" className="field__label">
                {t("catalog_public.price_to")}
              </label>
              <input
                id="sv-to"
                name="priceTo"
                inputMode="numeric"
                pattern="[0-9]*"
                defaultValue={list.get("priceTo")}
              />
            </div>
          </div>
        </details>
        <div className="form-actions">
          <button type="submit" className="button" data-testid="services-apply">
            <Icon name="search" size={16} /> {t("catalog_public.apply")}
          </button>
          <Link to={to("/services")} className="button button--ghost">
            {t("catalog_public.reset")}
          </Link>
        </div>
      </Form>
      <p role="status" className="muted" data-testid="services-found">
        {t("catalog_public.found", { count: page.total })}
      </p>
      {page.items.length === 0 ? <p className="empty">{t("catalog_public.empty")}</p> : null}
      <ul className="cards catalog-cards" data-testid="services-list">
        {page.items.map((item) => (
          <ItemCard key={item.id} item={item} />
        ))}
      </ul>
      <Pager page={page.page} pageSize={page.pageSize} total={page.total} />
    </section>
  );
}
