import { useEffect, useRef } from "react";
import { data, Form, Link, useActionData, useNavigation } from "react-router";
import { ApiError } from "../../../common/api-client.ts";
import type { TManager, TManagerList } from "../../../common/api-types.ts";
import { formatDate } from "../../../common/i18n.ts";
import { formatPhoneInput } from "../../../common/mask.ts";
import { formatPhone } from "../../../common/phone.ts";
import { describedBy, Field, NamedOptions } from "../../components/form.tsx";
import { Icon } from "../../components/icon.tsx";
import { StatusBadge } from "../../components/status-badge.tsx";
import { callApi, str } from "../../lib/actions.server.ts";
import { useT } from "../../lib/hooks.ts";
import { requestContext } from "../../lib/request-context.ts";
import type { Route } from "./+types/managers";

export function meta({ location }: Route.MetaArgs) {
  return [{ title: location.pathname.startsWith("/kk") ? "Зират менеджерлері" : "Менеджеры кладбищ" }];
}

export async function loader({ context }: Route.LoaderArgs) {
  return context.get(requestContext).api.get<TManagerList>("/managers");
}

type TDone = { intent: string; id: number | null; name: string; cemetery?: string; created?: boolean };
type TActionData =
  | ({ done: true } & TDone)
  | { done?: false; intent: string; id: number | null; error: { message: string; fields: Record<string, string> } };

const fullName = (m: Pick<TManager, "surname" | "name" | "patronymic">) =>
  [m.surname, m.name, m.patronymic].filter(Boolean).join(" ");

