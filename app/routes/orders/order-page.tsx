import { Link, useLocation } from "react-router";
import type { TOrderLine, TSupplierOrder } from "../../../common/order-schemas.ts";
import {
  ORDER_LINE_MOVE_FORMS,
  type OrderLineMove,
  SUPPLIER_CANCEL_REASONS,
  SUPPLIER_ORDER_MOVE_FORMS,
  type SupplierOrderMove,
} from "../../../common/orders.ts";
import { formatDate, formatMoney } from "../../../common/i18n.ts";
import { formatPhone } from "../../../common/phone.ts";
import { Countdown } from "../../components/countdown.tsx";
import { Field } from "../../components/form.tsx";
import { Icon } from "../../components/icon.tsx";
import { LazyPlotMap as PlotMap } from "../../components/map/lazy.tsx";
import { MoveForms, type TMoveReply } from "../../components/move-forms.tsx";
import { StatusBadge } from "../../components/status-badge.tsx";
import { Thread } from "../../components/thread.tsx";
import { WayLinks } from "../../components/way-links.tsx";
import type { TFieldMeta } from "../../lib/form.ts";
import { useT } from "../../lib/hooks.ts";
import { moveAction } from "../../lib/moves.server.ts";
import { orPageError, pageId } from "../../lib/page-ids.server.ts";
import { requestContext } from "../../lib/request-context.ts";
import { loadThread, THREAD_INTENT, threadAction, type TThreadActionData } from "../../lib/thread.server.ts";
import { str } from "../../lib/form.server.ts";
import type { Route } from "./+types/order-page";

export function meta({ data: d, location }: Route.MetaArgs) {
  const kk = location.pathname.startsWith("/kk");
  return [{ title: `${kk ? "Тапсырыс" : "Заказ"} № ${d?.order.number ?? ""}` }];
}

/** The order's conversation: registered by the orders module as `supplier_order`. */
const threadOf = (id: number) => ({ entityType: "supplier_order", entityId: id });

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const { api } = context.get(requestContext);
  const id = pageId(params.id, request);
  const [order, thread] = await orPageError(request, () =>
    Promise.all([
      api.get("/supplier-orders/:id", { params: { id } }),
      loadThread(api, threadOf(id), new URL(request.url)),
    ]),
  );
  // The cemetery's plan, drawn from its own geometry (no tiles needed): where to deliver.
  const cemetery = await api.get("/cemeteries/:id", { params: { id: order.burial.cemetery.id } }).catch(() => null);
  return { order, thread, cemetery, now: new Date().toISOString() };
}

/** What the family and the supplier do from this page: the order's moves and its lines'. */
const ORDER_MOVES = [
  "accept",
  "decline",
  "record_payment",
  "cancel_own",
  "confirm_receipt",
  "dispute",
] as const satisfies readonly SupplierOrderMove[];
const LINE_MOVES = ["start", "complete", "cancel", "cancel_own"] as const satisfies readonly OrderLineMove[];

/** A message in the thread, a move of the order, or a move of one of its lines (`of=line`). */
export async function action({ context, params, request }: Route.ActionArgs) {
  const rc = context.get(requestContext);
  const id = pageId(params.id, request);
  const form = await request.formData();
  if (str(form, "intent") === THREAD_INTENT) return threadAction(rc, form, threadOf(id));
  if (str(form, "of") === "line") {
    return moveAction(request, rc.locale, {
      form,
      of: "line",
      forms: ORDER_LINE_MOVE_FORMS,
      moves: LINE_MOVES,
      send: (move, body, lineId) => rc.api.post("/order-lines/:id/moves/:move", { params: { id: lineId, move }, body }),
    });
  }
  return moveAction(request, rc.locale, {
    form,
    id,
    forms: SUPPLIER_ORDER_MOVE_FORMS,
    moves: ORDER_MOVES,
    send: (move, body) => rc.api.post("/supplier-orders/:id/moves/:move", { params: { id, move }, body }),
  });
}

