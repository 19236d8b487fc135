import { useState } from "react";
import { data, Form, Link, useActionData, useNavigation, useSearchParams } from "react-router";
import type { TCemeterySummary, TUploadFile } from "../../../common/api-types.ts";
import { formatPhoneInput } from "../../../common/mask.ts";
import { LazyDropZone as DropZone } from "../../components/lazy-drop-zone.tsx";
import { describedBy, Field, NamedOptions } from "../../components/form.tsx";
import { Icon } from "../../components/icon.tsx";
import { callApi, str } from "../../lib/actions.server.ts";
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
  const { items } = await context.get(requestContext).api.get<{ items: TCemeterySummary[] }>("/cemeteries");
  return { cemeteries: items };
}

const FIELDS = [
  "applicantName",
  "applicantPhone",
  "surname",
  "name",
  "patronymic",
  "birthDate",
  "deathDate",
  "burialDate",
  "cemeteryId",
  "location",
  "details",
] as const;

export async function action({ context, request }: Route.ActionArgs) {
  const { api } = context.get(requestContext);
  const form = await request.formData();
  const body = {
    ...Object.fromEntries(FIELDS.map((k) => [k, str(form, k)])),
    photoIds: form.getAll("photoIds").map(String).filter(Boolean),
  };
  const result = await callApi(() => api.post<{ id: number }>("/registry-requests/add", body));
  if (result.ok) return { sent: true as const };
  // What was typed comes back too: a form sent before the page's script started (a plain POST,
  // a fresh page) is refilled from it, so nothing is lost there either.
  const values = Object.fromEntries(FIELDS.map((k) => [k, str(form, k)]));
  return data({ error: result.error, values }, { status: result.status });
}

type TAnswer =
  | { sent?: true; error?: { message: string; fields: Record<string, string> }; values?: Record<string, string> }
  | undefined;

/** A visitor tells the staff about a burial the registry does not have, with photos of the grave. */
export default function AddBurial({ loaderData }: Route.ComponentProps) {
  const { t, to } = useT();
  const [params] = useSearchParams();
  const answer = useActionData() as TAnswer;
  const busy = useNavigation().state !== "idle";
  const [photos, setPhotos] = useState<TUploadFile[]>([]);
  const [uploading, setUploading] = useState(false);
  const errors = answer?.error?.fields ?? {};
  const [surname = "", name = "", patronymic = ""] = (params.get("q") ?? "").trim().split(/\s+/);
  const initial: Record<string, string> = {
    surname,
    name,
    patronymic,
    cemeteryId: params.get("cemeteryId") ?? "",
    ...answer?.values,
  };
  /** Fields the API requires, marked for screen readers (the form itself does not block: noValidate). */
  const required = new Set<string>(["surname", "location", "applicantName", "applicantPhone"]);

  if (answer?.sent) {
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

  const input = (k: (typeof FIELDS)[number], label: string, opts: { type?: string; hint?: string } = {}) => (
    <Field id={`add-${k}`} label={label} hint={opts.hint} error={errors[k]}>
      <input
        id={`add-${k}`}
        name={k}
        type={opts.type ?? "text"}
        defaultValue={initial[k] ?? ""}
        aria-required={required.has(k) || undefined}
        aria-invalid={errors[k] ? true : undefined}
        aria-describedby={describedBy(`add-${k}`, opts.hint, errors[k])}
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
    <section aria-labelledby="add-title">
      <h1 id="add-title">{t("add.title")}</h1>
      <p className="lead">{t("add.lead")}</p>
      {answer?.error ? (
        <p className="alert alert--error" role="alert">
          <Icon name="alert" /> {answer.error.message}
        </p>
      ) : null}
      <Form method="post" className="card form" noValidate data-testid="add-form">
        <fieldset className="fieldset">
          <legend>{t("add.deceased")}</legend>
          <div className="form__row">
            {input("surname", t("burial.surname"))}
            {input("name", t("burial.name"))}
            {input("patronymic", t("burial.patronymic"))}
          </div>
          <div className="form__row">
            {input("birthDate", t("burial.birth_date"), { type: "date" })}
            {input("deathDate", t("burial.death_date"), { type: "date" })}
            {input("burialDate", t("burial.burial_date"), { type: "date" })}
          </div>
        </fieldset>
        <fieldset className="fieldset">
          <legend>{t("add.where")}</legend>
          <Field id="add-cemeteryId" label={t("search.cemetery")} error={errors.cemeteryId}>
            <select
              id="add-cemeteryId"
              name="cemeteryId"
              defaultValue={initial.cemeteryId}
              aria-invalid={errors.cemeteryId ? true : undefined}
              aria-describedby={describedBy("add-cemeteryId", undefined, errors.cemeteryId)}
            >
              <option value="">{t("add.cemetery_unknown")}</option>
              <NamedOptions items={loaderData.cemeteries} />
            </select>
          </Field>
          <Field id="add-location" label={t("add.location")} hint={t("add.location_hint")} error={errors.location}>
            <textarea
              id="add-location"
              name="location"
              rows={2}
              maxLength={500}
              defaultValue={initial.location}
              aria-required
              aria-invalid={errors.location ? true : undefined}
              aria-describedby={describedBy("add-location", t("add.location_hint"), errors.location)}
            />
          </Field>
          <DropZone
            name="photoIds"
            label={t("add.photos")}
            hint={t("add.photos_hint")}
            value={photos}
            onChange={setPhotos}
            onBusyChange={setUploading}
            config={{ params: { purpose: "photo" }, maxFiles: 5, multiple: true }}
          />
          {errors.photoIds ? (
            <p className="field__error" id="add-photoIds-error" role="alert">
              {errors.photoIds}
            </p>
          ) : null}
          <Field id="add-details" label={t("add.details")} error={errors.details}>
            <textarea
              id="add-details"
              name="details"
              rows={3}
              maxLength={2000}
              defaultValue={initial.details}
              aria-invalid={errors.details ? true : undefined}
              aria-describedby={describedBy("add-details", undefined, errors.details)}
            />
          </Field>
        </fieldset>
        <fieldset className="fieldset">
          <legend>{t("add.applicant")}</legend>
          <div className="form__row">
            {input("applicantName", t("search.request.your_name"))}
            {input("applicantPhone", t("common.phone"), { type: "tel", hint: "+7 (___) ___-__-__" })}
          </div>
        </fieldset>
        <button type="submit" className="button" disabled={busy || uploading} data-testid="send-add">
          {t("add.send")}
        </button>
      </Form>
    </section>
  );
}
