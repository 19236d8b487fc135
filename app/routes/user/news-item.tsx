import { data, Form, Link, useNavigation } from "react-router";
import { redirectTo } from "../../lib/redirect.server.ts";
import { formatDate } from "../../../common/i18n.ts";
import { localizePath } from "../../../common/locale.ts";
import { Icon } from "../../components/icon.tsx";
import { RichText } from "../../components/rich-text.tsx";
import { StatusBadge } from "../../components/status-badge.tsx";
import { str, submitAction } from "../../lib/form.server.ts";
import { moveAction } from "../../lib/moves.server.ts";
import { MoveForms } from "../../components/move-forms.tsx";
import { NEWS_MOVE_FORMS, NEWS_MOVES } from "../../../common/api-types.ts";
import { formMessage } from "../../lib/form.ts";
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
  const id = pageId(params.id, request);
  const form = await request.formData();
  if (str(form, "intent") === "delete") {
    const sent = await submitAction(() => rc.api.delete("/akimat/news/:id", { params: { id } }));
    if (!sent.ok) return data({ deleteForm: sent.reply }, { status: sent.status });
    return redirectTo(localizePath("/user/news", rc.locale));
  }
  return moveAction(request, rc.locale, {
    form,
    id,
    forms: NEWS_MOVE_FORMS,
    moves: NEWS_MOVES,
    send: (move, body) => rc.api.post("/akimat/news/:id/moves/:move", { params: { id, move }, body }),
  });
}

/** One news item for the akimat's staff: both languages, publish / withdraw / delete. */
export default function UserNewsItem({ loaderData, actionData }: Route.ComponentProps) {
  const { t, to, locale } = useT();
  const { item } = loaderData;
  const busy = useNavigation().state !== "idle";
  const deleteError = actionData && "deleteForm" in actionData ? formMessage(actionData.deleteForm) : undefined;
  return (
    <article aria-labelledby="ni-title">
      <p>
        <Link to={to("/user/news")}>← {t("user.news.back")}</Link>
      </p>
      <div className="page-head">
        <h1 id="ni-title">{(locale === "kk" ? item.titleKk : item.titleRu) || item.titleRu || item.titleKk}</h1>
        <StatusBadge kind="news" status={item.status} />
      </div>
      {deleteError ? (
        <p className="alert alert--error" role="alert">
          <Icon name="alert" /> {deleteError}
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
        <MoveForms
          inline
          moves={item.moves}
          forms={NEWS_MOVE_FORMS}
          answer={actionData && "move" in actionData ? actionData : null}
          views={{
            publish: { label: t("user.news.publish"), icon: "check", done: t("user.news.published_done") },
            unpublish: { label: t("user.news.unpublish"), ghost: true, done: t("user.news.unpublished_done") },
          }}
        />
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