/**
 * One supplier's order — `/client/services/:id` for the family, `/supplier/tickets/active/:id` and
 * `/supplier/tickets/archive/:id` for the supplier: its lines, where and when (the burial's
 * cemetery on its own plan, with route links), the payment, the deadline to accept, each side's
 * moves (the API gives the reader's), and the conversation. The supplier reads the family's name
 * and phone only once it accepted.
 */
export default function OrderPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t, to, locale } = useT();
  const { order: o, thread, cemetery, now } = loaderData;
  const supplierSide = useLocation().pathname.includes("/supplier/");
  const threadReply = actionData && "intent" in actionData ? (actionData as TThreadActionData) : undefined;
  const reply = actionData && "move" in actionData ? (actionData as TMoveReply) : undefined;
  const orderReply = reply && reply.of !== "line" ? (reply as TMoveReply<(typeof ORDER_MOVES)[number]>) : null;
  const back = supplierSide
    ? o.status === "new" || o.status === "accepted"
      ? "/supplier/tickets/active"
      : "/supplier/tickets/archive"
    : "/client/services";
  return (
    <section aria-labelledby="order-title" className="order-page">
      <p>
        <Link to={to(back)}>← {t(supplierSide ? "orders_screen.back_supplier" : "orders_screen.back_family")}</Link>
      </p>
      <h1 id="order-title">
        {t("orders_screen.order_title", { number: o.number })} <StatusBadge kind="supplier_order" status={o.status} />
      </h1>
      {o.status === "new" ? (
        <p className="lead" data-testid="order-deadline">
          {t(supplierSide ? "orders_screen.accept_by" : "orders_screen.waits_until", {
            date: formatDate(locale, o.acceptBy, true),
          })}{" "}
          <Countdown until={o.acceptBy} now={now} />
        </p>
      ) : null}
      <OrderNotices o={o} supplierSide={supplierSide} />

      <MoveForms
        moves={o.moves}
        forms={SUPPLIER_ORDER_MOVE_FORMS}
        answer={orderReply}
        prefix="order"
        views={{
          accept: { label: t("orders_screen.move.accept"), icon: "check", done: t("orders_screen.done.accept") },
          decline: {
            label: t("orders_screen.move.decline"),
            danger: true,
            confirm: { summary: t("orders_screen.move.decline"), warning: t("orders_screen.decline_warning") },
            done: t("orders_screen.done.decline"),
            fields: (f) => <ReasonFields reason={f.reason} comment={f.comment} />,
          },
          record_payment: {
            label: t("orders_screen.move.record_payment"),
            ghost: true,
            confirm: { summary: t("orders_screen.move.record_payment") },
            done: t("orders_screen.done.record_payment"),
            fields: (f) => (
              <>
                <Field field={f.via} label={t("orders_screen.paid_via")}>
                  {(p) => (
                    <select {...p}>
                      <option value="on_delivery">{t("order.paid_via.on_delivery")}</option>
                      <option value="office">{t("order.paid_via.office")}</option>
                    </select>
                  )}
                </Field>
                <Field field={f.paymentRef} label={t("orders_screen.payment_ref")}>
                  {(p) => <input {...p} maxLength={60} />}
                </Field>
              </>
            ),
          },
          cancel_own: {
            label: t("orders_screen.move.cancel_own"),
            danger: true,
            confirm: { summary: t("orders_screen.move.cancel_own"), warning: t("orders_screen.cancel_own_warning") },
            done: t("orders_screen.done.cancel_own"),
          },
          confirm_receipt: {
            label: t("orders_screen.move.confirm_receipt"),
            icon: "check",
            hint: t("orders_screen.confirm_receipt_hint"),
            done: t("orders_screen.done.confirm_receipt"),
          },
          dispute: {
            label: t("orders_screen.move.dispute"),
            ghost: true,
            confirm: { summary: t("orders_screen.move.dispute"), warning: t("orders_screen.dispute_hint") },
            done: t("orders_screen.done.dispute"),
            fields: (f) => (
              <Field field={f.text} label={t("orders_screen.dispute_text")}>
                {(p) => <textarea {...p} rows={3} maxLength={2000} />}
              </Field>
            ),
          },
        }}
      />

      <section className="card" aria-labelledby="order-lines-title">
        <h2 id="order-lines-title" className="card__title">
          {t("orders_screen.lines_title")}
        </h2>
        <ul className="order-lines" data-testid="order-lines">
          {o.lines.map((l) => (
            <OrderLineItem key={l.id} line={l} reply={reply?.of === "line" ? reply : undefined} />
          ))}
        </ul>
        <p className="order-total">
          {t("orders_screen.total")}: <strong>{formatMoney(locale, o.total)}</strong>
        </p>
      </section>

      <section className="card" aria-labelledby="order-facts-title">
        <h2 id="order-facts-title" className="card__title">
          {t("orders_screen.facts_title")}
        </h2>
        <dl className="facts" data-testid="order-facts">
          {supplierSide ? (
            <>
              <dt>{t("orders_screen.family")}</dt>
              <dd data-testid="order-family">
                {o.family ? (
                  <>
                    {o.family.name} · <a href={`tel:${o.family.phone}`}>{formatPhone(o.family.phone)}</a>
                  </>
                ) : (
                  <span className="muted">{t("orders_screen.family_hidden")}</span>
                )}
              </dd>
            </>
          ) : (
            <>
              <dt>{t("orders_screen.supplier")}</dt>
              <dd>
                {o.supplier.name}
                {o.supplier.phone ? (
                  <>
                    {" · "}
                    <a href={`tel:${o.supplier.phone}`}>{formatPhone(o.supplier.phone)}</a>
                  </>
                ) : null}
              </dd>
              <dt>{t("orders_screen.deceased")}</dt>
              <dd>{o.burial.deceased}</dd>
            </>
          )}
          <dt>{t("orders_screen.burial")}</dt>
          <dd data-testid="order-burial">
            {o.burial.date ? formatDate(locale, o.burial.date) : "—"}
            {o.burial.time ? `, ${o.burial.time}` : ""}
          </dd>
          <dt>{t("orders_screen.cemetery")}</dt>
          <dd>
            {locale === "kk" ? o.burial.cemetery.nameKk : o.burial.cemetery.nameRu}
            {cemetery?.address ? <span className="muted">, {cemetery.address}</span> : null}
          </dd>
          <dt>{t("orders_screen.payment")}</dt>
          <dd>
            {t(`order.payment_method.${o.paymentMethod}`)} ·{" "}
            <StatusBadge kind="order_payment" status={o.paymentStatus} />
            {o.paidVia ? ` (${t(`order.paid_via.${o.paidVia}`)}${o.paymentRef ? `, ${o.paymentRef}` : ""})` : ""}
          </dd>
          {o.refundDue > 0 ? (
            <>
              <dt>{t("orders_screen.refund_due")}</dt>
              <dd data-testid="order-refund">{formatMoney(locale, o.refundDue)}</dd>
            </>
          ) : null}
          <dt>{t("orders_screen.placed")}</dt>
          <dd>{formatDate(locale, o.createdAt, true)}</dd>
        </dl>
        {cemetery?.center ? <WayLinks point={cemetery.center} /> : null}
        {cemetery ? (
          <PlotMap
            cemeteryId={cemetery.id}
            boundary={cemetery.boundary}
            center={cemetery.center ?? [76.93, 43.25]}
            label={t("orders_screen.map_label", { name: cemetery.name })}
          />
        ) : null}
      </section>

      <Thread
        thread={thread}
        entityType="supplier_order"
        entityId={o.id}
        pageReply={threadReply}
        words="orders_screen.thread"
      />
    </section>
  );
}

