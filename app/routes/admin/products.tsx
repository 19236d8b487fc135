import { data, Form, Link, useNavigation } from "react-router";
import { formatDate } from "../../../common/i18n.ts";
import { dmy } from "../../../common/calendar/days.ts";
import { ITEM_MOVE_FORMS, ITEM_STATUSES, MODERATOR_MOVES, RETURN_REASONS } from "../../../common/catalog.ts";
import type { TSupplierItem } from "../../../common/catalog-schemas.ts";
import { Price } from "../../components/catalog-price.tsx";
import { ReturnNote, RevisionDiff } from "../../components/catalog-item.tsx";
import { Field } from "../../components/form.tsx";
import { Icon } from "../../components/icon.tsx";
import { MoveForms } from "../../components/move-forms.tsx";
import { Pager } from "../../components/pager.tsx";
import { RichText } from "../../components/rich-text.tsx";
import { StatusBadge } from "../../components/status-badge.tsx";
import type { TFieldMeta } from "../../lib/form.ts";
import { str, submitForm } from "../../lib/form.server.ts";
import { useT } from "../../lib/hooks.ts";
import { listParams, useListParams } from "../../lib/list.ts";
import { moveAction } from "../../lib/moves.server.ts";
import { requestContext } from "../../lib/request-context.ts";
import type { Route } from "./+types/products";

const VIEWS = ["queue", ...ITEM_STATUSES] as const;

export function meta({ location }: Route.MetaArgs) {
  return [{ title: location.pathname.startsWith("/kk") ? "Тауарлар модерациясы" : "Модерация товаров" }];
}

