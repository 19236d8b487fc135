import { useRef, useState } from "react";
import { Form, Link, useLocation, useNavigation } from "react-router";
import type { TAppeal } from "../../../common/appeal-schemas.ts";
import { APPEAL_LANGUAGES, APPEAL_LIMITS, APPEAL_TERMS, APPEAL_TYPES } from "../../../common/appeals.ts";
import type { TUploadFile } from "../../../common/api-types.ts";
import { formatDate } from "../../../common/i18n.ts";
import { parseId } from "../../../common/schemas.ts";
import { FieldMessage } from "../../components/field-message.tsx";
import { Field, FormError, NamedOptions, PrivacyNote, TextField } from "../../components/form.tsx";
import { Icon } from "../../components/icon.tsx";
import { LazyDropZone as DropZone } from "../../components/lazy-drop-zone.tsx";
import { appealArea, appealPages, appealReceiptUrl } from "../../lib/appeal-area.ts";
import { CREATED_PARAM, createAppealAction } from "../../lib/appeal-create.server.ts";
import { type TFormReply, useSchemaForm } from "../../lib/form.ts";
import { useT } from "../../lib/hooks.ts";
import { orPageError } from "../../lib/page-ids.server.ts";
import { requestContext } from "../../lib/request-context.ts";
import type { Route } from "./+types/appeal-create";

export function meta({ location }: Route.MetaArgs) {
  const kk = location.pathname.startsWith("/kk");
  return [{ title: kk ? "Жаңа өтініш" : "Новое обращение" }];
}

/**
 * The addressees (the platform's akimats) and the cemeteries an appeal may be about; the akimat
 * chosen in advance: `?akimat=<id>`, else the one of `?cemetery=<id>`'s city, else the only one.
 * With `?created=<id>`, the registered appeal for its confirmation instead of the form.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { api } = context.get(requestContext);
  const params = new URL(request.url).searchParams;
  const createdId = parseId(params.get(CREATED_PARAM));
  if (createdId) {
    const created = await orPageError(request, () => api.get("/appeals/:id", { params: { id: createdId } }));
    return { created, akimats: [], cemeteries: [], preset: null, now: new Date().toISOString() };
  }
  const [{ items: akimats }, { items: cemeteries }] = await Promise.all([
    api.get("/public/akimats"),
    api.get("/cemeteries"),
  ]);
  const cemeteryId = parseId(params.get("cemetery"));
  const cemetery = cemeteries.find((c) => c.id === cemeteryId);
  const asked = parseId(params.get("akimat"));
  const akimatId =
    akimats.find((a) => a.id === asked)?.id ??
    (cemetery ? akimats.find((a) => a.city === cemetery.city)?.id : undefined) ??
    (akimats.length === 1 ? akimats[0]?.id : undefined);
  return {
    created: null,
    akimats: akimats.map((a) => ({ id: a.id, name: a.name, city: a.city })),
    cemeteries: cemeteries.map((c) => ({ id: c.id, name: c.name, city: c.city })),
    preset: { akimatId: akimatId ?? null, cemeteryId: cemetery?.id ?? null },
    now: new Date().toISOString(),
  };
}

export async function action({ context, request }: Route.ActionArgs) {
  return createAppealAction(request, context.get(requestContext));
}

/**
 * `/client/goverment/create` and `/supplier/goverment/create`: the appeal's kind (radio cards with
 * their explanations, the statement first), the addressee akimat, the cemetery it is about, a
 * subject, the text (3,500 characters, counted as typed), up to 5 files (PDF, JPEG, PNG; 10 MB),
 * the language of the answer (the page's by default). Registered, the page shows the number, the
 * date and time, the receiving body, the due day and the receipt.
 */
export default function AppealCreate({ loaderData, actionData }: Route.ComponentProps) {
  const { created } = loaderData;
  return created ? (
    <AppealCreated appeal={created} now={loaderData.now} />
  ) : (
    <AppealForm data={loaderData} reply={actionData?.form} />
  );
}

type TLoaded = Route.ComponentProps["loaderData"];