/** The order's end, its dispute and its receipt, said plainly. */
function OrderNotices({ o, supplierSide }: { o: TSupplierOrder; supplierSide: boolean }) {
  const { t, locale } = useT();
  return (
    <>
      {o.status === "cancelled" || o.status === "expired" ? (
        <div className="alert" role="status" data-testid="order-ended">
          <Icon name="info" />
          <p>
            {o.cancelledBy === "supplier"
              ? t("orders_screen.ended.supplier", { reason: t(`order.cancel_reason.${o.cancelReason}`) })
              : o.cancelledBy === "client"
                ? t("orders_screen.ended.client")
                : t(supplierSide ? "orders_screen.ended.expired_supplier" : "orders_screen.ended.expired")}
            {o.cancelComment ? <span className="history__reason">{o.cancelComment}</span> : null}
          </p>
        </div>
      ) : null}
      {o.disputedAt ? (
        <div className="alert alert--warning" role="status" data-testid="order-dispute">
          <Icon name="alert" />
          <p>
            {t("orders_screen.disputed", { date: formatDate(locale, o.disputedAt, true) })}
            <span className="history__reason">{o.disputeText}</span>
          </p>
        </div>
      ) : null}
      {o.receivedAt ? (
        <p className="alert alert--success" role="status" data-testid="order-received">
          <Icon name="check" /> {t("orders_screen.received", { date: formatDate(locale, o.receivedAt, true) })}
        </p>
      ) : null}
    </>
  );
}

