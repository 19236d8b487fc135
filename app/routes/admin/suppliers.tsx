import { data, Form, Link, useNavigation } from "react-router";
import { parseId } from "../../../common/schemas.ts";
import { formatSize } from "../../../common/upload/queue.ts";
import { Field, FormError } from "../../components/form.tsx";
import { Icon } from "../../components/icon.tsx";
import { Pager } from "../../components/pager.tsx";
import { StatusBadge } from "../../components/status-badge.tsx";
import { SupplierFacts } from "../../components/supplier-facts.tsx";
import { callApi, str } from "../../lib/actions.server.ts";
import { type TFormReply, useSchemaForm } from "../../lib/form.ts";
import { submitForm } from "../../lib/form.server.ts";
import { listParams, useListParams } from "../../lib/list.ts";
import { useT } from "../../lib/hooks.ts";
import { requestContext } from "../../lib/request-context.ts";
import { notFound } from "../../lib/page-ids.server.ts";
import type { Route } from "./+types/suppliers";

const STATUSES = ["pending", "active", "blocked"] as const;

export function meta({ location }: Route.MetaArgs) {
  return [{ title: location.pathname.startsWith("/kk") ? "Жеткізушілер" : "Поставщики" }];
}

export async function loader({ context, request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const status = url.searchParams.get("status");
  return context.get(requestContext).api.get("/suppliers", {
    query: {
      ...listParams(url),
      q: url.searchParams.get("q")?.trim().slice(0, 100) || undefined,
      // A status the list does not offer (an old link) lists them all rather than failing.
      status: STATUSES.find((s) => s === status),
    },
  });
}

export async function action({ context, request }: Route.ActionArgs) {
  const rc = context.get(requestContext);
  const form = await request.formData();
  const id = parseId(str(form, "id"));
  if (!id) notFound(request);
  const intent = str(form, "intent");
  if (intent === "block") {
    const sent = await submitForm(form, "ZBlockSupplier", rc.locale, (b) =>
      rc.api.post("/suppliers/:id/moves/:move", { params: { id, move: "block" }, body: b }),
    );
    if (!sent.ok) return data({ id, form: sent.reply }, { status: sent.status });
    return { done: intent, id, form: sent.reply({ resetForm: true }) };
  }
  const result = await callApi(async () => {
    if (intent === "activate" || intent === "unblock") {
      await rc.api.post("/suppliers/:id/moves/:move", { params: { id, move: intent }, body: {} });
    }
  });
  return result.ok ? { done: intent, id } : data({ error: result.error, id }, { status: result.status });
}

/** Blocking a company: the reason, told to the company. */
function BlockForm({ id, lastResult, busy }: { id: number; lastResult?: TFormReply; busy: boolean }) {
  const { t } = useT();
  const { form, fields } = useSchemaForm("ZBlockSupplier", { id: `s${id}`, lastResult });
  return (
    <Form method="post" className="stack" {...form.props}>
      <input type="hidden" name="id" value={id} />
      <FormError form={form} />
      <Field field={fields.reason} label={t("admin.suppliers.block_reason")} required>
        {(p) => <textarea {...p} rows={3} />}
      </Field>
      <button type="submit" name="intent" value="block" className="button button--danger button--small" disabled={busy}>
        {t("admin.suppliers.block_confirm")}
      </button>
    </Form>
  );
}

/** Admin: supplier companies; activate new ones, block with a reason, unblock. */
export default function Suppliers({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useT();
  const list = useListParams();
  const navigation = useNavigation();
  const current = list.get("status");
  const busy = navigation.state !== "idle";
  return (
    <section aria-labelledby="s-title">
      <div className="page-head">
        <h1 id="s-title">{t("admin.suppliers.title")}</h1>
      </div>
      <div className="filters">
        <nav className="tabs" aria-label={t("admin.suppliers.by_status")}>
          {["", ...STATUSES].map((s) => {
            return (
              <Link
                key={s || "all"}
                to={list.href({ status: s })}
                className={`tabs__item${current === s ? " is-current" : ""}`}
                aria-current={current === s ? "page" : undefined}
              >
                {s ? t(`supplier_status.${s}`) : t("common.all")}
              </Link>
            );
          })}
        </nav>
        <Form method="get" className="inline-form" role="search">
          {current ? <input type="hidden" name="status" value={current} /> : null}
          <label className="visually-hidden" htmlFor="q">
            {t("admin.suppliers.search")}
          </label>
          <input id="q" name="q" type="search" defaultValue={list.get("q")} placeholder={t("admin.suppliers.search")} />
          <button type="submit" className="button button--small">
            <Icon name="search" size={16} /> {t("common.find")}
          </button>
        </Form>
      </div>
      {loaderData.items.length === 0 ? (
        <div className="empty">
          <Icon name="truck" size={32} />
          <p>{t("admin.suppliers.empty")}</p>
        </div>
      ) : (
        <ul className="cards" data-testid="supplier-list">
          {loaderData.items.map((s) => (
            <li key={s.id} className="card" data-testid={`supplier-${s.bin}`}>
              <div className="card__head">
                <h2 className="card__title">{s.companyName}</h2>
                <StatusBadge kind="supplier" status={s.status} />
              </div>
              <SupplierFacts supplier={s} />
              {s.description ? <p className="card__text">{s.description}</p> : null}
              <div className="documents" data-testid="supplier-documents">
                <h3 className="documents__title">{t("admin.suppliers.documents")}</h3>
                {s.documents.length === 0 ? (
                  <p className="muted">{t("admin.suppliers.no_documents")}</p>
                ) : (
                  <ul className="plain-list">
                    {s.documents.map((d) => (
                      <li key={d.id}>
                        <a href={d.url} target="_blank" rel="noopener noreferrer">
                          <Icon name="file" size={18} /> {d.name}
                        </a>{" "}
                        <span className="muted">({formatSize(d.size)})</span>
                      </li>
                    ))}
                  </ul>
                )}
              </div>
              {s.status === "blocked" && s.blockReason ? (
                <p className="alert alert--warning">
                  {t("admin.suppliers.block_reason")}: {s.blockReason}
                </p>
              ) : null}
              {actionData?.id === s.id && "error" in actionData ? (
                <p className="alert alert--error" role="alert">
                  {actionData.error.message}
                </p>
              ) : null}
              <div className="card__actions">
                {s.moves.includes("activate") ? (
                  <Form method="post">
                    <input type="hidden" name="id" value={s.id} />
                    <button
                      type="submit"
                      name="intent"
                      value="activate"
                      className="button button--small"
                      disabled={busy}
                    >
                      <Icon name="check" size={16} /> {t("admin.suppliers.activate")}
                    </button>
                  </Form>
                ) : null}
                {s.moves.includes("unblock") ? (
                  <Form method="post">
                    <input type="hidden" name="id" value={s.id} />
                    <button
                      type="submit"
                      name="intent"
                      value="unblock"
                      className="button button--small"
                      disabled={busy}
                    >
                      {t("admin.suppliers.unblock")}
                    </button>
                  </Form>
                ) : null}
                {s.moves.includes("block") ? (
                  <details className="disclosure">
                    <summary className="button button--ghost button--small">{t("admin.suppliers.block")}</summary>
                    <BlockForm
                      id={s.id}
                      lastResult={actionData?.id === s.id && "form" in actionData ? actionData.form : undefined}
                      busy={busy}
                    />
                  </details>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      )}
      <Pager page={loaderData.page} pageSize={loaderData.pageSize} total={loaderData.total} />
    </section>
  );
}
