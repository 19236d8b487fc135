import { useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import {
  CATALOG_CATEGORIES,
  CATALOG_LIMITS,
  EDITABLE_ITEM_STATUSES,
  ITEM_KINDS,
  ITEM_UNITS,
  type ItemStatus,
} from "../../../common/catalog.ts";
import type { TUploadFile } from "../../../common/api-types.ts";
import { localizePath } from "../../../common/locale.ts";
import { ModerationNotes } from "../../components/catalog-item.tsx";
import { DropZone } from "../../components/drop-zone.tsx";
import { describedBy, Field, FormError, TextField } from "../../components/form.tsx";
import { RichTextEditor } from "../../components/rich-text-editor.tsx";
import { StatusBadge } from "../../components/status-badge.tsx";
import { useSchemaForm } from "../../lib/form.ts";
import { str, submitForm } from "../../lib/form.server.ts";
import { useT } from "../../lib/hooks.ts";
import { orPageError, pageId } from "../../lib/page-ids.server.ts";
import { redirectTo } from "../../lib/redirect.server.ts";
import { requestContext } from "../../lib/request-context.ts";
import type { Route } from "./+types/service-form";

export function meta({ location }: Route.MetaArgs) {
  return [{ title: location.pathname.startsWith("/kk") ? "Тауар немесе қызмет" : "Товар или услуга" }];
}

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const api = context.get(requestContext).api;
  const [item, me, cemeteries] = await Promise.all([
    params.id
      ? orPageError(request, () => api.get("/catalog/own/:id", { params: { id: pageId(params.id, request) } }))
      : null,
    api.get("/suppliers/me"),
    api.get("/cemeteries"),
  ]);
  return {
    item,
    city: me.city,
    cemeteries: cemeteries.items.map((c) => ({ id: c.id, name: c.name, city: c.city })),
  };
}

/**
 * Saves the item (created as a draft, or edited), then submits it when asked. A draft goes to the
 * drafts' tab; what was submitted — and an edit of an item on sale, which is a revision — to the
 * moderation tab. A submission the API refuses (a company not yet activated) leaves a draft, and
 * the drafts' tab says why.
 */
export async function action({ context, params, request }: Route.ActionArgs) {
  const rc = context.get(requestContext);
  const form = await request.formData();
  const intent = str(form, "intent");
  const id = params.id ? pageId(params.id, request) : null;
  const sent = await submitForm(form, "ZItemInput", rc.locale, (body) =>
    id ? rc.api.put("/catalog/own/:id", { params: { id }, body }) : rc.api.post("/catalog/own", { body }),
  );
  if (!sent.ok) return sent.response;
  const saved = sent.value;
  let tab = saved.revision?.status === "pending" ? "consideration" : "improvement";
  if (intent === "submit" && saved.moves.includes("submit")) {
    await rc.api.post("/catalog/items/:id/moves/:move", { params: { id: saved.id, move: "submit" }, body: {} });
    tab = "consideration";
  }
  if (saved.status === "active" && saved.revision?.status !== "pending") tab = "active";
  if (saved.status === "inactive" && saved.revision?.status !== "pending") tab = "inactive";
  return redirectTo(localizePath(`/supplier/services/${tab}`, rc.locale));
}

