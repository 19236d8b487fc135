import { Link, useSearchParams } from "react-router";
import { formatDate } from "../../../common/i18n.ts";
import { placeText } from "../../../common/place-text.ts";
import { pageNumber } from "../../../common/schemas.ts";
import { Pager } from "../../components/pager.tsx";
import { StatusBadge } from "../../components/status-badge.tsx";
import { useT } from "../../lib/hooks.ts";
import { requestContext } from "../../lib/request-context.ts";
import type { Route } from "./+types/handover-list";

export function meta({ location }: Route.MetaArgs) {
  return [{ title: location.pathname.startsWith("/kk") ? "Қабірлерді беру" : "Передача могил" }];
}

const TABS = ["open", "closed", "all"] as const;
type Tab = (typeof TABS)[number];
const tabOf = (v: string | null): Tab => ((TABS as readonly string[]).includes(v ?? "") ? (v as Tab) : "open");

export async function loader({ context, request }: Route.LoaderArgs) {
  const { api } = context.get(requestContext);
  const url = new URL(request.url);
  const status = tabOf(url.searchParams.get("status"));
  const page = await api.get("/handovers", {
    query: { status, page: String(pageNumber(url.searchParams.get("page"))) },
  });
  return { page, status };
}

/**
 * The cemetery's hand-overs of graves: those the relative agreed to wait for the staff's decision
 * (open), newest first; each opens its page with the documents and the decision.
 */
export default function HandoverList({ loaderData }: Route.ComponentProps) {
  const { t, to, locale } = useT();
  const { page, status } = loaderData;
  const [search] = useSearchParams();
  const href = (s: Tab) => {
    const next = new URLSearchParams(search);
    next.delete("page");
    if (s === "open") next.delete("status");
    else next.set("status", s);
    const q = next.toString();
    return q ? `?${q}` : ".";
  };
  return (
    <section aria-labelledby="hl-title" className="stack">
      <h1 id="hl-title">{t("handover.list_title")}</h1>
      <p className="muted">{t("handover.list_lead")}</p>
      <nav className="tabs" aria-label={t("handover.list_title")}>
        {TABS.map((s) => (
          <Link
            key={s}
            to={href(s)}
            className={`tabs__item${status === s ? " is-current" : ""}`}
            aria-current={status === s ? "page" : undefined}
          >
            {t(`handover.tab.${s}`)}
          </Link>
        ))}
      </nav>
      {page.items.length ? (
        <ul className="cards" data-testid="handovers">
          {page.items.map((h) => (
            <li key={h.id} className="card" data-testid="handover-row">
              <h2 className="card__title">
                <Link to={to(`/manager/handovers/${h.id}`)} aria-label={t("handover.open_item", { number: h.number })}>
                  {h.number}
                </Link>{" "}
                <StatusBadge kind="handover" status={h.status} />
              </h2>
              <p>
                <strong>{h.grave.deceased}</strong> <span className="muted">{h.grave.years}</span>
              </p>
              <p className="muted">
                {h.grave.cemetery.name}, {placeText(t, { ...h.grave, number: h.grave.place })}
              </p>
              <p>
                {h.fromName} → {h.toName} ({t(`handover.relation.${h.relation}`)})
              </p>
              <p className="muted">{t("handover.created", { date: formatDate(locale, h.createdAt) })}</p>
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted" data-testid="handovers-empty">
          {t("handover.empty")}
        </p>
      )}
      <Pager page={page.page} pageSize={page.pageSize} total={page.total} />
    </section>
  );
}
