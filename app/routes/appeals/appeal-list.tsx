import { Link, useLocation } from "react-router";
import { AppealExplainer, AppealRow } from "../../components/appeal.tsx";
import { Icon } from "../../components/icon.tsx";
import { Pager } from "../../components/pager.tsx";
import { APPEAL_LIST_FILTERS, appealArea, appealListFilter, appealPages } from "../../lib/appeal-area.ts";
import { useT } from "../../lib/hooks.ts";
import { listParams, useListParams } from "../../lib/list.ts";
import { requestContext } from "../../lib/request-context.ts";
import type { Route } from "./+types/appeal-list";

export function meta({ location }: Route.MetaArgs) {
  const kk = location.pathname.startsWith("/kk");
  return [{ title: kk ? "Менің өтініштерім" : "Мои обращения" }];
}

/** The applicant's appeals: all, open or closed (`?status=`), a page at a time (`?page=`), newest first. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { api } = context.get(requestContext);
  const url = new URL(request.url);
  const status = appealListFilter(url.searchParams.get("status"));
  const page = await api.get("/appeals", { query: { ...listParams(url), status } });
  return { page, status };
}

/**
 * `/client/goverment/requests` and `/supplier/goverment/requests`: the applicant's appeals with
 * their status, type, registration, due day and countdown, the overdue ones flagged; each opens its
 * page. The supplier's area has no page of its own about appeals: it is a folded panel here.
 */
export default function AppealList({ loaderData }: Route.ComponentProps) {
  const { t, to } = useT();
  const { page, status } = loaderData;
  const list = useListParams();
  const area = appealArea(useLocation().pathname);
  const pages = appealPages(area);
  return (
    <section aria-labelledby="appeals-title" className="appeal-page">
      <div className="page-head">
        <h1 id="appeals-title">{t("appeals_screen.list.title")}</h1>
        <Link className="button" to={to(pages.create)} data-testid="appeal-write">
          <Icon name="pencil" /> {t("appeals_screen.about.write")}
        </Link>
      </div>
      <p className="lead">
        {t("appeals_screen.list.lead")}{" "}
        {area === "client" ? <Link to={to(pages.about)}>{t("appeals_screen.about.more")}</Link> : null}
      </p>
      {area === "supplier" ? (
        <details className="card appeal-explainer" data-testid="appeal-explainer" open={page.total === 0}>
          <summary>{t("appeals_screen.about.more")}</summary>
          <p>{t("appeals_screen.about.lead")}</p>
          <AppealExplainer headingLevel={3} />
        </details>
      ) : null}
      <nav className="tabs appeal-filters" aria-label={t("appeals_screen.list.filter_label")}>
        {APPEAL_LIST_FILTERS.map((f) => (
          <Link
            key={f}
            className="tabs__item"
            to={list.href({ status: f === "all" ? null : f })}
            aria-current={status === f ? "page" : undefined}
            data-testid={`appeals-filter-${f}`}
          >
            {t(`appeals_screen.list.filter.${f}`)}
          </Link>
        ))}
      </nav>
      {page.items.length === 0 ? (
        <p className="note" data-testid="appeals-empty">
          {status === "all" ? t("appeals_screen.list.none") : t("appeals_screen.list.none_filtered")}
        </p>
      ) : (
        <ul className="cards" data-testid="appeals">
          {page.items.map((a) => (
            <AppealRow key={a.id} a={a} href={pages.item(a.id)} />
          ))}
        </ul>
      )}
      <Pager page={page.page} pageSize={page.pageSize} total={page.total} />
    </section>
  );
}
