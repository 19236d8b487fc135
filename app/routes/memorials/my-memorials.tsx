import { Form, Link, useNavigation } from "react-router";
import { localizePath } from "../../../common/locale.ts";
import { fullName } from "../../../common/person.ts";
import { Icon } from "../../components/icon.tsx";
import { formMessage, type TFormReply } from "../../lib/form.ts";
import { str, submitAction } from "../../lib/form.server.ts";
import { useT } from "../../lib/hooks.ts";
import { notFound, pageId } from "../../lib/page-ids.server.ts";
import { redirectTo } from "../../lib/redirect.server.ts";
import { requestContext } from "../../lib/request-context.ts";
import type { Route } from "./+types/my-memorials";

export function meta({ location }: Route.MetaArgs) {
  return [{ title: location.pathname.startsWith("/kk") ? "Еске алу беттері" : "Страницы памяти" }];
}

export async function loader({ context }: Route.LoaderArgs) {
  return context.get(requestContext).api.get("/memorials/mine");
}

/** Accepting an invitation opens the memorial's page (a co-manager's) or its list (a viewer's). */
export async function action({ context, request }: Route.ActionArgs) {
  const rc = context.get(requestContext);
  const form = await request.formData();
  if (str(form, "intent") !== "accept") return notFound(request);
  const id = pageId(str(form, "invitationId"), request);
  const sent = await submitAction(() => rc.api.post("/memorials/invitations/:id/accept", { params: { id } }));
  if (!sent.ok) return { form: sent.reply as TFormReply };
  return redirectTo(localizePath("/client/memorial", rc.locale));
}

/**
 * `/client/memorial`: the family's memorial pages (owned, co-managed) with what waits in their
 * queues, the graves it may make one of, and invitations to other families' pages.
 */
export default function MyMemorials({ loaderData, actionData }: Route.ComponentProps) {
  const { t, to } = useT();
  const busy = useNavigation().state !== "idle";
  const { memorials, graves, invitations } = loaderData;
  return (
    <section className="stack" aria-labelledby="my-title">
      <div className="page-head">
        <h1 id="my-title">{t("memorial_nav.client")}</h1>
        <Link className="button" to={to("/client/memorial/create")} data-testid="memorial-new">
          <Icon name="plus" /> {t("memorial_create.title")}
        </Link>
      </div>
      <p className="muted">{t("memorial_list.lead")}</p>
      {actionData && "form" in actionData ? (
        <p className="alert alert--error" role="alert">
          {formMessage(actionData.form)}
        </p>
      ) : null}
      {invitations.length ? (
        <section className="card stack" aria-labelledby="inv-title">
          <h2 id="inv-title">{t("memorial_list.invitations")}</h2>
          <ul className="cards">
            {invitations.map((i) => (
              <li key={i.id} className="card" data-testid={`invitation-${i.id}`}>
                <p>
                  <strong>{fullName(i.person)}</strong> · {t(`memorial_member.role.${i.role}`)}
                </p>
                <Form method="post">
                  <input type="hidden" name="intent" value="accept" />
                  <input type="hidden" name="invitationId" value={i.id} />
                  <button type="submit" className="button button--small" disabled={busy}>
                    <Icon name="check" /> {t("memorial_list.accept")}
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {memorials.length === 0 && graves.length === 0 ? (
        <div className="empty">
          <Icon name="book" size={32} />
          <p>{t("memorial_list.empty")}</p>
        </div>
      ) : null}
      {memorials.length ? (
        <ul className="cards" data-testid="my-memorials">
          {memorials.map((m) => {
            const waiting = m.waiting.tributes + m.waiting.suggestions + m.waiting.access;
            return (
              <li key={m.id} className="card stack" data-testid={`my-memorial-${m.id}`}>
                <h2 className="card__title">{fullName(m.person)}</h2>
                <p className="muted">
                  {m.person.birthYear ?? "?"} – {m.person.deathYear ?? "?"}
                </p>
                <p>
                  <span className={`badge ${m.visibility === "public" ? "badge--ok" : "badge--neutral"}`}>
                    {t(`memorial.visibility.${m.visibility}`)}
                  </span>{" "}
                  {m.noindex ? <span className="badge badge--neutral">{t("memorial.noindex")}</span> : null}{" "}
                  <span className="badge badge--info">{t(`memorial_list.role.${m.role}`)}</span>
                </p>
                {waiting ? (
                  <p className="note" data-testid="memorial-waiting">
                    {[
                      m.waiting.tributes ? t("memorial_list.waiting_tributes", { count: m.waiting.tributes }) : null,
                      m.waiting.suggestions
                        ? t("memorial_list.waiting_suggestions", { count: m.waiting.suggestions })
                        : null,
                      m.waiting.access ? t("memorial_list.waiting_access", { count: m.waiting.access }) : null,
                    ]
                      .filter(Boolean)
                      .join(" · ")}
                  </p>
                ) : null}
                <p className="row-actions">
                  <Link className="button button--small" to={to(`/client/memorial/${m.id}`)}>
                    <Icon name="pencil" /> {t("memorial.manage")}
                  </Link>{" "}
                  <Link className="button button--ghost button--small" to={to(m.shortPath)}>
                    <Icon name="globe" /> {t("memorial_manage.open")}
                  </Link>
                </p>
              </li>
            );
          })}
        </ul>
      ) : null}
      {graves.length ? (
        <section className="stack" aria-labelledby="gr-title">
          <h2 id="gr-title">{t("memorial_list.graves")}</h2>
          <ul className="cards" data-testid="memorial-graves">
            {graves.map((g) => (
              <li key={g.burialId} className="card">
                <h3 className="card__title">{fullName(g.person)}</h3>
                <p className="muted">
                  {g.person.birthYear ?? "?"} – {g.person.deathYear ?? "?"} · {g.cemetery}
                </p>
                {g.isResponsible || g.isVerified ? (
                  <Link
                    className="button button--small"
                    to={to(`/client/memorial/create?burial=${g.burialId}`)}
                    data-testid={`memorial-create-${g.burialId}`}
                  >
                    <Icon name="plus" /> {t("memorial_list.create")}
                  </Link>
                ) : g.claim ? (
                  <p className="note">{t(`memorial_claim.status.${g.claim.status}`)}</p>
                ) : null}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </section>
  );
}
