import { useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import type { TUploadFile } from "../../../common/api-types.ts";
import { localizePath } from "../../../common/locale.ts";
import { fullName } from "../../../common/person.ts";
import {
  REBURIAL_DOC_KINDS,
  REBURIAL_PLACES,
  type ReburialDocKind,
  type ReburialPlace,
} from "../../../common/reburials.ts";
import { parseId } from "../../../common/schemas.ts";
import { FieldMessage } from "../../components/field-message.tsx";
import { Field, FormError, PrivacyNote, TextField } from "../../components/form.tsx";
import { Icon } from "../../components/icon.tsx";
import { LazyDropZone as DropZone } from "../../components/lazy-drop-zone.tsx";
import { useSchemaForm } from "../../lib/form.ts";
import { submitForm } from "../../lib/form.server.ts";
import { useT } from "../../lib/hooks.ts";
import { redirectTo } from "../../lib/redirect.server.ts";
import { requestContext } from "../../lib/request-context.ts";
import type { Route } from "./+types/reburial-create";

export function meta({ location }: Route.MetaArgs) {
  return [
    { title: location.pathname.startsWith("/kk") ? "Қайта жерлеу туралы өтініш" : "Заявление о перезахоронении" },
  ];
}

export async function loader({ context, request }: Route.LoaderArgs) {
  const { api } = context.get(requestContext);
  const params = new URL(request.url).searchParams;
  const burialId = parseId(params.get("burial"));
  const q = params.get("q")?.trim().slice(0, 120) ?? "";
  const [grave, found, mine, cemeteries] = await Promise.all([
    burialId ? api.get("/burials/:id", { params: { id: burialId } }).catch(() => null) : null,
    q ? api.get("/burials/search", { query: { q } }) : null,
    api.get("/me/cemeteries"),
    api.get("/cemeteries"),
  ]);
  return {
    grave,
    q,
    found: found?.items ?? [],
    mine: mine.items.flatMap((c) => c.graves.map((g) => ({ ...g, cemetery: c.name }))),
    cemeteries: cemeteries.items.filter((c) => c.status !== "closed"),
  };
}

export async function action({ context, request }: Route.ActionArgs) {
  const rc = context.get(requestContext);
  const sent = await submitForm(request, "ZReburialCreate", rc.locale, (value) =>
    rc.api.post("/reburials", { body: value }),
  );
  if (!sent.ok) return sent.response;
  return redirectTo(localizePath(`/client/burial/requests/${sent.value.id}`, rc.locale));
}

/**
 * The reburial request: the grave (a record of the registry, found here, or one outside the
 * platform described), the destination, the reason — reburial is allowed only in exceptional cases
 * — and the documents by kind. Sent, it is registered at once to the akimat that decides.
 */
export default function ReburialCreate({ loaderData, actionData }: Route.ComponentProps) {
  const { t, to } = useT();
  const { grave, q, found, mine, cemeteries } = loaderData;
  const busy = useNavigation().state !== "idle";
  const { form, fields } = useSchemaForm("ZReburialCreate", { id: "rc", lastResult: actionData?.form });
  const [source, setSource] = useState<ReburialPlace>("platform");
  const [destination, setDestination] = useState<ReburialPlace>("platform");
  const [files, setFiles] = useState<Record<ReburialDocKind, TUploadFile[]>>({
    death: [],
    kinship: [],
    grave: [],
    consent: [],
    power: [],
    other: [],
  });
  const [uploading, setUploading] = useState(false);
  const docField = {
    death: fields.deathIds,
    kinship: fields.kinshipIds,
    grave: fields.graveIds,
    consent: fields.consentIds,
    power: fields.powerIds,
    other: fields.otherIds,
  } as const;
  return (
    <section aria-labelledby="rc-title">
      <h1 id="rc-title">{t("reburial.create_title")}</h1>
      <p className="lead">{t("reburial.create_lead")}</p>
      <FormError form={form} />
      <Form method="post" className="card form" data-testid="reburial-form" {...form.props}>
        <fieldset className="fieldset">
          <legend>{t("reburial.source")}</legend>
          <div className="choice">
            {REBURIAL_PLACES.map((p) => (
              <label key={p} className="choice__option">
                <input
                  type="radio"
                  name="source"
                  value={p}
                  checked={source === p}
                  onChange={() => setSource(p)}
                  data-testid={`source-${p}`}
                />
                <span>{t(`reburial.source_${p}`)}</span>
              </label>
            ))}
          </div>
          {source === "platform" ? (
            grave ? (
              <div className="note" data-testid="source-chosen">
                <input type="hidden" name="sourceBurialId" value={grave.id} />
                <p>
                  {t("reburial.source_chosen")}: <strong>{fullName(grave)}</strong>{" "}
                  <span className="muted">
                    {grave.cemetery.name}, {grave.sector}-{grave.row}-{grave.place}
                  </span>
                </p>
                <Link to={to("/client/burial/create")}>{t("reburial.source_change")}</Link>
              </div>
            ) : (
              <>
                {mine.length ? (
                  <div>
                    <p className="field__label">{t("reburial.source_mine")}</p>
                    <ul className="stack" data-testid="source-mine">
                      {mine.map((g) => (
                        <li key={g.burialId}>
                          <Link to={to(`/client/burial/create?burial=${g.burialId}`)}>{g.name}</Link>{" "}
                          <span className="muted">
                            {g.cemetery}, {g.sector}-{g.row}-{g.place}
                          </span>
                        </li>
                      ))}
                    </ul>
                  </div>
                ) : null}
                <p className="field__hint">{t("reburial.source_find")}</p>
              </>
            )
          ) : (
            <>
              <div className="form__row">
                <TextField field={fields.sourceCountry} label={t("reburial.country")} required />
                <TextField field={fields.sourceCity} label={t("reburial.city")} required />
              </div>
              <Field field={fields.sourceText} label={t("reburial.source_text")} required>
                {(p) => <textarea {...p} rows={2} />}
              </Field>
              <div className="form__row">
                <TextField field={fields.surname} label={t("burial.surname")} required autoComplete="off" />
                <TextField field={fields.name} label={t("burial.name")} autoComplete="off" />
                <TextField field={fields.patronymic} label={t("burial.patronymic")} autoComplete="off" />
              </div>
              <div className="form__row">
                <TextField field={fields.iin} label={t("booking.iin")} inputMode="numeric" autoComplete="off" />
                <TextField field={fields.deathDate} label={t("burial.death_date")} type="date" required />
              </div>
            </>
          )}
          <FieldMessage field={fields.sourceBurialId} />
        </fieldset>

        <fieldset className="fieldset">
          <legend>{t("reburial.destination")}</legend>
          <div className="choice">
            {REBURIAL_PLACES.map((p) => (
              <label key={p} className="choice__option">
                <input
                  type="radio"
                  name="destination"
                  value={p}
                  checked={destination === p}
                  onChange={() => setDestination(p)}
                  data-testid={`destination-${p}`}
                />
                <span>{t(`reburial.destination_${p}`)}</span>
              </label>
            ))}
          </div>
          {destination === "platform" ? (
            <Field field={fields.destinationCemeteryId} label={t("reburial.destination_cemetery")} required>
              {(p) => (
                <select {...p} data-testid="destination-cemetery">
                  <option value="">—</option>
                  {cemeteries.map((c) => (
                    <option key={c.id} value={c.id}>
                      {c.name}
                    </option>
                  ))}
                </select>
              )}
            </Field>
          ) : (
            <Field field={fields.destinationText} label={t("reburial.destination_text")} required>
              {(p) => <textarea {...p} rows={2} />}
            </Field>
          )}
          <FieldMessage field={fields.destination} />
          <p className="field__hint">{t("reburial.addressee_hint")}</p>
        </fieldset>

        <Field field={fields.reason} label={t("reburial.reason")} hint={t("reburial.reason_hint")} required>
          {(p) => <textarea {...p} rows={4} data-testid="reason" />}
        </Field>

        <fieldset className="fieldset">
          <legend>{t("reburial.documents")}</legend>
          {REBURIAL_DOC_KINDS.map((k) => (
            <div key={k}>
              <DropZone
                field={docField[k]}
                label={t(`reburial.doc.${k}`)}
                hint={t(`reburial.doc_hint.${k}`)}
                value={files[k]}
                onChange={(v) => setFiles((f) => ({ ...f, [k]: v }))}
                onBusyChange={setUploading}
                config={{ params: { purpose: "document" }, maxFiles: 5, multiple: true }}
              />
              {k === "death" ? (
                <TextField
                  field={fields.deathNoticeNumber}
                  label={t("reburial.notice_number")}
                  hint={t("reburial.notice_number_hint")}
                  autoComplete="off"
                />
              ) : null}
            </div>
          ))}
          <label className="choice__option">
            <input type="checkbox" name="isRepresentative" data-testid="representative" />
            <span>{t("reburial.representative")}</span>
          </label>
          <PrivacyNote />
        </fieldset>
        <button type="submit" className="button" disabled={busy || uploading} data-testid="reburial-send">
          <Icon name="file" /> {t("reburial.send")}
        </button>
      </Form>

      {source === "platform" && !grave ? (
        <section className="card" aria-labelledby="rc-search">
          <h2 id="rc-search">{t("reburial.source_find")}</h2>
          <Form method="get" className="search-form" data-testid="source-search">
            <div className="field">
              <label htmlFor="rc-q" className="field__label">
                {t("reburial.source_find_label")}
              </label>
              <input id="rc-q" name="q" defaultValue={q} type="search" />
            </div>
            <button type="submit" className="button button--ghost">
              <Icon name="search" /> {t("common.find")}
            </button>
          </Form>
          {q && found.length === 0 ? <p className="muted">{t("reburial.source_none")}</p> : null}
          <ul className="stack" data-testid="source-results">
            {found.map((b) => (
              <li key={b.id}>
                <Link to={to(`/client/burial/create?burial=${b.id}`)}>{fullName(b)}</Link>{" "}
                <span className="muted">
                  {b.birthYear ?? "?"}–{b.deathYear ?? "?"} · {b.cemetery.name} · {b.sector}-{b.row}-{b.place}
                </span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </section>
  );
}
