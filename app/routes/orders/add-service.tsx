import { data, Form, Link, useNavigation } from "react-router";
import { CATALOG_CATEGORIES, type CatalogCategory } from "../../../common/catalog.ts";
import { addCalendarDays } from "../../../common/calendar/days.ts";
import { almatyDay, almatyInstant } from "../../../common/calendar/almaty.ts";
import { formatDate, formatMoney } from "../../../common/i18n.ts";
import type { TCart, TCartLine, TCartOffer } from "../../../common/order-schemas.ts";
import { MAX_LINE_QUANTITY } from "../../../common/orders.ts";
import { pageNumber, parseId } from "../../../common/schemas.ts";
import { Field, FormError } from "../../components/form.tsx";
import { Icon } from "../../components/icon.tsx";
import { Pager } from "../../components/pager.tsx";
import { type TFieldMeta, type TFormReply, useSchemaForm } from "../../lib/form.ts";
import { str, submitAction, submitForm, type TSubmitted } from "../../lib/form.server.ts";
import { useT } from "../../lib/hooks.ts";
import { notFound, orPageError } from "../../lib/page-ids.server.ts";
import { redirectTo } from "../../lib/redirect.server.ts";
import { localizePath } from "../../../common/locale.ts";
import { requestContext } from "../../lib/request-context.ts";
import type { Route } from "./+types/add-service";

export function meta({ location }: Route.MetaArgs) {
  const kk = location.pathname.startsWith("/kk");
  return [{ title: kk ? "Жерлеуге тауарлар мен қызметтер" : "Товары и услуги к погребению" }];
}

/** When a new line is delivered by default: the burial's day and slot, or tomorrow at 10:00 when none is set or it is past. */
function defaultWhen(cart: TCart, now: Date) {
  const b = cart.burial;
  if (b.date && b.time && almatyInstant(b.date, b.time) > now) return { date: b.date, time: b.time };
  return { date: addCalendarDays(almatyDay(now), 1), time: "10:00" };
}

/**
 * Without `?request=`: the family's bookings to choose from. With it: that burial's cart (amounts and
 * total from the server), and what can be added, by category.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const rc = context.get(requestContext);
  const { api } = rc;
  const url = new URL(request.url);
  const burialRequestId = parseId(url.searchParams.get("request"));
  // Come from an item's page (`?item=`): that item is offered first, for the burial chosen.
  const itemId = parseId(url.searchParams.get("item"));
  if (!burialRequestId) {
    const bookings = await api.get("/burial-requests", { query: { open: "1", page: "1" } });
    if (bookings.items.length === 1 && itemId) {
      const only = bookings.items[0] as (typeof bookings.items)[number];
      throw redirectTo(localizePath(`/client/tickets/burial/add-service?request=${only.id}&item=${itemId}`, rc.locale));
    }
    return { step: "choose" as const, bookings: bookings.items, itemId };
  }
  const category = (CATALOG_CATEGORIES as readonly string[]).includes(url.searchParams.get("category") ?? "")
    ? (url.searchParams.get("category") as CatalogCategory)
    : undefined;
  const [cart, offers] = await orPageError(request, () =>
    Promise.all([
      api.get("/cart", { query: { burialRequestId: String(burialRequestId) } }),
      api.get("/cart/offers", {
        query: {
          burialRequestId: String(burialRequestId),
          page: String(pageNumber(url.searchParams.get("page"))),
          ...(category ? { category } : {}),
          ...(itemId ? { itemId: String(itemId) } : {}),
        },
      }),
    ]),
  );
  return {
    step: "cart" as const,
    cart,
    offers,
    category: category ?? null,
    itemId,
    when: defaultWhen(cart, new Date()),
    checkoutKey: crypto.randomUUID(),
  };
}

type TReply = { intent: string; id: number | null; form: TFormReply };

/** Adds an offer, changes or removes a cart line, or checks the cart out. */
export async function action({ context, request }: Route.ActionArgs) {
  const rc = context.get(requestContext);
  const form = await request.formData();
  const intent = str(form, "intent");
  const id = parseId(str(form, "id"));
  // Each form's answer names its intent and record, so only that form shows it (emptied after a success).
  const answer = (sent: TSubmitted<unknown>, replyId: number | null) => {
    if (sent.ok) return { intent, id: replyId, form: sent.reply({ resetForm: true }) } satisfies TReply;
    return data({ intent, id: replyId, form: sent.reply } satisfies TReply, { status: sent.status });
  };
  if (intent === "add") {
    const sent = await submitForm(form, "ZCartAdd", rc.locale, (v) => rc.api.post("/cart/lines", { body: v }));
    return answer(sent, parseId(str(form, "itemId")));
  }
  if (intent === "update" && id) {
    const sent = await submitForm(form, "ZCartUpdate", rc.locale, (v) =>
      rc.api.patch("/cart/lines/:id", { params: { id }, body: v }),
    );
    return answer(sent, id);
  }
  if (intent === "remove" && id) {
    const sent = await submitAction(() => rc.api.delete("/cart/lines/:id", { params: { id } }));
    return answer(sent, id);
  }
  if (intent === "checkout") {
    const sent = await submitForm(form, "ZCheckout", rc.locale, (v) => rc.api.post("/orders", { body: v }));
    if (!sent.ok) return answer(sent, null);
    const placed = sent.value;
    return redirectTo(placed.redirectUrl ?? localizePath(`/client/services?order=${placed.id}`, rc.locale));
  }
  return notFound(request);
}

