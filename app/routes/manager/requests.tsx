import type { ReactNode } from "react";
import { Form, Link, useSearchParams } from "react-router";
import { CLAIM_MOVE_FORMS } from "../../../common/memorials.ts";
import { CLAIM_SCREEN_MOVES, MemorialClaims } from "../../components/memorial-claims.tsx";
import type { TMoveReply } from "../../components/move-forms.tsx";
import { moveAction } from "../../lib/moves.server.ts";
import { pageNumber } from "../../../common/schemas.ts";
import { Icon } from "../../components/icon.tsx";
import { Pager } from "../../components/pager.tsx";
import { RequestCard, useAnswerSent } from "../../components/request-card.tsx";
import { str } from "../../lib/form.server.ts";
import { useT } from "../../lib/hooks.ts";
import { answerRequest, pickerFromUrl } from "../../lib/request-answer.server.ts";
import { requestContext } from "../../lib/request-context.ts";
import type { Route } from "./+types/requests";

export function meta({ location }: Route.MetaArgs) {
  return [{ title: location.pathname.startsWith("/kk") ? "Өтінімдер" : "Заявки" }];
}

const STATUSES = ["open", "closed", "all", "new", "in_progress", "found", "added", "not_found"] as const;
const KINDS = ["search", "add"] as const;
/** Newest first, or oldest first (`listQuery`'s order: `-` for descending). */
const SORTS = ["-createdAt", "createdAt"] as const;
const PAGE_SIZE = 20;

const oneOf = <T extends string>(value: string | null, allowed: readonly T[], fallback: T): T =>
  allowed.includes(value as T) ? (value as T) : fallback;

/** The inbox's filters as the URL holds them; anything unknown falls back to the default. */
function filtersOf(params: URLSearchParams) {
  const cemetery = params.get("cemeteryId") ?? "";
  return {
    status: oneOf(params.get("status"), STATUSES, "open"),
    kind: oneOf(params.get("kind"), [...KINDS, ""] as const, ""),
    cemeteryId: cemetery === "none" || /^\d{1,9}$/.test(cemetery) ? cemetery : "",
    sort: oneOf(params.get("sort"), SORTS, "-createdAt"),
    page: pageNumber(params.get("page")),
  };
}

export async function loader({ context, request }: Route.LoaderArgs) {
  const { api } = context.get(requestContext);
  const url = new URL(request.url);
  // The relatives' requests to be verified for a memorial page (issue 16 §1): a tab of the same inbox.
  if (url.searchParams.get("tab") === "memorials") {
    return { tab: "memorials" as const, claims: (await api.get("/memorials/claims")).items };
  }
  const f = filtersOf(url.searchParams);
  const [requests, cemeteries, picked] = await Promise.all([
    api.get("/manager/requests", {
      query: {
        status: f.status,
        kind: f.kind || undefined,
        cemeteryId: f.cemeteryId || undefined,
        sort: f.sort,
        page: f.page,
        pageSize: PAGE_SIZE,
      },
    }),
    api.get("/manager/cemeteries"),
    pickerFromUrl(api, url),
  ]);
  return {
    tab: "visitors" as const,
    requests,
    cemeteries: cemeteries.items.map((c) => ({ id: c.id, name: c.name })),
    picked,
  };
}

export async function action({ context, request }: Route.ActionArgs) {
  const form = await request.formData();
  if (str(form, "of") === "claim") {
    const rc = context.get(requestContext);
    return moveAction(request, rc.locale, {
      form,
      of: "claim",
      forms: CLAIM_MOVE_FORMS,
      moves: CLAIM_SCREEN_MOVES,
      send: (move, body, id) => rc.api.post("/memorial-claims/:id/moves/:move", { params: { id, move }, body }),
    });
  }
  if (str(form, "intent") !== "answer") return null;
  return answerRequest(context.get(requestContext), form);
}

/**
 * The staff's inbox: the visitors' search and add requests of every cemetery they keep (the
 * admin: all), filtered by state, kind and cemetery, sorted, a page at a time; each answered in
 * place, the record picked from a search.
 */
