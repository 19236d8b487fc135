import { data, Form, Link, redirect, useActionData, useNavigation } from "react-router";
import { parseBoundaryText } from "../../../common/boundary-import.ts";
import { translate } from "../../../common/i18n.ts";
import { formatPhones } from "../../../common/phone.ts";
import type { TCemeteryRecord } from "../../../common/api-types.ts";
import { localizePath } from "../../../common/locale.ts";
import { describedBy, Field } from "../../components/form.tsx";
import { Icon } from "../../components/icon.tsx";
import { BoundaryEditor } from "../../components/map/boundary-editor.tsx";
import type { TExtent } from "../../components/map/plot-map.tsx";
import { callApi, str } from "../../lib/actions.server.ts";
import { useT } from "../../lib/hooks.ts";
import { requestContext } from "../../lib/request-context.ts";
import type { Route } from "./+types/cemetery-form";
import { orPageError, pageId } from "../../lib/page-ids.server.ts";

export function meta({ location }: Route.MetaArgs) {
  return [{ title: location.pathname.startsWith("/kk") ? "Зират" : "Кладбище" }];
}

type TAkimat = { id: number; nameRu: string; nameKk: string };

export async function loader({ context, request }: Route.LoaderArgs) {
  const { api } = context.get(requestContext);
  const raw = new URL(request.url).searchParams.get("id");
  const id = raw ? pageId(raw, request) : null;
  const [akimats, cemetery, extent] = await Promise.all([
    api.get<{ items: TAkimat[] }>("/akimats"),
    id ? orPageError(request, () => api.get<TCemeteryRecord>(`/cemeteries/${id}/record`)) : Promise.resolve(null),
    id ? api.get<{ extent: TExtent | null }>(`/manager/cemeteries/${id}/extent`) : Promise.resolve({ extent: null }),
  ]);
  return { akimats: akimats.items, cemetery, extent: extent.extent };
}

export async function action({ context, request }: Route.ActionArgs) {
  const rc = context.get(requestContext);
  const form = await request.formData();
  const id = Number(new URL(request.url).searchParams.get("id"));
  let boundary: unknown = [];
  try {
    boundary = JSON.parse(str(form, "boundary") || "[]");
  } catch {
    boundary = [];
  }
  // Coordinates pasted into a page that was not hydrated yet: read here with the browser's parser.
  const pasted = str(form, "boundaryText");
  if (pasted && !(Array.isArray(boundary) && boundary.length)) {
    const read = parseBoundaryText(pasted);
    if (!read.ok) {
      const message = translate(rc.locale, read.problem.key, read.problem.params);
      return data({ error: { message, fields: { boundaryText: message } } }, { status: 422 });
    }
    boundary = read.ring;
  }
  const body = {
    akimatId: str(form, "akimatId"),
    nameRu: str(form, "nameRu"),
    nameKk: str(form, "nameKk"),
    descriptionRu: str(form, "descriptionRu"),
    descriptionKk: str(form, "descriptionKk"),
    city: str(form, "city"),
    religion: str(form, "religion"),
    address: str(form, "address"),
    phones: str(form, "phones"),
    status: str(form, "status"),
    capacity: str(form, "capacity") || "0",
    burialFee: str(form, "burialFee") || "0",
    burialSlots: { days: form.getAll("days").map(String), from: str(form, "from"), to: str(form, "to") },
    boundary,
  };
  const result = await callApi(async () => {
    if (!id) return rc.api.post<{ id: number }>("/cemeteries", body);
    await rc.api.put(`/cemeteries/${id}`, body);
    return { id };
  });
  if (!result.ok) return result.response;
  return redirect(localizePath(`/admin/cemetery/${result.value.id}`, rc.locale));
}

const RELIGIONS = ["all", "muslim", "christian", "jewish", "other"] as const;
const STATUSES = ["open", "family_only", "closed"] as const;
/** Almaty's centre, where a new cemetery's map opens. */
const ALMATY: [number, number] = [76.9286, 43.2567];

