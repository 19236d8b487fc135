import { useState } from "react";
import { Form, Link, useNavigation, useSearchParams } from "react-router";
import type { TUploadFile } from "../../../common/api-types.ts";
import { LazyDropZone as DropZone } from "../../components/lazy-drop-zone.tsx";
import { Field, FormError, NamedOptions, PhoneField, PrivacyNote, TextField } from "../../components/form.tsx";
import { Icon } from "../../components/icon.tsx";
import { useSchemaForm } from "../../lib/form.ts";
import { submitForm } from "../../lib/form.server.ts";
import { useT } from "../../lib/hooks.ts";
import { requestContext } from "../../lib/request-context.ts";
import type { Route } from "./+types/add";

export function meta({ location }: Route.MetaArgs) {
  const isKk = location.pathname.startsWith("/kk");
  return [
    { title: isKk ? "Жерлеуді тізілімге қосу" : "Добавить захоронение в реестр" },
    {
      name: "description",
      content: isKk
        ? "Тізілімде жоқ жерлеу туралы хабарлаңыз: зират қызметкерлері тексеріп, қосады."
        : "Сообщите о захоронении, которого нет в реестре: сотрудники кладбища проверят и добавят его.",
    },
  ];
}

export async function loader({ context }: Route.LoaderArgs) {
  const { items } = await context.get(requestContext).api.get("/cemeteries");
  return { cemeteries: items };
}

export async function action({ context, request }: Route.ActionArgs) {
  const rc = context.get(requestContext);
  const sent = await submitForm(request, "ZAddRequestInput", rc.locale, (body) =>
    rc.api.post("/registry-requests/add", { body }),
  );
  // A refusal keeps what was typed (`initialValue`): a form sent before the page's script started
  // (a plain POST, a fresh page) is refilled from it, so nothing is lost there either.
  return sent.ok ? { sent: true as const } : sent.response;
}

/** A visitor tells the staff about a burial the registry does not have, with photos of the grave. */
export default function AddBurial({ loaderData, actionData }: Route.ComponentProps) {
  const { t, to } = useT();
  const [params] = useSearchParams();
  const busy = useNavigation().state !== "idle";
  const [photos, setPhotos] = useState<TUploadFile[]>([]);
  const [uploading, setUploading] = useState(false);
  const [surname = "", name = "", patronymic = ""] = (params.get("q") ?? "").trim().split(/\s+/);
  const { form, fields } = useSchemaForm("ZAddRequestInput", {
    id: "add",
    lastResult: actionData && "form" in actionData ? actionData.form : undefined,
    defaultValue: { surname, name, patronymic, cemeteryId: params.get("cemeteryId") ?? "" },
  });

  if (actionData && "sent" in actionData) {
    return (
      <section aria-labelledby="add-title">
        <h1 id="add-title">{t("add.title")}</h1>
        <p className="alert alert--success" role="status" data-testid="add-sent">
          <Icon name="check" /> {t("add.sent")}
        </p>
        <p>
          <Link to={to("/search")}>{t("add.back_to_search")}</Link>
        </p>
      </section>
    );
  }

  return (
    <section aria-labelledby="add-title">
      <h1 id="add-title">{t("add.title")}</h1>
      <p className="lead">{t("add.lead")}</p>
      <FormError form={form} />
      <Form method="post" className="card form" data-testid="add-form" {...form.props}>
        <fieldset className="fieldset">
          <legend>{t("add.deceased")}</legend>
          <div className="form__row">
            <TextField field={fields.surname} label={t("burial.surname")} required />
            <TextField field={fields.name} label={t("burial.name")} />
            <TextField field={fields.patronymic} label={t("burial.patronymic")} />
          </div>
          <div className="form__row">
            <TextField field={fields.birthDate} label={t("burial.birth_date")} type="date" />
            <TextField field={fields.deathDate} label={t("burial.death_date")} type="date" />
            <TextField field={fields.burialDate} label={t("burial.burial_date")} type="date" />
          </div>
        </fieldset>
        <fieldset className="fieldset">
          <legend>{t("add.where")}</legend>
          <Field field={fields.cemeteryId} label={t("search.cemetery")}>
            {(p) => (
              <select {...p}>
                <option value="">{t("add.cemetery_unknown")}</option>
                <NamedOptions items={loaderData.cemeteries} />
              </select>
            )}
          </Field>
          <Field field={fields.location} label={t("add.location")} hint={t("add.location_hint")} required>
            {(p) => <textarea {...p} rows={2} maxLength={500} />}
          </Field>
          <DropZone
            field={fields.photoIds}
            label={t("add.photos")}
            hint={t("add.photos_hint")}
            value={photos}
            onChange={setPhotos}
            onBusyChange={setUploading}
            config={{ params: { purpose: "photo" }, maxFiles: 5, multiple: true }}
          />
          <Field field={fields.details} label={t("add.details")}>
            {(p) => <textarea {...p} rows={3} maxLength={2000} />}
          </Field>
        </fieldset>
        <fieldset className="fieldset">
          <legend>{t("add.applicant")}</legend>
          <div className="form__row">
            <TextField field={fields.applicantName} label={t("search.request.your_name")} required />
            <PhoneField field={fields.applicantPhone} label={t("common.phone")} required />
          </div>
          <PrivacyNote />
        </fieldset>
        <button type="submit" className="button" disabled={busy || uploading} data-testid="send-add">
          {t("add.send")}
        </button>
      </Form>
    </section>
  );
}
