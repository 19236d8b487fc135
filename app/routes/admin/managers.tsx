import { useEffect, useRef } from "react";
import { fullName } from "../../../common/person.ts";
import { data, Form, Link, useNavigation } from "react-router";
import { ApiError } from "../../../common/api-client.ts";
import type { TManager, TManagerList } from "../../../common/api-types.ts";
import { formatDate } from "../../../common/i18n.ts";
import { formatPhone } from "../../../common/phone.ts";
import { parseId } from "../../../common/schemas.ts";
import { describedBy, FormError, NamedOptions, PhoneField, TextField } from "../../components/form.tsx";
import { FieldMessage } from "../../components/field-message.tsx";
import { Icon } from "../../components/icon.tsx";
import { StatusBadge } from "../../components/status-badge.tsx";
import { formMessage, useSchemaForm } from "../../lib/form.ts";
import { str, submitAction, submitForm } from "../../lib/form.server.ts";
import { useT } from "../../lib/hooks.ts";
import { requestContext } from "../../lib/request-context.ts";
import type { Route } from "./+types/managers";

export function meta({ location }: Route.MetaArgs) {
  return [{ title: location.pathname.startsWith("/kk") ? "Зират менеджерлері" : "Менеджеры кладбищ" }];
}

export async function loader({ context }: Route.LoaderArgs) {
  return context.get(requestContext).api.get("/managers");
}

type TActionData = Route.ComponentProps["actionData"];

export async function action({ context, request }: Route.ActionArgs) {
  const rc = context.get(requestContext);
  const form = await request.formData();
  const intent = str(form, "intent");
  const id = parseId(str(form, "id"));
  const cemeteryId = parseId(str(form, "cemeteryId"));
  if (intent === "invite") {
    const sent = await submitForm(form, "ZManagerInvite", rc.locale, async (invite) => {
      // The raw response tells a new invitation (201) from a manager who already was one (200).
      const res = await rc.api.raw("post", "/managers", { body: invite });
      const isJson = (res.headers.get("content-type") ?? "").includes("application/json");
      const body = isJson ? await res.json() : null;
      if (!res.ok) {
        const e = body?.error;
        throw new ApiError(res.status, e?.code ?? "http_error", e?.message ?? res.statusText, e?.fields);
      }
      return { name: fullName(body as TManager), created: res.status === 201 };
    });
    if (!sent.ok) return data({ done: false as const, intent, id, form: sent.reply }, { status: sent.status });
    return { done: true as const, intent, id, form: sent.reply({ resetForm: true }), ...sent.value };
  }
  const result = await submitAction(async (): Promise<{ name: string; cemetery?: string }> => {
    if ((intent === "assign" || intent === "unassign") && id && cemeteryId) {
      const params = { id, cemeteryId };
      const m =
        intent === "assign"
          ? await rc.api.put("/managers/:id/cemeteries/:cemeteryId", { params })
          : await rc.api.delete("/managers/:id/cemeteries/:cemeteryId", { params });
      // A removed cemetery is gone from the answer: its chip sent the name along.
      const cemetery = m.cemeteries.find((c) => c.id === cemeteryId)?.name ?? str(form, "cemeteryName");
      return { name: fullName(m), cemetery };
    }
    if (intent === "remove" && id) {
      await rc.api.delete("/managers/:id", { params: { id } });
      return { name: str(form, "name") };
    }
    throw new ApiError(400, "bad_request", "", []);
  });
  if (!result.ok) {
    const message = formMessage(result.reply) ?? "";
    return data({ done: false as const, intent, id, message }, { status: result.status });
  }
  return { done: true as const, intent, id, ...result.value };
}

