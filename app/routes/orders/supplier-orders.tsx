import { Link, useLocation } from "react-router";
import type { TSupplierOrder } from "../../../common/order-schemas.ts";
import { formatDate, formatMoney } from "../../../common/i18n.ts";
import { pageNumber } from "../../../common/schemas.ts";
import { Countdown } from "../../components/countdown.tsx";
import { Pager } from "../../components/pager.tsx";
import { StatusBadge } from "../../components/status-badge.tsx";
import { useT } from "../../lib/hooks.ts";
import { requestContext } from "../../lib/request-context.ts";
import type { Route } from "./+types/supplier-orders";

const isArchive = (pathname: string) => pathname.replace(/\/$/, "").endsWith("/tickets/archive");

export function meta({ location }: Route.MetaArgs) {
  const kk = location.pathname.startsWith("/kk");
  if (isArchive(location.pathname)) return [{ title: kk ? "Тапсырыстар мұрағаты" : "Архив заказов" }];
  return [{ title: kk ? "Тапсырыстар" : "Заказы" }];
}

/** The company's orders: `/supplier/tickets/active` (to accept first, by deadline; then in work) and the archive. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { api } = context.get(requestContext);
  const url = new URL(request.url);
  const tab = isArchive(url.pathname) ? "archive" : "active";
  const page = await api.get("/supplier-orders", {
    query: { tab, page: String(pageNumber(url.searchParams.get("page"))) },
  });
  return { page, tab, now: new Date().toISOString() };
}

export default function SupplierOrders({ loaderData }: Route.ComponentProps) {
  const { t, to } = useT();
  const { page, tab, now } = loaderData;
  const base = useLocation().pathname.includes("/archive") ? "/supplier/tickets/archive" : "/supplier/tickets/active";
  return (
    <section aria-labelledby="orders-title">
      <h1 id="orders-title">
        {t(tab === "active" ? "orders_screen.supplier_active" : "orders_screen.supplier_archive")}
      </h1>
      <p className="lead">
        {t(tab === "active" ? "orders_screen.supplier_active_lead" : "orders_screen.supplier_archive_lead")}{" "}
        <Link to={to(tab === "active" ? "/supplier/tickets/archive" : "/supplier/tickets/active")}>
          {t(tab === "active" ? "orders_screen.see_archive" : "orders_screen.see_active")}
        </Link>
      </p>
      {page.items.length === 0 ? (
        <p className="note" data-testid="orders-empty">
          {t(tab === "active" ? "orders_screen.none_active" : "orders_screen.none_archive")}
        </p>
      ) : (
        <ul className="cards" data-testid="supplier-orders">
          {page.items.map((o) => (
            <SupplierOrderRow key={o.id} o={o} href={`${base}/${o.id}`} now={now} />
          ))}
        </ul>
      )}
      <Pager page={page.page} pageSize={page.pageSize} total={page.total} />
    </section>
  );
}

/** One order in the company's list: its number and status, what it holds, when and where, the deadline. */
function SupplierOrderRow({ o, href, now }: { o: TSupplierOrder; href: string; now: string }) {
  const { t, to, locale } = useT();
  const names = o.lines.map((l) => (locale === "kk" ? l.nameKk : l.nameRu)).join(", ");
  return (
    <li className="card" data-testid={`supplier-order-${o.id}`}>
      <h2 className="card__title">
        <Link to={to(href)}>{t("orders_screen.order_title", { number: o.number })}</Link>{" "}
        <StatusBadge kind="supplier_order" status={o.status} />
      </h2>
      <p>{names}</p>
      <p className="muted">
        {formatMoney(locale, o.total)} · {locale === "kk" ? o.burial.cemetery.nameKk : o.burial.cemetery.nameRu}
        {o.burial.date ? ` · ${formatDate(locale, o.burial.date)}${o.burial.time ? `, ${o.burial.time}` : ""}` : ""}
      </p>
      {o.status === "new" ? (
        <p>
          {t("orders_screen.accept_by", { date: formatDate(locale, o.acceptBy, true) })}{" "}
          <Countdown until={o.acceptBy} now={now} />
        </p>
      ) : null}
    </li>
  );
}
