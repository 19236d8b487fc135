import { Link, useSearchParams } from "react-router";
import { NEWS_CATEGORY_VALUES, type NewsCategory, type TPublicNews } from "../../../common/api-types.ts";
import { formatLongDate } from "../../../common/i18n.ts";
import { pageNumber } from "../../../common/schemas.ts";
import { Pager } from "../../components/pager.tsx";
import { useT } from "../../lib/hooks.ts";
import { requestContext } from "../../lib/request-context.ts";
import type { Route } from "./+types/news-list";

export function meta({ location }: Route.MetaArgs) {
  const isKk = location.pathname.startsWith("/kk");
  return [
    { title: isKk ? "Жаңалықтар" : "Новости" },
    {
      name: "description",
      content: isKk ? "Әкімдіктің жаңалықтары мен хабарландырулары" : "Новости и объявления акимата",
    },
  ];
}

export async function loader({ context, request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const category = url.searchParams.get("category");
  return context.get(requestContext).api.get("/news", {
    query: {
      page: pageNumber(url.searchParams.get("page")),
      category: (NEWS_CATEGORY_VALUES as readonly string[]).includes(category ?? "") ? category : undefined,
    },
  });
}

/** One news item as a card: cover, category, date, title, excerpt. */
export function NewsCard({ item }: { item: TPublicNews }) {
  const { t, to, locale } = useT();
  return (
    <li className="card news-card">
      {item.cover ? <img className="news-card__cover" src={item.cover.url} alt="" loading="lazy" /> : null}
      <p className="news-card__meta">
        <span>{t(`news.category.${item.category}`)}</span> ·{" "}
        <time dateTime={item.publishedAt}>{formatLongDate(locale, item.publishedAt)}</time>
      </p>
      <h2 className="card__title" lang={item.locale === "kk" ? "kk" : "ru"}>
        <Link to={to(`/news/${item.id}`)}>{item.title}</Link>
      </h2>
      {item.isFallback ? <p className="muted news-card__note">{t("news.fallback_note")}</p> : null}
      <p className="card__text" lang={item.locale === "kk" ? "kk" : "ru"}>
        {item.excerpt}
      </p>
    </li>
  );
}

/** Public news of the akimat, by category, 12 a page. */
export default function NewsList({ loaderData }: Route.ComponentProps) {
  const { t } = useT();
  const [params] = useSearchParams();
  const current = params.get("category") ?? "";
  return (
    <section aria-labelledby="news-title">
      <h1 id="news-title">{t("news.title")}</h1>
      <nav className="tabs news-tabs" aria-label={t("news.by_category")}>
        {(["", ...NEWS_CATEGORY_VALUES] as (NewsCategory | "")[]).map((c) => (
          <Link
            key={c || "all"}
            to={c ? `?category=${c}` : "?"}
            className={`tabs__item${current === c ? " is-current" : ""}`}
            aria-current={current === c ? "page" : undefined}
          >
            {c ? t(`news.category.${c}`) : t("common.all")}
          </Link>
        ))}
      </nav>
      {loaderData.items.length === 0 ? <p className="muted">{t("news.empty")}</p> : null}
      <ul className="cards" data-testid="news-list">
        {loaderData.items.map((n) => (
          <NewsCard key={n.id} item={n} />
        ))}
      </ul>
      <Pager page={loaderData.page} pageSize={loaderData.pageSize} total={loaderData.total} />
    </section>
  );
}