/**
 * `/client/tickets/burial/add-service`: goods and services for one of the family's burials — what
 * the city's suppliers offer for its cemetery (a wreath, the hearse, the memorial meal), each
 * delivered to the cemetery at the burial's time unless said otherwise; the cart kept on the
 * server (another phone sees it); one checkout, one order per supplier, paid online or on delivery.
 */
export default function AddService({ loaderData, actionData }: Route.ComponentProps) {
  const { t, to, locale } = useT();
  if (loaderData.step === "choose") {
    return (
      <section aria-labelledby="add-service-title">
        <h1 id="add-service-title">{t("orders_screen.add_title")}</h1>
        <p className="lead">{t("orders_screen.choose_burial")}</p>
        {loaderData.bookings.length === 0 ? (
          <div className="note" data-testid="add-service-none">
            <p>{t("orders_screen.no_burials")}</p>
            <Link className="button" to={to("/reserve")}>
              <Icon name="map-pin" /> {t("booking.choose_place")}
            </Link>
          </div>
        ) : (
          <ul className="cards" data-testid="add-service-burials">
            {loaderData.bookings.map((b) => (
              <li key={b.id} className="card">
                <Link
                  to={to(
                    `/client/tickets/burial/add-service?request=${b.id}${loaderData.itemId ? `&item=${loaderData.itemId}` : ""}`,
                  )}
                >
                  {t("orders_screen.for_burial", { number: b.number })}
                </Link>
                <p className="muted">{b.deceased}</p>
              </li>
            ))}
          </ul>
        )}
      </section>
    );
  }
  const { cart, offers, category, when, checkoutKey, itemId } = loaderData;
  const reply = actionData as TReply | undefined;
  const b = cart.burial;
  return (
    <section aria-labelledby="add-service-title" className="add-service">
      <p>
        <Link to={to(`/client/tickets/active/${b.id}`)}>← {t("orders_screen.back_burial", { number: b.number })}</Link>
      </p>
      <h1 id="add-service-title">{t("orders_screen.add_title")}</h1>
      <p className="lead" data-testid="add-service-burial">
        {t("orders_screen.add_lead", {
          deceased: b.deceased,
          cemetery: locale === "kk" ? b.cemetery.nameKk : b.cemetery.nameRu,
          when: b.date ? `${formatDate(locale, b.date)}${b.time ? `, ${b.time}` : ""}` : "—",
        })}
      </p>

      <CartSection cart={cart} reply={reply} checkoutKey={checkoutKey} />

      <section aria-labelledby="offers-title">
        <h2 id="offers-title">{t("orders_screen.offers_title")}</h2>
        {itemId ? (
          <p className="note" data-testid="offers-one">
            {t("orders_screen.offer_from_item")}{" "}
            <Link to={to(`/client/tickets/burial/add-service?request=${b.id}`)}>{t("orders_screen.offers_all")}</Link>
          </p>
        ) : null}
        <nav className="tabs offer-tabs" aria-label={t("orders_screen.categories")}>
          <Link
            className="tabs__item"
            to={to(`/client/tickets/burial/add-service?request=${b.id}`)}
            aria-current={category === null ? "page" : undefined}
          >
            {t("orders_screen.all_categories")}
          </Link>
          {CATALOG_CATEGORIES.map((c) => (
            <Link
              key={c}
              className="tabs__item"
              to={to(`/client/tickets/burial/add-service?request=${b.id}&category=${c}`)}
              aria-current={category === c ? "page" : undefined}
              data-testid={`category-${c}`}
            >
              {t(`catalog.category.${c}`)}
            </Link>
          ))}
        </nav>
        {offers.items.length === 0 ? (
          <p className="note" data-testid="offers-empty">
            {t("orders_screen.offers_none")}
          </p>
        ) : (
          <ul className="cards" data-testid="offers">
            {offers.items.map((o) => (
              <OfferCard
                key={o.id}
                offer={o}
                burialRequestId={b.id}
                when={when}
                reply={reply?.intent === "add" && reply.id === o.id ? reply : undefined}
              />
            ))}
          </ul>
        )}
        <Pager page={offers.page} pageSize={offers.pageSize} total={offers.total} />
      </section>
    </section>
  );
}