export async function loader({ context, request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const api = context.get(requestContext).api;
  const view = VIEWS.find((v) => v === url.searchParams.get("view")) ?? "queue";
  const supplierId = url.searchParams.get("supplierId");
  const [page, companies] = await Promise.all([
    api.get("/catalog/moderation", {
      query: {
        ...listParams(url),
        view,
        supplierId: supplierId && /^[0-9]{1,9}$/.test(supplierId) ? supplierId : undefined,
        q: url.searchParams.get("q")?.trim().slice(0, 100) || undefined,
      },
    }),
    api.get("/suppliers", { query: { pageSize: "100", sort: "companyName" } }),
  ]);
  return { page, companies: companies.items.map((c) => ({ id: c.id, name: c.companyName })) };
}

/** The moderators' moves from the queue, one record at a time, or the bulk approval of the marked ones. */
export async function action({ context, request }: Route.ActionArgs) {
  const rc = context.get(requestContext);
  const form = await request.formData();
  if (str(form, "intent") === "bulk") {
    const sent = await submitForm(form, "ZItemBulkApprove", rc.locale, (body) =>
      rc.api.post("/catalog/moderation/approve", { body }),
    );
    if (!sent.ok) return data({ bulk: null, bulkError: sent.reply }, { status: sent.status });
    return { bulk: sent.value, bulkError: null };
  }
  return moveAction(request, rc.locale, {
    form,
    forms: ITEM_MOVE_FORMS,
    moves: MODERATOR_MOVES,
    send: (move, body, id) => rc.api.post("/catalog/items/:id/moves/:move", { params: { id, move }, body }),
  });
}

/** The return's reason codes, as checkboxes of one field. */
function ReasonFields({ reasons, comment }: { reasons: TFieldMeta; comment: TFieldMeta }) {
  const { t } = useT();
  return (
    <>
      <fieldset aria-describedby={reasons.errors ? reasons.errorId : undefined}>
        <legend>{t("catalog_admin.reasons")}</legend>
        <div className="checks checks--column">
          {RETURN_REASONS.map((r) => (
            <label key={r} className="check">
              <input type="checkbox" name={reasons.name} value={r} /> {t(`catalog.reason.${r}`)}
            </label>
          ))}
        </div>
        {reasons.errors ? (
          <p className="field__error" id={reasons.errorId} role="alert">
            {reasons.errors[0]}
          </p>
        ) : null}
      </fieldset>
      <Field field={comment} label={t("catalog_admin.comment")}>
        {(p) => <textarea {...p} rows={3} />}
      </Field>
    </>
  );
}

function QueueCard({ item, answer }: { item: TSupplierItem; answer: Route.ComponentProps["actionData"] }) {
  const { t, locale } = useT();
  const rev = item.revision?.status === "pending" ? item.revision : null;
  const submitted = rev?.submittedAt ?? item.submittedAt;
  const target = rev?.targetDay ?? item.targetDay;
  const moveAnswer = answer && "move" in answer ? answer : null;
  return (
    <li className="card" data-testid={`moderation-${item.id}`}>
      <div className="card__head">
        <label className="check">
          <input type="checkbox" name="ids" value={item.id} form="bulk-approve" data-testid="select" />
          <span className="visually-hidden">{t("catalog_admin.select", { name: item.nameRu })}</span>
        </label>
        <h2 className="card__title">{item.nameRu}</h2>
        <StatusBadge kind="catalog" status={item.status} />
      </div>
      <p className="muted" lang="kk">
        {item.nameKk}
      </p>
      <p>
        <strong>
          {rev ? t("catalog_admin.revision") : item.status === "consideration" ? t("catalog_admin.new_item") : null}
        </strong>
        {submitted && target ? (
          <span className="muted">
            {" "}
            {t("catalog_admin.submitted", { date: formatDate(locale, submitted, true), target: dmy(target) })}
          </span>
        ) : null}
      </p>
      <p>
        {t("catalog_admin.company")}: {item.supplier.companyName} · {t(`catalog.category.${item.category}`)} ·{" "}
        {t(`catalog.kind.${item.kind}`)} · {item.city}
      </p>
      <p>
        <Price price={item.price} unit={item.unit} />
      </p>
      {item.photos.length ? (
        <ul className="catalog-thumbs">
          {item.photos.map((p) => (
            <li key={p.id}>
              <a href={p.url} target="_blank" rel="noopener noreferrer">
                <img src={p.url} alt={p.name} loading="lazy" />
              </a>
            </li>
          ))}
        </ul>
      ) : null}
      {rev ? (
        <RevisionDiff changes={rev.changes} />
      ) : (
        <details className="disclosure">
          <summary>{t("catalog.field.descriptionRu")}</summary>
          <RichText html={item.descriptionRu} />
          <h3>{t("catalog.field.descriptionKk")}</h3>
          <div lang="kk">
            <RichText html={item.descriptionKk} />
          </div>
        </details>
      )}
      {item.status === "improvement" ? <ReturnNote reasons={item.returnReasons} comment={item.returnComment} /> : null}
      {item.status === "blocked" && item.blockReason ? (
        <p className="alert alert--warning">
          {t("catalog_admin.block_reason")}: {item.blockReason}
        </p>
      ) : null}
      <MoveForms
        small
        moves={item.moves}
        forms={ITEM_MOVE_FORMS}
        answer={moveAnswer}
        id={item.id}
        prefix={`m${item.id}`}
        views={{
          approve: { label: t("catalog_admin.approve"), icon: "check", done: t("catalog_admin.done.approve") },
          approve_revision: {
            label: t("catalog_admin.approve_revision"),
            icon: "check",
            done: t("catalog_admin.done.approve_revision"),
          },
          return: {
            label: t("catalog_admin.return_confirm"),
            confirm: { summary: t("catalog_admin.return") },
            fields: (f) => <ReasonFields reasons={f.reasons} comment={f.comment} />,
            done: t("catalog_admin.done.return"),
          },
          return_revision: {
            label: t("catalog_admin.return_confirm"),
            confirm: { summary: t("catalog_admin.return_revision") },
            fields: (f) => <ReasonFields reasons={f.reasons} comment={f.comment} />,
            done: t("catalog_admin.done.return_revision"),
          },
          unblock: { label: t("catalog_admin.unblock"), done: t("catalog_admin.done.unblock") },
          block: {
            label: t("catalog_admin.block_confirm"),
            danger: true,
            confirm: { summary: t("catalog_admin.block") },
            fields: (f) => (
              <Field field={f.reason} label={t("catalog_admin.block_reason")} required>
                {(p) => <textarea {...p} rows={3} />}
              </Field>
            ),
            done: t("catalog_admin.done.block"),
          },
        }}
      />
    </li>
  );
}

/** Admin: the catalogue's moderation — the queue oldest first (new items and revisions), bulk approval, returns with reasons, blocks. */
export default function Products({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useT();
  const list = useListParams();
  const busy = useNavigation().state !== "idle";
  const view = list.get("view") || "queue";
  const { page, companies } = loaderData;
  const bulk = actionData && "bulk" in actionData ? actionData : null;
  return (
    <section aria-labelledby="p-title">
      <div className="page-head">
        <h1 id="p-title">{t("catalog_admin.title")}</h1>
      </div>
      <p className="lead">{t("catalog_admin.lead")}</p>
      <div className="filters">
        <nav className="tabs" aria-label={t("catalog_admin.views")}>
          {VIEWS.map((v) => (
            <Link
              key={v}
              to={list.href({ view: v === "queue" ? "" : v })}
              className={`tabs__item${view === v ? " is-current" : ""}`}
              aria-current={view === v ? "page" : undefined}
            >
              {v === "queue" ? t("catalog_admin.queue") : t(`catalog.status.${v}`)}
            </Link>
          ))}
        </nav>
        <Form method="get" className="inline-form" role="search">
          {view !== "queue" ? <input type="hidden" name="view" value={view} /> : null}
          <label className="visually-hidden" htmlFor="p-supplier">
            {t("catalog_admin.company")}
          </label>
          <select id="p-supplier" name="supplierId" defaultValue={list.get("supplierId")}>
            <option value="">{t("catalog_admin.company")}</option>
            {companies.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
          <label className="visually-hidden" htmlFor="p-q">
            {t("catalog_admin.search")}
          </label>
          <input id="p-q" name="q" type="search" defaultValue={list.get("q")} placeholder={t("catalog_admin.search")} />
          <button type="submit" className="button button--small">
            <Icon name="search" size={16} /> {t("common.find")}
          </button>
        </Form>
      </div>
      {bulk?.bulk ? (
        <div role="status" data-testid="bulk-done">
          <p className="alert alert--success">{t("catalog_admin.bulk_done", { count: bulk.bulk.approved.length })}</p>
          {bulk.bulk.refused.length ? (
            <p className="alert alert--warning">
              {t("catalog_admin.bulk_refused", { ids: bulk.bulk.refused.map((r) => `#${r.id}`).join(", ") })}
            </p>
          ) : null}
        </div>
      ) : null}
      {bulk?.bulkError ? (
        <p className="alert alert--error" role="alert">
          {t("validation.catalog_choose")}
        </p>
      ) : null}
      {page.items.length === 0 ? (
        <div className="empty">
          <Icon name="check" size={32} />
          <p>{t("catalog_admin.empty")}</p>
        </div>
      ) : (
        <>
          <Form method="post" id="bulk-approve" className="bulk-bar">
            <input type="hidden" name="intent" value="bulk" />
            <button type="submit" className="button" disabled={busy} data-testid="bulk-approve">
              <Icon name="check" /> {t("catalog_admin.bulk_approve")}
            </button>
          </Form>
          <ul className="cards" data-testid="moderation-list">
            {page.items.map((item) => (
              <QueueCard key={item.id} item={item} answer={actionData} />
            ))}
          </ul>
        </>
      )}
      <Pager page={page.page} pageSize={page.pageSize} total={page.total} />
    </section>
  );
}
