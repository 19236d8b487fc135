import { Form, Link } from "react-router";
import { SUPPLIER_MOVE_FORMS, type SupplierMove } from "../../../common/api-types.ts";
import { FileLinks } from "../../components/file-links.tsx";
import { Field } from "../../components/form.tsx";
import { MoveForms } from "../../components/move-forms.tsx";
import { Icon } from "../../components/icon.tsx";
import { Pager } from "../../components/pager.tsx";
import { StatusBadge } from "../../components/status-badge.tsx";
import { SupplierFacts } from "../../components/supplier-facts.tsx";
import { SupplierQualityList } from "../../components/supplier-report.tsx";
import { moveAction } from "../../lib/moves.server.ts";
import { listParams, useListParams } from "../../lib/list.ts";
import { useT } from "../../lib/hooks.ts";
import { requestContext } from "../../lib/request-context.ts";
import type { Route } from "./+types/suppliers";

const STATUSES = ["pending", "active", "blocked"] as const;

export function meta({ location }: Route.MetaArgs) {
  return [{ title: location.pathname.startsWith("/kk") ? "Жеткізушілер" : "Поставщики" }];
}

export async function loader({ context, request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const api = context.get(requestContext).api;
  // The quality tab (issue 15 §4): every active company's 30-day cancellations and 90-day rating.
  if (url.searchParams.get("tab") === "quality") {
    return { list: null, quality: (await api.get("/supplier-quality")).items };
  }
  const status = url.searchParams.get("status");
  const list = await api.get("/suppliers", {
    query: {
      ...listParams(url),
      q: url.searchParams.get("q")?.trim().slice(0, 100) || undefined,
      // A status the list does not offer (an old link) lists them all rather than failing.
      status: STATUSES.find((s) => s === status),
    },
  });
  return { list, quality: null };
}

/** The moves the admin makes from this list. */
const ADMIN_MOVES = ["activate", "unblock", "block"] as const satisfies readonly SupplierMove[];

export async function action({ context, request }: Route.ActionArgs) {
  const rc = context.get(requestContext);
  return moveAction(request, rc.locale, {
    forms: SUPPLIER_MOVE_FORMS,
    moves: ADMIN_MOVES,
    send: (move, body, id) => rc.api.post("/suppliers/:id/moves/:move", { params: { id, move }, body }),
  });
}

/** Admin: supplier companies; activate new ones, block with a reason, unblock. */
export default function Suppliers({ loaderData, actionData }: Route.ComponentProps) {
  const { t, to } = useT();
  const list = useListParams();
  const isQuality = list.get("tab") === "quality";
  const current = isQuality ? null : list.get("status");
  const page = loaderData.list;
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
                to={list.href({ status: s, tab: null })}
                className={`tabs__item${current === s ? " is-current" : ""}`}
                aria-current={current === s ? "page" : undefined}
              >
                {s ? t(`supplier_status.${s}`) : t("common.all")}
              </Link>
            );
          })}
          <Link
            to={list.href({ status: null, q: null, tab: "quality" })}
            className={`tabs__item${isQuality ? " is-current" : ""}`}
            aria-current={isQuality ? "page" : undefined}
            data-testid="tab-quality"
          >
            {t("supplier_reports.list.title")}
          </Link>
        </nav>
        {isQuality ? null : (
          <Form method="get" className="inline-form" role="search">
            {current ? <input type="hidden" name="status" value={current} /> : null}
            <label className="visually-hidden" htmlFor="q">
              {t("admin.suppliers.search")}
            </label>
            <input
              id="q"
              name="q"
              type="search"
              defaultValue={list.get("q")}
              placeholder={t("admin.suppliers.search")}
            />
            <button type="submit" className="button button--small">
              <Icon name="search" size={16} /> {t("common.find")}
            </button>
          </Form>
        )}
      </div>
      {loaderData.quality ? <SupplierQualityList items={loaderData.quality} /> : null}
      {!page ? null : page.items.length === 0 ? (
        <div className="empty">
          <Icon name="truck" size={32} />
          <p>{t("admin.suppliers.empty")}</p>
        </div>
      ) : (
        <ul className="cards" data-testid="supplier-list">
          {page.items.map((s) => (
            <li key={s.id} className="card" data-testid={`supplier-${s.bin}`}>
              <div className="card__head">
                <h2 className="card__title">{s.companyName}</h2>
                <StatusBadge kind="supplier" status={s.status} />
              </div>
              <SupplierFacts supplier={s} />
              {s.status === "pending" ? null : (
                <p>
                  <Link to={to(`/admin/suppliers/${s.id}/report`)} data-testid="supplier-report">
                    {t("supplier_reports.list.open_report", { company: s.companyName })}
                  </Link>
                </p>
              )}
              {s.description ? <p className="card__text">{s.description}</p> : null}
              <FileLinks
                title={t("admin.suppliers.documents")}
                files={s.documents}
                empty={t("admin.suppliers.no_documents")}
                testId="supplier-documents"
              />
              {s.status === "blocked" && s.blockReason ? (
                <p className="alert alert--warning">
                  {t("admin.suppliers.block_reason")}: {s.blockReason}
                </p>
              ) : null}
              <MoveForms
                inline
                small
                moves={s.moves}
                forms={SUPPLIER_MOVE_FORMS}
                answer={actionData}
                id={s.id}
                prefix={`s${s.id}`}
                views={{
                  activate: { label: t("admin.suppliers.activate"), icon: "check" },
                  unblock: { label: t("admin.suppliers.unblock") },
                  block: {
                    label: t("admin.suppliers.block_confirm"),
                    danger: true,
                    confirm: { summary: t("admin.suppliers.block") },
                    fields: (f) => (
                      <Field field={f.reason} label={t("admin.suppliers.block_reason")} required>
                        {(p) => <textarea {...p} rows={3} />}
                      </Field>
                    ),
                  },
                }}
              />
            </li>
          ))}
        </ul>
      )}
      {page ? <Pager page={page.page} pageSize={page.pageSize} total={page.total} /> : null}
    </section>
  );
}
