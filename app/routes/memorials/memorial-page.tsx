import { useState } from "react";
import { Form, Link, useLocation, useNavigation } from "react-router";
import type { TUploadFile } from "../../../common/api-types.ts";
import { formatDate } from "../../../common/i18n.ts";
import type { TMemorialByCode, TMemorialPage, TTributeShown } from "../../../common/memorial-schemas.ts";
import {
  isMemorialCode,
  SUGGESTION_KINDS,
  SUGGESTION_TEXT_MAX,
  TRIBUTE_KINDS,
  TRIBUTE_TEXT_MAX,
} from "../../../common/memorials.ts";
import { fullName } from "../../../common/person.ts";
import { FieldMessage } from "../../components/field-message.tsx";
import { Field, FormError } from "../../components/form.tsx";
import { Icon } from "../../components/icon.tsx";
import { LazyDropZone as DropZone } from "../../components/lazy-drop-zone.tsx";
import { RichText } from "../../components/rich-text.tsx";
import { formMessage, type TFormReply, useSchemaForm } from "../../lib/form.ts";
import { str, submitAction, submitForm } from "../../lib/form.server.ts";
import { useT } from "../../lib/hooks.ts";
import { notFound, orPageError, pageId } from "../../lib/page-ids.server.ts";
import { requestContext } from "../../lib/request-context.ts";
import type { Route } from "./+types/memorial-page";

/**
 * A memorial's page, for two entries of the route table: `/memorial/:id` (public memorials only:
 * anything else is the same 404 as a missing id) and `/m/:code` (its permanent short address: public
 * and by-link memorials; a private one shows "request access" and nothing about the person).
 */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  const { api, me } = context.get(requestContext);
  const origin = (process.env.PUBLIC_URL ?? new URL(request.url).origin).replace(/\/$/, "");
  let memorial: TMemorialByCode;
  if (params.code !== undefined) {
    if (!isMemorialCode(params.code)) notFound(request);
    const code = params.code;
    memorial = await orPageError(request, () => api.get("/memorials/code/:code", { params: { code } }));
  } else {
    const id = pageId(params.id, request);
    memorial = await orPageError(request, () => api.get("/memorials/public/:id", { params: { id } }));
  }
  return { memorial, origin, isSignedIn: me !== null };
}

const years = (p: TMemorialPage["person"]) =>
  `${p.birthYear ?? (p.birthDate ? p.birthDate.slice(0, 4) : "?")} – ${p.deathYear ?? (p.deathDate ? p.deathDate.slice(0, 4) : "?")}`;

/**
 * Only a public memorial that is not hidden from search engines is described to them and to link
 * previews (`og:`); every other one says `noindex` and carries no preview of its content.
 */
export function meta({ loaderData, location }: Route.MetaArgs) {
  const kk = location.pathname.startsWith("/kk");
  if (!loaderData) return [];
  const m = loaderData.memorial;
  if (m.access === "private") {
    return [{ title: kk ? "Жабық еске алу беті" : "Закрытая страница памяти" }, { name: "robots", content: "noindex" }];
  }
  const title = `${fullName(m.person)} (${years(m.person)})`;
  if (!m.isIndexable) return [{ title }, { name: "robots", content: "noindex" }];
  const description = m.epitaph.value || title;
  return [
    { title },
    { name: "description", content: description },
    { property: "og:type", content: "profile" },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    ...(m.portrait ? [{ property: "og:image", content: `${loaderData.origin}${m.portrait.url}` }] : []),
  ];
}

/** What the page's forms answer: which form, whether it was done, its form's answer. */
type TReply = { intent: string; id: number | null; done: boolean; form: TFormReply };

