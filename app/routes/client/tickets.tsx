import { Link, useLocation } from "react-router";
import { pageNumber } from "../../../common/schemas.ts";
import { BurialRequestRow } from "../../components/burial-request.tsx";
import { CareRow } from "../../components/care.tsx";
import { Icon } from "../../components/icon.tsx";
import { Pager } from "../../components/pager.tsx";
import { StatusBadge } from "../../components/status-badge.tsx";
import { useT } from "../../lib/hooks.ts";
import { requestContext } from "../../lib/request-context.ts";
import type { Route } from "./+types/tickets";

const isActive = (pathname: string) => pathname.replace(/\/$/, "").endsWith("/tickets/active");

export function meta({ location }: Route.MetaArgs) {
  const kk = location.pathname.startsWith("/kk");
  if (isActive(location.pathname)) return [{ title: kk ? "Ашық өтінімдер" : "Открытые заявки" }];
  return [{ title: kk ? "Жерлеуге өтінімдер" : "Заявки на захоронение" }];
}

/**
 * Both lists of the family's requests: open ones (`/client/tickets/active`, with the suppliers'
 * orders still going on) and all (`/client/tickets/burial`).
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { api } = context.get(requestContext);
  const url = new URL(request.url);
  const active = isActive(url.pathname);
  const [page, orders, care, permits] = await Promise.all([
    api.get("/burial-requests", {
      query: { page: String(pageNumber(url.searchParams.get("page"))), ...(active ? { open: "1" } : {}) },
    }),
    // What is still to do includes the goods and services ordered: the family's suppliers' orders going on.
    active ? api.get("/supplier-orders", { query: { tab: "active", page: "1" } }) : Promise.resolve(null),
    // …and the care of its graves: the requests going on, and the permits asked for on their own.
    active ? api.get("/care/requests", { query: { status: "open", pageSize: "50" } }) : Promise.resolve(null),
    active ? api.get("/care/permits", { query: { own: "1", pageSize: "50" } }) : Promise.resolve(null),
  ]);
  const going = (orders?.items ?? []).map((s) => ({
    id: s.id,
    number: s.number,
    status: s.status,
    supplier: s.supplier.name,
    deceased: s.burial.deceased,
  }));
  return {
    page,
    going,
    care: care?.items ?? [],
    permits: (permits?.items ?? []).filter((p) => p.status === "requested" || p.status === "issued"),
    now: new Date().toISOString(),
  };
}

export default function Tickets({ loaderData }: Route.ComponentProps) {
  const { t, to } = useT();
  const { pathname } = useLocation();
  const active = isActive(pathname);
  const { page, going, care, permits, now } = loaderData;
  return (
    <section aria-labelledby="tickets-title">
      <h1 id="tickets-title">{active ? t("booking.active_title") : t("booking.all_title")}</h1>
      <p className="lead">
        {active ? t("booking.active_lead") : t("booking.all_lead")}{" "}
        <Link to={to(active ? "/client/tickets/burial" : "/client/tickets/active")}>
          {active ? t("booking.see_all") : t("booking.see_active")}
        </Link>
      </p>
      {page.items.length === 0 ? (
        <div className="note" data-testid="tickets-empty">
          <p>{active ? t("booking.none_active") : t("booking.none")}</p>
          <Link className="button" to={to("/reserve")}>
            <Icon name="map-pin" /> {t("booking.choose_place")}
          </Link>
        </div>
      ) : (
        <ul className="cards" data-testid="tickets">
          {page.items.map((r) => (
            <BurialRequestRow key={r.id} r={r} now={now} href={`/client/tickets/active/${r.id}`} />
          ))}
        </ul>
      )}
      <Pager page={page.page} pageSize={page.pageSize} total={page.total} />
      {care.length || permits.length ? (
        <section aria-labelledby="care-going-title" data-testid="care-going">
          <h2 id="care-going-title">{t("care_screen.going_title")}</h2>
          <ul className="cards">
            {care.map((r) => (
              <CareRow key={r.id} r={r} href={`/client/tickets/ennoblement/${r.id}`} />
            ))}
            {permits.map((p) => (
              <li key={`p${p.id}`} className="card" data-testid="care-permit-going">
                <Link to={to(`/client/tickets/permit/${p.id}`)}>
                  {t("care_screen.permit_title", { kind: t(`care.kind.${p.kind}`) })}
                </Link>{" "}
                <StatusBadge kind="care_permit" status={p.status} />
                <p className="muted">{p.grave.deceased}</p>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {going.length ? (
        <section aria-labelledby="going-orders-title" data-testid="orders-going">
          <h2 id="going-orders-title">{t("orders_screen.going_title")}</h2>
          <ul className="cards">
            {going.map((o) => (
              <li key={o.id} className="card">
                <Link to={to(`/client/services/${o.id}`)}>{t("orders_screen.order_title", { number: o.number })}</Link>{" "}
                <StatusBadge kind="supplier_order" status={o.status} />
                <p className="muted">
                  {o.supplier} · {o.deceased}
                </p>
              </li>
            ))}
          </ul>
          <p>
            <Link to={to("/client/services")}>{t("orders_screen.all_orders")}</Link>
          </p>
        </section>
      ) : null}
    </section>
  );
}
