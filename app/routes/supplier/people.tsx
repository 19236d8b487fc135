import { data, Form, useNavigation } from "react-router";
import { formatDate } from "../../../common/i18n.ts";
import { formatPhone } from "../../../common/phone.ts";
import { parseId } from "../../../common/schemas.ts";
import { DataTable } from "../../components/data-table.tsx";
import { RemovePersonForm } from "../../components/remove-person.tsx";
import { FormError, PhoneField, TextField } from "../../components/form.tsx";
import { Icon } from "../../components/icon.tsx";
import { StatusBadge } from "../../components/status-badge.tsx";
import { formMessage, useSchemaForm } from "../../lib/form.ts";
import { str, submitAction, submitForm } from "../../lib/form.server.ts";
import { useMe, useT } from "../../lib/hooks.ts";
import { requestContext } from "../../lib/request-context.ts";
import type { Route } from "./+types/people";

export function meta({ location }: Route.MetaArgs) {
  return [{ title: location.pathname.startsWith("/kk") ? "Компания қызметкерлері" : "Сотрудники компании" }];
}

export async function loader({ context }: Route.LoaderArgs) {
  return context.get(requestContext).api.get("/suppliers/me/people");
}

export async function action({ context, request }: Route.ActionArgs) {
  const rc = context.get(requestContext);
  const form = await request.formData();
  const intent = str(form, "intent");
  const id = parseId(str(form, "id"));
  if (intent === "invite") {
    const sent = await submitForm(form, "ZSupplierPersonInvite", rc.locale, (body) =>
      rc.api.post("/suppliers/me/people", { body }),
    );
    if (!sent.ok) return data({ done: false as const, intent, id, form: sent.reply }, { status: sent.status });
    return { intent, id, form: sent.reply({ resetForm: true }), done: true as const };
  }
  const result = await submitAction(async () => {
    if (intent === "remove" && id) await rc.api.delete("/suppliers/me/people/:id", { params: { id } });
  });
  if (!result.ok) {
    return data(
      { done: false as const, intent, id, message: formMessage(result.reply) ?? "" },
      { status: result.status },
    );
  }
  return { intent, id, done: true as const };
}

/** The company's people: every one works the catalogue; the owner invites employees by phone and removes them. */
export default function SupplierPeople({ loaderData, actionData }: Route.ComponentProps) {
  const { t, locale } = useT();
  const me = useMe();
  const busy = useNavigation().state !== "idle";
  const { items, canManage } = loaderData;
  const inviteReply = actionData?.intent === "invite" && "form" in actionData ? actionData.form : undefined;
  const invite = useSchemaForm("ZSupplierPersonInvite", { id: "sp-inv", lastResult: inviteReply });
  const done = actionData?.done ? actionData.intent : null;
  return (
    <section aria-labelledby="sp-people-title">
      <div className="page-head">
        <h1 id="sp-people-title">{t("catalog_people.title")}</h1>
      </div>
      <p className="lead">{t("catalog_people.lead")}</p>
      {!canManage ? <p className="alert alert--info">{t("catalog_people.read_only")}</p> : null}
      {done === "invite" ? (
        <p className="alert alert--success" role="status">
          {t("catalog_people.invited")}
        </p>
      ) : null}
      {done === "remove" ? (
        <p className="alert alert--success" role="status">
          {t("catalog_people.removed")}
        </p>
      ) : null}
      {actionData && "message" in actionData ? (
        <p className="alert alert--error" role="alert">
          {actionData.message}
        </p>
      ) : null}
      <DataTable
        testId="people-table"
        rows={items}
        rowKey={(p) => p.id}
        rowProps={(p) => ({ "data-testid": `person-${p.phone}` })}
        columns={[
          {
            label: t("catalog_people.person"),
            cell: (p) => (
              <strong>
                {p.surname} {p.name} {p.patronymic}
              </strong>
            ),
          },
          { label: t("common.phone"), cell: (p) => formatPhone(p.phone) },
          { label: t("catalog_people.role"), cell: (p) => t(`catalog_people.${p.supplierRole}`) },
          { label: t("catalog_people.status"), cell: (p) => <StatusBadge kind="user" status={p.status} /> },
          {
            label: t("catalog_people.last_login"),
            cell: (p) => (p.lastLoginAt ? formatDate(locale, p.lastLoginAt, true) : t("catalog_people.never")),
          },
          canManage && {
            label: t("common.actions"),
            hideLabel: true,
            className: "row-actions",
            cell: (p) =>
              p.supplierRole === "employee" && p.id !== me?.user.id ? (
                <RemovePersonForm
                  id={p.id}
                  confirm={t("catalog_people.remove_confirm", { name: `${p.surname} ${p.name}` })}
                  label={t("catalog_people.remove")}
                  busy={busy}
                />
              ) : null,
          },
        ]}
      />
      {canManage ? (
        <section className="card narrow" aria-labelledby="sp-invite-title">
          <h2 id="sp-invite-title">{t("catalog_people.invite_title")}</h2>
          <p className="muted">{t("catalog_people.invite_hint")}</p>
          <FormError form={invite.form} />
          <Form method="post" className="stack" data-testid="people-invite-form" {...invite.form.props}>
            <input type="hidden" name="intent" value="invite" />
            <PhoneField field={invite.fields.phone} label={t("common.phone")} required autoComplete="off" />
            <TextField field={invite.fields.surname} label={t("register.surname")} required />
            <TextField field={invite.fields.name} label={t("register.name")} required />
            <TextField field={invite.fields.patronymic} label={t("register.patronymic")} />
            <button type="submit" className="button" disabled={busy} data-testid="people-invite-submit">
              <Icon name="plus" /> {t("catalog_people.invite")}
            </button>
          </Form>
        </section>
      ) : null}
    </section>
  );
}
