import { Form, Link, useNavigation } from "react-router";
import { redirectTo } from "../../lib/redirect.server.ts";
import { localizePath } from "../../../common/locale.ts";
import { formatPhone } from "../../../common/phone.ts";
import { parseId } from "../../../common/schemas.ts";
import { FormError, PhoneField, TextField } from "../../components/form.tsx";
import { useSchemaForm } from "../../lib/form.ts";
import { submitForm } from "../../lib/form.server.ts";
import { useT } from "../../lib/hooks.ts";
import { requestContext } from "../../lib/request-context.ts";
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
    akimat: await orPageError(request, () => context.get(requestContext).api.get("/akimats/:id", { params: { id } })),
  };
}

export async function action({ context, request }: Route.ActionArgs) {
  const rc = context.get(requestContext);
  const id = parseId(new URL(request.url).searchParams.get("id"));
  const sent = id
    ? await submitForm(request, "ZAkimatInput", rc.locale, (akimat) =>
        rc.api.put("/akimats/:id", { params: { id }, body: akimat }),
      )
    : await submitForm(request, "ZCreateAkimat", rc.locale, (akimat) => rc.api.post("/akimats", { body: akimat }));
  if (!sent.ok) return sent.response;
  return redirectTo(localizePath("/admin/akimat", rc.locale));
}

/** Admin: create an akimat with its first admin employee, or edit one. */
export default function AkimatForm({ loaderData, actionData }: Route.ComponentProps) {
  const { t, to } = useT();
  const navigation = useNavigation();
  const a = loaderData.akimat;
  const { form, fields } = useSchemaForm(a ? "ZAkimatInput" : "ZCreateAkimat", {
    lastResult: actionData?.form,
    defaultValue: {
      nameRu: a?.nameRu,
      nameKk: a?.nameKk,
      city: a?.city ?? "Алматы",
      address: a?.address,
      phone: a?.phone ? formatPhone(a.phone) : "",
    },
  });

  return (
    <section aria-labelledby="af-title" className="narrow">
      <p>
        <Link to={to("/admin/akimat")}>← {t("admin.akimats.back")}</Link>
      </p>
      <h1 id="af-title">{a ? t("admin.akimat_form.edit_title") : t("admin.akimat_form.new_title")}</h1>
      <FormError form={form} />
      <Form method="post" className="stack" data-testid="akimat-form" {...form.props}>
        <fieldset>
          <legend>{t("admin.akimat_form.organisation")}</legend>
          <TextField field={fields.nameRu} label={t("admin.akimat_form.name_ru")} required />
          <TextField field={fields.nameKk} label={t("admin.akimat_form.name_kk")} required />
          <TextField field={fields.city} label={t("admin.akimat_form.city")} required />
          <TextField field={fields.address} label={t("admin.akimat_form.address")} />
          <PhoneField field={fields.phone} label={t("admin.akimat_form.phone")} hint={null} autoComplete="off" />
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
            <PhoneField field={fields["admin.phone"]} label={t("common.phone")} required autoComplete="off" />
            <TextField field={fields["admin.surname"]} label={t("register.surname")} required />
            <TextField field={fields["admin.name"]} label={t("register.name")} required />
            <TextField field={fields["admin.patronymic"]} label={t("register.patronymic")} />
            <TextField field={fields["admin.position"]} label={t("user.users.position")} />
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