export async function action({ context, params, request }: Route.ActionArgs) {
  const rc = context.get(requestContext);
  // By its code (any memorial the visitor can see), or by its id (public ones only).
  const code = params.code;
  if (code !== undefined && !isMemorialCode(code)) return notFound(request);
  const id = code === undefined ? pageId(params.id, request) : 0;
  const form = await request.formData();
  const intent = str(form, "intent");
  const reply = (sent: { ok: boolean; reply: unknown }, id: number | null = null): TReply =>
    sent.ok
      ? { intent, id, done: true, form: (sent.reply as (o: { resetForm: boolean }) => TFormReply)({ resetForm: true }) }
      : { intent, id, done: false, form: sent.reply as TFormReply };
  if (intent === "tribute") {
    return reply(
      await submitForm(form, "ZTributeCreate", rc.locale, (body) =>
        code === undefined
          ? rc.api.post("/memorials/public/:id/tributes", { params: { id }, body })
          : rc.api.post("/memorials/code/:code/tributes", { params: { code }, body }),
      ),
    );
  }
  if (intent === "suggest") {
    return reply(
      await submitForm(form, "ZSuggestionCreate", rc.locale, (body) =>
        code === undefined
          ? rc.api.post("/memorials/public/:id/suggestions", { params: { id }, body })
          : rc.api.post("/memorials/code/:code/suggestions", { params: { code }, body }),
      ),
    );
  }
  if (intent === "access" && code !== undefined) {
    return reply(
      await submitForm(form, "ZAccessRequestCreate", rc.locale, (body) =>
        rc.api.post("/memorials/code/:code/access", { params: { code }, body }),
      ),
    );
  }
  if (intent === "report") {
    const tributeId = pageId(str(form, "tributeId"), request);
    return reply(
      await submitAction(() =>
        code === undefined
          ? rc.api.post("/memorial-tributes/:id/moves/:move", { params: { id: tributeId, move: "report" }, body: {} })
          : rc.api.post("/memorials/code/:code/tributes/:tributeId/report", { params: { code, tributeId }, body: {} }),
      ),
      tributeId,
    );
  }
  return notFound(request);
}

const isReply = (a: unknown): a is TReply => typeof a === "object" && a !== null && "intent" in a && "form" in a;

export default function MemorialPage({ loaderData, actionData }: Route.ComponentProps) {
  const { memorial } = loaderData;
  const answer = isReply(actionData) ? actionData : null;
  if (memorial.access === "private") return <PrivateMemorial m={memorial} answer={answer} />;
  return <OpenMemorial m={memorial} answer={answer} />;
}

function SignInLink({ label }: { label: string }) {
  const { to } = useT();
  const location = useLocation();
  const next = encodeURIComponent(`${location.pathname}${location.search}`);
  return (
    <Link className="button" to={`${to("/login")}?next=${next}`} data-testid="memorial-sign-in">
      <Icon name="user" /> {label}
    </Link>
  );
}

/** A private memorial's code: that it is private, and how to ask its family for access. */
function PrivateMemorial({ m, answer }: { m: Extract<TMemorialByCode, { access: "private" }>; answer: TReply | null }) {
  const { t } = useT();
  const mine = answer?.intent === "access" ? answer : null;
  const { form, fields } = useSchemaForm("ZAccessRequestCreate", {
    id: "acc",
    lastResult: mine?.done ? undefined : mine?.form,
  });
  const busy = useNavigation().state !== "idle";
  return (
    <section className="prose-page stack memorial-private" aria-labelledby="mp-title" data-testid="memorial-private">
      <h1 id="mp-title">
        <Icon name="shield" /> {t("memorial.private.title")}
      </h1>
      <p>{t("memorial.private.lead")}</p>
      {!m.isSignedIn ? (
        <SignInLink label={t("memorial.private.sign_in")} />
      ) : m.requested || mine?.done ? (
        <p className="note" role="status" data-testid="access-waiting">
          <Icon name="clock" /> {t("memorial.private.waiting")}
        </p>
      ) : (
        <Form method="post" className="form stack" {...form.props} data-testid="access-form">
          <input type="hidden" name="intent" value="access" />
          <FormError form={form} />
          <Field field={fields.message} label={t("memorial.private.message")} hint={t("memorial.private.message_hint")}>
            {(p) => <textarea {...p} rows={3} maxLength={500} />}
          </Field>
          <button type="submit" className="button" disabled={busy} data-testid="access-submit">
            <Icon name="mail" /> {t("memorial.private.ask")}
          </button>
        </Form>
      )}
    </section>
  );
}

/** Each kind's mark: plain text symbols every phone's fonts have. */
const KIND_MARK: Record<TTributeShown["kind"], string> = { flower: "✿", candle: "✧", message: "✉" };

