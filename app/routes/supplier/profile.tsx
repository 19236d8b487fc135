import { useState } from "react";
import { Form, useNavigation } from "react-router";
import type { TUploadFile } from "../../../common/api-types.ts";
import { DropZone } from "../../components/drop-zone.tsx";
import { Icon } from "../../components/icon.tsx";
import { StatusBadge } from "../../components/status-badge.tsx";
import { SupplierFacts } from "../../components/supplier-facts.tsx";
import { formMessage } from "../../lib/form.ts";
import { submitAction } from "../../lib/form.server.ts";
import { useT } from "../../lib/hooks.ts";
import { requestContext } from "../../lib/request-context.ts";
import type { Route } from "./+types/profile";

export function meta({ location }: Route.MetaArgs) {
  return [{ title: location.pathname.startsWith("/kk") ? "Компания" : "Компания" }];
}

export async function loader({ context }: Route.LoaderArgs) {
  return { supplier: await context.get(requestContext).api.get("/suppliers/me") };
}

export async function action({ context, request }: Route.ActionArgs) {
  const rc = context.get(requestContext);
  const form = await request.formData();
  const documentIds = form.getAll("documentIds").filter((v): v is string => typeof v === "string" && v !== "");
  const result = await submitAction(() => rc.api.put("/suppliers/me/documents", { body: { documentIds } }));
  return result.ok ? { saved: true as const } : result.response;
}

/** The supplier's company: its data, its status and the registration documents the admin checks. */
export default function SupplierProfile({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useT();
  const s = loaderData.supplier;
  const busy = useNavigation().state !== "idle";
  const [docs, setDocs] = useState<TUploadFile[]>(s.documents);
  const [uploading, setUploading] = useState(false);
  return (
    <section aria-labelledby="sp-title" className="narrow">
      <div className="page-head">
        <h1 id="sp-title">{t("supplier_profile.title")}</h1>
        <StatusBadge kind="supplier" status={s.status} />
      </div>
      <p className="lead">{t("supplier_profile.lead")}</p>
      {s.status === "pending" ? <p className="note">{t("supplier_profile.pending_note")}</p> : null}
      {s.status === "blocked" ? (
        <p className="alert alert--error">{t("supplier_profile.blocked_note", { reason: s.blockReason ?? "" })}</p>
      ) : null}
      <div className="card">
        <h2 className="card__title">{s.companyName}</h2>
        <SupplierFacts supplier={s} />
      </div>
      <Form method="post" className="stack" data-testid="documents-form">
        <h2>{t("supplier_profile.documents")}</h2>
        {actionData && "saved" in actionData ? (
          <p className="alert alert--success" role="status">
            <Icon name="check" /> {t("supplier_profile.saved")}
          </p>
        ) : null}
        {actionData && "form" in actionData ? (
          <p className="alert alert--error" role="alert">
            <Icon name="alert" /> {formMessage(actionData.form)}
          </p>
        ) : null}
        <DropZone
          name="documentIds"
          label={t("supplier_profile.documents")}
          hint={t("supplier_profile.documents_hint")}
          value={docs}
          onChange={setDocs}
          onBusyChange={setUploading}
          config={{
            params: { purpose: "document" },
            maxFiles: 10,
            multiple: true,
          }}
        />
        <div className="form-actions">
          <button type="submit" className="button" disabled={busy || uploading} data-testid="save-documents">
            {t("supplier_profile.save_documents")}
          </button>
        </div>
      </Form>
    </section>
  );
}