export async function action({ context, request }: Route.ActionArgs) {
  const rc = context.get(requestContext);
  const form = await request.formData();
  const intent = str(form, "intent");
  const id = Number(str(form, "id")) || null;
  const cemeteryId = Number(str(form, "cemeteryId")) || null;
  const result = await callApi(async (): Promise<Omit<TDone, "intent" | "id">> => {
    if (intent === "invite") {
      // The raw response tells a new invitation (201) from a manager who already was one (200).
      const res = await rc.api.raw("POST", "/managers", {
        body: {
          phone: str(form, "phone"),
          surname: str(form, "surname"),
          name: str(form, "name"),
          patronymic: str(form, "patronymic"),
          cemeteryIds: form.getAll("cemeteryIds").map(Number),
        },
      });
      const isJson = (res.headers.get("content-type") ?? "").includes("application/json");
      const body = isJson ? await res.json() : null;
      if (!res.ok) {
        const e = body?.error;
        throw new ApiError(res.status, e?.code ?? "http_error", e?.message ?? res.statusText, e?.fields);
      }
      return { name: fullName(body as TManager), created: res.status === 201 };
    }
    if ((intent === "assign" || intent === "unassign") && id && cemeteryId) {
      const path = `/managers/${id}/cemeteries/${cemeteryId}`;
      const m = intent === "assign" ? await rc.api.put<TManager>(path) : await rc.api.delete<TManager>(path);
      // A removed cemetery is gone from the answer: its chip sent the name along.
      const cemetery = m.cemeteries.find((c) => c.id === cemeteryId)?.name ?? str(form, "cemeteryName");
      return { name: fullName(m), cemetery };
    }
    if (intent === "remove" && id) {
      await rc.api.delete(`/managers/${id}`);
      return { name: str(form, "name") };
    }
    throw new ApiError(400, "bad_request", "", []);
  });
  if (!result.ok) return data({ intent, id, error: result.error }, { status: result.status });
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
      {mine?.done && (mine.intent === "assign" || mine.intent === "unassign") ? (
        <p className="alert alert--success" role="status" data-testid="manager-status">
          {t(mine.intent === "assign" ? "admin.managers.assigned" : "admin.managers.unassigned", {
            name: mine.name,
            cemetery: mine.cemetery,
          })}
        </p>
      ) : null}
      {mine && !mine.done ? (
        <p className="alert alert--error" role="alert">
          {mine.error.message}
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
export default function Managers({ loaderData }: Route.ComponentProps) {
  const { t, to } = useT();
  const navigation = useNavigation();
  const actionData = useActionData() as TActionData | undefined;
  const busy = navigation.state !== "idle";
  const { items, cemeteries } = loaderData;
  const inviteForm = useRef<HTMLFormElement>(null);
  const removedNote = useRef<HTMLParagraphElement>(null);
  const invite = actionData?.intent === "invite" ? actionData : undefined;
  const inviteErrors = invite && !invite.done ? invite.error.fields : {};
  const cemeteryError =
    inviteErrors.cemeteryIds ??
    Object.entries(inviteErrors).find(([path]) => path.startsWith("cemeteryIds."))?.[1] ??
    undefined;
  const inviteGeneral =
    invite && !invite.done && !Object.keys(invite.error.fields).length ? invite.error.message : null;

  // After a change, keep the keyboard where the person was: a cleared invitation form, the
  // manager's own cemetery picker, or the note that replaced a removed manager's card.
  useEffect(() => {
    if (!actionData?.done) return;
    if (actionData.intent === "invite") inviteForm.current?.reset();
    else if (actionData.intent === "remove") removedNote.current?.focus();
    else if (actionData.id) document.getElementById(`assign-${actionData.id}`)?.focus();
  }, [actionData]);

  const field = (name: "surname" | "name" | "patronymic", label: string, required: boolean) => (
    <Field id={`inv-${name}`} label={label} error={inviteErrors[name]}>
      <input
        id={`inv-${name}`}
        name={name}
        required={required}
        autoComplete="off"
        aria-invalid={inviteErrors[name] ? true : undefined}
        aria-describedby={describedBy(`inv-${name}`, false, inviteErrors[name])}
      />
    </Field>
  );

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
      {actionData &&
      !actionData.done &&
      actionData.intent !== "invite" &&
      !items.some((m) => m.id === actionData.id) ? (
        <p className="alert alert--error" role="alert">
          {actionData.error.message}
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
        {inviteGeneral ? (
          <p className="alert alert--error" role="alert">
            {inviteGeneral}
          </p>
        ) : null}
        <Form method="post" className="stack" noValidate ref={inviteForm} data-testid="invite-form">
          <input type="hidden" name="intent" value="invite" />
          <Field id="inv-phone" label={t("common.phone")} hint={t("login.phone_hint")} error={inviteErrors.phone}>
            <input
              id="inv-phone"
              name="phone"
              type="tel"
              inputMode="tel"
              autoComplete="off"
              placeholder="+7 (___) ___-__-__"
              required
              onChange={(e) => {
                e.currentTarget.value = formatPhoneInput(e.currentTarget.value);
              }}
              aria-invalid={inviteErrors.phone ? true : undefined}
              aria-describedby={describedBy("inv-phone", true, inviteErrors.phone)}
            />
          </Field>
          {field("surname", t("register.surname"), true)}
          {field("name", t("register.name"), true)}
          {field("patronymic", t("register.patronymic"), false)}
          <fieldset
            aria-describedby={describedBy("inv-cemeteries", cemeteries.length > 0, cemeteryError)}
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
                <p className="field__hint" id="inv-cemeteries-hint">
                  {t("admin.managers.invite_cemeteries_hint")}
                </p>
                <div className="checks checks--column">
                  {cemeteries.map((c) => (
                    <label key={c.id} className="check">
                      <input type="checkbox" name="cemeteryIds" value={c.id} />
                      <span>{c.name}</span>
                    </label>
                  ))}
                </div>
              </>
            )}
            {cemeteryError ? (
              <p className="field__error" id="inv-cemeteries-error" role="alert">
                {cemeteryError}
              </p>
            ) : null}
          </fieldset>
          <button type="submit" className="button" disabled={busy} data-testid="invite-submit">
            <Icon name="plus" /> {t("admin.managers.invite")}
          </button>
        </Form>
      </section>
    </section>
  );
}
