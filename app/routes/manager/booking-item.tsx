import type { ReactNode } from "react";
import { Link, type ShouldRevalidateFunctionArgs, useActionData } from "react-router";
import { BURIAL_REQUEST_MOVE_FORMS, type BurialRequestMove, documentUrls } from "../../../common/booking-terms.ts";
import { formatDate, formatMoney } from "../../../common/i18n.ts";
import { formatPhone, telHref } from "../../../common/phone.ts";
import { placesText } from "../../../common/place-text.ts";
import { BurialRequestHistory, KeptForFamily, RequestFiles, slotText } from "../../components/burial-request.tsx";
import { Countdown } from "../../components/countdown.tsx";
import { Field } from "../../components/form.tsx";
import { MoveForms } from "../../components/move-forms.tsx";
import { Icon } from "../../components/icon.tsx";
import { StatusBadge } from "../../components/status-badge.tsx";
import { moveAction } from "../../lib/moves.server.ts";
import { useT } from "../../lib/hooks.ts";
import { orPageError, pageId } from "../../lib/page-ids.server.ts";
import { requestContext } from "../../lib/request-context.ts";
import type { Route } from "./+types/booking-item";

export function meta({ location, loaderData }: Route.MetaArgs) {
  const number = loaderData?.r.number ?? "";
  return [{ title: location.pathname.startsWith("/kk") ? `№ ${number} брондау` : `Бронь № ${number}` }];
}

/** The moves the cemetery's staff make from this screen, in the order they come. */
const STAFF_MOVES = ["pay_office", "confirm", "complete", "cancel"] as const satisfies readonly BurialRequestMove[];

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const { api } = context.get(requestContext);
  const id = pageId(params.id, request);
  const r = await orPageError(request, () => api.get("/burial-requests/:id", { params: { id } }));
  return { r, now: new Date().toISOString() };
}

export async function action({ context, params, request }: Route.ActionArgs) {
  const { api, locale } = context.get(requestContext);
  return moveAction(request, locale, {
    id: pageId(params.id, request),
    forms: BURIAL_REQUEST_MOVE_FORMS,
    moves: STAFF_MOVES,
    send: (move, body, id) => api.post("/burial-requests/:id/moves/:move", { params: { id, move }, body }),
  });
}

/**
 * Reads the request again after every move, refused ones too (React Router skips that after a 4xx
 * by default): a refusal usually means someone else moved it meanwhile, and the page must show how
 * it stands now.
 */
export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formMethod?.toUpperCase() === "POST" || defaultShouldRevalidate;
}

/**
 * One burial request for the cemetery's staff: who, where, when, the documents and the
 * responsible person, its history, and the moves the staff may make now, drawn from the API's
 * `moves` (office payment with an optional receipt, confirm, complete after a warning, cancel with
 * a reason). Each form posts to this route's action, which makes the move through the API.
 */
