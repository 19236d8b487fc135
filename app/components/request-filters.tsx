import type { ReactNode } from "react";
import { Form, Link } from "react-router";
import { BURIAL_REQUEST_STATUSES } from "../../common/booking-terms.ts";
import { parseId } from "../../common/schemas.ts";
import { useListParams } from "../lib/list.ts";
import { useT } from "../lib/hooks.ts";
import { Field, NamedOptions } from "./form.tsx";
import { Icon } from "./icon.tsx";

/**
 * The staff's burial request lists (`/manager/booking`, `/manager/burial`): a search by the
 * deceased's name, the family's phone or the number, the cemetery, and every status as a row of
 * links — all in the URL (`useListParams`); the API (`GET /burial-requests`, `listQuery`) reads the
 * same parameters and lists the burials of today and tomorrow first.
 */

/** `status` of the URL: one of the request's statuses, `open` (pending, paid or confirmed), or all (""). */
export type TStatusChoice = "" | "open" | (typeof BURIAL_REQUEST_STATUSES)[number];
const STATUS_CHOICES: readonly TStatusChoice[] = ["", "open", ...BURIAL_REQUEST_STATUSES];

/**
 * The list's parameters from the URL, each kept only when the API takes it (an old or mistyped link
 * lists everything rather than failing), as the API's query.
 */
export function requestListQuery(params: URLSearchParams) {
  const get = (k: string) => (params.get(k) ?? "").trim();
  const status = STATUS_CHOICES.find((s) => s !== "" && s === get("status")) ?? "";
  const cemeteryId = parseId(get("cemeteryId"));
  return {
    q: get("q").slice(0, 80) || undefined,
    status: status && status !== "open" ? status : undefined,
    open: status === "open" ? ("1" as const) : undefined,
    cemeteryId: cemeteryId ? String(cemeteryId) : undefined,
    page: get("page") || undefined,
    sort: get("sort") || undefined,
  };
}

/**
 * The search form and the status links above a request list. `children` are further fields of the
 * search form (dates, kind); `keep` the URL's other parameters a search must not drop.
 */
export function RequestFilters({
  cemeteries,
  label,
  keep = [],
  children,
  total,
}: {
  cemeteries: { id: number; name: string }[];
  label: string;
  keep?: readonly string[];
  children?: ReactNode;
  total: number;
}) {
  const { t } = useT();
  const list = useListParams();
  const status = STATUS_CHOICES.find((s) => s === list.get("status")) ?? "";
  const q = list.get("q");
  const cemeteryId = list.get("cemeteryId");
  return (
    <>
      <Form method="get" className="card filters-form" role="search" aria-label={label} data-testid="request-search">
        {[...keep, "status", "sort"].map((k) =>
          list.get(k) ? <input key={k} type="hidden" name={k} value={list.get(k)} /> : null,
        )}
        <div className="form__row">
          <Field id="rf-q" label={t("manager.requests_list.search")} hint={t("manager.requests_list.search_hint")}>
            <input
              id="rf-q"
              name="q"
              type="search"
              defaultValue={q}
              key={q}
              maxLength={80}
              autoComplete="off"
              aria-describedby="rf-q-hint"
              data-testid="request-q"
            />
          </Field>
          {cemeteries.length > 1 ? (
            <Field id="rf-cemetery" label={t("manager.inbox.cemetery")}>
              <select id="rf-cemetery" name="cemeteryId" defaultValue={cemeteryId} key={cemeteryId}>
                <option value="">{t("manager.inbox.all_cemeteries")}</option>
                <NamedOptions items={cemeteries} />
              </select>
            </Field>
          ) : null}
          {children}
        </div>
        <div className="card__actions">
          <button type="submit" className="button button--small" data-testid="request-find">
            <Icon name="search" size={16} /> {t("common.find")}
          </button>
          <Link
            to={list.href({ q: null, cemeteryId: null, status: null, from: null, to: null, kind: null, number: null })}
            className="button button--ghost button--small"
          >
            {t("manager.burial.reset")}
          </Link>
        </div>
      </Form>
      <nav aria-label={t("manager.requests_list.statuses")}>
        <ul className="status-links" data-testid="status-links">
          {STATUS_CHOICES.map((s) => (
            <li key={s || "all"}>
              <Link
                to={list.href({ status: s || null })}
                className="tabs__item"
                aria-current={status === s ? "page" : undefined}
                data-testid={`status-${s || "all"}`}
              >
                {s === ""
                  ? t("common.all")
                  : s === "open"
                    ? t("manager.burial.status_open")
                    : t(`burial_request.status.${s}`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <p role="status" data-testid="requests-total">
        {t("manager.requests_list.total", { count: total })}
      </p>
    </>
  );
}
