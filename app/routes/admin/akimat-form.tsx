import { Form, Link, redirect, useActionData, useNavigation } from "react-router";
import { localizePath } from "../../../common/locale.ts";
import { formatPhoneInput } from "../../../common/mask.ts";
import { formatPhone } from "../../../common/phone.ts";
import { describedBy, Field } from "../../components/form.tsx";
import { Icon } from "../../components/icon.tsx";
import { callApi, str } from "../../lib/actions.server.ts";
import { useT } from "../../lib/hooks.ts";
import { requestContext } from "../../lib/request-context.ts";
import type { TAkimatDetails } from "../../../common/api-types.ts";
import type { Route } from "./+types/akimat-form";
import { orPageError, pageId } from "../../lib/page-ids.server.ts";

export function meta({ location }: Route.MetaArgs) {
  return [{ title: location.pathname.startsWith("/kk") ? "Әкімдік" : "Акимат" }];
}

export async function loader({ context, request }: Route.LoaderArgs) {
  const raw = new URL(request.url).searchParams.get("id");
  if (!raw) return { akimat: null };
  const id = pageId(raw, request);
  return {
    akimat: await orPageError(request, () => context.get(requestContext).api.get<TAkimatDetails>(`/akimats/${id}`)),
  };
}

export async function action({ context, request }: Route.ActionArgs) {
  const rc = context.get(requestContext);
  const form = await request.formData();
  const id = Number(new URL(request.url).searchParams.get("id"));
  const fields = {
    nameRu: str(form, "nameRu"),
    nameKk: str(form, "nameKk"),
    city: str(form, "city"),
    address: str(form, "address"),
    phone: str(form, "phone"),
  };
  const result = await callApi(async () => {
    if (id) return rc.api.put(`/akimats/${id}`, fields);
    return rc.api.post("/akimats", {
      ...fields,
      admin: {
        phone: str(form, "adminPhone"),
        surname: str(form, "adminSurname"),
        name: str(form, "adminName"),
        patronymic: str(form, "adminPatronymic"),
        position: str(form, "adminPosition"),
      },
    });
  });
  if (!result.ok) return result.response;
  return redirect(localizePath("/admin/akimat", rc.locale));
}

/** Admin: create an akimat with its first admin employee, or edit one. */
export default function AkimatForm({ loaderData }: Route.ComponentProps) {
  const { t, to } = useT();
  const actionData = useActionData() as { error?: { message: string; fields: Record<string, string> } } | undefined;
  const navigation = useNavigation();
  const a = loaderData.akimat;
  const errors = actionData?.error?.fields ?? {};
  // Nested admin fields come back as `admin.phone`; the form names them adminPhone.
  const err = (name: string) =>
    errors[name] ?? errors[name.replace(/^admin([A-Z])/, (_, c: string) => `admin.${c.toLowerCase()}`)];

  const input = (
    name: string,
    label: string,
    value = "",
    opts: { required?: boolean; hint?: string; type?: string } = {},
  ) => (
    <Field id={`f-${name}`} label={label} hint={opts.hint} error={err(name)}>
      <input
        id={`f-${name}`}
        name={name}
        type={opts.type ?? "text"}
        defaultValue={value}
        required={opts.required}
        aria-invalid={err(name) ? true : undefined}
        aria-describedby={describedBy(`f-${name}`, opts.hint, err(name))}
        onChange={
          opts.type === "tel"
            ? (e) => {
                e.currentTarget.value = formatPhoneInput(e.currentTarget.value);
              }
            : undefined
        }
      />
    </Field>
  );

  return (
    <section aria-labelledby="af-title" className="narrow">
      <p>
        <Link to={to("/admin/akimat")}>← {t("admin.akimats.back")}</Link>
      </p>
      <h1 id="af-title">{a ? t("admin.akimat_form.edit_title") : t("admin.akimat_form.new_title")}</h1>
      {actionData?.error ? (
        <p className="alert alert--error" role="alert">
          <Icon name="alert" /> {actionData.error.message}
        </p>
      ) : null}
      <Form method="post" noValidate className="stack" data-testid="akimat-form">
        <fieldset>
          <legend>{t("admin.akimat_form.organisation")}</legend>
          {input("nameRu", t("admin.akimat_form.name_ru"), a?.nameRu, { required: true })}
          {input("nameKk", t("admin.akimat_form.name_kk"), a?.nameKk, { required: true })}
          {input("city", t("admin.akimat_form.city"), a?.city ?? "Алматы", { required: true })}
          {input("address", t("admin.akimat_form.address"), a?.address)}
          {input("phone", t("admin.akimat_form.phone"), a?.phone ? formatPhone(a.phone) : "", { type: "tel" })}
        </fieldset>
        {a ? (
          <fieldset>
            <legend>{t("admin.akimat_form.employees")}</legend>
            <ul className="plain-list">
              {a.employees.map((e) => (
                <li key={e.id}>
                  {e.surname} {e.name} · {formatPhone(e.phone)} · {t(`akimat_role.${e.akimatRole}`)} ·{" "}
                  {t(`user_status.${e.status}`)}
                </li>
              ))}
            </ul>
          </fieldset>
        ) : (
          <fieldset>
            <legend>{t("admin.akimat_form.first_admin")}</legend>
            <p className="muted">{t("admin.akimat_form.first_admin_hint")}</p>
            {input("adminPhone", t("common.phone"), "", { required: true, type: "tel", hint: t("login.phone_hint") })}
            {input("adminSurname", t("register.surname"), "", { required: true })}
            {input("adminName", t("register.name"), "", { required: true })}
            {input("adminPatronymic", t("register.patronymic"))}
            {input("adminPosition", t("user.users.position"))}
          </fieldset>
        )}
        <div className="form-actions">
          <button type="submit" className="button" disabled={navigation.state !== "idle"} data-testid="save-akimat">
            {a ? t("common.save") : t("admin.akimat_form.create")}
          </button>
          <Link to={to("/admin/akimat")} className="button button--ghost">
            {t("common.cancel")}
          </Link>
        </div>
      </Form>
    </section>
  );
}
