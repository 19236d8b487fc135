import { RELIGIONS } from "../../../common/api-types.ts";
import { data, Form, Link, useNavigation } from "react-router";
import { redirectTo } from "../../lib/redirect.server.ts";
import { parseBoundaryText } from "../../../common/boundary-import.ts";
import { translate } from "../../../common/i18n.ts";
import { formatPhones } from "../../../common/phone.ts";
import { localizePath } from "../../../common/locale.ts";
import { parseId } from "../../../common/schemas.ts";
import { Field, FormError, TextField } from "../../components/form.tsx";
import { Icon } from "../../components/icon.tsx";
import { BoundaryEditor } from "../../components/map/boundary-editor.tsx";
import { str } from "../../lib/form.server.ts";
import { type TFormReply, useSchemaForm } from "../../lib/form.ts";
import { submitForm } from "../../lib/form.server.ts";
import { useT } from "../../lib/hooks.ts";
import { requestContext } from "../../lib/request-context.ts";
import type { Route } from "./+types/cemetery-form";
import { orPageError, pageId } from "../../lib/page-ids.server.ts";

export function meta({ location }: Route.MetaArgs) {
  return [{ title: location.pathname.startsWith("/kk") ? "Зират" : "Кладбище" }];
}

export async function loader({ context, request }: Route.LoaderArgs) {
  const { api } = context.get(requestContext);
  const raw = new URL(request.url).searchParams.get("id");
  const id = raw ? pageId(raw, request) : null;
  const [akimats, cemetery, extent] = await Promise.all([
    api.get("/akimats"),
    id ? orPageError(request, () => api.get("/cemeteries/:id/record", { params: { id } })) : Promise.resolve(null),
    id ? api.get("/manager/cemeteries/:id/extent", { params: { id } }) : Promise.resolve({ extent: null }),
  ]);
  return { akimats: akimats.items, cemetery, extent: extent.extent };
}

