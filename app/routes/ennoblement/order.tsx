import { useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import type { TUploadFile } from "../../../common/api-types.ts";
import { CARE_LIMITS, type CareKind, needsPermit, PERMIT_KINDS } from "../../../common/ennoblement.ts";
import { formatMoney } from "../../../common/i18n.ts";
import { localizePath } from "../../../common/locale.ts";
import { GraveHistoryList, SeasonText } from "../../components/care.tsx";
import { Field, FormError, TextField } from "../../components/form.tsx";
import { Icon } from "../../components/icon.tsx";
import { LazyDropZone as DropZone } from "../../components/lazy-drop-zone.tsx";
import { useSchemaForm } from "../../lib/form.ts";
import { submitForm } from "../../lib/form.server.ts";
import { useT } from "../../lib/hooks.ts";
import { notFound, orPageError } from "../../lib/page-ids.server.ts";
import { redirectTo } from "../../lib/redirect.server.ts";
import { requestContext } from "../../lib/request-context.ts";
import { parseId } from "../../../common/schemas.ts";
import type { Route } from "./+types/order";

export function meta({ location }: Route.MetaArgs) {
  const kk = location.pathname.startsWith("/kk");
  return [{ title: kk ? "Қабірді абаттандыру" : "Благоустройство могилы" }];
}

/**
 * The family's grave (`?burial=`): 404 for a grave it is not responsible for; with no grave named,
 * the family's graves to choose from (`/client/cemetery`, each with its «Благоустройство»).
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { api, locale } = context.get(requestContext);
  const param = new URL(request.url).searchParams.get("burial");
  if (param === null) return redirectTo(localizePath("/client/cemetery", locale));
  const id = parseId(param);
  if (!id) return notFound(request);
  const [form, history] = await orPageError(request, () =>
    Promise.all([
      api.get("/care/graves/:id/order-form", { params: { id } }),
      api.get("/care/graves/:id", { params: { id } }),
    ]),
  );
  return { ...form, history };
}

export async function action({ context, request }: Route.ActionArgs) {
  const rc = context.get(requestContext);
  const sent = await submitForm(request, "ZCareOrder", rc.locale, (value) =>
    rc.api.post("/care/requests", { body: value }),
  );
  if (!sent.ok) return sent.response;
  const { requestId, permitIds } = sent.value;
  const path = requestId ? `/client/tickets/ennoblement/${requestId}` : `/client/tickets/permit/${permitIds[0]}`;
  return redirectTo(localizePath(path, rc.locale));
}

/**
 * The family orders care for one of its graves (from `/client/cemetery`): the works from the
 * cemetery's price list (prices shown as the list has them; the cemetery confirms the total), a
 * comment and photos; for a fence or a headstone the design, the planned day within the cemetery's
 * season, and the permit is asked for with it — or only the permit, when the family's own supplier
 * installs. Below, the grave's care so far.
 */
export default function CareOrder({ loaderData, actionData }: Route.ComponentProps) {
  const { t, to, locale } = useT();
  const { grave, season, prices, today, history } = loaderData;
  const busy = useNavigation().state !== "idle";
  const { form, fields } = useSchemaForm("ZCareOrder", { id: "co", lastResult: actionData?.form });
  const [photos, setPhotos] = useState<TUploadFile[]>([]);
  const [uploading, setUploading] = useState(false);
  const [permitOnly, setPermitOnly] = useState(false);
  const offered = (k: CareKind) => prices.find((p) => p.kind === k);
  const kinds: CareKind[] = permitOnly ? [...PERMIT_KINDS] : prices.map((p) => p.kind);
  return (
    <section aria-labelledby="co-title">
      <p>
        <Link to={to("/client/cemetery")}>← {t("care_screen.back_cemeteries")}</Link>
      </p>
      <h1 id="co-title">{t("care_screen.order_title")}</h1>
      <p className="lead">
        <strong data-testid="co-deceased">{grave.deceased}</strong>
        {grave.years ? ` (${grave.years})` : ""} · {locale === "kk" ? grave.cemetery.nameKk : grave.cemetery.nameRu}
      </p>
      <FormError form={form} />
      <Form method="post" className="card form" data-testid="care-order-form" {...form.props}>
        <input type="hidden" name="burialId" value={grave.burialId} />
        <label className="choice__option">
          <input
            type="checkbox"
            name={fields.permitOnly.name}
            checked={permitOnly}
            onChange={(e) => setPermitOnly(e.target.checked)}
            data-testid="co-permit-only"
          />
          <span>{t("care_screen.permit_only")}</span>
        </label>
        <p className="muted">{t("care_screen.permit_only_hint")}</p>
        <fieldset className="fieldset" aria-describedby={fields.kinds.errors?.length ? "co-kinds-error" : undefined}>
          <legend>{t("care_screen.kinds_label")}</legend>
          {kinds.length === 0 ? <p className="note">{t("care_screen.no_prices")}</p> : null}
          <div className="care-kinds">
            {kinds.map((k) => {
              const line = offered(k);
              return (
                <label key={k} className="choice__option">
                  <input type="checkbox" name={fields.kinds.name} value={k} data-testid={`co-kind-${k}`} />
                  <span>
                    {t(`care.kind.${k}`)}
                    {!permitOnly && line ? (
                      <span className="muted">
                        {" "}
                        — {formatMoney(locale, line.price)}, {t(`care.unit.${line.unit}`)}
                        {line.note ? ` · ${line.note}` : ""}
                      </span>
                    ) : null}
                    {needsPermit(k) ? <span className="muted"> · {t("care_screen.needs_permit")}</span> : null}
                  </span>
                </label>
              );
            })}
          </div>
          {fields.kinds.errors?.length ? (
            <p className="field__error" id="co-kinds-error">
              {fields.kinds.errors[0]}
            </p>
          ) : null}
        </fieldset>
        <Field field={fields.comment} label={t("care_screen.comment")}>
          {(p) => <textarea {...p} rows={3} maxLength={CARE_LIMITS.commentMax} />}
        </Field>
        <DropZone
          field={fields.photoIds}
          label={t("care_screen.photos_family")}
          hint={t("care_screen.photos_hint")}
          value={photos}
          onChange={setPhotos}
          onBusyChange={setUploading}
          config={{ params: { purpose: "photo" }, maxFiles: CARE_LIMITS.photosMax, multiple: true }}
        />
        <fieldset className="fieldset" data-testid="co-permit">
          <legend>{t("care_screen.permit_legend")}</legend>
          <p className="muted" data-testid="co-season">
            {t("care_screen.season")}: <SeasonText season={season} />. {t("care_screen.permit_terms")}
          </p>
          <Field field={fields.design} label={t("care_screen.design")} hint={t("care_screen.design_hint")}>
            {(p) => <textarea {...p} rows={3} maxLength={1000} />}
          </Field>
          <TextField field={fields.plannedDate} type="date" min={today} label={t("care_screen.planned_date")} />
          {permitOnly ? (
            <TextField field={fields.installer} label={t("care_screen.installer_own")} maxLength={200} />
          ) : null}
        </fieldset>
        <button type="submit" className="button" disabled={busy || uploading} data-testid="co-submit">
          <Icon name="check" /> {t(permitOnly ? "care_screen.submit_permit" : "care_screen.submit_order")}
        </button>
      </Form>

      <section className="card" aria-labelledby="co-history">
        <h2 id="co-history" className="card__title">
          {t("care_screen.grave_history")}
        </h2>
        {history.requests.length === 0 && history.permits.length === 0 ? (
          <p className="muted">{t("care_screen.grave_history_none")}</p>
        ) : (
          <GraveHistoryList history={history} />
        )}
      </section>
    </section>
  );
}