/** One manager: contacts, status, the assigned cemeteries as removable chips, and a cemetery to add. */
function ManagerCard({
  manager: m,
  cemeteries,
  actionData,
  busy,
}: {
  manager: TManager;
  cemeteries: TManagerList["cemeteries"];
  actionData: TActionData | undefined;
  busy: boolean;
}) {
  const { t, locale } = useT();
  const name = fullName(m);
  const assigned = new Set(m.cemeteries.map((c) => c.id));
  const free = cemeteries.filter((c) => !assigned.has(c.id));
  const mine = actionData?.id === m.id ? actionData : undefined;
  const titleId = `m${m.id}-title`;
  return (
    <li className="card manager-card" data-testid={`manager-${m.phone}`} aria-labelledby={titleId}>
      <div className="card__head">
        <h2 className="card__title" id={titleId}>
          {name}
        </h2>
        <StatusBadge kind="user" status={m.status} />
      </div>
      <dl className="facts">
        <dt>{t("common.phone")}</dt>
        <dd>
          <a href={`tel:${m.phone}`}>{formatPhone(m.phone)}</a>
        </dd>
        <dt>{t("admin.managers.last_login")}</dt>
        <dd>{m.lastLoginAt ? formatDate(locale, m.lastLoginAt, true) : t("admin.managers.never")}</dd>
      </dl>
      <h3 className="documents__title" id={`m${m.id}-cemeteries`}>
        {t("admin.managers.cemeteries")}
      </h3>
      {m.cemeteries.length === 0 ? (
        <p className="muted">{t("admin.managers.no_cemeteries")}</p>
      ) : (
        <ul className="chips" aria-labelledby={`m${m.id}-cemeteries`} data-testid="manager-cemeteries">
          {m.cemeteries.map((c) => {
            const label = t("admin.managers.unassign", { name, cemetery: c.name });
            return (
              <li key={c.id} className="chip">
                <span className="chip__text">{c.name}</span>
                <Form
                  method="post"
                  onSubmit={(ev) => {
                    if (!window.confirm(t("admin.managers.unassign_confirm", { name, cemetery: c.name })))
                      ev.preventDefault();
                  }}
                >
                  <input type="hidden" name="intent" value="unassign" />
                  <input type="hidden" name="id" value={m.id} />
                  <input type="hidden" name="cemeteryId" value={c.id} />
                  <input type="hidden" name="cemeteryName" value={c.name} />
                  <button type="submit" className="chip__remove" aria-label={label} title={label} disabled={busy}>
                    <Icon name="x" size={18} />
                  </button>
                </Form>
              </li>
            );
          })}
        </ul>
      )}
      {free.length > 0 ? (
        <Form method="post" className="assign-form">
          <input type="hidden" name="intent" value="assign" />
          <input type="hidden" name="id" value={m.id} />
          <label htmlFor={`assign-${m.id}`} className="field__label">
            {t("admin.managers.assign_label")}
          </label>
          <div className="inline-form">
            <select id={`assign-${m.id}`} name="cemeteryId" required>
              <NamedOptions items={free} />
            </select>
            <button type="submit" className="button button--small" disabled={busy} data-testid="assign-submit">
              <Icon name="plus" size={16} /> {t("admin.managers.assign")}
            </button>
          </div>
        </Form>
      ) : cemeteries.length > 0 ? (
        <p className="muted">{t("admin.managers.all_assigned")}</p>
      ) : null}
      {mine?.done && "cemetery" in mine && (mine.intent === "assign" || mine.intent === "unassign") ? (
        <p className="alert alert--success" role="status" data-testid="manager-status">
          {t(mine.intent === "assign" ? "admin.managers.assigned" : "admin.managers.unassigned", {
            name: mine.name,
            cemetery: mine.cemetery,
          })}
        </p>
      ) : null}
      {mine && "message" in mine ? (
        <p className="alert alert--error" role="alert">
          {mine.message}
        </p>
      ) : null}
      <div className="card__actions">
        <Form
          method="post"
          onSubmit={(ev) => {
            if (!window.confirm(t("admin.managers.remove_confirm", { name }))) ev.preventDefault();
          }}
        >
          <input type="hidden" name="intent" value="remove" />
          <input type="hidden" name="id" value={m.id} />
          <input type="hidden" name="name" value={name} />
          <button type="submit" className="button button--ghost button--small" disabled={busy}>
            <Icon name="trash" size={16} /> {t("admin.managers.remove")}
          </button>
        </Form>
      </div>
    </li>
  );
}