export default function ManagerRequests({ loaderData, actionData }: Route.ComponentProps) {
  const { t, to } = useT();
  const tabs = (
    <nav className="tabs" aria-label={t("memorial_claims.tabs")}>
      <Link
        className="tabs__item"
        to={to("/manager/requests")}
        aria-current={loaderData.tab === "visitors" ? "page" : undefined}
      >
        {t("memorial_claims.tab_visitors")}
      </Link>
      <Link
        className="tabs__item"
        to={to("/manager/requests?tab=memorials")}
        aria-current={loaderData.tab === "memorials" ? "page" : undefined}
        data-testid="tab-memorials"
      >
        {t("memorial_claims.tab")}
      </Link>
    </nav>
  );
  if (loaderData.tab === "memorials") {
    const answer =
      actionData && "move" in actionData ? (actionData as TMoveReply<(typeof CLAIM_SCREEN_MOVES)[number]>) : null;
    return (
      <section aria-labelledby="inbox-title" className="stack">
        <h1 id="inbox-title">{t("manager.inbox.title")}</h1>
        {tabs}
        <p className="field__hint">{t("memorial_claims.intro")}</p>
        <MemorialClaims items={loaderData.claims} answer={answer} />
      </section>
    );
  }
  return <VisitorRequests data={loaderData} actionData={actionData} tabs={tabs} />;
}

function VisitorRequests({
  data,
  actionData,
  tabs,
}: {
  data: Extract<Route.ComponentProps["loaderData"], { tab: "visitors" }>;
  actionData: Route.ComponentProps["actionData"];
  tabs: ReactNode;
}) {
  const { t } = useT();
  const [params] = useSearchParams();
  const f = filtersOf(params);
  const { requests, cemeteries, picked } = data;
  const answerData = actionData && !("move" in actionData) ? actionData : undefined;
  const sent = useAnswerSent(answerData ?? undefined);
  const select = (name: string, label: string, value: string, options: [string, string][]) => (
    <div className="field">
      <label className="field__label" htmlFor={`f-${name}`}>
        {label}
      </label>
      <select id={`f-${name}`} name={name} defaultValue={value} key={`${name}=${value}`}>
        {options.map(([v, text]) => (
          <option key={v} value={v}>
            {text}
          </option>
        ))}
      </select>
    </div>
  );
  return (
    <section aria-labelledby="inbox-title">
      <h1 id="inbox-title">{t("manager.inbox.title")}</h1>
      {tabs}
      <p className="field__hint">{t("manager.inbox.intro")}</p>
      <Form method="get" className="card filters-form" role="search" aria-label={t("manager.inbox.filters")}>
        <div className="form__row">
          {select("status", t("manager.inbox.status"), f.status, [
            ["open", t("manager.requests_open")],
            ["closed", t("manager.requests_closed")],
            ["all", t("common.all")],
            ...(["new", "in_progress", "found", "added", "not_found"] as const).map(
              (s) => [s, t(`request_status.${s}`)] as [string, string],
            ),
          ])}
          {select("kind", t("manager.inbox.kind"), f.kind, [
            ["", t("common.all")],
            ["search", t("manager.request_kind.search")],
            ["add", t("manager.request_kind.add")],
          ])}
          {select("cemeteryId", t("manager.inbox.cemetery"), f.cemeteryId, [
            ["", t("manager.inbox.all_cemeteries")],
            ...cemeteries.map((c) => [String(c.id), c.name] as [string, string]),
            ["none", t("manager.inbox.no_cemetery")],
          ])}
          {select("sort", t("manager.inbox.sort"), f.sort, [
            ["-createdAt", t("manager.inbox.newest")],
            ["createdAt", t("manager.inbox.oldest")],
          ])}
        </div>
        <button type="submit" className="button button--small" data-testid="inbox-apply">
          <Icon name="search" size={16} /> {t("manager.inbox.apply")}
        </button>
      </Form>
      <p role="status" data-testid="inbox-total">
        {t("manager.inbox.total", { count: requests.total })}
      </p>
      {requests.items.length === 0 ? <p className="note">{t("manager.no_requests")}</p> : null}
      {sent.note}
      <ul className="requests" data-testid="requests">
        {requests.items.map((r) => (
          <RequestCard
            key={r.id}
            r={r}
            cemeteries={cemeteries}
            picked={picked}
            showCemetery
            onSent={sent.onSent}
            pageAnswer={answerData ?? undefined}
          />
        ))}
      </ul>
      <Pager page={requests.page} pageSize={requests.pageSize} total={requests.total} />
    </section>
  );
}