/** Admin: create a cemetery or change any of its fields, drawing its boundary on the map. */
export default function CemeteryForm({ loaderData }: Route.ComponentProps) {
  const { t, to, locale } = useT();
  const actionData = useActionData() as { error?: { message: string; fields: Record<string, string> } } | undefined;
  const busy = useNavigation().state !== "idle";
  const c = loaderData.cemetery;
  const errors = actionData?.error?.fields ?? {};
  const input = (name: keyof TCemeteryRecord, label: string, opts: { type?: string; hint?: string } = {}) => (
    <Field id={`c-${name}`} label={label} hint={opts.hint} error={errors[name]}>
      <input
        id={`c-${name}`}
        name={name}
        type={opts.type ?? "text"}
        inputMode={opts.type === "number" ? "numeric" : undefined}
        defaultValue={c ? String(c[name] ?? "") : ""}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={describedBy(`c-${name}`, opts.hint, errors[name])}
      />
    </Field>
  );
  const area = (name: "descriptionRu" | "descriptionKk", label: string) => (
    <Field id={`c-${name}`} label={label} error={errors[name]}>
      <textarea
        id={`c-${name}`}
        name={name}
        rows={3}
        defaultValue={c?.[name] ?? ""}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={describedBy(`c-${name}`, undefined, errors[name])}
      />
    </Field>
  );
  const days = c?.burialSlots.days ?? [1, 2, 3, 4, 5, 6];
  return (
    <section aria-labelledby="cemetery-form-title">
      <p>
        <Link to={to(c ? `/admin/cemetery/${c.id}` : "/admin/cemetery")}>
          ← {c ? c.nameRu : t("admin_cemetery.title")}
        </Link>
      </p>
      <h1 id="cemetery-form-title">{c ? t("admin_cemetery.edit") : t("admin_cemetery.new")}</h1>
      {actionData?.error ? (
        <p className="alert alert--error" role="alert">
          {actionData.error.message}
        </p>
      ) : null}
      <Form method="post" className="card form" noValidate data-testid="cemetery-form">
        <Field id="c-akimatId" label={t("admin_cemetery.akimat")} error={errors.akimatId}>
          <select id="c-akimatId" name="akimatId" defaultValue={c?.akimatId ?? loaderData.akimats[0]?.id}>
            {loaderData.akimats.map((a) => (
              <option key={a.id} value={a.id}>
                {locale === "kk" ? a.nameKk : a.nameRu}
              </option>
            ))}
          </select>
        </Field>
        <div className="form__row">
          {input("nameRu", t("admin_cemetery.name_ru"))}
          {input("nameKk", t("admin_cemetery.name_kk"))}
        </div>
        <div className="form__row">
          {area("descriptionRu", t("admin_cemetery.description_ru"))}
          {area("descriptionKk", t("admin_cemetery.description_kk"))}
        </div>
        <div className="form__row">
          {input("city", t("reserve.city"))}
          <Field id="c-religion" label={t("reserve.religion")} error={errors.religion}>
            <select id="c-religion" name="religion" defaultValue={c?.religion ?? "all"}>
              {RELIGIONS.map((r) => (
                <option key={r} value={r}>
                  {t(`religion.${r}`)}
                </option>
              ))}
            </select>
          </Field>
        </div>
        <div className="form__row">
          {input("address", t("admin_cemetery.address"))}
          <Field id="c-phones" label={t("reserve.phones")} hint={t("admin_cemetery.phones_hint")} error={errors.phones}>
            <input
              id="c-phones"
              name="phones"
              type="tel"
              defaultValue={c ? formatPhones(c.phones) : ""}
              aria-invalid={errors.phones ? true : undefined}
              aria-describedby={describedBy("c-phones", true, errors.phones)}
            />
          </Field>
        </div>
        <div className="form__row">
          <Field id="c-status" label={t("admin_cemetery.status")} error={errors.status}>
            <select id="c-status" name="status" defaultValue={c?.status ?? "open"}>
              {STATUSES.map((s) => (
                <option key={s} value={s}>
                  {t(`cemetery_status.${s}`)}
                </option>
              ))}
            </select>
          </Field>
          {input("capacity", t("admin_cemetery.capacity"), { type: "number", hint: t("admin_cemetery.capacity_hint") })}
          {input("burialFee", t("admin_cemetery.fee"), { type: "number" })}
        </div>
        <fieldset className="fieldset">
          <legend>{t("reserve.hours")}</legend>
          <div className="checks" aria-describedby={errors["burialSlots.days"] ? "c-days-error" : undefined}>
            {[1, 2, 3, 4, 5, 6, 7].map((d) => (
              <label key={d} className="check">
                <input type="checkbox" name="days" value={d} defaultChecked={days.includes(d)} /> {t(`weekday.${d}`)}
              </label>
            ))}
          </div>
          {errors["burialSlots.days"] ? (
            <p className="field__error" id="c-days-error">
              {errors["burialSlots.days"]}
            </p>
          ) : null}
          <div className="form__row">
            <Field id="c-from" label={t("admin_cemetery.from")} error={errors["burialSlots.from"]}>
              <input id="c-from" name="from" type="time" defaultValue={c?.burialSlots.from ?? "10:00"} />
            </Field>
            <Field id="c-to" label={t("admin_cemetery.to")} error={errors["burialSlots.to"]}>
              <input id="c-to" name="to" type="time" defaultValue={c?.burialSlots.to ?? "16:00"} />
            </Field>
          </div>
        </fieldset>
        <fieldset className="fieldset">
          <legend>{t("admin_cemetery.boundary")}</legend>
          <BoundaryEditor
            name="boundary"
            initial={c?.boundary ?? []}
            center={ALMATY}
            extent={loaderData.extent}
            error={errors.boundary ?? errors["boundary.0"]}
            textError={errors.boundaryText}
          />
        </fieldset>
        <button type="submit" className="button" disabled={busy} data-testid="save-cemetery">
          <Icon name="check" /> {t("common.save")}
        </button>
      </Form>
    </section>
  );
}
