import { Link, useActionData } from "react-router";
import { BURIAL_REQUEST_MOVE_FORMS, type BurialRequestMove, documentUrls } from "../../../common/booking-terms.ts";
import { formatDate } from "../../../common/i18n.ts";
import { BurialRequestFacts, BurialRequestHistory } from "../../components/burial-request.tsx";
import { Countdown } from "../../components/countdown.tsx";
import { Field } from "../../components/form.tsx";
import { MoveForms } from "../../components/move-forms.tsx";
import { Icon } from "../../components/icon.tsx";
import { StatusBadge } from "../../components/status-badge.tsx";
import { moveAction } from "../../lib/moves.server.ts";
import { useT } from "../../lib/hooks.ts";
import { orPageError, pageId } from "../../lib/page-ids.server.ts";
import { requestContext } from "../../lib/request-context.ts";
import type { Route } from "./+types/ticket";

export function meta({ data: d, location }: Route.MetaArgs) {
  const kk = location.pathname.startsWith("/kk");
  return [{ title: `${kk ? "Өтінім" : "Заявка"} № ${d?.booking.number ?? ""}` }];
}

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const { api } = context.get(requestContext);
  const id = pageId(params.id, request);
  const booking = await orPageError(request, () => api.get("/burial-requests/:id", { params: { id } }));
  return { booking, now: new Date().toISOString() };
}

export async function action({ context, params, request }: Route.ActionArgs) {
  const { api, locale } = context.get(requestContext);
  return moveAction(request, locale, {
    id: pageId(params.id, request),
    forms: BURIAL_REQUEST_MOVE_FORMS,
    moves: CLIENT_MOVES,
    send: (move, body, id) => api.post("/burial-requests/:id/moves/:move", { params: { id, move }, body }),
  });
}

/** The moves the family makes from this screen. */
const CLIENT_MOVES = ["cancel_own"] as const satisfies readonly BurialRequestMove[];

/**
 * One of the family's requests: where it stands, what is still to do and until when, its documents
 * and history; cancel (with a reason) while it waits for payment; the printable papers.
 */
export default function Ticket({ loaderData }: Route.ComponentProps) {
  const { t, to, locale } = useT();
  const { booking: b, now } = loaderData;
  const answer = useActionData<typeof action>();
  return (
    <section aria-labelledby="ticket-title">
      <p>
        <Link to={to("/client/tickets/active")}>← {t("booking.back_to_list")}</Link>
      </p>
      <h1 id="ticket-title">
        {t("burial_request.number", { number: b.number })} <StatusBadge kind="burial_request" status={b.status} />
      </h1>
      {b.status === "pending" ? (
        <section className="card" aria-labelledby="todo-title" data-testid="todo">
          <h2 id="todo-title" className="card__title">
            {t("booking.todo")}
          </h2>
          <p>
            {t("booking.held_until", { date: formatDate(locale, b.expiresAt, true) })} —{" "}
            <Countdown until={b.expiresAt} now={now} />
          </p>
          <ul className="stack">
            {b.todo.map((item) => (
              <li key={item}>
                <Icon name="clock" /> {t(`booking.todo_${item}`)}
              </li>
            ))}
          </ul>
          <Link
            className="button"
            to={to(`/client/reservation/reservation-complete?id=${b.id}`)}
            data-testid="continue"
          >
            {t("booking.continue")}
          </Link>
        </section>
      ) : null}
      <div className="ticket-links">
        {b.status !== "cancelled" && b.status !== "expired" ? (
          <>
            <Link
              className="button"
              to={to(`/client/tickets/burial/add-service?request=${b.id}`)}
              data-testid="add-service"
            >
              <Icon name="plus" /> {t("orders_screen.order_services")}
            </Link>
            <a href={documentUrls.confirmation(b.id, locale)} className="button button--ghost">
              <Icon name="file" /> {t("booking.confirmation_pdf")}
            </a>
          </>
        ) : null}
        {b.status === "completed" && b.burialId ? (
          <a
            href={documentUrls.certificate(b.burialId, locale)}
            className="button button--ghost"
            data-testid="certificate"
          >
            <Icon name="file" /> {t("booking.grave_certificate")}
          </a>
        ) : null}
      </div>
      <BurialRequestFacts booking={b} />
      <BurialRequestHistory booking={b} />
      {b.moves.includes("cancel_own") || answer?.done ? (
        <section className="card" aria-labelledby="cancel-title">
          <h2 id="cancel-title" className="card__title">
            {t("booking.cancel_title")}
          </h2>
          <MoveForms
            moves={b.moves}
            forms={BURIAL_REQUEST_MOVE_FORMS}
            answer={answer}
            prefix="c"
            views={{
              cancel_own: {
                label: t("booking.cancel"),
                danger: true,
                done: t("booking.cancelled_done"),
                fields: (f) => (
                  <Field field={f.reason} label={t("booking.cancel_reason")} required>
                    {(p) => <textarea {...p} rows={2} maxLength={500} />}
                  </Field>
                ),
              },
            }}
          />
        </section>
      ) : null}
    </section>
  );
}