/** Admin: cemetery managers, invited by phone and assigned to cemeteries. */
export default function Managers({ loaderData, actionData }: Route.ComponentProps) {
  const { t, to } = useT();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const { items, cemeteries } = loaderData;
  const removedNote = useRef<HTMLParagraphElement>(null);
  const invite = actionData?.intent === "invite" && "form" in actionData ? actionData : undefined;
  const { form, fields } = useSchemaForm("ZManagerInvite", { id: "inv", lastResult: invite?.form });
  const cemeteryIds = fields.cemeteryIds;

  // After a change, keep the keyboard where the person was: the manager's own cemetery picker,
  // or the note that replaced a removed manager's card (the invitation form clears itself).
  useEffect(() => {
    if (!actionData?.done) return;
    if (actionData.intent === "remove") removedNote.current?.focus();
    else if (actionData.intent !== "invite" && actionData.id)
      document.getElementById(`assign-${actionData.id}`)?.focus();
  }, [actionData]);

  return (
    <section aria-labelledby="m-title">
      <div className="page-head">
        <h1 id="m-title">{t("admin.managers.title")}</h1>
        <a href="#invite" className="button" data-testid="invite-link">
          <Icon name="plus" /> {t("admin.managers.invite_title")}
        </a>
      </div>
      <p className="muted">{t("admin.managers.intro")}</p>
      {actionData?.done && actionData.intent === "remove" ? (
        <p className="alert alert--success" role="status" tabIndex={-1} ref={removedNote}>
          {t("admin.managers.removed", { name: actionData.name })}
        </p>
      ) : null}
      {/* A refusal about a manager who is no longer listed (removed meanwhile) has no card to show in. */}
      {actionData && "message" in actionData && !items.some((m) => m.id === actionData.id) ? (
        <p className="alert alert--error" role="alert">
          {actionData.message}
        </p>
      ) : null}
      {items.length === 0 ? (
        <div className="empty">
          <Icon name="users" size={32} />
          <p>{t("admin.managers.empty")}</p>
        </div>
      ) : (
        <ul className="cards" data-testid="manager-list">
          {items.map((m) => (
            <ManagerCard key={m.id} manager={m} cemeteries={cemeteries} actionData={actionData} busy={busy} />
          ))}
        </ul>
      )}

      <section className="card narrow invite-card" id="invite" aria-labelledby="invite-title" tabIndex={-1}>
        <h2 id="invite-title">{t("admin.managers.invite_title")}</h2>
        <p className="muted">{t("admin.managers.invite_hint")}</p>
        {invite?.done ? (
          <p className="alert alert--success" role="status" data-testid="invite-done">
            {t(invite.created ? "admin.managers.invited" : "admin.managers.already", { name: invite.name })}
          </p>
        ) : null}
        <FormError form={form} />
        <Form method="post" className="stack" data-testid="invite-form" {...form.props}>
          <input type="hidden" name="intent" value="invite" />
          <PhoneField field={fields.phone} label={t("common.phone")} required autoComplete="off" />
          <TextField field={fields.surname} label={t("register.surname")} required autoComplete="off" />
          <TextField field={fields.name} label={t("register.name")} required autoComplete="off" />
          <TextField field={fields.patronymic} label={t("register.patronymic")} autoComplete="off" />
          <fieldset
            aria-describedby={describedBy(cemeteryIds.id, cemeteries.length > 0, cemeteryIds.errors)}
            data-testid="invite-cemeteries"
          >
            <legend>{t("admin.managers.invite_cemeteries")}</legend>
            {cemeteries.length === 0 ? (
              <p className="muted">
                {t("admin.managers.no_cemetery_exists")}{" "}
                <Link to={to("/admin/cemetery")}>{t("nav.admin.cemeteries")}</Link>
              </p>
            ) : (
              <>
                <p className="field__hint" id={cemeteryIds.hintId}>
                  {t("admin.managers.invite_cemeteries_hint")}
                </p>
                <div className="checks checks--column">
                  {cemeteries.map((c) => (
                    <label key={c.id} className="check">
                      <input
                        type="checkbox"
                        name="cemeteryIds"
                        value={c.id}
                        defaultChecked={cemeteryIds.defaultValues.includes(String(c.id))}
                      />
                      <span>{c.name}</span>
                    </label>
                  ))}
                </div>
              </>
            )}
            <FieldMessage field={cemeteryIds} />
          </fieldset>
          <button type="submit" className="button" disabled={busy} data-testid="invite-submit">
            <Icon name="plus" /> {t("admin.managers.invite")}
          </button>
        </Form>
      </section>
    </section>
  );
}