/** What a supplier offers, with the form that puts it in the cart (delivered at the burial unless changed). */
function OfferCard({
  offer: o,
  burialRequestId,
  when,
  reply,
}: {
  offer: TCartOffer;
  burialRequestId: number;
  when: { date: string; time: string };
  reply: TReply | undefined;
}) {
  const { t, locale } = useT();
  const busy = useNavigation().state !== "idle";
  const { form, fields } = useSchemaForm("ZCartAdd", {
    id: `offer-${o.id}`,
    lastResult: reply?.form,
    defaultValue: { quantity: "1", place: "cemetery", deliveryDate: when.date, deliveryTime: when.time },
  });
  const added = reply && reply.form.initialValue === null;
  return (
    <li className="card offer" data-testid={`offer-${o.id}`}>
      <h3 className="card__title">{locale === "kk" ? o.nameKk : o.nameRu}</h3>
      <p className="muted">
        {o.supplier.name} · {t(`catalog.category.${o.category}`)}
      </p>
      <p>
        <strong>{formatMoney(locale, o.price)}</strong> / {t(`catalog.unit.${o.unit}`)}
        {o.leadHours > 0 ? ` · ${t("orders_screen.lead_time", { hours: o.leadHours })}` : ""}
      </p>
      {o.inCart ? <p className="badge badge--info">{t("orders_screen.in_cart")}</p> : null}
      {added ? (
        <p className="alert alert--success" role="status" data-testid="offer-added">
          <Icon name="check" /> {t("orders_screen.added")}
        </p>
      ) : null}
      <Form method="post" className="form offer__form" {...form.props}>
        <input type="hidden" name="intent" value="add" />
        <input type="hidden" name="burialRequestId" value={burialRequestId} />
        <input type="hidden" name="itemId" value={o.id} />
        <FormError form={form} />
        {o.fitsBurial === true ? (
          <>
            <input type="hidden" name="place" value="cemetery" />
            <input type="hidden" name="deliveryDate" value={when.date} />
            <input type="hidden" name="deliveryTime" value={when.time} />
            <FieldErrors fields={[fields.deliveryDate, fields.deliveryTime, fields.itemId]} />
          </>
        ) : (
          <>
            {o.fitsBurial === false ? (
              <p className="alert alert--warning">{t("orders_screen.not_by_burial", { hours: o.leadHours })}</p>
            ) : (
              <p className="field__hint">{t("orders_screen.when_hint")}</p>
            )}
            <DeliveryFields
              place={fields.place}
              address={fields.address}
              date={fields.deliveryDate}
              time={fields.deliveryTime}
            />
          </>
        )}
        <div className="offer__row">
          <Field field={fields.quantity} label={t("orders_screen.quantity")}>
            {(p) => <input {...p} type="number" min={1} max={MAX_LINE_QUANTITY} inputMode="numeric" />}
          </Field>
          <button type="submit" className="button" disabled={busy} data-testid={`offer-${o.id}-add`}>
            <Icon name="plus" /> {o.inCart ? t("orders_screen.update_cart") : t("orders_screen.add_to_cart")}
          </button>
        </div>
      </Form>
    </li>
  );
}

