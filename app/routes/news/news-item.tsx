import { Link } from "react-router";
import { formatLongDate } from "../../../common/i18n.ts";
import { Icon } from "../../components/icon.tsx";
import { RichText } from "../../components/rich-text.tsx";
import { useT } from "../../lib/hooks.ts";
import { requestContext } from "../../lib/request-context.ts";
import type { Route } from "./+types/news-item";
import { orPageError, pageId } from "../../lib/page-ids.server.ts";

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const id = pageId(params.id, request);
  const item = await orPageError(request, () => context.get(requestContext).api.get("/news/:id", { params: { id } }));
  return { item, origin: (process.env.PUBLIC_URL ?? new URL(request.url).origin).replace(/\/$/, "") };
}

/** Title, description and image for search engines and link previews. */
export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [];
  const { item, origin } = loaderData;
  return [
    { title: item.title },
    { name: "description", content: item.excerpt },
    { property: "og:type", content: "article" },
    { property: "og:title", content: item.title },
    { property: "og:description", content: item.excerpt },
    ...(item.cover ? [{ property: "og:image", content: `${origin}${item.cover.url}` }] : []),
  ];
}

/** A published news item, rendered on the server; its HTML was sanitized when it was saved. */
export default function NewsItem({ loaderData }: Route.ComponentProps) {
  const { t, to, locale } = useT();
  const { item } = loaderData;
  const lang = item.locale === "kk" ? "kk" : "ru";
  return (
    <article className="prose-page news-article" aria-labelledby="article-title">
      <p>
        <Link to={to("/news")}>← {t("news.back")}</Link>
      </p>
      <p className="news-card__meta">
        <span>{t(`news.category.${item.category}`)}</span> ·{" "}
        <time dateTime={item.publishedAt}>{formatLongDate(locale, item.publishedAt)}</time> · {item.akimatName}
      </p>
      <h1 id="article-title" lang={lang}>
        {item.title}
      </h1>
      {item.isFallback ? (
        <p className="note" data-testid="fallback-note">
          {t("news.fallback_note")}
        </p>
      ) : null}
      {item.cover ? <img className="news-article__cover" src={item.cover.url} alt="" /> : null}
      <div lang={lang}>
        <RichText html={item.content} />
      </div>
      {item.attachment ? (
        <p>
          <a className="button button--ghost" href={item.attachment.url} download>
            <Icon name="file" /> {t("news.attachment")}: {item.attachment.name}
          </a>
        </p>
      ) : null}
    </article>
  );
}