/** A supplier's reason, with a comment (required for "other"). */
function ReasonFields({ reason, comment }: { reason: TFieldMeta; comment: TFieldMeta }) {
  const { t } = useT();
  return (
    <>
      <Field field={reason} label={t("orders_screen.reason")}>
        {(p) => (
          <select {...p}>
            <option value="">—</option>
            {SUPPLIER_CANCEL_REASONS.map((r) => (
              <option key={r} value={r}>
                {t(`order.cancel_reason.${r}`)}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field field={comment} label={t("orders_screen.comment")}>
        {(p) => <textarea {...p} rows={2} maxLength={500} />}
      </Field>
    </>
  );
}

/** One line: what, how many, where and when, its status and the reader's moves on it. */
function OrderLineItem({ line: l, reply }: { line: TOrderLine; reply: TMoveReply | undefined }) {
  const { t, locale } = useT();
  return (
    <li className="order-line" data-testid={`order-line-${l.id}`}>
      <p className="order-line__head">
        <strong>{locale === "kk" ? l.nameKk : l.nameRu}</strong> <StatusBadge kind="order_line" status={l.status} />
      </p>
      <p className="muted">
        {t("orders_screen.line_amount", {
          quantity: l.quantity,
          unit: t(`catalog.unit.${l.unit}`),
          price: formatMoney(locale, l.price),
          amount: formatMoney(locale, l.amount),
        })}
      </p>
      <p className="muted">
        <Icon name="map-pin" /> {l.place === "address" ? l.address : t("order.place.cemetery")} ·{" "}
        {formatDate(locale, l.deliveryDate)}, {l.deliveryTime}
      </p>
      {l.status === "cancelled" && l.cancelReason ? (
        <p className="muted">
          {t("orders_screen.line_cancelled", { reason: t(`order.cancel_reason.${l.cancelReason}`) })}
          {l.cancelComment ? ` — ${l.cancelComment}` : ""}
        </p>
      ) : null}
      <MoveForms
        moves={l.moves}
        forms={ORDER_LINE_MOVE_FORMS}
        answer={reply as TMoveReply<(typeof LINE_MOVES)[number]> | undefined}
        id={l.id}
        of="line"
        prefix={`line-${l.id}`}
        inline
        small
        views={{
          start: { label: t("orders_screen.move.start"), ghost: true, done: t("orders_screen.done.start") },
          complete: { label: t("orders_screen.move.complete"), icon: "check", done: t("orders_screen.done.complete") },
          cancel: {
            label: t("orders_screen.move.cancel_line"),
            danger: true,
            confirm: { summary: t("orders_screen.move.cancel_line"), warning: t("orders_screen.cancel_line_warning") },
            done: t("orders_screen.done.cancel_line"),
            fields: (f) => <ReasonFields reason={f.reason} comment={f.comment} />,
          },
          cancel_own: {
            label: t("orders_screen.move.cancel_own_line"),
            danger: true,
            confirm: { summary: t("orders_screen.move.cancel_own_line") },
            done: t("orders_screen.done.cancel_line"),
          },
        }}
      />
    </li>
  );
}