/** Messages of fields the form keeps hidden (the default time refused), shown above its button. */
function FieldErrors({ fields }: { fields: TFieldMeta[] }) {
  const messages = fields.flatMap((f) => f.errors ?? []);
  if (!messages.length) return null;
  return (
    <p className="alert alert--error" role="alert">
      {messages[0]}
    </p>
  );
}

/** Where and when: the cemetery or another address, the day and the time. */
function DeliveryFields({
  place,
  address,
  date,
  time,
}: {
  place: TFieldMeta;
  address: TFieldMeta;
  date: TFieldMeta;
  time: TFieldMeta;
}) {
  const { t } = useT();
  return (
    <>
      <Field field={place} label={t("orders_screen.place")}>
        {(p) => (
          <select {...p}>
            <option value="cemetery">{t("order.place.cemetery")}</option>
            <option value="address">{t("order.place.address")}</option>
          </select>
        )}
      </Field>
      <Field field={address} label={t("orders_screen.address")} hint={t("orders_screen.address_hint")}>
        {(p) => <input {...p} maxLength={300} autoComplete="street-address" />}
      </Field>
      <div className="offer__row">
        <Field field={date} label={t("orders_screen.date")}>
          {(p) => <input {...p} type="date" />}
        </Field>
        <Field field={time} label={t("orders_screen.time")}>
          {(p) => <input {...p} type="time" step={900} />}
        </Field>
      </div>
    </>
  );
}

/** The burial's cart: each line with its amount and problem, changed or removed; then the checkout. */
function CartSection({ cart, reply, checkoutKey }: { cart: TCart; reply: TReply | undefined; checkoutKey: string }) {
  const { t, locale } = useT();
  const busy = useNavigation().state !== "idle";
  const checkoutReply = reply?.intent === "checkout" ? reply : undefined;
  const { form, fields } = useSchemaForm("ZCheckout", { id: "checkout", lastResult: checkoutReply?.form });
  const blocked = cart.lines.some((l) => l.problem !== null);
  return (
    <section className="card cart" aria-labelledby="cart-title" data-testid="cart">
      <h2 id="cart-title" className="card__title">
        {t("orders_screen.cart_title")}
      </h2>
      {cart.lines.length === 0 ? (
        <p className="muted" data-testid="cart-empty">
          {t("orders_screen.cart_empty")}
        </p>
      ) : (
        <>
          <ul className="order-lines">
            {cart.lines.map((l) => (
              <CartLineItem key={l.id} line={l} reply={reply && reply.id === l.id ? reply : undefined} />
            ))}
          </ul>
          <p className="order-total" data-testid="cart-total">
            {t("orders_screen.total")}: <strong>{formatMoney(locale, cart.total)}</strong>
            {cart.suppliers > 1 ? ` · ${t("orders_screen.per_supplier", { count: cart.suppliers })}` : ""}
          </p>
          <Form method="post" className="form" {...form.props}>
            <input type="hidden" name="intent" value="checkout" />
            <input type="hidden" name="burialRequestId" value={cart.burial.id} />
            <input type="hidden" name="checkoutKey" value={checkoutKey} />
            <FormError form={form} />
            <fieldset className="choice" data-testid="checkout-method">
              <legend>{t("orders_screen.payment_method")}</legend>
              {(cart.online ? (["online", "on_delivery"] as const) : (["on_delivery"] as const)).map((m, i) => (
                <label key={m} className="choice__option">
                  <input
                    type="radio"
                    name={fields.paymentMethod.name}
                    value={m}
                    defaultChecked={i === 0}
                    data-testid={`checkout-${m}`}
                  />
                  <span>{t(`order.payment_method.${m}`)}</span>
                </label>
              ))}
            </fieldset>
            <p className="field__hint">{t("orders_screen.checkout_hint")}</p>
            <button type="submit" className="button" disabled={busy || blocked} data-testid="checkout">
              <Icon name="check" /> {t("orders_screen.checkout", { amount: formatMoney(locale, cart.total) })}
            </button>
          </Form>
        </>
      )}
    </section>
  );
}

