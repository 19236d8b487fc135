import { useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import type { TUploadFile } from "../../../common/api-types.ts";
import { HANDOVER_RELATIONS } from "../../../common/handovers.ts";
import { localizePath } from "../../../common/locale.ts";
import { placeText } from "../../../common/place-text.ts";
import { parseId } from "../../../common/schemas.ts";
import { Field, FormError, PhoneField, PrivacyNote, TextField } from "../../components/form.tsx";
import { Icon } from "../../components/icon.tsx";
import { LazyDropZone as DropZone } from "../../components/lazy-drop-zone.tsx";
import { useSchemaForm } from "../../lib/form.ts";
import { submitForm } from "../../lib/form.server.ts";
import { useT } from "../../lib/hooks.ts";
import { redirectTo } from "../../lib/redirect.server.ts";
import { requestContext } from "../../lib/request-context.ts";
import type { Route } from "./+types/handover-create";

export function meta({ location }: Route.MetaArgs) {
  return [{ title: location.pathname.startsWith("/kk") ? "Қабірді туысқа беру" : "Передать могилу родственнику" }];
}

export async function loader({ context, request }: Route.LoaderArgs) {
  const { api } = context.get(requestContext);
  const chosen = parseId(new URL(request.url).searchParams.get("burial"));
  const mine = await api.get("/me/cemeteries");
  const graves = mine.items.flatMap((c) => c.graves.map((g) => ({ ...g, cemetery: c.name })));
  return { graves, chosen: graves.find((g) => g.burialId === chosen) ?? (graves.length === 1 ? graves[0] : null) };
}

export async function action({ context, request }: Route.ActionArgs) {
  const rc = context.get(requestContext);
  const sent = await submitForm(request, "ZHandoverCreate", rc.locale, (value) =>
    rc.api.post("/handovers", { body: value }),
  );
  if (!sent.ok) return sent.response;
  return redirectTo(localizePath(`/client/cemetery/handover/${sent.value.id}?sent=1`, rc.locale));
}

/**
 * The grave's responsible person hands the grave over to another relative: which grave, who (phone
 * and name: they agree in their own account, signing up with that phone if they have none), who
 * they are to the deceased, and the kinship's documents the cemetery checks.
 */
export default function HandoverCreate({ loaderData, actionData }: Route.ComponentProps) {
  const { t, to } = useT();
  const { graves, chosen } = loaderData;
  const busy = useNavigation().state !== "idle";
  const { form, fields } = useSchemaForm("ZHandoverCreate", { id: "ho", lastResult: actionData?.form });
  const [kinship, setKinship] = useState<TUploadFile[]>([]);
  const [other, setOther] = useState<TUploadFile[]>([]);
  const [uploading, setUploading] = useState(false);
  return (
    <section aria-labelledby="ho-title">
      <h1 id="ho-title">{t("handover.create_title")}</h1>
      <p className="lead">{t("handover.create_lead")}</p>
      {graves.length === 0 ? (
        <div className="note" data-testid="handover-no-graves">
          <p>{t("handover.no_graves")}</p>
          <Link to={to("/client/cemetery")}>{t("nav.client.cemetery")}</Link>
        </div>
      ) : (
        <>
          <FormError form={form} />
          <Form method="post" className="card form" data-testid="handover-form" {...form.props}>
            <fieldset className="fieldset">
              <legend>{t("handover.grave")}</legend>
              {chosen ? (
                <div className="note" data-testid="handover-grave">
                  <input type="hidden" name="burialId" value={chosen.burialId} />
                  <p>
                    <strong>{chosen.name}</strong>{" "}
                    <span className="muted">
                      {chosen.cemetery}, {placeText(t, { ...chosen, number: chosen.place })}
                    </span>
                  </p>
                  {graves.length > 1 ? (
                    <Link to={to("/client/cemetery/handover")}>{t("handover.choose_grave")}</Link>
                  ) : null}
                </div>
              ) : (
                <Field field={fields.burialId} label={t("handover.choose_grave")} required>
                  {(p) => (
                    <select {...p} defaultValue="" data-testid="handover-burial">
                      <option value="" disabled>
                        {t("handover.choose_grave")}
                      </option>
                      {graves.map((g) => (
                        <option key={g.burialId} value={g.burialId}>
                          {g.name} — {g.cemetery}, {placeText(t, { ...g, number: g.place })}
                        </option>
                      ))}
                    </select>
                  )}
                </Field>
              )}
            </fieldset>
            <fieldset className="fieldset">
              <legend>{t("handover.recipient")}</legend>
              <PhoneField
                field={fields.recipientPhone}
                label={t("handover.recipient_phone")}
                hint={t("handover.recipient_phone_hint")}
                required
                data-testid="handover-phone"
              />
              <TextField field={fields.recipientSurname} label={t("handover.surname")} required autoComplete="off" />
              <TextField field={fields.recipientName} label={t("handover.name")} required autoComplete="off" />
              <TextField field={fields.recipientPatronymic} label={t("handover.patronymic")} autoComplete="off" />
              <Field field={fields.relation} label={t("handover.relation_label")} required>
                {(p) => (
                  <select {...p} defaultValue="" data-testid="handover-relation">
                    <option value="" disabled>
                      —
                    </option>
                    {HANDOVER_RELATIONS.map((r) => (
                      <option key={r} value={r}>
                        {t(`handover.relation.${r}`)}
                      </option>
                    ))}
                  </select>
                )}
              </Field>
            </fieldset>
            <Field field={fields.comment} label={t("handover.comment")}>
              {(p) => <textarea {...p} rows={3} />}
            </Field>
            <DropZone
              field={fields.kinshipIds}
              label={t("handover.kinship_files")}
              hint={t("handover.kinship_files_hint")}
              value={kinship}
              onChange={setKinship}
              onBusyChange={setUploading}
              config={{ params: { purpose: "document" }, maxFiles: 5, multiple: true }}
            />
            <DropZone
              field={fields.otherIds}
              label={t("handover.other_files")}
              hint={t("handover.other_files_hint")}
              value={other}
              onChange={setOther}
              onBusyChange={setUploading}
              config={{ params: { purpose: "document" }, maxFiles: 5, multiple: true }}
            />
            <PrivacyNote />
            <button type="submit" className="button" disabled={busy || uploading} data-testid="handover-send">
              <Icon name="users" /> {t("handover.send")}
            </button>
          </Form>
        </>
      )}
    </section>
  );
}
