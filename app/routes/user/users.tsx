import { data, Form, useActionData, useNavigation } from "react-router";
import { formatDate } from "../../../common/i18n.ts";
import { formatPhoneInput } from "../../../common/mask.ts";
import { formatPhone } from "../../../common/phone.ts";
import { describedBy, Field } from "../../components/form.tsx";
import { Icon } from "../../components/icon.tsx";
import { StatusBadge } from "../../components/status-badge.tsx";
import { callApi, str } from "../../lib/actions.server.ts";
import { useMe, useT } from "../../lib/hooks.ts";
import { requestContext } from "../../lib/request-context.ts";
import type { TEmployee } from "../../../common/api-types.ts";
import type { Route } from "./+types/users";

export function meta({ location }: Route.MetaArgs) {
  return [{ title: location.pathname.startsWith("/kk") ? "Қызметкерлер" : "Сотрудники" }];
}

export async function loader({ context }: Route.LoaderArgs) {
  return context.get(requestContext).api.get<{ items: TEmployee[]; canManage: boolean }>("/akimat/employees");
}

export async function action({ context, request }: Route.ActionArgs) {
  const rc = context.get(requestContext);
  const form = await request.formData();
  const intent = str(form, "intent");
  const id = Number(str(form, "id")) || null;
  const person = {
    surname: str(form, "surname"),
    name: str(form, "name"),
    patronymic: str(form, "patronymic"),
    position: str(form, "position"),
    akimatRole: str(form, "akimatRole"),
  };
  const result = await callApi(async () => {
    if (intent === "invite") await rc.api.post("/akimat/employees", { ...person, phone: str(form, "phone") });
    else if (intent === "update" && id) await rc.api.put(`/akimat/employees/${id}`, person);
    else if (intent === "remove" && id) await rc.api.delete(`/akimat/employees/${id}`);
  });
  if (!result.ok) return data({ intent, id, error: result.error }, { status: result.status });
  return { intent, id, done: true };
}

type TActionData = {
  intent: string;
  id: number | null;
  done?: boolean;
  error?: { message: string; fields: Record<string, string> };
};

function PersonFields({
  prefix,
  employee,
  errors,
}: {
  prefix: string;
  employee?: TEmployee;
  errors: Record<string, string>;
}) {
  const { t } = useT();
  const field = (name: keyof TEmployee, label: string, required = false) => (
    <Field id={`${prefix}-${name}`} label={label} error={errors[name]}>
      <input
        id={`${prefix}-${name}`}
        name={name}
        defaultValue={(employee?.[name] as string) ?? ""}
        required={required}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={describedBy(`${prefix}-${name}`, false, errors[name])}
      />
    </Field>
  );
  return (
    <>
      {field("surname", t("register.surname"), true)}
      {field("name", t("register.name"), true)}
      {field("patronymic", t("register.patronymic"))}
      {field("position", t("user.users.position"))}
      <Field id={`${prefix}-role`} label={t("user.users.role")}>
        <select id={`${prefix}-role`} name="akimatRole" defaultValue={employee?.akimatRole ?? "employee"}>
          <option value="employee">{t("akimat_role.employee")}</option>
          <option value="admin">{t("akimat_role.admin")}</option>
        </select>
      </Field>
    </>
  );
}