function CartLineItem({ line: l, reply }: { line: TCartLine; reply: TReply | undefined }) {
  const { t, locale } = useT();
  const busy = useNavigation().state !== "idle";
  const updateReply = reply?.intent === "update" ? reply : undefined;
  const { form, fields } = useSchemaForm("ZCartUpdate", {
    id: `line-${l.id}`,
    lastResult: updateReply?.form,
    defaultValue: {
      quantity: String(l.quantity),
      place: l.place,
      address: l.address,
      deliveryDate: l.deliveryDate,
      deliveryTime: l.deliveryTime,
    },
  });
  return (
    <li className="order-line" data-testid={`cart-line-${l.id}`}>
      <p className="order-line__head">
        <strong>{locale === "kk" ? l.item.nameKk : l.item.nameRu}</strong> · {l.item.supplier.name}
      </p>
      <p className="muted">
        {t("orders_screen.line_amount", {
          quantity: l.quantity,
          unit: t(`catalog.unit.${l.item.unit}`),
          price: formatMoney(locale, l.item.price),
          amount: formatMoney(locale, l.amount),
        })}
      </p>
      <p className="muted">
        <Icon name="map-pin" /> {l.place === "address" ? l.address : t("order.place.cemetery")} ·{" "}
        {formatDate(locale, l.deliveryDate)}, {l.deliveryTime}
      </p>
      {l.problem ? (
        <p className="alert alert--warning" role="alert" data-testid={`cart-line-${l.id}-problem`}>
          {t(`order.problem.${l.problem}`)}
        </p>
      ) : null}
      <details className="record" open={Boolean(updateReply && updateReply.form.initialValue !== null)}>
        <summary className="button button--ghost button--small">{t("orders_screen.change_line")}</summary>
        <Form method="post" className="form" {...form.props}>
          <input type="hidden" name="intent" value="update" />
          <input type="hidden" name="id" value={l.id} />
          <FormError form={form} />
          <Field field={fields.quantity} label={t("orders_screen.quantity")}>
            {(p) => <input {...p} type="number" min={1} max={MAX_LINE_QUANTITY} inputMode="numeric" />}
          </Field>
          <DeliveryFields
            place={fields.place}
            address={fields.address}
            date={fields.deliveryDate}
            time={fields.deliveryTime}
          />
          <button type="submit" className="button button--small" disabled={busy} data-testid={`cart-line-${l.id}-save`}>
            {t("orders_screen.save_line")}
          </button>
        </Form>
      </details>
      <Form method="post">
        <input type="hidden" name="intent" value="remove" />
        <input type="hidden" name="id" value={l.id} />
        <button
          type="submit"
          className="button button--ghost button--small"
          disabled={busy}
          data-testid={`cart-line-${l.id}-remove`}
        >
          <Icon name="x" /> {t("orders_screen.remove_line")}
        </button>
      </Form>
    </li>
  );
}
