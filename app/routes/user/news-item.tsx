import { Form, Link, useNavigation } from "react-router";
import { redirectTo } from "../../lib/redirect.server.ts";
import { formatDate } from "../../../common/i18n.ts";
import { localizePath } from "../../../common/locale.ts";
import { Icon } from "../../components/icon.tsx";
import { RichText } from "../../components/rich-text.tsx";
import { StatusBadge } from "../../components/status-badge.tsx";
import { callApi, str } from "../../lib/actions.server.ts";
import { useT } from "../../lib/hooks.ts";
import { requestContext } from "../../lib/request-context.ts";
import type { Route } from "./+types/news-item";
import { orPageError, pageId } from "../../lib/page-ids.server.ts";

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.item.titleRu || loaderData?.item.titleKk || "" }];
}

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const id = pageId(params.id, request);
  return {
    item: await orPageError(request, () => context.get(requestContext).api.get("/akimat/news/:id", { params: { id } })),
  };
}

export async function action({ context, params, request }: Route.ActionArgs) {
  const rc = context.get(requestContext);
  const intent = str(await request.formData(), "intent");
  const id = Number(params.id);
  const result = await callApi(async () => {
    if (intent === "publish" || intent === "unpublish") {
      await rc.api.post("/akimat/news/:id/moves/:move", { params: { id, move: intent }, body: {} });
    } else if (intent === "delete") await rc.api.delete("/akimat/news/:id", { params: { id } });
  });
  if (!result.ok) return result.response;
  if (intent === "delete") return redirectTo(localizePath("/user/news", rc.locale));
  return { done: intent };
}

/** One news item for the akimat's staff: both languages, publish / withdraw / delete. */
export default function UserNewsItem({ loaderData, actionData }: Route.ComponentProps) {
  const { t, to, locale } = useT();
  const { item } = loaderData;
  const busy = useNavigation().state !== "idle";
  return (
    <article aria-labelledby="ni-title">
      <p>
        <Link to={to("/user/news")}>← {t("user.news.back")}</Link>
      </p>
      <div className="page-head">
        <h1 id="ni-title">{(locale === "kk" ? item.titleKk : item.titleRu) || item.titleRu || item.titleKk}</h1>
        <StatusBadge kind="news" status={item.status} />
      </div>
      {actionData && "error" in actionData ? (
        <p className="alert alert--error" role="alert">
          <Icon name="alert" /> {actionData.error.message}
        </p>
      ) : null}
      <p className="muted">
        {t(`news.category.${item.category}`)} · {t("user.news.updated")}: {formatDate(locale, item.updatedAt, true)}
        {item.publishedAt ? ` · ${t("user.news.published_at")}: ${formatDate(locale, item.publishedAt, true)}` : ""}
        {item.authorName ? ` · ${item.authorName}` : ""}
      </p>
      <div className="card__actions">
        <Link className="button button--ghost" to={to(`/user/news/form?id=${item.id}`)} data-testid="edit-news">
          <Icon name="pencil" /> {t("common.edit")}
        </Link>
        <Form method="post">
          {item.moves.includes("publish") ? (
            <button
              type="submit"
              className="button"
              name="intent"
              value="publish"
              disabled={busy}
              data-testid="publish-news"
            >
              <Icon name="check" /> {t("user.news.publish")}
            </button>
          ) : null}
          {item.moves.includes("unpublish") ? (
            <button
              type="submit"
              className="button button--ghost"
              name="intent"
              value="unpublish"
              disabled={busy}
              data-testid="unpublish-news"
            >
              {t("user.news.unpublish")}
            </button>
          ) : null}
        </Form>
        {item.status === "published" ? (
          <Link className="button button--ghost" to={to(`/news/${item.id}`)}>
            {t("user.news.open_public")}
          </Link>
        ) : null}
        <Form
          method="post"
          onSubmit={(e) => {
            if (!window.confirm(t("user.news.delete_confirm"))) e.preventDefault();
          }}
        >
          <button type="submit" className="button button--danger" name="intent" value="delete" disabled={busy}>
            <Icon name="trash" /> {t("common.remove")}
          </button>
        </Form>
      </div>
      {item.cover ? <img className="news-article__cover" src={item.cover.url} alt="" /> : null}
      {(["ru", "kk"] as const).map((l) => {
        const title = l === "ru" ? item.titleRu : item.titleKk;
        const content = l === "ru" ? item.contentRu : item.contentKk;
        return (
          <section key={l} className="card news-lang" lang={l} aria-label={t(`user.news.lang_${l}`)}>
            <h2 className="card__title">{t(`user.news.lang_${l}`)}</h2>
            {title ? (
              <>
                <h3>{title}</h3>
                <RichText html={content} />
              </>
            ) : (
              <p className="muted">{t("user.news.no_translation")}</p>
            )}
          </section>
        );
      })}
      {item.attachment ? (
        <p>
          <a href={item.attachment.url} download>
            <Icon name="file" /> {item.attachment.name}
          </a>
        </p>
      ) : null}
    </article>
  );
}
