import { data, Form, Link, useActionData, useNavigation } from "react-router";
import { type BurialRequestMove, documentUrls } from "../../../common/booking-terms.ts";
import { formatDate } from "../../../common/i18n.ts";
import { BurialRequestFacts, BurialRequestHistory } from "../../components/burial-request.tsx";
import { Countdown } from "../../components/countdown.tsx";
import { describedBy, Field } from "../../components/form.tsx";
import { Icon } from "../../components/icon.tsx";
import { StatusBadge } from "../../components/status-badge.tsx";
import { callApi, str } from "../../lib/actions.server.ts";
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
  const rc = context.get(requestContext);
  const form = await request.formData();
  const id = pageId(params.id, request);
  const result = await callApi(() =>
    rc.api.post("/burial-requests/:id/moves/:move", {
      params: { id, move: "cancel_own" },
      body: { reason: str(form, "reason") },
    }),
  );
  if (!result.ok) return data({ ...result.error, done: false as const }, { status: result.status });
  return { done: true as const, message: "", fields: {} as Record<string, string> };
}

const CLIENT_MOVES: readonly BurialRequestMove[] = ["cancel_own"];

/**
 * One of the family's requests: where it stands, what is still to do and until when, its documents
 * and history; cancel (with a reason) while it waits for payment; the printable papers.
 */
export default function Ticket({ loaderData }: Route.ComponentProps) {
  const { t, to, locale } = useT();
  const { booking: b, now } = loaderData;
  const answer = useActionData<typeof action>();
  const busy = useNavigation().state !== "idle";
  const errors = answer && !answer.done ? answer.fields : {};
  const moves = b.moves.filter((m) => CLIENT_MOVES.includes(m));
  return (
    <section aria-labelledby="ticket-title">
      <p>
        <Link to={to("/client/tickets/active")}>← {t("booking.back_to_list")}</Link>
      </p>
      <h1 id="ticket-title">
        {t("burial_request.number", { number: b.number })} <StatusBadge kind="burial_request" status={b.status} />
      </h1>
      {answer?.done ? (
        <p className="alert alert--success" role="status" data-testid="cancelled">
          <Icon name="check" /> {t("booking.cancelled_done")}
        </p>
      ) : null}
      {answer && !answer.done && answer.message && !errors.reason ? (
        <p className="alert alert--error" role="alert">
          <Icon name="alert" /> {answer.message}
        </p>
      ) : null}
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
          <a href={documentUrls.confirmation(b.id, locale)} className="button button--ghost">
            <Icon name="file" /> {t("booking.confirmation_pdf")}
          </a>
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
      {moves.includes("cancel_own") ? (
        <section className="card" aria-labelledby="cancel-title">
          <h2 id="cancel-title" className="card__title">
            {t("booking.cancel_title")}
          </h2>
          <Form method="post" className="form" noValidate data-testid="cancel-form">
            <Field id="c-reason" label={t("booking.cancel_reason")} error={errors.reason}>
              <textarea
                id="c-reason"
                name="reason"
                rows={2}
                maxLength={500}
                aria-required
                aria-invalid={errors.reason ? true : undefined}
                aria-describedby={describedBy("c-reason", undefined, errors.reason)}
              />
            </Field>
            <button type="submit" className="button button--danger" disabled={busy} data-testid="cancel">
              {t("booking.cancel")}
            </button>
          </Form>
        </section>
      ) : null}
    </section>
  );
}
