import { Form, Link, useNavigation } from "react-router";
import { CARE_KINDS, CARE_UNITS } from "../../../common/ennoblement.ts";
import { parseId } from "../../../common/schemas.ts";
import { SeasonText } from "../../components/care.tsx";
import { Icon } from "../../components/icon.tsx";
import { formMessage } from "../../lib/form.ts";
import { str, submitForm } from "../../lib/form.server.ts";
import { useT } from "../../lib/hooks.ts";
import { notFound } from "../../lib/page-ids.server.ts";
import { requestContext } from "../../lib/request-context.ts";
import type { Route } from "./+types/settings";

export function meta({ location }: Route.MetaArgs) {
  const kk = location.pathname.startsWith("/kk");
  return [{ title: kk ? "Абаттандыру бағалары мен маусымы" : "Цены и сезон благоустройства" }];
}

/** Every cemetery the manager works in, one chosen (`?cemetery=`, the first by default). */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { api } = context.get(requestContext);
  const { items } = await api.get("/care/settings");
  const wanted = parseId(new URL(request.url).searchParams.get("cemetery") ?? "");
  const chosen = items.find((c) => c.cemeteryId === wanted) ?? items[0] ?? null;
  return { items, chosen };
}

export async function action({ context, request }: Route.ActionArgs) {
  const rc = context.get(requestContext);
  const form = await request.formData();
  const id = parseId(str(form, "cemeteryId"));
  if (!id) return notFound(request);
  const sent = await submitForm(form, "ZCareSettings", rc.locale, (value) =>
    rc.api.put("/care/settings/:id", { params: { id }, body: value }),
  );
  if (!sent.ok) return sent.response;
  return { form: sent.reply(), saved: true };
}

/**
 * The cemetery's grave care settings (`/manager/ennoblement/settings`): its installation season
 * (fences and headstones are installed, and their permits issued, only for days within it; none:
 * all year) and its price list, one line per kind of work — the family sees these prices when it
 * orders, and an accepted request takes them.
 */
export default function CareSettings({ loaderData, actionData }: Route.ComponentProps) {
  const { t, to, locale } = useT();
  const { items, chosen } = loaderData;
  const busy = useNavigation().state !== "idle";
  const errors = actionData && "form" in actionData ? (actionData.form.error ?? {}) : {};
  const saved = actionData && "saved" in actionData;
  const err = (name: string) => errors[name]?.[0];
  return (
    <section aria-labelledby="cs-title">
      <p>
        <Link to={to("/manager/ennoblement")}>← {t("care_screen.back_staff")}</Link>
      </p>
      <h1 id="cs-title">{t("care_screen.settings_title")}</h1>
      <p className="lead">{t("care_screen.settings_lead")}</p>
      {items.length > 1 ? (
        <nav className="tabs" aria-label={t("care_screen.cemetery")}>
          {items.map((c) => (
            <Link
              key={c.cemeteryId}
              className="tabs__item"
              to={to(`/manager/ennoblement/settings?cemetery=${c.cemeteryId}`)}
              aria-current={c.cemeteryId === chosen?.cemeteryId ? "page" : undefined}
            >
              {locale === "kk" ? c.nameKk : c.nameRu}
            </Link>
          ))}
        </nav>
      ) : null}
      {!chosen ? (
        <p className="note">{t("care_screen.no_cemeteries")}</p>
      ) : (
        <Form method="post" className="card form" key={chosen.cemeteryId} data-testid="care-settings-form">
          <input type="hidden" name="cemeteryId" value={chosen.cemeteryId} />
          <h2 className="card__title">{locale === "kk" ? chosen.nameKk : chosen.nameRu}</h2>
          {saved ? (
            <p className="alert alert--success" role="status" data-testid="care-settings-saved">
              <Icon name="check" /> {t("care_screen.settings_saved")}
            </p>
          ) : null}
          {Object.keys(errors).length ? (
            <p className="alert alert--error" role="alert">
              {formMessage(actionData && "form" in actionData ? actionData.form : null)}
            </p>
          ) : null}
          <fieldset className="fieldset">
            <legend>{t("care_screen.season")}</legend>
            <p className="muted">
              {t("care_screen.season_now")}: <SeasonText season={chosen.season} />. {t("care_screen.season_hint")}
            </p>
            <div className="form-row">
              <label className="field">
                <span className="field__label">{t("care_screen.season_start")}</span>
                <input
                  name="seasonStart"
                  defaultValue={chosen.season?.start ?? ""}
                  placeholder="04-01"
                  pattern="\d{2}-\d{2}"
                  inputMode="numeric"
                  aria-invalid={err("seasonStart") ? true : undefined}
                />
                {err("seasonStart") ? <span className="field__error">{err("seasonStart")}</span> : null}
              </label>
              <label className="field">
                <span className="field__label">{t("care_screen.season_end")}</span>
                <input
                  name="seasonEnd"
                  defaultValue={chosen.season?.end ?? ""}
                  placeholder="10-31"
                  pattern="\d{2}-\d{2}"
                  inputMode="numeric"
                  aria-invalid={err("seasonEnd") ? true : undefined}
                />
                {err("seasonEnd") ? <span className="field__error">{err("seasonEnd")}</span> : null}
              </label>
            </div>
          </fieldset>
          <fieldset className="fieldset" data-testid="care-prices">
            <legend>{t("care_screen.prices")}</legend>
            <p className="muted">{t("care_screen.prices_hint")}</p>
            {CARE_KINDS.map((k, i) => {
              const line = chosen.prices.find((p) => p.kind === k);
              return (
                <div key={k} className="form-row" data-testid={`price-${k}`}>
                  <input type="hidden" name={`prices[${i}].kind`} value={k} />
                  <label className="field">
                    <span className="field__label">
                      {t(`care.kind.${k}`)}, {t("care_screen.price_tenge")}
                    </span>
                    <input
                      name={`prices[${i}].price`}
                      defaultValue={line?.price ?? ""}
                      inputMode="numeric"
                      data-testid={`price-${k}-amount`}
                      aria-invalid={err(`prices[${i}].price`) ? true : undefined}
                    />
                    {err(`prices[${i}].price`) ? (
                      <span className="field__error">{err(`prices[${i}].price`)}</span>
                    ) : null}
                  </label>
                  <label className="field">
                    <span className="field__label">{t("care_screen.unit")}</span>
                    <select name={`prices[${i}].unit`} defaultValue={line?.unit ?? "service"}>
                      {CARE_UNITS.map((u) => (
                        <option key={u} value={u}>
                          {t(`care.unit.${u}`)}
                        </option>
                      ))}
                    </select>
                  </label>
                  <label className="field">
                    <span className="field__label">{t("care_screen.price_note")}</span>
                    <input name={`prices[${i}].note`} defaultValue={line?.note ?? ""} maxLength={300} />
                  </label>
                </div>
              );
            })}
          </fieldset>
          <button type="submit" className="button" disabled={busy} data-testid="care-settings-save">
            <Icon name="check" /> {t("care_screen.settings_save")}
          </button>
        </Form>
      )}
    </section>
  );
}
