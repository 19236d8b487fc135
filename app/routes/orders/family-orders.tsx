import { data, Form, Link, useNavigation } from "react-router";
import type { TFamilyOrder } from "../../../common/order-schemas.ts";
import { formatDate, formatMoney } from "../../../common/i18n.ts";
import { pageNumber, parseId } from "../../../common/schemas.ts";
import { Icon } from "../../components/icon.tsx";
import { ReviewableLines } from "../../components/reviewable-lines.tsx";
import { Pager } from "../../components/pager.tsx";
import { StatusBadge } from "../../components/status-badge.tsx";
import { formMessage } from "../../lib/form.ts";
import { str, submitAction } from "../../lib/form.server.ts";
import { useT } from "../../lib/hooks.ts";
import { notFound } from "../../lib/page-ids.server.ts";
import { redirectTo } from "../../lib/redirect.server.ts";
import { requestContext } from "../../lib/request-context.ts";
import { isReviewPost, reviewFormAction } from "../../lib/reviews.server.ts";
import type { Route } from "./+types/family-orders";

export function meta({ location }: Route.MetaArgs) {
  const kk = location.pathname.startsWith("/kk");
  return [{ title: kk ? "Қызмет тапсырыстары" : "Заказы услуг" }];
}

/** The family's orders, the newest first; `?order=…&paid=1|0` is the payment provider's way back. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { api } = context.get(requestContext);
  const url = new URL(request.url);
  const [page, reviewable] = await Promise.all([
    api.get("/orders", { query: { page: String(pageNumber(url.searchParams.get("page"))) } }),
    api.get("/reviews/reviewable"),
  ]);
  return {
    page,
    reviewable: reviewable.items,
    paidReturn: url.searchParams.get("paid"),
    returnedOrder: parseId(url.searchParams.get("order")),
  };
}

/** Pays one of the family's orders online (to the provider's page), or writes a review of a done line. */
export async function action({ context, request }: Route.ActionArgs) {
  const rc = context.get(requestContext);
  const form = await request.formData();
  if (isReviewPost(form)) return reviewFormAction(request, form, rc);
  const id = parseId(str(form, "id"));
  if (!id || str(form, "intent") !== "pay") notFound(request);
  const result = await submitAction(() => rc.api.post("/orders/:id/payments", { params: { id } }));
  if (!result.ok)
    return data({ intent: "pay", payError: formMessage(result.reply) ?? "", id }, { status: result.status });
  return redirectTo(result.value.redirectUrl);
}

/**
 * `/client/services`: the family's orders of goods and services — the done lines waiting for its
 * review first (the form under each), then each checkout with its suppliers' orders inside, their
 * statuses and what is still to pay; paying online again when it did not go through; each
 * supplier's order opens its page (lines, moves, conversation).
 */
export default function FamilyOrders({ loaderData, actionData }: Route.ComponentProps) {
  const { t, to } = useT();
  const { page, paidReturn, returnedOrder, reviewable } = loaderData;
  const payAnswer = actionData && "payError" in actionData ? actionData : undefined;
  return (
    <section aria-labelledby="family-orders-title">
      <h1 id="family-orders-title">{t("orders_screen.family_title")}</h1>
      <p className="lead">{t("orders_screen.family_lead")}</p>
      {paidReturn === "1" ? (
        <p className="alert alert--success" role="status" data-testid="order-paid">
          <Icon name="check" /> {t("orders_screen.paid_return")}
        </p>
      ) : paidReturn === "0" ? (
        <p className="alert alert--warning" role="status" data-testid="order-not-paid">
          <Icon name="alert" /> {t("orders_screen.not_paid_return")}
        </p>
      ) : null}
      <ReviewableLines lines={reviewable} answer={actionData} />
      {page.items.length === 0 ? (
        <div className="note" data-testid="orders-empty">
          <p>{t("orders_screen.family_none")}</p>
          <Link className="button" to={to("/client/tickets/burial/add-service")}>
            <Icon name="plus" /> {t("orders_screen.order_services")}
          </Link>
        </div>
      ) : (
        <ul className="cards" data-testid="family-orders">
          {page.items.map((o) => (
            <FamilyOrder
              key={o.id}
              o={o}
              highlight={o.id === returnedOrder}
              payError={payAnswer && payAnswer.id === o.id ? payAnswer.payError : undefined}
            />
          ))}
        </ul>
      )}
      <Pager page={page.page} pageSize={page.pageSize} total={page.total} />
    </section>
  );
}

function FamilyOrder({ o, highlight, payError }: { o: TFamilyOrder; highlight: boolean; payError?: string }) {
  const { t, to, locale } = useT();
  const busy = useNavigation().state !== "idle";
  return (
    <li className={`card${highlight ? " card--highlight" : ""}`} data-testid={`family-order-${o.id}`}>
      <h2 className="card__title">{t("orders_screen.checkout_title", { number: o.number })}</h2>
      <p className="muted">
        {formatDate(locale, o.createdAt, true)} · {o.burial.deceased} ·{" "}
        {locale === "kk" ? o.burial.cemetery.nameKk : o.burial.cemetery.nameRu}
      </p>
      <ul className="stack">
        {o.suppliers.map((s) => (
          <li key={s.id} data-testid={`family-supplier-order-${s.id}`}>
            <Link to={to(`/client/services/${s.id}`)}>
              {s.supplier.name} · {t("orders_screen.order_title", { number: s.number })}
            </Link>{" "}
            <StatusBadge kind="supplier_order" status={s.status} />
            <br />
            <span className="muted">
              {s.lines.map((l) => (locale === "kk" ? l.nameKk : l.nameRu)).join(", ")} · {formatMoney(locale, s.total)}
            </span>
          </li>
        ))}
      </ul>
      <p className="order-total">
        {t("orders_screen.total")}: <strong>{formatMoney(locale, o.total)}</strong> ·{" "}
        {t(`order.payment_method.${o.paymentMethod}`)}
        {o.paidAt ? ` · ${t("orders_screen.paid_at", { date: formatDate(locale, o.paidAt, true) })}` : ""}
      </p>
      {o.payable ? (
        <Form method="post" className="card__actions">
          <input type="hidden" name="id" value={o.id} />
          {payError ? (
            <p className="alert alert--error" role="alert">
              {payError}
            </p>
          ) : null}
          <button type="submit" name="intent" value="pay" className="button" disabled={busy} data-testid="order-pay">
            <Icon name="check" /> {t("orders_screen.pay_online", { amount: formatMoney(locale, o.total) })}
          </button>
        </Form>
      ) : null}
    </li>
  );
}