export default function ManagerBookingItem({ loaderData }: Route.ComponentProps) {
  const { t, to, locale } = useT();
  const { r, now } = loaderData;
  const answer = useActionData<typeof action>();
  const fact = (label: string, value: ReactNode, testId?: string) => (
    <>
      <dt>{label}</dt>
      <dd data-testid={testId}>{value}</dd>
    </>
  );
  return (
    <article aria-labelledby="br-title" className="booking-item">
      <p className="print-hide">
        <Link to={to("/manager/booking")}>← {t("manager.booking.back")}</Link>
      </p>
      <div className="card__head">
        <h1 id="br-title">{t("burial_request.number", { number: r.number })}</h1>
        <span data-testid="request-status">
          <StatusBadge kind="burial_request" status={r.status} />
        </span>
      </div>
      {r.status === "pending" ? (
        <p>
          <Countdown until={r.expiresAt} now={now} />
        </p>
      ) : null}

      <section className="card" aria-labelledby="br-facts">
        <h2 id="br-facts" className="card__title">
          {r.deceased}
        </h2>
        {r.reburial ? (
          // The remains come from another grave: the akimat's approval is the ground of this booking.
          <p className="note" data-testid="request-reburial">
            {t("manager.booking.reburial", { number: r.reburial.number })}
          </p>
        ) : null}
        <dl className="facts">
          {fact(t("manager.booking.iin"), r.iin)}
          {r.birthDate ? fact(t("manager.booking.birth_date"), formatDate(locale, r.birthDate)) : null}
          {fact(t("manager.booking.death_date"), formatDate(locale, r.deathDate))}
          {fact(
            t("manager.booking.kind"),
            `${t(`burial_request.kind.${r.kind}`)}${r.kind === "family_grave" ? `, ${t(`burial_request.remains.${r.remains}`)}` : ""}`,
          )}
          {fact(
            t("manager.booking.cemetery"),
            <>
              {r.cemeteryName}
              {r.cemeteryAddress ? <span className="muted">, {r.cemeteryAddress}</span> : null} ·{" "}
              <Link to={to(`/manager/cemetery/${r.cemeteryId}`)} className="print-hide">
                {t("manager.booking.cemetery_page")}
              </Link>
            </>,
          )}
          {fact(
            t("manager.booking.places"),
            <>
              {placesText(t, r.places)}
              <KeptForFamily request={r} testId="request-kept" />
            </>,
            "request-places",
          )}
          {fact(t("manager.booking.slot"), slotText(t, locale, r), "request-slot")}
          {fact(t("manager.booking.fee"), formatMoney(locale, r.fee))}
          {r.paidAt
            ? fact(
                t("manager.booking.payment"),
                [
                  formatDate(locale, r.paidAt, true),
                  r.paymentMethod ? t(`manager.booking.payment_${r.paymentMethod}`) : "",
                  r.paymentRef ? t("manager.booking.receipt_no", { ref: r.paymentRef }) : "",
                ]
                  .filter(Boolean)
                  .join(", "),
                "request-payment",
              )
            : null}
          {fact(t("manager.booking.created"), formatDate(locale, r.createdAt, true))}
          {r.confirmedAt ? fact(t("manager.booking.confirmed_at"), formatDate(locale, r.confirmedAt, true)) : null}
          {r.completedAt ? fact(t("manager.booking.completed_at"), formatDate(locale, r.completedAt, true)) : null}
          {r.cancelReason ? fact(t("manager.booking.cancel_reason"), r.cancelReason) : null}
          {r.burialId
            ? fact(
                t("manager.booking.record"),
                <Link to={to(`/search?grave=${r.burialId}`)} data-testid="request-record">
                  №{r.burialId}
                </Link>,
              )
            : null}
        </dl>
        {r.status !== "cancelled" && r.status !== "expired" ? (
          <p className="print-hide">
            <a
              href={documentUrls.confirmation(r.id, locale)}
              target="_blank"
              rel="noopener noreferrer"
              data-testid="confirmation-pdf"
            >
              <Icon name="file" size={18} /> {t("manager.booking.pdf")}
            </a>
          </p>
        ) : null}
      </section>

      {r.status === "pending" && r.todo.length ? (
        <p className="alert alert--warning" data-testid="request-todo">
          {t("manager.booking.todo")}: {r.todo.map((x) => t(`manager.booking.todo_${x}`)).join(", ")}
        </p>
      ) : null}

      <div className="two-columns">
        <section className="card" aria-labelledby="br-client">
          <h2 id="br-client" className="card__title">
            {t("manager.booking.client")}
          </h2>
          {r.client ? (
            <dl className="facts">
              {fact(t("manager.booking.client_name"), r.client.name || t("manager.booking.unknown"))}
              {fact(
                t("common.phone"),
                <a href={telHref(r.client.phone)} className="phone" data-testid="client-phone">
                  {formatPhone(r.client.phone)}
                </a>,
              )}
            </dl>
          ) : (
            <p className="muted">{t("manager.booking.unknown")}</p>
          )}
          {r.familyGrave ? (
            <>
              <h3>{t("manager.booking.family_grave")}</h3>
              <dl className="facts" data-testid="family-grave">
                {fact(
                  t("manager.booking.family_grave_of"),
                  <Link to={to(`/search?grave=${r.familyGrave.burialId}`)}>{r.familyGrave.name}</Link>,
                )}
                {fact(
                  t("manager.booking.last_burial"),
                  r.familyGrave.lastBurial
                    ? formatDate(locale, r.familyGrave.lastBurial)
                    : t("manager.booking.unknown"),
                )}
                {fact(t("manager.booking.burials_in"), r.familyGrave.burials)}
              </dl>
            </>
          ) : null}
        </section>

        <section className="card" aria-labelledby="br-docs" data-testid="request-documents">
          <h2 id="br-docs" className="card__title">
            {t("manager.booking.documents")}
          </h2>
          <dl className="facts facts--stacked">
            {fact(t("manager.booking.doc_certificate"), <RequestFiles files={r.documents.certificate} />)}
            {r.kind === "family_grave" || r.documents.kinship.length
              ? fact(t("manager.booking.doc_kinship"), <RequestFiles files={r.documents.kinship} />)
              : null}
            {r.kind === "family_grave" || r.documents.grave.length
              ? fact(t("manager.booking.doc_grave"), <RequestFiles files={r.documents.grave} />)
              : null}
          </dl>
        </section>
      </div>

      <section className="card print-hide booking-actions" aria-labelledby="br-actions" data-testid="request-actions">
        <h2 id="br-actions" className="card__title">
          {t("manager.booking.actions")}
        </h2>
        <MoveForms
          moves={r.moves}
          forms={BURIAL_REQUEST_MOVE_FORMS}
          answer={answer}
          prefix="br"
          empty={t("manager.booking.no_actions")}
          views={{
            pay_office: {
              label: t("manager.booking.pay_office"),
              done: t("manager.booking.done.pay_office"),
              fields: (f) => (
                <Field field={f.receipt} label={t("manager.booking.receipt")} hint={t("manager.booking.receipt_hint")}>
                  {(p) => <input {...p} maxLength={60} autoComplete="off" />}
                </Field>
              ),
            },
            confirm: {
              label: t("manager.booking.confirm"),
              hint: t("manager.booking.confirm_hint"),
              done: t("manager.booking.done.confirm"),
            },
            complete: {
              label: t("manager.booking.complete_yes"),
              confirm: { summary: t("manager.booking.complete"), warning: t("manager.booking.complete_warning") },
              done: t("manager.booking.done.complete"),
            },
            cancel: {
              label: t("manager.booking.cancel_yes"),
              danger: true,
              confirm: { summary: t("manager.booking.cancel") },
              done: t("manager.booking.done.cancel"),
              fields: (f) => (
                <Field
                  field={f.reason}
                  label={t("manager.booking.cancel_reason_label")}
                  hint={t("manager.booking.cancel_hint")}
                  required
                >
                  {(p) => <textarea {...p} rows={3} maxLength={500} />}
                </Field>
              ),
            },
          }}
        />
      </section>

      <BurialRequestHistory booking={r} />
    </article>
  );
}
