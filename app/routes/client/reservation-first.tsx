import { placesText, placeText } from "../../../common/place-text.ts";
import { useState } from "react";
import { fullName } from "../../../common/person.ts";
import { Form, Link, useNavigation } from "react-router";
import { redirectTo } from "../../lib/redirect.server.ts";
import type { TPublicPlot, TUploadFile } from "../../../common/api-types.ts";
import { BURIAL_KINDS, type BurialKind, CHOSEN_BURIAL_KINDS } from "../../../common/booking-terms.ts";
import { formatMoney } from "../../../common/i18n.ts";
import { localizePath } from "../../../common/locale.ts";
import { MAX_SELECTED_PLOTS } from "../../../common/plot-selection.ts";
import { parseId } from "../../../common/schemas.ts";
import { FormError, PrivacyNote, TextField } from "../../components/form.tsx";
import { FieldMessage } from "../../components/field-message.tsx";
import { Icon } from "../../components/icon.tsx";
import { LazyDropZone as DropZone } from "../../components/lazy-drop-zone.tsx";
import { useSchemaForm } from "../../lib/form.ts";
import { submitForm } from "../../lib/form.server.ts";
import { useT } from "../../lib/hooks.ts";
import { requestContext } from "../../lib/request-context.ts";
import type { Route } from "./+types/reservation-first";

export function meta({ location }: Route.MetaArgs) {
  return [{ title: location.pathname.startsWith("/kk") ? "Орынды брондау" : "Бронирование места" }];
}

/** The places chosen on `/reserve` (`?plots=1,2`), at most four, as ids. */
function plotIdsOf(params: URLSearchParams): number[] {
  const ids = (params.get("plots") ?? "")
    .split(",")
    .map((v) => parseId(v))
    .filter((v): v is number => v !== null);
  return [...new Set(ids)].slice(0, MAX_SELECTED_PLOTS);
}

export async function loader({ context, request }: Route.LoaderArgs) {
  const { api } = context.get(requestContext);
  const params = new URL(request.url).searchParams;
  const plotIds = plotIdsOf(params);
  const kindParam = params.get("kind");
  const kind: BurialKind =
    BURIAL_KINDS.find((k) => k === kindParam) ?? (params.get("burial") ? "family_grave" : "new_grave");
  const plots = (
    await Promise.all(plotIds.map((id) => api.get("/plots/:id", { params: { id } }).catch(() => null)))
  ).filter((p): p is TPublicPlot => p !== null);
  // The destination of an approved reburial request: its deceased, its fee waiver.
  const reburialId = parseId(params.get("reburial"));
  const reburial = reburialId
    ? await api.get("/reburials/:id", { params: { id: reburialId } }).catch(() => null)
    : null;
  const burialId = parseId(params.get("burial"));
  const family = burialId ? await api.get("/burials/:id", { params: { id: burialId } }).catch(() => null) : null;
  const cemeteryId = family?.cemetery.id ?? plots[0]?.cemeteryId;
  const cemetery = cemeteryId
    ? await api.get("/cemeteries/:id", { params: { id: cemeteryId } }).catch(() => null)
    : null;
  const q = params.get("q")?.trim().slice(0, 120) ?? "";
  const found = q
    ? await api.get("/burials/search", {
        query: { q, cemeteryId: cemetery && !family ? String(cemetery.id) : undefined },
      })
    : null;
  return { kind: reburial ? "reburial" : kind, plots, family, cemetery, q, found: found?.items ?? [], reburial };
}

export async function action({ context, request }: Route.ActionArgs) {
  const rc = context.get(requestContext);
  const sent = await submitForm(request, "ZBookingCreate", rc.locale, (value) =>
    rc.api.post("/burial-requests", { body: value }),
  );
  if (!sent.ok) return sent.response;
  return redirectTo(localizePath(`/client/reservation/reservation-complete?id=${sent.value.id}`, rc.locale));
}

/**
 * Step one of a booking: who is to be buried and how — a new grave in the places chosen on the map,
 * into a family grave found in the registry, or an urn. Sending it holds the places.
 */
