import { useState } from "react";
import { data, Form, Link, useNavigation } from "react-router";
import { redirectTo } from "../../lib/redirect.server.ts";
import type { TUploadFile } from "../../../common/api-types.ts";
import { documentUrls, isoWeekday } from "../../../common/booking-terms.ts";
import { formatDate, formatMoney } from "../../../common/i18n.ts";
import { localizePath } from "../../../common/locale.ts";
import { parseId } from "../../../common/schemas.ts";
import { BurialRequestFacts } from "../../components/burial-request.tsx";
import { Countdown } from "../../components/countdown.tsx";
import { FormError } from "../../components/form.tsx";
import { FieldMessage } from "../../components/field-message.tsx";
import { Icon } from "../../components/icon.tsx";
import { LazyDropZone as DropZone } from "../../components/lazy-drop-zone.tsx";
import { StatusBadge } from "../../components/status-badge.tsx";
import { formMessage, useSchemaForm } from "../../lib/form.ts";
import { str, submitAction, submitForm } from "../../lib/form.server.ts";
import { useT } from "../../lib/hooks.ts";
import { notFound, orPageError } from "../../lib/page-ids.server.ts";
import { requestContext } from "../../lib/request-context.ts";
import type { Route } from "./+types/reservation-complete";

export function meta({ location }: Route.MetaArgs) {
  return [{ title: location.pathname.startsWith("/kk") ? "Брондауды аяқтау" : "Завершение бронирования" }];
}

export async function loader({ context, request }: Route.LoaderArgs) {
  const { api } = context.get(requestContext);
  const params = new URL(request.url).searchParams;
  const id = parseId(params.get("id"));
  if (!id) throw redirectTo(localizePath("/client/tickets/active", context.get(requestContext).locale));
  const booking = await orPageError(request, () => api.get("/burial-requests/:id", { params: { id } }));
  const slots = booking.status === "pending" ? await api.get("/burial-requests/:id/slots", { params: { id } }) : null;
  return { booking, slots, now: new Date().toISOString(), paidReturn: params.get("paid") };
}

export async function action({ context, request }: Route.ActionArgs) {
  const rc = context.get(requestContext);
  const form = await request.formData();
  const id = parseId(str(form, "id"));
  if (!id) notFound(request);
  if (str(form, "intent") === "pay") {
    const result = await submitAction(() => rc.api.post("/burial-requests/:id/payments", { params: { id } }));
    if (!result.ok) return data({ payError: formMessage(result.reply) ?? "" }, { status: result.status });
    return redirectTo(result.value.redirectUrl);
  }
  const sent = await submitForm(form, "ZBookingDetailsForm", rc.locale, (v) =>
    rc.api.put("/burial-requests/:id/details", {
      params: { id },
      body: {
        certificateIds: v.certificateIds,
        burialDate: v.slot.slice(0, 10),
        burialTime: v.slot.slice(11),
      },
    }),
  );
  if (!sent.ok) return sent.response;
  return { form: sent.reply(), saved: true as const };
}

/**
 * Step two: the death certificate (not for a reburial, whose death the akimat has checked), the day
 * and time of the burial among the cemetery's free slots, then the payment (online, or at the
 * cemetery's office; none when the fee is 0: the slot settles it). Paid, it shows the summary and
 * the printable confirmation.
 */