/** Akimat: its employees. Only the akimat's admin invites, edits and removes. */
export default function Users({ loaderData }: Route.ComponentProps) {
  const { t, locale } = useT();
  const me = useMe();
  const navigation = useNavigation();
  const actionData = useActionData() as TActionData | undefined;
  const busy = navigation.state !== "idle";
  const { items, canManage } = loaderData;
  const inviteErrors = actionData?.intent === "invite" ? (actionData.error?.fields ?? {}) : {};
  const inviteDone = actionData?.intent === "invite" && actionData.done;
  return (
    <section aria-labelledby="u-title">
      <div className="page-head">
        <h1 id="u-title">{t("user.users.title")}</h1>
      </div>
      {!canManage ? <p className="alert alert--info">{t("user.users.read_only")}</p> : null}
      {inviteDone ? (
        <p className="alert alert--success" role="status">
          {t("user.users.invited")}
        </p>
      ) : null}
      <div className="table-wrap">
        <table className="table" data-testid="employee-table">
          <thead>
            <tr>
              <th scope="col">{t("user.users.person")}</th>
              <th scope="col">{t("common.phone")}</th>
              <th scope="col">{t("user.users.role")}</th>
              <th scope="col">{t("user.users.status")}</th>
              <th scope="col">{t("user.users.last_login")}</th>
              {canManage ? (
                <th scope="col">
                  <span className="visually-hidden">{t("common.actions")}</span>
                </th>
              ) : null}
            </tr>
          </thead>
          <tbody>
            {items.map((e) => {
              const rowError = actionData?.id === e.id ? actionData.error : undefined;
              return (
                <tr key={e.id} data-testid={`employee-${e.phone}`}>
                  <td>
                    <strong>
                      {e.surname} {e.name} {e.patronymic}
                    </strong>
                    {e.position ? (
                      <>
                        <br />
                        <small className="muted">{e.position}</small>
                      </>
                    ) : null}
                  </td>
                  <td>{formatPhone(e.phone)}</td>
                  <td>{t(`akimat_role.${e.akimatRole}`)}</td>
                  <td>
                    <StatusBadge kind="user" status={e.status} />
                  </td>
                  <td>{e.lastLoginAt ? formatDate(locale, e.lastLoginAt, true) : "—"}</td>
                  {canManage ? (
                    <td className="row-actions">
                      <details className="disclosure">
                        <summary className="button button--ghost button--small">
                          <Icon name="pencil" size={16} /> {t("common.edit")}
                        </summary>
                        <Form method="post" className="stack" noValidate>
                          <input type="hidden" name="intent" value="update" />
                          <input type="hidden" name="id" value={e.id} />
                          <PersonFields prefix={`e${e.id}`} employee={e} errors={rowError?.fields ?? {}} />
                          <button type="submit" className="button button--small" disabled={busy}>
                            {t("common.save")}
                          </button>
                        </Form>
                      </details>
                      {e.id !== me?.user.id ? (
                        <Form
                          method="post"
                          onSubmit={(ev) => {
                            if (!window.confirm(t("user.users.remove_confirm", { name: `${e.surname} ${e.name}` })))
                              ev.preventDefault();
                          }}
                        >
                          <input type="hidden" name="intent" value="remove" />
                          <input type="hidden" name="id" value={e.id} />
                          <button type="submit" className="button button--ghost button--small" disabled={busy}>
                            <Icon name="trash" size={16} /> {t("common.remove")}
                          </button>
                        </Form>
                      ) : null}
                      {rowError && !Object.keys(rowError.fields).length ? (
                        <p className="field__error" role="alert">
                          {rowError.message}
                        </p>
                      ) : null}
                    </td>
                  ) : null}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {canManage ? (
        <section className="card narrow" aria-labelledby="invite-title">
          <h2 id="invite-title">{t("user.users.invite_title")}</h2>
          <p className="muted">{t("user.users.invite_hint")}</p>
          {actionData?.intent === "invite" && actionData.error && !Object.keys(inviteErrors).length ? (
            <p className="alert alert--error" role="alert">
              {actionData.error.message}
            </p>
          ) : null}
          <Form
            method="post"
            className="stack"
            noValidate
            key={inviteDone ? "reset" : "form"}
            data-testid="invite-form"
          >
            <input type="hidden" name="intent" value="invite" />
            <Field id="inv-phone" label={t("common.phone")} hint={t("login.phone_hint")} error={inviteErrors.phone}>
              <input
                id="inv-phone"
                name="phone"
                type="tel"
                required
                onChange={(e) => {
                  e.currentTarget.value = formatPhoneInput(e.currentTarget.value);
                }}
                aria-invalid={inviteErrors.phone ? true : undefined}
                aria-describedby={describedBy("inv-phone", true, inviteErrors.phone)}
              />
            </Field>
            <PersonFields prefix="inv" errors={inviteErrors} />
            <button type="submit" className="button" disabled={busy} data-testid="invite-submit">
              <Icon name="plus" /> {t("user.users.invite")}
            </button>
          </Form>
        </section>
      ) : null}
    </section>
  );
}
