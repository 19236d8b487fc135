import { useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import type { TUploadFile } from "../../../common/api-types.ts";
import { localizePath } from "../../../common/locale.ts";
import type { TMemorialGrave } from "../../../common/memorial-schemas.ts";
import { CLAIM_RELATIONS, MAX_CLAIM_DOCUMENTS } from "../../../common/memorials.ts";
import { fullName } from "../../../common/person.ts";
import { parseId } from "../../../common/schemas.ts";
import { Field, FormError } from "../../components/form.tsx";
import { Icon } from "../../components/icon.tsx";
import { LazyDropZone as DropZone } from "../../components/lazy-drop-zone.tsx";
import { MemorialContentFields } from "../../components/memorial-content.tsx";
import { type TFormReply, useSchemaForm } from "../../lib/form.ts";
import { str, submitForm } from "../../lib/form.server.ts";
import { useT } from "../../lib/hooks.ts";
import { notFound, orPageError } from "../../lib/page-ids.server.ts";
import { redirectTo } from "../../lib/redirect.server.ts";
import { requestContext } from "../../lib/request-context.ts";
import type { Route } from "./+types/memorial-create";

export function meta({ location }: Route.MetaArgs) {
  return [{ title: location.pathname.startsWith("/kk") ? "Еске алу бетін жасау" : "Создать страницу памяти" }];
}

/**
 * `/client/memorial/create`: without `?burial`, the graves the family may make a memorial of; with
 * it, that grave: the memorial's form when the caller is its responsible person or a verified
 * relative, else the request to the cemetery to be verified (relation, documents), or its status.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { api } = context.get(requestContext);
  const raw = new URL(request.url).searchParams.get("burial");
  if (raw === null) {
    const mine = await api.get("/memorials/mine");
    return { grave: null, graves: mine.graves };
  }
  const burialId = parseId(raw);
  if (!burialId) notFound(request);
  const grave = await orPageError(request, () =>
    api.get("/memorials/graves/:burialId", { params: { burialId: burialId as number } }),
  );
  return { grave, graves: [] as TMemorialGrave[] };
}

type TReply = { intent: string; form: TFormReply; done: boolean };

export async function action({ context, request }: Route.ActionArgs) {
  const rc = context.get(requestContext);
  const form = await request.formData();
  const intent = str(form, "intent");
  if (intent === "create") {
    const sent = await submitForm(form, "ZMemorialCreate", rc.locale, (body) => rc.api.post("/memorials", { body }));
    if (!sent.ok) return { intent, form: sent.reply, done: false } satisfies TReply;
    return redirectTo(localizePath(`/client/memorial/${sent.value.id}?created=1`, rc.locale));
  }
  if (intent === "claim") {
    const sent = await submitForm(form, "ZMemorialClaimCreate", rc.locale, (body) =>
      rc.api.post("/memorials/claims", { body }),
    );
    return { intent, form: sent.ok ? sent.reply({ resetForm: true }) : sent.reply, done: sent.ok } satisfies TReply;
  }
  return notFound(request);
}

export default function MemorialCreate({ loaderData, actionData }: Route.ComponentProps) {
  const { t, to } = useT();
  const { grave, graves } = loaderData;
  const answer = actionData && "intent" in actionData ? (actionData as TReply) : null;
  return (
    <section className="stack" aria-labelledby="mc-title">
      <p>
        <Link to={to("/client/memorial")}>← {t("memorial_nav.client")}</Link>
      </p>
      <h1 id="mc-title">{t("memorial_create.title")}</h1>
      {grave === null ? (
        <GraveChoice graves={graves} />
      ) : (
        <>
          <GraveHead grave={grave} />
          {grave.memorialId ? (
            <p className="note">
              {t("memorial_create.exists")}{" "}
              <Link to={to(`/client/memorial/${grave.memorialId}`)}>{t("memorial.manage")}</Link>
            </p>
          ) : grave.isResponsible || grave.isVerified ? (
            <CreateForm grave={grave} answer={answer?.intent === "create" ? answer : null} />
          ) : grave.claim?.status === "pending" || (answer?.intent === "claim" && answer.done) ? (
            <p className="note" role="status" data-testid="claim-waiting">
              <Icon name="clock" /> {t("memorial_create.claim_waiting")}
            </p>
          ) : (
            <ClaimForm grave={grave} answer={answer?.intent === "claim" ? answer : null} />
          )}
        </>
      )}
    </section>
  );
}

function GraveHead({ grave }: { grave: TMemorialGrave }) {
  const p = grave.person;
  return (
    <div className="card">
      <h2 className="card__title">{fullName(p)}</h2>
      <p className="muted">
        {p.birthYear ?? "?"} – {p.deathYear ?? "?"} · {grave.cemetery}
      </p>
    </div>
  );
}

function GraveChoice({ graves }: { graves: TMemorialGrave[] }) {
  const { t, to } = useT();
  if (!graves.length) {
    return (
      <div className="empty">
        <Icon name="book" size={32} />
        <p>{t("memorial_create.no_graves")}</p>
        <Link to={to("/search")}>{t("memorial_create.find")}</Link>
      </div>
    );
  }
  return (
    <ul className="cards" data-testid="memorial-graves">
      {graves.map((g) => (
        <li key={g.burialId} className="card">
          <h2 className="card__title">{fullName(g.person)}</h2>
          <p className="muted">
            {g.person.birthYear ?? "?"} – {g.person.deathYear ?? "?"} · {g.cemetery}
          </p>
          <Link
            className="button"
            to={to(`/client/memorial/create?burial=${g.burialId}`)}
            data-testid="memorial-choose"
          >
            <Icon name="plus" /> {t("memorial_create.choose")}
          </Link>
        </li>
      ))}
    </ul>
  );
}

function CreateForm({ grave, answer }: { grave: TMemorialGrave; answer: TReply | null }) {
  const { t } = useT();
  const busy = useNavigation().state !== "idle";
  const { form, fields } = useSchemaForm("ZMemorialCreate", {
    id: "mc",
    lastResult: answer?.form,
    defaultValue: { burialId: String(grave.burialId), visibility: "link", noindex: "on" },
  });
  return (
    <Form method="post" className="form stack" {...form.props} data-testid="memorial-create-form">
      <input type="hidden" name="intent" value="create" />
      <input type="hidden" name={fields.burialId.name} value={grave.burialId} />
      <FormError form={form} />
      <MemorialContentFields fields={fields} canPublish={grave.isResponsible || !grave.isRecent} />
      <button type="submit" className="button" disabled={busy} data-testid="memorial-create-submit">
        <Icon name="check" /> {t("memorial_create.submit")}
      </button>
    </Form>
  );
}

/** A relative who is not the grave's responsible person asks the cemetery to verify them. */
function ClaimForm({ grave, answer }: { grave: TMemorialGrave; answer: TReply | null }) {
  const { t } = useT();
  const busy = useNavigation().state !== "idle";
  const [files, setFiles] = useState<TUploadFile[]>([]);
  const [uploading, setUploading] = useState(false);
  const { form, fields } = useSchemaForm("ZMemorialClaimCreate", {
    id: "cl",
    lastResult: answer?.form,
    defaultValue: { burialId: String(grave.burialId) },
  });
  return (
    <Form method="post" className="form stack" {...form.props} data-testid="claim-form">
      <h2>{t("memorial_create.claim_title")}</h2>
      <p>{t("memorial_create.claim_lead")}</p>
      {grave.claim?.status === "refused" ? (
        <p className="alert alert--warning" data-testid="claim-refused">
          {t("memorial_create.claim_refused", { reason: grave.claim.reason ?? "" })}
        </p>
      ) : null}
      <input type="hidden" name="intent" value="claim" />
      <input type="hidden" name={fields.burialId.name} value={grave.burialId} />
      <FormError form={form} />
      <Field field={fields.relation} label={t("memorial_create.relation")} required>
        {(p) => (
          <select {...p} data-testid="claim-relation">
            <option value="">—</option>
            {CLAIM_RELATIONS.map((r) => (
              <option key={r} value={r}>
                {t(`memorial_claim.relation.${r}`)}
              </option>
            ))}
          </select>
        )}
      </Field>
      <DropZone
        field={fields.documentIds}
        label={t("memorial_create.documents")}
        hint={t("memorial_create.documents_hint")}
        value={files}
        onChange={setFiles}
        onBusyChange={setUploading}
        config={{ params: { purpose: "document" }, maxFiles: MAX_CLAIM_DOCUMENTS, multiple: true }}
      />
      <button type="submit" className="button" disabled={busy || uploading} data-testid="claim-submit">
        <Icon name="mail" /> {t("memorial_create.claim_submit")}
      </button>
    </Form>
  );
}