export async function action({ context, request }: Route.ActionArgs) {
  const rc = context.get(requestContext);
  const form = await request.formData();
  const id = parseId(new URL(request.url).searchParams.get("id"));
  // Coordinates pasted into a page that was not hydrated yet: read here with the browser's parser.
  const pasted = str(form, "boundaryText");
  if (pasted && !/\[\s*\[/.test(str(form, "boundary"))) {
    const read = parseBoundaryText(pasted);
    if (!read.ok) {
      const message = translate(rc.locale, read.problem.key, read.problem.params);
      return data(
        { form: { status: "error", error: { boundaryText: [message] } } satisfies TFormReply },
        { status: 422 },
      );
    }
    form.set("boundary", JSON.stringify(read.ring));
  }
  const sent = await submitForm(form, "ZCemeteryForm", rc.locale, async (body) => {
    if (!id) return rc.api.post("/cemeteries", { body });
    await rc.api.put("/cemeteries/:id", { params: { id }, body });
    return { id };
  });
  if (!sent.ok) return sent.response;
  return redirectTo(localizePath(`/admin/cemetery/${sent.value.id}`, rc.locale));
}

const STATUSES = ["open", "family_only", "closed"] as const;
/** The booking terms the admin sets (decision 015), with their labels' keys. */
const TERMS = ["holdHours", "familyGraveYears", "slotCapacity", "slotMinutes"] as const;
const TERM_LABELS = {
  holdHours: "hold_hours",
  familyGraveYears: "family_grave_years",
  slotCapacity: "slot_capacity",
  slotMinutes: "slot_minutes",
} as const satisfies Record<(typeof TERMS)[number], string>;
/** Almaty's centre, where a new cemetery's map opens. */
const ALMATY: [number, number] = [76.9286, 43.2567];

/** Admin: create a cemetery or change any of its fields, drawing its boundary on the map. */
export default function CemeteryForm({ loaderData, actionData }: Route.ComponentProps) {
  const { t, to, locale } = useT();
  const busy = useNavigation().state !== "idle";
  const c = loaderData.cemetery;
  const { form, fields } = useSchemaForm("ZCemeteryForm", {
    id: "c",
    lastResult: actionData?.form,
    defaultValue: {
      akimatId: c?.akimatId ?? loaderData.akimats[0]?.id,
      religion: "all",
      status: "open",
      ...c,
      phones: c ? formatPhones(c.phones) : "",
      burialSlots: c?.burialSlots ?? { days: [1, 2, 3, 4, 5, 6], from: "10:00", to: "16:00" },
      holdHours: c?.holdHours ?? 72,
      familyGraveYears: c?.familyGraveYears ?? 15,
      slotCapacity: c?.slotCapacity ?? 2,
      slotMinutes: c?.slotMinutes ?? 60,
    },
  });
  const days = fields["burialSlots.days"];
  const area = (name: "descriptionRu" | "descriptionKk", label: string) => (
    <Field field={fields[name]} label={label}>
      {(p) => <textarea {...p} rows={3} />}
    </Field>
  );
  const select = (name: "akimatId" | "religion" | "status", label: string, options: [string | number, string][]) => (
    <Field field={fields[name]} label={label}>
      {(p) => (
        <select {...p}>
          {options.map(([value, text]) => (
            <option key={value} value={value}>
              {text}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
  return (
    <section aria-labelledby="cemetery-form-title">
      <p>
        <Link to={to(c ? `/admin/cemetery/${c.id}` : "/admin/cemetery")}>
          ← {c ? c.nameRu : t("admin_cemetery.title")}
        </Link>
      </p>
      <h1 id="cemetery-form-title">{c ? t("admin_cemetery.edit") : t("admin_cemetery.new")}</h1>
      <FormError form={form} />
      <Form method="post" className="card form" data-testid="cemetery-form" {...form.props}>
        {select(
          "akimatId",
          t("admin_cemetery.akimat"),
          loaderData.akimats.map((a) => [a.id, locale === "kk" ? a.nameKk : a.nameRu]),
        )}
        <div className="form__row">
          <TextField field={fields.nameRu} label={t("admin_cemetery.name_ru")} />
          <TextField field={fields.nameKk} label={t("admin_cemetery.name_kk")} />
        </div>
        <div className="form__row">
          {area("descriptionRu", t("admin_cemetery.description_ru"))}
          {area("descriptionKk", t("admin_cemetery.description_kk"))}
        </div>
        <div className="form__row">
          <TextField field={fields.city} label={t("reserve.city")} />
          {select(
            "religion",
            t("reserve.religion"),
            RELIGIONS.map((r) => [r, t(`religion.${r}`)]),
          )}
        </div>
        <div className="form__row">
          <TextField field={fields.address} label={t("admin_cemetery.address")} />
          <TextField
            field={fields.addressKk}
            label={t("admin_cemetery.address_kk")}
            hint={t("admin_cemetery.address_kk_hint")}
          />
        </div>
        <div className="form__row">
          <TextField
            field={fields.phones}
            label={t("reserve.phones")}
            hint={t("admin_cemetery.phones_hint")}
            type="tel"
          />
        </div>
        <div className="form__row">
          {select(
            "status",
            t("admin_cemetery.status"),
            STATUSES.map((s) => [s, t(`cemetery_status.${s}`)]),
          )}
          <TextField
            field={fields.capacity}
            label={t("admin_cemetery.capacity")}
            hint={t("admin_cemetery.capacity_hint")}
            type="number"
            inputMode="numeric"
          />
          <TextField field={fields.burialFee} label={t("admin_cemetery.fee")} type="number" inputMode="numeric" />
        </div>
        <fieldset className="fieldset">
          <legend>{t("reserve.hours")}</legend>
          <div className="checks" aria-describedby={days.errors ? days.errorId : undefined}>
            {[1, 2, 3, 4, 5, 6, 7].map((d) => (
              <label key={d} className="check">
                <input
                  type="checkbox"
                  name={days.name}
                  value={d}
                  defaultChecked={days.defaultValues.includes(String(d))}
                />{" "}
                {t(`weekday.${d}`)}
              </label>
            ))}
          </div>
          {days.errors ? (
            <p className="field__error" id={days.errorId}>
              {days.errors[0]}
            </p>
          ) : null}
          <div className="form__row">
            <TextField field={fields["burialSlots.from"]} label={t("admin_cemetery.from")} type="time" />
            <TextField field={fields["burialSlots.to"]} label={t("admin_cemetery.to")} type="time" />
          </div>
        </fieldset>
        <fieldset className="fieldset" data-testid="cemetery-terms">
          <legend>{t("admin_cemetery.terms")}</legend>
          <p className="field__hint">{t("admin_cemetery.terms_hint")}</p>
          <div className="form__row">
            {TERMS.map((name) => (
              <TextField
                key={name}
                field={fields[name]}
                label={t(`admin_cemetery.${TERM_LABELS[name]}`)}
                hint={t(`admin_cemetery.${TERM_LABELS[name]}_hint`)}
                type="number"
                inputMode="numeric"
              />
            ))}
          </div>
        </fieldset>
        <fieldset className="fieldset">
          <legend>{t("admin_cemetery.boundary")}</legend>
          <BoundaryEditor
            name="boundary"
            initial={c?.boundary ?? []}
            center={ALMATY}
            extent={loaderData.extent}
            error={fields.boundary.errors?.[0]}
            textError={actionData?.form.error?.boundaryText?.[0] ?? undefined}
          />
        </fieldset>
        <button type="submit" className="button" disabled={busy} data-testid="save-cemetery">
          <Icon name="check" /> {t("common.save")}
        </button>
      </Form>
    </section>
  );
}
