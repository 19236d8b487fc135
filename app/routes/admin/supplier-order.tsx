import { Link } from "react-router";
import { formatDate, formatMoney } from "../../../common/i18n.ts";
import { StatusBadge } from "../../components/status-badge.tsx";
import { useT } from "../../lib/hooks.ts";
import { notFound, orPageError, pageId } from "../../lib/page-ids.server.ts";
import { requestContext } from "../../lib/request-context.ts";
import type { Route } from "./+types/supplier-order";

export function meta({ location }: Route.MetaArgs) {
  return [{ title: location.pathname.startsWith("/kk") ? "Жеткізуші тапсырысы" : "Заказ поставщика" }];
}

/**
 * One of a company's orders, read-only, for the admin following a figure of its report: the API
 * lets the admin read any supplier order (`orders.read`); an order of another company than the
 * one in the path is not found here.
 */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  const supplierId = pageId(params.id, request);
  const id = pageId(params.orderId, request);
  const order = await orPageError(request, () =>
    context.get(requestContext).api.get("/supplier-orders/:id", { params: { id } }),
  );
  if (order.supplier.id !== supplierId) notFound(request);
  return { order };
}

export default function AdminSupplierOrder({ loaderData }: Route.ComponentProps) {
  const { t, to, locale } = useT();
  const o = loaderData.order;
  return (
    <section aria-labelledby="aso-title" className="order-page">
      <p>
        <Link to={to(`/admin/suppliers/${o.supplier.id}/report`)} data-testid="order-back">
          ← {t("supplier_reports.order.back")}
        </Link>
      </p>
      <h1 id="aso-title">
        {t("supplier_reports.order.title", { number: o.number })}{" "}
        <StatusBadge kind="supplier_order" status={o.status} />
      </h1>
      <p className="muted">{t("supplier_reports.order.read_only")}</p>
      <section className="card" aria-labelledby="aso-lines">
        <h2 id="aso-lines" className="card__title">
          {t("supplier_reports.order.lines")}
        </h2>
        <ul className="order-lines" data-testid="order-lines">
          {o.lines.map((l) => (
            <li key={l.id}>
              <strong>{locale === "kk" ? l.nameKk || l.nameRu : l.nameRu}</strong>{" "}
              <StatusBadge kind="order_line" status={l.status} />
              <br />
              {t("supplier_reports.order.quantity", { quantity: l.quantity, price: formatMoney(locale, l.price) })} ={" "}
              {formatMoney(locale, l.amount)}
              {l.cancelledBy ? (
                <span className="muted">
                  {" "}
                  · {t("supplier_reports.order.cancelled_by")}: {t(`supplier_reports.order.by.${l.cancelledBy}`)}
                </span>
              ) : null}
            </li>
          ))}
        </ul>
        <p className="order-total">
          {t("orders_screen.total")}: <strong>{formatMoney(locale, o.total)}</strong>
        </p>
      </section>
      <section className="card" aria-labelledby="aso-facts">
        <h2 id="aso-facts" className="card__title">
          {t("orders_screen.facts_title")}
        </h2>
        <dl className="facts" data-testid="order-facts">
          <dt>{t("orders_screen.supplier")}</dt>
          <dd>{o.supplier.name}</dd>
          <dt>{t("orders_screen.placed")}</dt>
          <dd>{formatDate(locale, o.createdAt, true)}</dd>
          <dt>{t("supplier_reports.order.accept_by")}</dt>
          <dd>{formatDate(locale, o.acceptBy, true)}</dd>
          {o.acceptedAt ? (
            <>
              <dt>{t("supplier_reports.order.accepted_at")}</dt>
              <dd>{formatDate(locale, o.acceptedAt, true)}</dd>
            </>
          ) : null}
          {o.cancelledBy ? (
            <>
              <dt>{t("supplier_reports.order.cancelled_by")}</dt>
              <dd data-testid="order-cancelled-by">{t(`supplier_reports.order.by.${o.cancelledBy}`)}</dd>
            </>
          ) : null}
          <dt>{t("orders_screen.payment")}</dt>
          <dd>
            {t(`order.payment_method.${o.paymentMethod}`)} ·{" "}
            <StatusBadge kind="order_payment" status={o.paymentStatus} />
          </dd>
        </dl>
      </section>
    </section>
  );
}