function AppealForm({ data, reply }: { data: TLoaded; reply: TFormReply | undefined }) {
  const { t, to, locale } = useT();
  const pages = appealPages(appealArea(useLocation().pathname));
  const { form, fields } = useSchemaForm("ZAppealCreate", {
    id: "ap",
    lastResult: reply,
    defaultValue: {
      type: "statement",
      akimatId: data.preset?.akimatId ?? undefined,
      cemeteryId: data.preset?.cemeteryId ?? undefined,
      language: locale,
    },
  });
  const [files, setFiles] = useState<TUploadFile[]>([]);
  const [isUploading, setUploading] = useState(false);
  const [length, setLength] = useState(fields.text.defaultValue?.length ?? 0);
  const akimatRef = useRef<HTMLSelectElement>(null);
  const busy = useNavigation().state !== "idle";
  const typeValue = fields.type.defaultValue ?? "statement";
  const languageValue = fields.language.defaultValue ?? locale;

  /** A cemetery chosen while no akimat is: its city's akimat is suggested (it can be changed). */
  const suggestAkimat = (cemeteryId: string) => {
    const select = akimatRef.current;
    const city = data.cemeteries.find((c) => String(c.id) === cemeteryId)?.city;
    const akimat = city ? data.akimats.find((a) => a.city === city) : undefined;
    if (select && select.value === "" && akimat) select.value = String(akimat.id);
  };

  return (
    <section aria-labelledby="appeal-create-title" className="appeal-page">
      <p>
        <Link to={to(pages.list)}>← {t("appeals_screen.create.back")}</Link>
      </p>
      <h1 id="appeal-create-title">{t("appeals_screen.create.title")}</h1>
      <p className="lead">{t("appeals_screen.create.lead", { days: APPEAL_TERMS.answerWorkingDays })}</p>
      <Form method="post" className="form card appeal-form" data-testid="appeal-form" {...form.props}>
        <FormError form={form} />
        <fieldset
          className="fieldset choice appeal-types-choice"
          aria-describedby={fields.type.errors ? fields.type.errorId : undefined}
          data-testid="appeal-type"
        >
          <legend className="field__label">{t("appeals_screen.create.type")}</legend>
          {APPEAL_TYPES.map((type) => (
            <label key={type} className="choice__option">
              <input
                type="radio"
                name={fields.type.name}
                value={type}
                defaultChecked={typeValue === type}
                data-testid={`appeal-type-${type}`}
              />
              <span>
                <strong>{t(`appeal.type.${type}`)}</strong>
                <small>{t(`appeal.type_hint.${type}`)}</small>
              </span>
            </label>
          ))}
          <FieldMessage field={fields.type} />
        </fieldset>
        <Field
          field={fields.akimatId}
          label={t("appeals_screen.create.akimat")}
          hint={t("appeals_screen.create.akimat_hint")}
          required
        >
          {(p) => (
            <select {...p} ref={akimatRef} data-testid="appeal-akimat">
              <option value="">{t("appeals_screen.create.akimat_choose")}</option>
              <NamedOptions items={data.akimats} />
            </select>
          )}
        </Field>
        <Field field={fields.cemeteryId} label={t("appeals_screen.create.cemetery")}>
          {(p) => (
            <select {...p} onChange={(e) => suggestAkimat(e.currentTarget.value)} data-testid="appeal-cemetery">
              <option value="">{t("appeals_screen.create.cemetery_none")}</option>
              <NamedOptions items={data.cemeteries} />
            </select>
          )}
        </Field>
        <TextField
          field={fields.subject}
          label={t("appeals_screen.create.subject")}
          hint={t("appeals_screen.create.subject_hint")}
          maxLength={200}
          data-testid="appeal-subject"
        />
        <Field
          field={fields.text}
          label={t("appeals_screen.create.text")}
          hint={t("appeals_screen.create.text_hint")}
          required
        >
          {(p) => (
            <>
              <textarea
                {...p}
                rows={8}
                maxLength={APPEAL_LIMITS.textMax}
                onInput={(e) => setLength(e.currentTarget.value.length)}
                data-testid="appeal-text"
              />
              <p className="field__hint appeal-counter" aria-live="polite" data-testid="appeal-counter">
                {t("appeals_screen.create.counter", { n: length, max: APPEAL_LIMITS.textMax })}
              </p>
            </>
          )}
        </Field>
        <DropZone
          field={fields.attachmentIds}
          label={t("appeals_screen.create.files")}
          hint={t("appeals_screen.create.files_hint", { max: APPEAL_LIMITS.filesMax })}
          value={files}
          onChange={setFiles}
          onBusyChange={setUploading}
          config={{
            params: { purpose: "document" },
            acceptedFiles: [...APPEAL_LIMITS.fileTypes],
            maxFileSize: APPEAL_LIMITS.fileBytesMax,
            maxFiles: APPEAL_LIMITS.filesMax,
            multiple: true,
          }}
        />
        <fieldset className="fieldset choice appeal-language" data-testid="appeal-language">
          <legend className="field__label">{t("appeals_screen.create.language")}</legend>
          {APPEAL_LANGUAGES.map((lang) => (
            <label key={lang} className="choice__option">
              <input
                type="radio"
                name={fields.language.name}
                value={lang}
                defaultChecked={languageValue === lang}
                aria-describedby="ap-language-hint"
              />
              <span>{t(`lang.name.${lang}`)}</span>
            </label>
          ))}
          <p className="field__hint" id="ap-language-hint">
            {t("appeals_screen.create.language_hint")}
          </p>
          <FieldMessage field={fields.language} />
        </fieldset>
        <PrivacyNote />
        <button type="submit" className="button" disabled={busy || isUploading} data-testid="appeal-submit">
          <Icon name="check" /> {t("appeals_screen.create.submit")}
        </button>
      </Form>
    </section>
  );
}