function OpenMemorial({ m, answer }: { m: TMemorialPage; answer: TReply | null }) {
  const { t, to, locale } = useT();
  const p = m.person;
  const lifeDates =
    p.birthDate || p.deathDate
      ? `${p.birthDate ? formatDate(locale, p.birthDate) : "?"} – ${p.deathDate ? formatDate(locale, p.deathDate) : "?"}`
      : years(p);
  return (
    <article className="prose-page memorial stack" aria-labelledby="memorial-title" data-testid="memorial-page">
      {m.canManage ? (
        <p>
          <Link
            className="button button--ghost button--small"
            to={to(`/client/memorial/${m.id}`)}
            data-testid="memorial-manage-link"
          >
            <Icon name="pencil" /> {t("memorial.manage")}
          </Link>
        </p>
      ) : null}
      <header className="memorial__head">
        {m.portrait ? <img className="memorial__portrait" src={m.portrait.url} alt={fullName(p)} /> : null}
        <div>
          <h1 id="memorial-title">{fullName(p)}</h1>
          <p className="memorial__dates">{lifeDates}</p>
          {m.epitaph.value ? (
            <p className="memorial__epitaph" lang={m.epitaph.lang} data-testid="memorial-epitaph">
              {m.epitaph.value}
            </p>
          ) : null}
        </div>
      </header>
      {m.biography.value ? (
        <section aria-labelledby="bio-title">
          <h2 id="bio-title">{t("memorial.biography")}</h2>
          <div lang={m.biography.lang}>
            <RichText html={m.biography.value} />
          </div>
        </section>
      ) : null}
      {m.achievements.items.length ? (
        <section aria-labelledby="ach-title">
          <h2 id="ach-title">{t("memorial.achievements")}</h2>
          <ul lang={m.achievements.lang}>
            {m.achievements.items.map((a) => (
              <li key={a}>{a}</li>
            ))}
          </ul>
        </section>
      ) : null}
      {m.photos.length ? (
        <section aria-labelledby="gal-title">
          <h2 id="gal-title">{t("memorial.gallery")}</h2>
          <ul className="memorial__gallery">
            {m.photos.map((ph) => (
              <li key={ph.id}>
                <a href={ph.url} target="_blank" rel="noopener noreferrer">
                  <img src={ph.url} alt={ph.name} loading="lazy" />
                </a>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {m.videos.length ? (
        <section aria-labelledby="vid-title">
          <h2 id="vid-title">{t("memorial.videos")}</h2>
          <ul>
            {m.videos.map((v) => (
              // Shown as a plain link with its host: a third-party player is never embedded.
              <li key={v.url}>
                <a href={v.url} target="_blank" rel="noopener noreferrer nofollow ugc">
                  {v.host || v.url}
                </a>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <section aria-labelledby="grave-title" className="card">
        <h2 id="grave-title">{t("memorial.grave")}</h2>
        <p>
          {m.grave.cemetery} · {t("search.sector")} {m.grave.sector}, {t("search.row").toLowerCase()} {m.grave.row},{" "}
          {t("search.place").toLowerCase()} {m.grave.place}
        </p>
        <Link to={to(`/search?grave=${m.grave.burialId}`)} data-testid="memorial-grave-link">
          <Icon name="map-pin" /> {t("memorial.grave_card")}
        </Link>
      </section>
      <Tributes m={m} answer={answer} />
      {m.isSignedIn ? <SuggestForm answer={answer} /> : null}
    </article>
  );
}

function Tributes({ m, answer }: { m: TMemorialPage; answer: TReply | null }) {
  const { t, locale } = useT();
  const busy = useNavigation().state !== "idle";
  const reported = answer?.intent === "report" ? answer : null;
  const item = (x: TTributeShown, waiting: boolean) => (
    <li key={x.id} className={`tribute tribute--${x.kind}`} data-testid={waiting ? "tribute-waiting" : "tribute"}>
      <span className="tribute__mark" aria-hidden="true">
        {KIND_MARK[x.kind]}
      </span>
      <div className="tribute__body">
        <p className="tribute__head">
          <strong>{t(`tribute.kind.${x.kind}`)}</strong> · {x.author} ·{" "}
          <time dateTime={x.createdAt}>{formatDate(locale, x.createdAt)}</time>
          {waiting ? <span className="badge badge--wait"> {t("tribute.waiting")}</span> : null}
        </p>
        {x.text ? <p className="tribute__text">{x.text}</p> : null}
        {!waiting && m.isSignedIn && !m.reported.includes(x.id) ? (
          reported?.id === x.id && reported.done ? (
            <p className="muted" role="status">
              {t("tribute.reported")}
            </p>
          ) : (
            <Form method="post" className="inline-form">
              <input type="hidden" name="intent" value="report" />
              <input type="hidden" name="tributeId" value={x.id} />
              <button
                type="submit"
                className="button button--ghost button--small"
                disabled={busy}
                data-testid="tribute-report"
              >
                <Icon name="alert" /> {t("tribute.report")}
              </button>
              {reported?.id === x.id && !reported.done ? (
                <span className="field__error" role="alert">
                  {formMessage(reported.form)}
                </span>
              ) : null}
            </Form>
          )
        ) : null}
      </div>
    </li>
  );
  return (
    <section aria-labelledby="tr-title" className="stack" data-testid="tributes">
      <h2 id="tr-title">{t("tribute.title")}</h2>
      {m.tributes.length === 0 && m.waiting.length === 0 ? <p className="muted">{t("tribute.empty")}</p> : null}
      <ul className="tributes">
        {m.waiting.map((x) => item(x, true))}
        {m.tributes.map((x) => item(x, false))}
      </ul>
      {m.isSignedIn ? <TributeForm answer={answer} /> : <SignInLink label={t("tribute.sign_in")} />}
    </section>
  );
}

function TributeForm({ answer }: { answer: TReply | null }) {
  const { t } = useT();
  const mine = answer?.intent === "tribute" ? answer : null;
  const { form, fields } = useSchemaForm("ZTributeCreate", {
    id: "tr",
    lastResult: mine?.done ? undefined : mine?.form,
    defaultValue: { kind: "candle" },
  });
  const busy = useNavigation().state !== "idle";
  return (
    <Form method="post" className="form stack card" {...form.props} data-testid="tribute-form">
      <h3>{t("tribute.leave")}</h3>
      {mine?.done ? (
        <p className="alert alert--success" role="status" data-testid="tribute-sent">
          <Icon name="check" /> {t("tribute.sent")}
        </p>
      ) : null}
      <input type="hidden" name="intent" value="tribute" />
      <FormError form={form} />
      <fieldset className="field">
        <legend className="field__label">{t("tribute.kind_label")}</legend>
        <div className="choice choice--row">
          {TRIBUTE_KINDS.map((k) => (
            <label key={k} className="choice__option">
              <input
                type="radio"
                name={fields.kind.name}
                value={k}
                defaultChecked={(fields.kind.defaultValue ?? "candle") === k}
                data-testid={`tribute-kind-${k}`}
              />{" "}
              <span aria-hidden="true">{KIND_MARK[k]}</span> {t(`tribute.kind.${k}`)}
            </label>
          ))}
        </div>
        <FieldMessage field={fields.kind} />
      </fieldset>
      <Field field={fields.text} label={t("tribute.text")} hint={t("tribute.text_hint")}>
        {(p) => <textarea {...p} rows={3} maxLength={TRIBUTE_TEXT_MAX} data-testid="tribute-text" />}
      </Field>
      <button type="submit" className="button" disabled={busy} data-testid="tribute-submit">
        <Icon name="check" /> {t("tribute.submit")}
      </button>
    </Form>
  );
}

/** A visitor suggests a photo or a correction to the family (folded). */
function SuggestForm({ answer }: { answer: TReply | null }) {
  const { t } = useT();
  const mine = answer?.intent === "suggest" ? answer : null;
  const { form, fields } = useSchemaForm("ZSuggestionCreate", {
    id: "sg",
    lastResult: mine?.done ? undefined : mine?.form,
    defaultValue: { kind: "correction" },
  });
  const busy = useNavigation().state !== "idle";
  const [files, setFiles] = useState<TUploadFile[]>([]);
  const [uploading, setUploading] = useState(false);
  return (
    <details className="card" open={mine !== null}>
      <summary className="button button--ghost">{t("memorial.suggest.title")}</summary>
      {mine?.done ? (
        <p className="alert alert--success" role="status">
          <Icon name="check" /> {t("memorial.suggest.sent")}
        </p>
      ) : null}
      <Form method="post" className="form stack" {...form.props}>
        <input type="hidden" name="intent" value="suggest" />
        <FormError form={form} />
        <p className="muted">{t("memorial.suggest.lead")}</p>
        <Field field={fields.kind} label={t("memorial.suggest.kind")}>
          {(p) => (
            <select {...p}>
              {SUGGESTION_KINDS.map((k) => (
                <option key={k} value={k}>
                  {t(`memorial.suggest.kind_${k}`)}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field field={fields.text} label={t("memorial.suggest.text")}>
          {(p) => <textarea {...p} rows={3} maxLength={SUGGESTION_TEXT_MAX} />}
        </Field>
        <DropZone
          field={fields.photoIds}
          label={t("memorial.suggest.photo")}
          value={files}
          onChange={setFiles}
          onBusyChange={setUploading}
          config={{
            params: { purpose: "photo" },
            acceptedFiles: ["image/jpeg", "image/png", "image/webp"],
            maxFileSize: 10_000_000,
            maxFiles: 5,
            multiple: true,
          }}
        />
        <button type="submit" className="button" disabled={busy || uploading}>
          <Icon name="mail" /> {t("memorial.suggest.submit")}
        </button>
      </Form>
    </details>
  );
}