export default function ReservationComplete({ loaderData, actionData }: Route.ComponentProps) {
  const { t, to, locale } = useT();
  const { booking: b, slots, now, paidReturn } = loaderData;
  const { form, fields } = useSchemaForm("ZBookingDetailsForm", {
    id: "d",
    lastResult: actionData && "form" in actionData ? actionData.form : undefined,
  });
  const saved = actionData && "saved" in actionData;
  const payError = actionData && "payError" in actionData ? actionData.payError : null;
  const busy = useNavigation().state !== "idle";
  const [certificate, setCertificate] = useState<TUploadFile[]>(b.documents.certificate);
  const [uploading, setUploading] = useState(false);
  const chosen = b.burialDate && b.burialTime ? `${b.burialDate} ${b.burialTime}` : "";
  const pending = b.status === "pending";
  const firstOpen = slots?.days.find((d) => d.slots.some((x) => x.left > 0))?.date ?? slots?.days[0]?.date ?? "";
  const [day, setDay] = useState(
    b.burialDate && slots?.days.some((d) => d.date === b.burialDate) ? b.burialDate : firstOpen,
  );
  return (
    <section aria-labelledby="rc-title" className="booking">
      <ol className="booking-steps" aria-label={t("booking.steps")}>
        <li>{t("booking.step_first")}</li>
        <li aria-current={pending && b.todo.length > 1 ? "step" : undefined}>{t("booking.step_complete")}</li>
        <li aria-current={pending && b.todo.length === 1 ? "step" : !pending ? "step" : undefined}>
          {t("booking.step_pay")}
        </li>
      </ol>
      <h1 id="rc-title">
        {t("burial_request.number", { number: b.number })} <StatusBadge kind="burial_request" status={b.status} />
      </h1>
      {pending ? (
        <p className="lead">
          {t("booking.held_until", { date: formatDate(locale, b.expiresAt, true) })} —{" "}
          <Countdown until={b.expiresAt} now={now} />
        </p>
      ) : null}
      {paidReturn === "0" && pending ? (
        <p className="alert alert--warning" role="status">
          {t("booking.payment_declined")}
        </p>
      ) : null}
      {saved ? (
        <p className="alert alert--success" role="status" data-testid="details-saved">
          <Icon name="check" /> {t("booking.details_saved")}
        </p>
      ) : null}
      <FormError form={form} />
      {payError ? (
        <p className="alert alert--error" role="alert" data-testid="booking-error">
          <Icon name="alert" /> {payError}
        </p>
      ) : null}

      {pending ? (
        <Form method="post" className="card form" data-testid="details-form" {...form.props}>
          <input type="hidden" name="id" value={b.id} />
          {b.reburial ? (
            // A reburial's death was proven in its reburial request: no certificate here.
            <>
              <input type="hidden" name="needsCertificate" value="0" />
              <p className="note" data-testid="no-certificate">
                {t("booking.reburial_no_certificate", { number: b.reburial.number })}
              </p>
            </>
          ) : (
            <DropZone
              field={fields.certificateIds}
              label={t("booking.certificate")}
              hint={t("booking.certificate_hint")}
              value={certificate}
              onChange={setCertificate}
              onBusyChange={setUploading}
              config={{ params: { purpose: "document" }, maxFiles: 3, multiple: true }}
            />
          )}
          <fieldset className="fieldset" aria-describedby={fields.slot.errors ? fields.slot.errorId : undefined}>
            <legend>{t("booking.slot")}</legend>
            {slots && slots.days.length === 0 ? <p className="muted">{t("booking.no_slots")}</p> : null}
            {slots?.days.length ? (
              <div className="field">
                <label htmlFor="slot-day" className="field__label">
                  {t("booking.slot_day")}
                </label>
                <select
                  id="slot-day"
                  value={day}
                  onChange={(e) => setDay(e.currentTarget.value)}
                  data-testid="slot-day"
                >
                  {slots.days.map((d) => {
                    const left = d.slots.reduce((n, s) => n + s.left, 0);
                    return (
                      <option key={d.date} value={d.date}>
                        {/* Short, so a phone's select shows it whole: `ср 25.11 · свободно 12`. */}
                        {t(`weekday.${isoWeekday(d.date)}`)} {d.date.slice(8, 10)}.{d.date.slice(5, 7)} ·{" "}
                        {left ? t("booking.day_left", { left }) : t("booking.slot_full")}
                      </option>
                    );
                  })}
                </select>
              </div>
            ) : null}
            <div className="slot-days" data-testid="slots">
              {slots?.days.map((d) => (
                // Every day's times are in the form (a choice survives a day switch), one day shown.
                <div
                  key={d.date}
                  className="slot-day"
                  hidden={d.date !== day}
                  role="radiogroup"
                  aria-label={formatDate(locale, d.date)}
                >
                  {d.slots.map((s) => {
                    const value = `${d.date} ${s.time}`;
                    return (
                      <label key={s.time} className={`slot${s.left === 0 ? " slot--full" : ""}`}>
                        <input
                          type="radio"
                          name="slot"
                          value={value}
                          defaultChecked={value === chosen}
                          disabled={s.left === 0 && value !== chosen}
                          data-testid={`slot-${d.date}-${s.time}`}
                        />
                        <span>
                          <strong>{s.time}</strong>
                          <small>
                            {s.left === 0
                              ? t("booking.slot_full")
                              : t("booking.slot_left", { left: s.left, capacity: s.capacity })}
                          </small>
                        </span>
                      </label>
                    );
                  })}
                </div>
              ))}
            </div>
            <FieldMessage field={fields.slot} />
          </fieldset>
          <button
            type="submit"
            className="button"
            name="intent"
            value="details"
            disabled={busy || uploading}
            data-testid="save-details"
          >
            {t("booking.save_details")}
          </button>
        </Form>
      ) : null}

      <BurialRequestFacts booking={b} />

      {pending ? (
        <section className="card" aria-labelledby="pay-title" data-testid="payment">
          <h2 id="pay-title">{t("booking.payment")}</h2>
          <p>
            {t("booking.fee")}: <strong>{formatMoney(locale, b.fee)}</strong>
          </p>
          {b.fee === 0 ? (
            // Nothing to pay: choosing the slot settles the booking (the API's `settle_free`).
            <p data-testid="no-payment">{t("booking.no_payment")}</p>
          ) : (
            <>
              {b.todo.includes("certificate") || b.todo.includes("slot") ? (
                <p className="muted">{t("booking.pay_after_details")}</p>
              ) : null}
              <p>{t("booking.pay_office", { address: b.cemeteryAddress })}</p>
            </>
          )}
          {b.onlinePayment ? (
            <Form method="post">
              <input type="hidden" name="id" value={b.id} />
              <button
                type="submit"
                name="intent"
                value="pay"
                className="button"
                disabled={busy}
                data-testid="pay-online"
              >
                <Icon name="check" /> {t("booking.pay_online")}
              </button>
            </Form>
          ) : null}
        </section>
      ) : (
        <section className="card" data-testid="booking-done">
          {b.status === "paid" || b.status === "confirmed" || b.status === "completed" ? (
            <p className="alert alert--success" role="status">
              <Icon name="check" />{" "}
              {t(b.status === "paid" && b.paymentMethod === "free" ? "booking.done_free" : `booking.done_${b.status}`)}
            </p>
          ) : null}
          <p>
            <a href={documentUrls.confirmation(b.id, locale)} className="button button--ghost" download>
              <Icon name="file" /> {t("booking.confirmation_pdf")}
            </a>
          </p>
        </section>
      )}
      <p>
        <Link to={to(`/client/tickets/active/${b.id}`)}>{t("booking.open_ticket")}</Link>
      </p>
    </section>
  );
}
