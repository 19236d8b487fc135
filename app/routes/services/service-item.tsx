import { Link } from "react-router";
import { Price, PriceRange, Rating, useLeadTime } from "../../components/catalog-price.tsx";
import { Icon } from "../../components/icon.tsx";
import { ReviewList } from "../../components/review-list.tsx";
import { RichText } from "../../components/rich-text.tsx";
import { loadPublicReviews } from "../../lib/reviews.server.ts";
import { useMe, useT } from "../../lib/hooks.ts";
import { orPageError, pageId } from "../../lib/page-ids.server.ts";
import { requestContext } from "../../lib/request-context.ts";
import type { Route } from "./+types/service-item";

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const id = pageId(params.id, request);
  const { api } = context.get(requestContext);
  const [item, reviews] = await orPageError(request, () =>
    Promise.all([
      api.get("/catalog/:id", { params: { id } }),
      loadPublicReviews(api, { itemId: id }, new URL(request.url)),
    ]),
  );
  return { item, reviews, origin: (process.env.PUBLIC_URL ?? new URL(request.url).origin).replace(/\/$/, "") };
}

/** Title, description and image for search engines and link previews. */
export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [];
  const { item, origin } = loaderData;
  const description = `${item.supplier.name}, ${item.city}`;
  return [
    { title: item.name },
    { name: "description", content: description },
    { property: "og:title", content: item.name },
    { property: "og:description", content: description },
    ...(item.photos[0] ? [{ property: "og:image", content: `${origin}${item.photos[0].url}` }] : []),
  ];
}

/**
 * An item on sale: its photos, description (sanitized on the server when saved), price with the
 * city's range of its category, lead time, where it is served, the button that adds it to one of
 * the family's burials (signing in first when needed), its company (with the price list), its
 * rating and its published reviews with the company's replies.
 */
export default function ServiceItem({ loaderData }: Route.ComponentProps) {
  const { t, to } = useT();
  const lead = useLeadTime();
  const { item, reviews } = loaderData;
  // A family (or a visitor, who signs in on the way) orders; staff and suppliers only read.
  const me = useMe();
  return (
    <article className="catalog-item" aria-labelledby="item-title" data-testid="service-page">
      <p>
        <Link to={to("/services")}>← {t("catalog_public.back")}</Link>
      </p>
      <p className="catalog-card__meta muted">
        {t(`catalog.category.${item.category}`)} · {t(`catalog.kind.${item.kind}`)}
      </p>
      <h1 id="item-title">{item.name}</h1>
      <p>
        <Rating rating={item.rating} />
      </p>
      {item.photos.length ? (
        <ul className="catalog-gallery" aria-label={t("catalog.field.photos")}>
          {item.photos.map((p, i) => (
            <li key={p.id}>
              <img
                src={p.url}
                alt={t("catalog_public.photo", { n: i + 1, name: item.name })}
                loading={i ? "lazy" : "eager"}
              />
            </li>
          ))}
        </ul>
      ) : null}
      <section className="card catalog-item__buy" aria-label={t("catalog.field.price")}>
        <p className="catalog-item__price">
          <Price price={item.price} unit={item.unit} />
        </p>
        <h2 className="catalog-item__range-title">
          {t("catalog.range_title", { category: t(`catalog.category.${item.category}`) })}
        </h2>
        <PriceRange range={item.range} price={item.price} full />
        <dl className="facts">
          <dt>{t("catalog_public.lead_time")}</dt>
          <dd>{lead(item.leadHours)}</dd>
          <dt>{t("catalog_public.served")}</dt>
          <dd>
            {item.city}:{" "}
            {item.cemeteries.length ? item.cemeteries.map((c) => c.name).join(", ") : t("catalog.every_cemetery")}
          </dd>
          {item.available ? null : (
            <>
              <dt>{t("catalog.field.available")}</dt>
              <dd>{t("catalog.unavailable")}</dd>
            </>
          )}
        </dl>
        {item.available && (!me || me.user.role === "client") ? (
          <p className="card__actions">
            <Link
              className="button"
              to={to(`/client/tickets/burial/add-service?item=${item.id}`)}
              data-testid="order-item"
            >
              <Icon name="plus" /> {t("orders_screen.order_item")}
            </Link>
          </p>
        ) : null}
      </section>
      {item.description ? (
        <section aria-labelledby="item-description">
          <h2 id="item-description">{t("catalog_public.description")}</h2>
          <RichText html={item.description} />
        </section>
      ) : null}
      <section className="card" aria-labelledby="item-supplier">
        <h2 id="item-supplier" className="card__title">
          {t("catalog_public.supplier")}
        </h2>
        <p>
          <Icon name="building" size={18} /> {item.supplier.name} · {item.supplier.city}
        </p>
        <p>
          <Link to={to(`/services/suppliers/${item.supplier.id}`)} data-testid="price-list-link">
            <Icon name="file" size={18} /> {t("catalog_public.price_list")}
          </Link>
        </p>
      </section>
      <ReviewList page={reviews} />
    </article>
  );
}
