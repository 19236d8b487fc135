import { useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import type { TUploadFile } from "../../../common/api-types.ts";
import { formatDate } from "../../../common/i18n.ts";
import type { TMemorialManage } from "../../../common/memorial-schemas.ts";
import {
  ACCESS_MOVE_FORMS,
  type AccessMove,
  MEMBER_ROLES,
  MEMORIAL_PHOTOS_MAX,
  SUGGESTION_MOVE_FORMS,
  type SuggestionMove,
  TRIBUTE_MOVE_FORMS,
  type TributeMove,
} from "../../../common/memorials.ts";
import { fullName } from "../../../common/person.ts";
import { FieldMessage } from "../../components/field-message.tsx";
import { Field, FormError, PhoneField } from "../../components/form.tsx";
import { Icon } from "../../components/icon.tsx";
import { QrPlaqueBody } from "../../components/qr-plaque-body.tsx";
import { LazyDropZone as DropZone } from "../../components/lazy-drop-zone.tsx";
import { linesOf, MemorialContentFields } from "../../components/memorial-content.tsx";
import { MoveForms, type TMoveReply } from "../../components/move-forms.tsx";
import { formMessage, type TFormReply, useSchemaForm } from "../../lib/form.ts";
import { str, submitAction, submitForm } from "../../lib/form.server.ts";
import { useT } from "../../lib/hooks.ts";
import { moveAction } from "../../lib/moves.server.ts";
import { notFound, orPageError, pageId } from "../../lib/page-ids.server.ts";
import { requestContext } from "../../lib/request-context.ts";
import type { Route } from "./+types/memorial-manage";

export function meta({ location }: Route.MetaArgs) {
  return [{ title: location.pathname.startsWith("/kk") ? "Еске алу бетін басқару" : "Страница памяти: управление" }];
}

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const { api, publicUrl } = context.get(requestContext);
  const id = pageId(params.id, request);
  const memorial = await orPageError(request, () => api.get("/memorials/:id/manage", { params: { id } }));
  const url = new URL(request.url);
  // The permanent short address in full, as its QR code holds it (the configured public origin).
  const origin = publicUrl;
  return { memorial, origin, created: url.searchParams.get("created") === "1" };
}

const TRIBUTE_MOVES: readonly TributeMove[] = ["approve", "hide"];
const SUGGESTION_MOVES: readonly SuggestionMove[] = ["accept", "decline"];
const ACCESS_MOVES: readonly AccessMove[] = ["grant", "decline"];

/** What the page's own forms (not the moves) answer. */
type TReply = { intent: string; id: number | string | null; done: boolean; form: TFormReply };

