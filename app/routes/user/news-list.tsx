import { Form, Link, useSearchParams } from "react-router";
import type { NewsStatus } from "../../../common/api-types.ts";
import { formatDate } from "../../../common/i18n.ts";
import { NEWS_CATEGORY_VALUES, pageNumber } from "../../../common/schemas.ts";
import { Icon } from "../../components/icon.tsx";
import { Pager } from "../../components/pager.tsx";
import { DataTable } from "../../components/data-table.tsx";
import { StatusBadge } from "../../components/status-badge.tsx";
import { useT } from "../../lib/hooks.ts";
import { requestContext } from "../../lib/request-context.ts";
import type { Route } from "./+types/news-list";

export function meta({ location }: Route.MetaArgs) {
  return [{ title: location.pathname.startsWith("/kk") ? "Жаңалықтар — әкімдік" : "Новости — акимат" }];
}

const STATUSES: NewsStatus[] = ["draft", "published"];

export async function loader({ context, request }: Route.LoaderArgs) {
  const p = new URL(request.url).searchParams;
  const pick = <T extends string>(v: string | null, allowed: readonly T[]) =>
    allowed.includes(v as T) ? v : undefined;
  return context.get(requestContext).api.get("/akimat/news", {
    query: {
      page: pageNumber(p.get("page")),
      status: pick(p.get("status"), STATUSES),
      category: pick(p.get("category"), NEWS_CATEGORY_VALUES),
      q: p.get("q")?.trim() || undefined,
    },
  });
}

/** The akimat's news: filters kept in the URL, drafts and published items, a way to write a new one. */
export default function UserNewsList({ loaderData }: Route.ComponentProps) {
  const { t, to, locale } = useT();
  const [params] = useSearchParams();
  const { items } = loaderData;
  const hasFilters = ["status", "category", "q"].some((k) => params.get(k));
  return (
    <section aria-labelledby="un-title">
      <div className="page-head">
        <h1 id="un-title">{t("user.news.title")}</h1>
        <Link to={to("/user/news/form")} className="button" data-testid="new-news">
          <Icon name="plus" /> {t("user.news.new")}
        </Link>
      </div>
      <Form method="get" className="filters filters--form" role="search">
        <label className="field field--inline">
          <span className="field__label">{t("user.news.status")}</span>
          <select name="status" defaultValue={params.get("status") ?? ""}>
            <option value="">{t("common.all")}</option>
            {STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`news_status.${s}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="field field--inline">
          <span className="field__label">{t("user.news.category")}</span>
          <select name="category" defaultValue={params.get("category") ?? ""}>
            <option value="">{t("common.all")}</option>
            {NEWS_CATEGORY_VALUES.map((c) => (
              <option key={c} value={c}>
                {t(`news.category.${c}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="field field--inline">
          <span className="field__label">{t("user.news.search")}</span>
          <input type="search" name="q" defaultValue={params.get("q") ?? ""} />
        </label>
        <button type="submit" className="button">
          <Icon name="search" /> {t("common.apply")}
        </button>
      </Form>
      {items.length === 0 ? (
        <p className="muted">{hasFilters ? t("user.news.empty_filtered") : t("user.news.empty")}</p>
      ) : (
        <DataTable
          testId="news-table"
          rows={items}
          rowKey={(n) => n.id}
          columns={[
            {
              label: t("user.news.heading"),
              cell: (n) => (
                <>
                  <Link to={to(`/user/news/${n.id}`)}>
                    {(locale === "kk" ? n.titleKk : n.titleRu) || n.titleRu || n.titleKk}
                  </Link>
                  <div className="muted small">
                    {[n.titleRu ? "РУС" : null, n.titleKk ? "ҚАЗ" : null].filter(Boolean).join(" · ")}
                  </div>
                </>
              ),
            },
            { label: t("user.news.category"), cell: (n) => t(`news.category.${n.category}`) },
            { label: t("user.news.status"), cell: (n) => <StatusBadge kind="news" status={n.status} /> },
            { label: t("user.news.updated"), cell: (n) => formatDate(locale, n.updatedAt, true) },
          ]}
        />
      )}
      <Pager page={loaderData.page} pageSize={loaderData.pageSize} total={loaderData.total} />
    </section>
  );
}
