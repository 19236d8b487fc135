import { data, Form, useNavigation } from "react-router";
import { formatDate } from "../../../common/i18n.ts";
import { formatPhone } from "../../../common/phone.ts";
import { parseId } from "../../../common/schemas.ts";
import { Field, FormError, PhoneField, TextField } from "../../components/form.tsx";
import { Icon } from "../../components/icon.tsx";
import { Pager } from "../../components/pager.tsx";
import { DataTable } from "../../components/data-table.tsx";
import { RemovePersonForm } from "../../components/remove-person.tsx";
import { StatusBadge } from "../../components/status-badge.tsx";
import { formMessage, type TFieldMeta, type TFormReply, useSchemaForm } from "../../lib/form.ts";
import { str, submitAction, submitForm } from "../../lib/form.server.ts";
import { listParams } from "../../lib/list.ts";
import { useMe, useT } from "../../lib/hooks.ts";
import { requestContext } from "../../lib/request-context.ts";
import type { TEmployee } from "../../../common/api-types.ts";
import type { Route } from "./+types/users";

export function meta({ location }: Route.MetaArgs) {
  return [{ title: location.pathname.startsWith("/kk") ? "Қызметкерлер" : "Сотрудники" }];
}

export async function loader({ context, request }: Route.LoaderArgs) {
  return context.get(requestContext).api.get("/akimat/employees", { query: listParams(new URL(request.url)) });
}

export async function action({ context, request }: Route.ActionArgs) {
  const rc = context.get(requestContext);
  const form = await request.formData();
  const intent = str(form, "intent");
  const id = parseId(str(form, "id"));
  if (intent === "invite") {
    const sent = await submitForm(form, "ZEmployeeInput", rc.locale, (e) =>
      rc.api.post("/akimat/employees", { body: e }),
    );
    if (!sent.ok) return data({ done: false as const, intent, id, form: sent.reply }, { status: sent.status });
    return { intent, id, form: sent.reply({ resetForm: true }), done: true as const };
  }
  if (intent === "update" && id) {
    const sent = await submitForm(form, "ZEmployeeUpdate", rc.locale, (e) =>
      rc.api.put("/akimat/employees/:id", { params: { id }, body: e }),
    );
    if (!sent.ok) return data({ done: false as const, intent, id, form: sent.reply }, { status: sent.status });
    return { intent, id, form: sent.reply(), done: true as const };
  }
  const result = await submitAction(async () => {
    if (intent === "remove" && id) await rc.api.delete("/akimat/employees/:id", { params: { id } });
  });
  if (!result.ok) {
    const message = formMessage(result.reply) ?? "";
    return data({ done: false as const, intent, id, message }, { status: result.status });
  }
  return { intent, id, done: true as const };
}

type TPersonFields = Record<"surname" | "name" | "patronymic" | "position" | "akimatRole", TFieldMeta>;

function PersonFields({ fields }: { fields: TPersonFields }) {
  const { t } = useT();
  return (
    <>
      <TextField field={fields.surname} label={t("register.surname")} required />
      <TextField field={fields.name} label={t("register.name")} required />
      <TextField field={fields.patronymic} label={t("register.patronymic")} />
      <TextField field={fields.position} label={t("user.users.position")} />
      <Field field={fields.akimatRole} label={t("user.users.role")}>
        {(p) => (
          <select {...p} defaultValue={p.defaultValue ?? "employee"}>
            <option value="employee">{t("akimat_role.employee")}</option>
            <option value="admin">{t("akimat_role.admin")}</option>
          </select>
        )}
      </Field>
    </>
  );
}

/** One employee's edit form, in the row's disclosure. */
function EditEmployee({
  employee: e,
  lastResult,
  busy,
}: {
  employee: TEmployee;
  lastResult?: TFormReply;
  busy: boolean;
}) {
  const { t } = useT();
  const { form, fields } = useSchemaForm("ZEmployeeUpdate", { id: `e${e.id}`, lastResult, defaultValue: e });
  return (
    <Form method="post" className="stack" {...form.props}>
      <input type="hidden" name="intent" value="update" />
      <input type="hidden" name="id" value={e.id} />
      <FormError form={form} />
      <PersonFields fields={fields} />
      <button type="submit" className="button button--small" disabled={busy}>
        {t("common.save")}
      </button>
    </Form>
  );
}

/** Akimat: its employees. Only the akimat's admin invites, edits and removes. */
export default function Users({ loaderData, actionData }: Route.ComponentProps) {
  const { t, locale } = useT();
  const me = useMe();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const { items, canManage } = loaderData;
  const replyTo = (intent: string, id: number | null) =>
    actionData?.intent === intent && actionData.id === id && "form" in actionData ? actionData.form : undefined;
  const invite = useSchemaForm("ZEmployeeInput", { id: "inv", lastResult: replyTo("invite", null) });
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
      <DataTable
        testId="employee-table"
        rows={items}
        rowKey={(e) => e.id}
        rowProps={(e) => ({ "data-testid": `employee-${e.phone}` })}
        columns={[
          {
            label: t("user.users.person"),
            cell: (e) => (
              <>
                <strong>
                  {e.surname} {e.name} {e.patronymic}
                </strong>
                {e.position ? (
                  <>
                    <br />
                    <small className="muted">{e.position}</small>
                  </>
                ) : null}
              </>
            ),
          },
          { label: t("common.phone"), cell: (e) => formatPhone(e.phone) },
          { label: t("user.users.role"), cell: (e) => t(`akimat_role.${e.akimatRole}`) },
          { label: t("user.users.status"), cell: (e) => <StatusBadge kind="user" status={e.status} /> },
          {
            label: t("user.users.last_login"),
            cell: (e) => (e.lastLoginAt ? formatDate(locale, e.lastLoginAt, true) : "—"),
          },
          canManage && {
            label: t("common.actions"),
            hideLabel: true,
            className: "row-actions",
            cell: (e) => {
              const rowError = actionData?.id === e.id && "message" in actionData ? actionData : undefined;
              return (
                <>
                  <details className="disclosure">
                    <summary className="button button--ghost button--small">
                      <Icon name="pencil" size={16} /> {t("common.edit")}
                    </summary>
                    <EditEmployee employee={e} lastResult={replyTo("update", e.id)} busy={busy} />
                  </details>
                  {e.id !== me?.user.id ? (
                    <RemovePersonForm
                      id={e.id}
                      confirm={t("user.users.remove_confirm", { name: `${e.surname} ${e.name}` })}
                      label={t("common.remove")}
                      busy={busy}
                    />
                  ) : null}
                  {rowError ? (
                    <p className="field__error" role="alert">
                      {rowError.message}
                    </p>
                  ) : null}
                </>
              );
            },
          },
        ]}
      />
      <Pager page={loaderData.page} pageSize={loaderData.pageSize} total={loaderData.total} />
      {canManage ? (
        <section className="card narrow" aria-labelledby="invite-title">
          <h2 id="invite-title">{t("user.users.invite_title")}</h2>
          <p className="muted">{t("user.users.invite_hint")}</p>
          <FormError form={invite.form} />
          <Form method="post" className="stack" data-testid="invite-form" {...invite.form.props}>
            <input type="hidden" name="intent" value="invite" />
            <PhoneField field={invite.fields.phone} label={t("common.phone")} required autoComplete="off" />
            <PersonFields fields={invite.fields} />
            <button type="submit" className="button" disabled={busy} data-testid="invite-submit">
              <Icon name="plus" /> {t("user.users.invite")}
            </button>
          </Form>
        </section>
      ) : null}
    </section>
  );
}