export async function action({ context, params, request }: Route.ActionArgs) {
  const rc = context.get(requestContext);
  const id = pageId(params.id, request);
  const form = await request.formData();
  const of = str(form, "of");
  if (of === "tribute") {
    return moveAction(request, rc.locale, {
      form,
      of,
      forms: TRIBUTE_MOVE_FORMS,
      moves: TRIBUTE_MOVES,
      send: (move, body, tid) => rc.api.post("/memorial-tributes/:id/moves/:move", { params: { id: tid, move }, body }),
    });
  }
  if (of === "suggestion") {
    return moveAction(request, rc.locale, {
      form,
      of,
      forms: SUGGESTION_MOVE_FORMS,
      moves: SUGGESTION_MOVES,
      send: (move, body, sid) =>
        rc.api.post("/memorial-suggestions/:id/moves/:move", { params: { id: sid, move }, body }),
    });
  }
  if (of === "access") {
    return moveAction(request, rc.locale, {
      form,
      of,
      forms: ACCESS_MOVE_FORMS,
      moves: ACCESS_MOVES,
      send: (move, body, aid) => rc.api.post("/memorial-access/:id/moves/:move", { params: { id: aid, move }, body }),
    });
  }
  const intent = str(form, "intent");
  const done = (sent: { ok: true; reply: (o?: { resetForm?: boolean }) => TFormReply }, target: TReply["id"] = null) =>
    ({ intent, id: target, done: true, form: sent.reply({ resetForm: intent !== "update" }) }) satisfies TReply;
  const refused = (sent: { status: number; reply: TFormReply }, target: TReply["id"] = null) =>
    ({ intent, id: target, done: false, form: sent.reply }) satisfies TReply;
  if (intent === "update") {
    const sent = await submitForm(form, "ZMemorialUpdate", rc.locale, (body) =>
      rc.api.put("/memorials/:id", { params: { id }, body }),
    );
    return sent.ok ? done(sent) : refused(sent);
  }
  if (intent === "photos") {
    const sent = await submitForm(form, "ZMemorialPhotos", rc.locale, (body) =>
      rc.api.post("/memorials/:id/photos", { params: { id }, body }),
    );
    return sent.ok ? done(sent) : refused(sent);
  }
  if (intent === "remove-photo") {
    const photoId = str(form, "photoId");
    const sent = await submitAction(() =>
      rc.api.post("/memorials/:id/photos/remove", { params: { id }, body: { photoId } }),
    );
    return sent.ok ? done(sent, photoId) : refused(sent, photoId);
  }
  if (intent === "invite") {
    const sent = await submitForm(form, "ZMemorialInvite", rc.locale, (body) =>
      rc.api.post("/memorials/:id/members", { params: { id }, body }),
    );
    return sent.ok ? done(sent) : refused(sent);
  }
  if (intent === "remove-member") {
    const memberId = pageId(str(form, "memberId"), request);
    const sent = await submitAction(() =>
      rc.api.delete("/memorials/:id/members/:memberId", { params: { id, memberId } }),
    );
    return sent.ok ? done(sent, memberId) : refused(sent, memberId);
  }
  return notFound(request);
}

const isReply = (a: unknown): a is TReply => typeof a === "object" && a !== null && "intent" in a && "form" in a;
const isMove = (a: unknown): a is TMoveReply => typeof a === "object" && a !== null && "move" in a;

/**
 * `/client/memorial/:id`: the memorial's managers read and decide its queues (tributes, suggestions,
 * access requests), edit its content, gallery and portrait; its owners also who sees it and who
 * helps. The short address is shown to copy (its QR code is the product's own, elsewhere).
 */