/** The confirmation: the registration's number, date and time, the receiving body, the due day, the receipt, the SMS. */
function AppealCreated({ appeal: a, now }: { appeal: TAppeal; now: string }) {
  const { t, to, locale } = useT();
  const pages = appealPages(appealArea(useLocation().pathname));
  // Sent after hours or on a day off: registered as the next working day opens (APPK art. 64).
  const isDeferred = a.registeredAt > now;
  return (
    <section aria-labelledby="appeal-done-title" className="appeal-page">
      <div className="card appeal-done" data-testid="appeal-created" role="status">
        <h1 id="appeal-done-title" className="appeal-done__title">
          <Icon name="check" size={28} /> {t("appeals_screen.done.title")}
        </h1>
        <dl className="facts facts--stacked appeal-done__facts">
          <dt>{t("appeals_screen.done.number")}</dt>
          <dd className="appeal-done__number" data-testid="appeal-number">
            {a.number}
          </dd>
          <dt>{t("appeals_screen.done.registered_at")}</dt>
          <dd>{formatDate(locale, a.registeredAt, true)}</dd>
          <dt>{t("appeals_screen.done.body")}</dt>
          <dd>{a.akimat.name}</dd>
          <dt>{t("appeals_screen.done.due")}</dt>
          <dd data-testid="appeal-due">{formatDate(locale, a.countdown.dueDay)}</dd>
        </dl>
        {isDeferred ? <p className="alert">{t("appeals_screen.done.deferred")}</p> : null}
        <p>
          <Icon name="phone" size={18} /> {t("appeals_screen.done.sms")}
        </p>
        <p className="card__actions">
          <a className="button button--ghost" href={appealReceiptUrl(a.id)} data-testid="appeal-receipt">
            <Icon name="file" /> {t("appeals_screen.done.receipt")}
          </a>
          <Link className="button" to={to(pages.item(a.id))} data-testid="appeal-open">
            {t("appeals_screen.done.open")}
          </Link>
          <Link className="button button--ghost" to={to(pages.list)} data-testid="appeals-all">
            {t("appeals_screen.create.back")}
          </Link>
          <Link className="button button--ghost" to={to(pages.create)}>
            <Icon name="plus" /> {t("appeals_screen.done.another")}
          </Link>
        </p>
      </div>
    </section>
  );
}