/** Create or edit an item in both languages, with photos; saved as a draft or sent to moderation. */
export default function ServiceForm({ loaderData, actionData }: Route.ComponentProps) {
  const { t, to } = useT();
  const { item, city, cemeteries } = loaderData;
  const busy = useNavigation().state !== "idle";
  // An item on sale with an edit waiting (or sent back) is edited from that edit, not from the version on sale.
  const edit = item?.revision ? { ...item, ...item.revision.content } : item;
  const [photos, setPhotos] = useState<TUploadFile[]>(edit?.photos ?? []);
  const [uploading, setUploading] = useState(false);
  const status: ItemStatus | null = item?.status ?? null;
  const isLive = status === "active" || status === "inactive";
  const editable = !status || isLive || (EDITABLE_ITEM_STATUSES as readonly string[]).includes(status);
  const { form, fields } = useSchemaForm("ZItemInput", {
    id: "sf",
    lastResult: actionData?.form,
    defaultValue: item
      ? {
          ...item,
          price: String(item.price),
          leadHours: String(item.leadHours),
          cemeteryIds: item.cemeteryIds.map(String),
        }
      : { category: "flowers", kind: "product", unit: "piece", leadHours: "0", city, available: true },
  });
  const checked = fields.cemeteryIds.defaultValues;

  const names = (lang: "Ru" | "Kk") => {
    const description = fields[`description${lang}`];
    return (
      <fieldset lang={lang.toLowerCase()}>
        <legend>{t(`catalog_form.lang_${lang.toLowerCase()}`)}</legend>
        <TextField
          field={fields[`name${lang}`]}
          label={t(`catalog.field.name${lang}`)}
          required
          maxLength={CATALOG_LIMITS.nameMax}
        />
        <RichTextEditor
          id={description.id}
          name={description.name}
          label={t(`catalog.field.description${lang}`)}
          defaultValue={description.defaultValue ?? ""}
          contentType="html"
          toolbar="essential"
          error={description.errors?.[0]}
        />
      </fieldset>
    );
  };

  return (
    <section aria-labelledby="sf-title" className="narrow">
      <p>
        <Link to={to("/supplier/services/active")}>← {t("catalog_form.back")}</Link>
      </p>
      <div className="page-head">
        <h1 id="sf-title">{item ? t("catalog_form.title_edit") : t("catalog_form.title_new")}</h1>
        {status ? <StatusBadge kind="catalog" status={status} /> : null}
      </div>
      {item ? <ModerationNotes item={item} /> : null}
      {isLive ? (
        <p className="note" data-testid="live-note">
          {t("catalog_form.live_note")}
        </p>
      ) : null}
      {!editable ? (
        <p className="alert alert--info" data-testid="not-editable">
          {t("catalog_form.not_editable")}
        </p>
      ) : (
        <>
          <FormError form={form} />
          <Form method="post" className="stack" data-testid="service-form" {...form.props}>
            <Field field={fields.category} label={t("catalog.field.category")} required>
              {(p) => (
                <select {...p}>
                  {CATALOG_CATEGORIES.map((c) => (
                    <option key={c} value={c}>
                      {t(`catalog.category.${c}`)}
                    </option>
                  ))}
                </select>
              )}
            </Field>
            <Field field={fields.kind} label={t("catalog.field.kind")} required>
              {(p) => (
                <select {...p}>
                  {ITEM_KINDS.map((k) => (
                    <option key={k} value={k}>
                      {t(`catalog.kind.${k}`)}
                    </option>
                  ))}
                </select>
              )}
            </Field>
            {names("Ru")}
            {names("Kk")}
            <div className="form-row">
              <TextField
                field={fields.price}
                label={t("catalog.field.price")}
                hint={t("catalog_form.price_hint")}
                inputMode="numeric"
                required
              />
              <Field field={fields.unit} label={t("catalog.field.unit")} required>
                {(p) => (
                  <select {...p}>
                    {ITEM_UNITS.map((u) => (
                      <option key={u} value={u}>
                        {t(`catalog.unit.${u}`)}
                      </option>
                    ))}
                  </select>
                )}
              </Field>
            </div>
            <TextField
              field={fields.leadHours}
              label={t("catalog.field.leadHours")}
              hint={t("catalog_form.lead_hint")}
              inputMode="numeric"
            />
            <TextField field={fields.city} label={t("catalog.field.city")} required maxLength={80} />
            <fieldset
              aria-describedby={describedBy(fields.cemeteryIds.id, true, fields.cemeteryIds.errors)}
              data-testid="service-cemeteries"
            >
              <legend>{t("catalog.field.cemeteryIds")}</legend>
              <p className="field__hint" id={fields.cemeteryIds.hintId}>
                {t("catalog_form.cemeteries_hint")}
              </p>
              <div className="checks checks--column">
                {cemeteries.map((c) => (
                  <label key={c.id} className="check">
                    <input
                      type="checkbox"
                      name="cemeteryIds"
                      value={c.id}
                      defaultChecked={checked.includes(String(c.id))}
                    />{" "}
                    {c.name} <span className="muted">({c.city})</span>
                  </label>
                ))}
              </div>
            </fieldset>
            <div className="field">
              <label className="check">
                <input
                  type="checkbox"
                  name={fields.available.name}
                  id={fields.available.id}
                  defaultChecked={fields.available.defaultValue === "on" || fields.available.defaultValue === "true"}
                  aria-describedby={`${fields.available.id}-hint`}
                />{" "}
                {t("catalog.field.available")}
              </label>
              <p className="field__hint" id={`${fields.available.id}-hint`}>
                {t("catalog_form.available_hint")}
              </p>
            </div>
            <DropZone
              field={fields.photoIds}
              label={t("catalog.field.photos")}
              hint={t("catalog_form.photos_hint")}
              value={photos}
              onChange={setPhotos}
              onBusyChange={setUploading}
              config={{
                params: { purpose: "photo" },
                acceptedFiles: ["image/jpeg", "image/png"],
                maxFiles: CATALOG_LIMITS.photosMax,
                multiple: true,
              }}
            />
            {uploading ? <p className="muted">{t("catalog_form.uploading")}</p> : null}
            <div className="form-actions">
              {isLive ? (
                <button
                  type="submit"
                  name="intent"
                  value="revise"
                  className="button"
                  disabled={busy || uploading}
                  data-testid="save-revision"
                >
                  {t("catalog_form.save_revision")}
                </button>
              ) : (
                <>
                  <button
                    type="submit"
                    name="intent"
                    value="submit"
                    className="button"
                    disabled={busy || uploading}
                    data-testid="save-submit"
                  >
                    {t("catalog_form.save_submit")}
                  </button>
                  <button
                    type="submit"
                    name="intent"
                    value="draft"
                    className="button button--ghost"
                    disabled={busy || uploading}
                    data-testid="save-draft"
                  >
                    {t("catalog_form.save_draft")}
                  </button>
                </>
              )}
            </div>
          </Form>
        </>
      )}
    </section>
  );
}