export default function MemorialManage({ loaderData, actionData }: Route.ComponentProps) {
  const { t, to, locale } = useT();
  const { memorial: m, origin, created } = loaderData;
  const reply = isReply(actionData) ? actionData : null;
  const move = isMove(actionData) ? actionData : null;
  const pendingTributes = m.tributes.filter((x) => x.status === "pending").length;
  return (
    <section className="stack" aria-labelledby="mm-title" data-testid="memorial-manage">
      <p>
        <Link to={to("/client/memorial")}>← {t("memorial_nav.client")}</Link>
      </p>
      <div className="page-head">
        <h1 id="mm-title">{fullName(m.person)}</h1>
        <span
          className={`badge ${m.visibility === "public" ? "badge--ok" : "badge--neutral"}`}
          data-testid="memorial-visibility-badge"
        >
          {t(`memorial.visibility.${m.visibility}`)}
        </span>
      </div>
      {created ? (
        <p className="alert alert--success" role="status" data-testid="memorial-created">
          <Icon name="check" /> {t("memorial_manage.created")}
        </p>
      ) : null}
      <ShortAddress m={m} origin={origin} />
      <section className="card stack" aria-labelledby="q-title">
        <h2 id="q-title">
          {t("memorial_manage.tributes")}{" "}
          {pendingTributes ? <span className="badge badge--wait">{pendingTributes}</span> : null}
        </h2>
        {m.tributes.length === 0 ? <p className="muted">{t("memorial_manage.no_tributes")}</p> : null}
        <ul className="cards" data-testid="tribute-queue">
          {m.tributes.map((x) => (
            <li key={x.id} className="card" data-testid={`queued-tribute-${x.id}`}>
              <p>
                <strong>{t(`tribute.kind.${x.kind}`)}</strong> · {x.author} · {formatDate(locale, x.createdAt)}{" "}
                <span
                  className={`badge ${x.status === "shown" ? "badge--ok" : x.status === "pending" ? "badge--wait" : "badge--neutral"}`}
                >
                  {t(`tribute.status.${x.status}`)}
                </span>
                {x.reportCount > 0 ? (
                  <span className="badge badge--stop"> {t("memorial_manage.reports", { count: x.reportCount })}</span>
                ) : null}
              </p>
              {x.text ? <p>{x.text}</p> : null}
              <MoveForms
                of="tribute"
                id={x.id}
                prefix={`t${x.id}`}
                moves={x.moves}
                forms={TRIBUTE_MOVE_FORMS}
                answer={move as TMoveReply<TributeMove> | null}
                inline
                small
                views={{
                  approve: { label: t("memorial_manage.approve"), icon: "check", done: t("memorial_manage.approved") },
                  hide: { label: t("memorial_manage.hide"), ghost: true, icon: "x", done: t("memorial_manage.hidden") },
                }}
              />
            </li>
          ))}
        </ul>
      </section>
      {m.suggestions.length ? (
        <section className="card stack" aria-labelledby="s-title">
          <h2 id="s-title">{t("memorial_manage.suggestions")}</h2>
          <ul className="cards">
            {m.suggestions.map((x) => (
              <li key={x.id} className="card" data-testid={`suggestion-${x.id}`}>
                <p>
                  <strong>{t(`memorial.suggest.kind_${x.kind}`)}</strong> · {x.author} ·{" "}
                  {t(`memorial_suggestion.status.${x.status}`)}
                </p>
                {x.text ? <p>{x.text}</p> : null}
                {x.photos.length ? (
                  <ul className="memorial__gallery">
                    {x.photos.map((ph) => (
                      <li key={ph.id}>
                        <img src={ph.url} alt={ph.name} loading="lazy" />
                      </li>
                    ))}
                  </ul>
                ) : null}
                <MoveForms
                  of="suggestion"
                  id={x.id}
                  prefix={`s${x.id}`}
                  moves={x.moves}
                  forms={SUGGESTION_MOVE_FORMS}
                  answer={move as TMoveReply<SuggestionMove> | null}
                  inline
                  small
                  views={{
                    accept: { label: t("memorial_manage.accept"), icon: "check", done: t("memorial_manage.accepted") },
                    decline: {
                      label: t("memorial_manage.decline"),
                      ghost: true,
                      icon: "x",
                      done: t("memorial_manage.declined"),
                    },
                  }}
                />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {m.accessRequests.length ? (
        <section className="card stack" aria-labelledby="a-title">
          <h2 id="a-title">{t("memorial_manage.access")}</h2>
          <ul className="cards">
            {m.accessRequests.map((x) => (
              <li key={x.id} className="card" data-testid={`access-request-${x.id}`}>
                <p>
                  <strong>{x.name}</strong> · {t(`memorial_access.status.${x.status}`)}
                </p>
                {x.message ? <p>{x.message}</p> : null}
                <MoveForms
                  of="access"
                  id={x.id}
                  prefix={`a${x.id}`}
                  moves={x.moves}
                  forms={ACCESS_MOVE_FORMS}
                  answer={move as TMoveReply<AccessMove> | null}
                  inline
                  small
                  views={{
                    grant: { label: t("memorial_manage.grant"), icon: "check", done: t("memorial_manage.granted") },
                    decline: {
                      label: t("memorial_manage.decline"),
                      ghost: true,
                      icon: "x",
                      done: t("memorial_manage.declined"),
                    },
                  }}
                />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <ContentForm m={m} answer={reply?.intent === "update" ? reply : null} />
      <Gallery m={m} answer={reply} />
      {m.role === "owner" ? <People m={m} answer={reply} /> : null}
    </section>
  );
}

function ShortAddress({ m, origin }: { m: TMemorialManage; origin: string }) {
  const { t, to } = useT();
  return (
    <section className="card stack" aria-labelledby="sa-title">
      <h2 id="sa-title">{t("memorial_manage.address")}</h2>
      <p className="muted">{t(`memorial_manage.address_hint.${m.visibility}`)}</p>
      <p className="muted">{t("grave_qr.lead")}</p>
      <QrPlaqueBody files={`/api/v1/memorials/${m.id}`} shortUrl={`${origin}${m.shortPath}`} name="memorial" />
      <p>
        <Link className="button button--ghost" to={to(m.shortPath)} data-testid="memorial-open">
          <Icon name="globe" /> {t("memorial_manage.open")}
        </Link>
      </p>
    </section>
  );
}

function ContentForm({ m, answer }: { m: TMemorialManage; answer: TReply | null }) {
  const { t } = useT();
  const busy = useNavigation().state !== "idle";
  const { form, fields } = useSchemaForm("ZMemorialUpdate", {
    id: `mu${m.id}`,
    lastResult: answer?.done ? undefined : answer?.form,
    defaultValue: {
      epitaphRu: m.epitaphRu,
      epitaphKk: m.epitaphKk,
      biographyRu: m.biographyRu,
      biographyKk: m.biographyKk,
      achievementsRu: linesOf(m.achievementsRu),
      achievementsKk: linesOf(m.achievementsKk),
      videoLinks: linesOf(m.videoLinks),
      visibility: m.visibility,
      noindex: m.noindex ? "on" : "",
      portraitId: m.portraitId ?? "",
    },
  });
  return (
    <section className="card stack" aria-labelledby="c-title">
      <h2 id="c-title">{t("memorial_manage.content")}</h2>
      {answer?.done ? (
        <p className="alert alert--success" role="status" data-testid="memorial-saved">
          <Icon name="check" /> {t("memorial_manage.saved")}
        </p>
      ) : null}
      <Form method="post" className="form stack" {...form.props} data-testid="memorial-edit-form">
        <input type="hidden" name="intent" value="update" />
        <FormError form={form} />
        <MemorialContentFields
          fields={fields}
          canPublish={m.mayPublish || m.visibility === "public"}
          canChangeVisibility={m.role === "owner"}
        />
        {m.photos.length ? (
          <fieldset className="field">
            <legend className="field__label">{t("memorial_manage.portrait")}</legend>
            <div className="memorial__portraits">
              <label className="choice__option">
                <input type="radio" name={fields.portraitId.name} value="" defaultChecked={!m.portraitId} />
                <span>{t("memorial_manage.no_portrait")}</span>
              </label>
              {m.photos.map((ph) => (
                <label key={ph.id} className="choice__option">
                  <input
                    type="radio"
                    name={fields.portraitId.name}
                    value={ph.id}
                    defaultChecked={m.portraitId === ph.id}
                  />
                  <img src={ph.url} alt={ph.name} loading="lazy" />
                </label>
              ))}
            </div>
            <FieldMessage field={fields.portraitId} />
          </fieldset>
        ) : null}
        <button type="submit" className="button" disabled={busy} data-testid="memorial-save">
          <Icon name="check" /> {t("memorial_manage.save")}
        </button>
      </Form>
    </section>
  );
}

function Gallery({ m, answer }: { m: TMemorialManage; answer: TReply | null }) {
  const { t } = useT();
  const busy = useNavigation().state !== "idle";
  const [files, setFiles] = useState<TUploadFile[]>([]);
  const [uploading, setUploading] = useState(false);
  const mine = answer?.intent === "photos" ? answer : null;
  const { form, fields } = useSchemaForm("ZMemorialPhotos", {
    id: `mg${m.id}`,
    lastResult: mine?.done ? undefined : mine?.form,
  });
  return (
    <section className="card stack" aria-labelledby="g-title">
      <h2 id="g-title">{t("memorial.gallery")}</h2>
      {m.photos.length ? (
        <ul className="memorial__gallery" data-testid="memorial-photos">
          {m.photos.map((ph) => (
            <li key={ph.id}>
              <img src={ph.url} alt={ph.name} loading="lazy" />
              <Form method="post">
                <input type="hidden" name="intent" value="remove-photo" />
                <input type="hidden" name="photoId" value={ph.id} />
                <button type="submit" className="button button--ghost button--small" disabled={busy}>
                  <Icon name="trash" /> {t("memorial_manage.remove_photo")}
                </button>
              </Form>
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted">{t("memorial_manage.no_photos")}</p>
      )}
      <Form method="post" className="form stack" {...form.props} key={m.photos.length}>
        <input type="hidden" name="intent" value="photos" />
        <FormError form={form} />
        <DropZone
          field={fields.photoIds}
          label={t("memorial_manage.add_photos")}
          hint={t("memorial_manage.photos_hint")}
          value={files}
          onChange={setFiles}
          onBusyChange={setUploading}
          config={{
            params: { purpose: "photo" },
            acceptedFiles: ["image/jpeg", "image/png", "image/webp"],
            maxFileSize: 10_000_000,
            maxFiles: MEMORIAL_PHOTOS_MAX,
            multiple: true,
          }}
        />
        <button type="submit" className="button" disabled={busy || uploading || files.length === 0}>
          <Icon name="upload" /> {t("memorial_manage.add_photos")}
        </button>
      </Form>
    </section>
  );
}

function People({ m, answer }: { m: TMemorialManage; answer: TReply | null }) {
  const { t } = useT();
  const busy = useNavigation().state !== "idle";
  const mine = answer?.intent === "invite" ? answer : null;
  const { form, fields } = useSchemaForm("ZMemorialInvite", {
    id: `mi${m.id}`,
    lastResult: mine?.done ? undefined : mine?.form,
    defaultValue: { role: "manager" },
  });
  const removed = answer?.intent === "remove-member" && !answer.done ? answer : null;
  return (
    <section className="card stack" aria-labelledby="p-title">
      <h2 id="p-title">{t("memorial_manage.people")}</h2>
      <p className="muted">{t("memorial_manage.people_lead")}</p>
      {m.members.length ? (
        <ul className="cards">
          {m.members.map((x) => (
            <li key={x.id} className="card">
              <p>
                <strong>{x.name ?? x.phone}</strong> · {t(`memorial_member.role.${x.role}`)} ·{" "}
                {x.isAccepted ? t("memorial_member.accepted") : t("memorial_member.invited")}
              </p>
              <Form method="post">
                <input type="hidden" name="intent" value="remove-member" />
                <input type="hidden" name="memberId" value={x.id} />
                <button type="submit" className="button button--ghost button--small" disabled={busy}>
                  <Icon name="trash" /> {t("memorial_member.remove")}
                </button>
              </Form>
            </li>
          ))}
        </ul>
      ) : null}
      {removed ? (
        <p className="alert alert--error" role="alert">
          {formMessage(removed.form)}
        </p>
      ) : null}
      {mine?.done ? (
        <p className="alert alert--success" role="status">
          <Icon name="check" /> {t("memorial_member.invited_done")}
        </p>
      ) : null}
      <Form method="post" className="form stack" {...form.props}>
        <input type="hidden" name="intent" value="invite" />
        <FormError form={form} />
        <PhoneField field={fields.phone} label={t("memorial_member.phone")} />
        <Field field={fields.role} label={t("memorial_member.role_label")}>
          {(p) => (
            <select {...p}>
              {MEMBER_ROLES.map((r) => (
                <option key={r} value={r}>
                  {t(`memorial_member.role.${r}`)}
                </option>
              ))}
            </select>
          )}
        </Field>
        <button type="submit" className="button" disabled={busy}>
          <Icon name="users" /> {t("memorial_member.invite")}
        </button>
      </Form>
    </section>
  );
}