export default function ReservationFirst({ loaderData, actionData }: Route.ComponentProps) {
  const { t, to, locale } = useT();
  const { plots, family, cemetery, q, found, reburial } = loaderData;
  const busy = useNavigation().state !== "idle";
  const { form, fields } = useSchemaForm("ZBookingCreate", { id: "b", lastResult: actionData?.form });
  const typedKind = BURIAL_KINDS.find((k) => k === fields.kind.defaultValue);
  const [kind, setKind] = useState<BurialKind>(typedKind ?? loaderData.kind);
  const [kinship, setKinship] = useState<TUploadFile[]>([]);
  const [graveDocs, setGraveDocs] = useState<TUploadFile[]>([]);
  const [uploading, setUploading] = useState(false);
  const first = plots[0];
  const last = plots[plots.length - 1];
  const places = kind === "family_grave" ? 1 : plots.length;
  const fee = reburial?.approval?.feeWaived ? 0 : cemetery ? cemetery.burialFee * Math.max(places, 1) : 0;
  const plotsQuery = plots.map((p) => p.id).join(",");
  return (
    <section aria-labelledby="rf-title" className="booking">
      <ol className="booking-steps" aria-label={t("booking.steps")}>
        <li aria-current="step">{t("booking.step_first")}</li>
        <li>{t("booking.step_complete")}</li>
        <li>{t("booking.step_pay")}</li>
      </ol>
      <h1 id="rf-title">{t("booking.first_title")}</h1>
      <p className="lead">{t("booking.first_lead")}</p>
      <FormError form={form} />

      <Form method="post" className="card form" data-testid="booking-form" {...form.props}>
        {reburial ? (
          <fieldset className="fieldset" data-testid="reburial-booking">
            <legend>{t("booking.reburial_title")}</legend>
            <input type="hidden" name="kind" value="reburial" />
            <input type="hidden" name="reburialId" value={reburial.id} />
            <p>{t("booking.reburial_of", { number: reburial.number })}</p>
            {reburial.approval?.feeWaived ? <p className="note">{t("booking.reburial_fee_waived")}</p> : null}
          </fieldset>
        ) : null}
        <fieldset className="fieldset" hidden={Boolean(reburial)}>
          <legend>{t("booking.kind")}</legend>
          <div className="choice">
            {(reburial ? [] : CHOSEN_BURIAL_KINDS).map((k) => (
              <label key={k} className="choice__option">
                <input
                  type="radio"
                  name="kind"
                  value={k}
                  checked={kind === k}
                  onChange={() => setKind(k)}
                  data-testid={`kind-${k}`}
                />
                <span>
                  {t(`burial_request.kind.${k}`)}
                  <small>{t(`booking.kind_hint.${k}`)}</small>
                </span>
              </label>
            ))}
          </div>
        </fieldset>

        {kind === "family_grave" ? (
          <fieldset className="fieldset" data-testid="family-grave">
            <legend>{t("booking.family_grave")}</legend>
            {family ? (
              <div className="note" data-testid="family-chosen">
                <input type="hidden" name="familyBurialId" value={family.id} />
                <p>
                  <strong>{fullName(family)}</strong>{" "}
                  <span className="muted">
                    {family.birthYear ?? "?"}–{family.deathYear ?? "?"}
                  </span>
                </p>
                <p>
                  {family.cemetery.name} · {placeText(t, { ...family, number: family.place })}
                </p>
                <Link to={to(`/client/reservation/reservation-first?kind=family_grave`)}>
                  {t("booking.family_change")}
                </Link>
              </div>
            ) : (
              <p className="field__hint">{t("booking.family_find_hint")}</p>
            )}
            {cemetery ? (
              <p className="field__hint" data-testid="family-years">
                {t("booking.family_years_hint", { years: cemetery.familyGraveYears })}
              </p>
            ) : null}
            <FieldMessage field={fields.familyBurialId} />
            <fieldset className="choice" aria-describedby={fields.remains.errors ? fields.remains.errorId : undefined}>
              <legend className="field__label">{t("booking.remains")}</legend>
              {(["coffin", "urn"] as const).map((r) => (
                <label key={r} className="choice__option">
                  <input
                    type="radio"
                    name="remains"
                    value={r}
                    defaultChecked={r === "coffin"}
                    data-testid={`remains-${r}`}
                  />
                  <span>
                    {t(`booking.remains_${r}`)}
                    <small>{t(`booking.remains_hint_${r}`)}</small>
                  </span>
                </label>
              ))}
              <FieldMessage field={fields.remains} />
            </fieldset>
            <DropZone
              field={fields.kinshipIds}
              label={t("booking.kinship")}
              hint={t("booking.kinship_hint")}
              value={kinship}
              onChange={setKinship}
              onBusyChange={setUploading}
              config={{ params: { purpose: "document" }, maxFiles: 5, multiple: true }}
            />
            <DropZone
              field={fields.graveDocIds}
              label={t("booking.grave_docs")}
              hint={t("booking.grave_docs_hint")}
              value={graveDocs}
              onChange={setGraveDocs}
              onBusyChange={setUploading}
              config={{ params: { purpose: "document" }, maxFiles: 5, multiple: true }}
            />
          </fieldset>
        ) : first && last && cemetery ? (
          <div className="note" data-testid="chosen-places">
            {plots.map((p) => (
              <input key={p.id} type="hidden" name="plotIds" value={p.id} />
            ))}
            <p>
              <strong>{cemetery.name}</strong>
            </p>
            <p>{placesText(t, plots)}</p>
            <Link to={to(`/reserve?cemetery=${cemetery.id}${reburial ? `&reburial=${reburial.id}` : ""}#chosen-title`)}>
              {t("booking.change_places")}
            </Link>
          </div>
        ) : (
          <p className="alert alert--warning" data-testid="no-places">
            {t("validation.choose_place")} <Link to={to("/reserve")}>{t("booking.to_map")}</Link>
          </p>
        )}
        <FieldMessage field={fields.plotIds} />

        {reburial ? (
          <fieldset className="fieldset" data-testid="reburial-deceased">
            <legend>{t("booking.deceased")}</legend>
            {/* The deceased is the approved request's (the API takes it from there). */}
            <input type="hidden" name="surname" value={reburial.deceased.surname} />
            <input type="hidden" name="name" value={reburial.deceased.name} />
            <input type="hidden" name="patronymic" value={reburial.deceased.patronymic} />
            <input type="hidden" name="iin" value={reburial.deceased.iin ?? ""} />
            <input type="hidden" name="deathDate" value={reburial.deceased.deathDate ?? ""} />
            <p>
              <strong>{fullName(reburial.deceased)}</strong>
            </p>
            <FieldMessage field={fields.deathDate} />
          </fieldset>
        ) : (
          <fieldset className="fieldset">
            <legend>{t("booking.deceased")}</legend>
            <div className="form__row">
              <TextField field={fields.surname} label={t("burial.surname")} required autoComplete="off" />
              <TextField field={fields.name} label={t("burial.name")} autoComplete="off" />
              <TextField field={fields.patronymic} label={t("burial.patronymic")} autoComplete="off" />
            </div>
            <div className="form__row">
              <TextField
                field={fields.iin}
                label={t("booking.iin")}
                hint={t("booking.iin_hint")}
                inputMode="numeric"
                required
                autoComplete="off"
              />
              <TextField field={fields.deathDate} label={t("burial.death_date")} type="date" required />
            </div>
            <PrivacyNote />
          </fieldset>
        )}

        {cemetery ? (
          <p className="booking-fee" data-testid="booking-fee">
            {t("booking.fee")}: <strong>{formatMoney(locale, fee)}</strong>{" "}
            <span className="muted">{t("booking.fee_hint", { places })}</span>
          </p>
        ) : null}
        {cemetery ? (
          <p className="field__hint" data-testid="hold-hint">
            {t("booking.hold_hint", { hours: cemetery.holdHours })}
          </p>
        ) : null}
        <button type="submit" className="button" disabled={busy || uploading} data-testid="book">
          {t("booking.book")}
        </button>
      </Form>

      {kind === "family_grave" ? (
        <section className="card" aria-labelledby="family-search-title">
          <h2 id="family-search-title">{t("booking.family_search")}</h2>
          <Form method="get" className="search-form" data-testid="family-search">
            <input type="hidden" name="kind" value="family_grave" />
            {plotsQuery ? <input type="hidden" name="plots" value={plotsQuery} /> : null}
            <div className="field">
              <label htmlFor="fs-q" className="field__label">
                {t("booking.family_search_label")}
              </label>
              <input id="fs-q" name="q" defaultValue={q} type="search" />
            </div>
            <button type="submit" className="button button--ghost">
              <Icon name="search" /> {t("common.find")}
            </button>
          </Form>
          {q && found.length === 0 ? <p className="muted">{t("booking.family_none")}</p> : null}
          <ul className="stack" data-testid="family-results">
            {found.map((b) => (
              <li key={b.id}>
                <Link to={to(`/client/reservation/reservation-first?kind=family_grave&burial=${b.id}`)}>
                  {fullName(b)}
                </Link>{" "}
                <span className="muted">
                  {b.birthYear ?? "?"}–{b.deathYear ?? "?"} · {b.cemetery.name} ·{" "}
                  {placeText(t, { ...b, number: b.place })}
                </span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </section>
  );
}
