import { Form, Link } from "react-router";
import { APPEAL_STATUSES, APPEAL_TYPES, STAFF_CHANNELS } from "../../../common/appeals.ts";
import { REBURIAL_STATUSES } from "../../../common/reburials.ts";
import { almatyDay } from "../../../common/calendar/almaty.ts";
import { PERIOD_PRESETS, periodPreset, presetDays } from "../../../common/calendar/periods.ts";
import { formatDate } from "../../../common/i18n.ts";
import { fullName } from "../../../common/person.ts";
import { pageNumber } from "../../../common/paging.ts";
import { parseId } from "../../../common/schemas.ts";
import { AppealDue } from "../../components/appeal-due.tsx";
import { Field, FormError, PhoneField, TextField } from "../../components/form.tsx";
import { Icon } from "../../components/icon.tsx";
import { Pager } from "../../components/pager.tsx";
import { StatusBadge } from "../../components/status-badge.tsx";
import { useSchemaForm } from "../../lib/form.ts";
import { submitForm } from "../../lib/form.server.ts";
import { useT } from "../../lib/hooks.ts";
import { useListParams } from "../../lib/list.ts";
import { redirectTo } from "../../lib/redirect.server.ts";
import { requestContext } from "../../lib/request-context.ts";
import { localizePath } from "../../../common/locale.ts";
import type { Route } from "./+types/tickets";

export function meta({ location }: Route.MetaArgs) {
  return [{ title: location.pathname.startsWith("/kk") ? "Өтініштер" : "Обращения" }];
}

/** The inbox's two kinds: appeals (the default) and reburial requests. */
const KINDS = ["appeal", "reburial"] as const;
const STATUS_TABS = ["open", "all", ...APPEAL_STATUSES] as const;
const REBURIAL_TABS = ["open", "all", ...REBURIAL_STATUSES] as const;
const SORTS = ["-registeredAt", "registeredAt", "dueDay"] as const;
const PAGE_SIZE = 20;

const oneOf = <T extends string>(value: string | null, allowed: readonly T[]): T | undefined =>
  allowed.find((v) => v === value);

/**
 * The inbox's filters as the URL holds them, each kept only when it is one the API takes (an old
 * or mistyped link lists more rather than failing); the period's preset becomes days here.
 */
export function ticketFilters(params: URLSearchParams, today: string) {
  const get = (k: string) => (params.get(k) ?? "").trim();
  const period = periodPreset(get("period"));
  const days = period ? presetDays(period, today, { from: get("from"), to: get("to") }) : null;
  const assignee = get("assignee");
  const kind = oneOf(get("kind"), KINDS) ?? "appeal";
  return {
    kind,
    status: (kind === "reburial" ? oneOf(get("status"), REBURIAL_TABS) : oneOf(get("status"), STATUS_TABS)) ?? "open",
    type: oneOf(get("type"), APPEAL_TYPES),
    assignee: assignee === "none" ? ("none" as const) : parseId(assignee) ? String(parseId(assignee)) : undefined,
    overdue: get("overdue") === "1" ? ("true" as const) : undefined,
    period: period ?? undefined,
    from: days?.from,
    to: days?.to,
    q: get("q").slice(0, 200) || undefined,
    applicant: get("applicant").slice(0, 200) || undefined,
    sort: oneOf(get("sort"), SORTS) ?? "-registeredAt",
    page: pageNumber(params.get("page")),
  };
}

export async function loader({ context, request }: Route.LoaderArgs) {
  const { api, locale } = context.get(requestContext);
  const url = new URL(request.url);
  const f = ticketFilters(url.searchParams, almatyDay(new Date()));
  const query = {
    status: f.status,
    type: f.kind === "appeal" ? f.type : undefined,
    assignee: f.assignee,
    overdue: f.overdue,
    from: f.from,
    to: f.to,
    q: f.q,
    applicant: f.applicant,
    sort: f.sort,
  };
  const paged = { ...query, page: String(f.page), pageSize: String(PAGE_SIZE) };
  const [page, staff] = await Promise.all([
    f.kind === "reburial"
      ? api.get("/reburials", { query: paged }).then((p) => ({ ...p, kind: "reburial" as const }))
      : api.get("/appeals", { query: paged }).then((p) => ({ ...p, kind: "appeal" as const })),
    api.get("/akimat/employees", { query: { pageSize: "100" } }),
  ]);
  const exportQuery = new URLSearchParams(
    Object.entries({ ...query, lang: locale }).filter((e): e is [string, string] => Boolean(e[1])),
  );
  return {
    page,
    staff: staff.items.map((e) => ({ id: e.id, name: fullName(e) })),
    exportUrl: `/api/v1/${f.kind === "reburial" ? "reburials" : "appeals"}/export.xlsx?${exportQuery}`,
    filters: f,
  };
}

export async function action({ context, request }: Route.ActionArgs) {
  const rc = context.get(requestContext);
  const sent = await submitForm(request, "ZOralAppeal", rc.locale, (body) => rc.api.post("/appeals/oral", { body }));
  if (!sent.ok) return sent.response;
  return redirectTo(localizePath(`/user/tickets/${sent.value.id}?registered=1`, rc.locale));
}

/** Recording an appeal made in person or by phone (the law requires accepting them): it is registered at once. */
function OralAppealForm({ lastResult }: { lastResult: Route.ComponentProps["actionData"] }) {
  const { t, locale } = useT();
  const { form, fields } = useSchemaForm("ZOralAppeal", {
    id: "oral",
    lastResult: lastResult?.form,
    defaultValue: { channel: "phone", language: locale, type: "statement" },
  });
  return (
    <Form method="post" className="form" {...form.props} data-testid="oral-form">
      <FormError form={form} />
      <fieldset className="choice">
        <legend className="field__label">{t("appeal_inbox.oral.channel")}</legend>
        {STAFF_CHANNELS.map((c) => (
          <label key={c} className="choice__option">
            <input
              type="radio"
              name={fields.channel.name}
              value={c}
              defaultChecked={(fields.channel.defaultValue ?? "phone") === c}
            />{" "}
            {t(`appeal.channel.${c}`)}
          </label>
        ))}
      </fieldset>
      <div className="form__row">
        <TextField field={fields.surname} label={t("register.surname")} required autoComplete="off" />
        <TextField field={fields.name} label={t("register.name")} required autoComplete="off" />
        <TextField field={fields.patronymic} label={t("register.patronymic")} autoComplete="off" />
      </div>
      <div className="form__row">
        <PhoneField field={fields.phone} label={t("common.phone")} hint={t("appeal_inbox.oral.phone_hint")} required />
        <TextField field={fields.iin} label={t("appeal_inbox.oral.iin")} inputMode="numeric" maxLength={12} />
      </div>
      <TextField field={fields.address} label={t("appeal_inbox.oral.address")} autoComplete="off" />
      <Field field={fields.type} label={t("appeal_inbox.filters.type")} required>
        {(p) => (
          <select {...p}>
            {APPEAL_TYPES.map((type) => (
              <option key={type} value={type}>
                {t(`appeal.type.${type}`)}
              </option>
            ))}
          </select>
        )}
      </Field>
      <TextField field={fields.subject} label={t("appeal_inbox.oral.subject")} maxLength={200} />
      <Field field={fields.text} label={t("appeal_inbox.oral.text")} hint={t("appeal_inbox.oral.text_hint")} required>
        {(p) => <textarea {...p} rows={6} maxLength={3500} />}
      </Field>
      <Field field={fields.language} label={t("appeal_inbox.oral.language")}>
        {(p) => (
          <select {...p}>
            <option value="ru">{t("lang.name.ru")}</option>
            <option value="kk">{t("lang.name.kk")}</option>
          </select>
        )}
      </Field>
      <button type="submit" className="button" data-testid="oral-submit">
        <Icon name="check" /> {t("appeal_inbox.oral.submit")}
      </button>
    </Form>
  );
}

/**
 * The akimat's inbox of appeals: its city's only (the API's scope), open first; filters by status,
 * type, assignee, overdue, period, text and applicant, all in the URL; sorted by registration or
 * by the due day; exported as XLSX as filtered; and the form that records an oral or phone appeal.
 */
export default function Tickets({ loaderData, actionData }: Route.ComponentProps) {
  const { t, to, locale } = useT();
  const list = useListParams();
  const { page, staff, filters: f, exportUrl } = loaderData;
  const tabs = f.kind === "reburial" ? REBURIAL_TABS : STATUS_TABS;
  const advanced = Boolean(f.type || f.assignee || f.period || f.overdue);
  const statusWord = (s: string) =>
    s === "open"
      ? t("appeal_inbox.status_open")
      : s === "all"
        ? t("common.all")
        : t(f.kind === "reburial" ? `reburial.status.${s}` : `appeal.status.${s}`);
  return (
    <section aria-labelledby="tickets-title">
      <div className="page-head">
        <h1 id="tickets-title">{t("appeal_inbox.title")}</h1>
        <a className="button button--ghost" href={exportUrl} download data-testid="tickets-export">
          <Icon name="file" /> {t("appeal_inbox.export")}
        </a>
      </div>

      {f.kind === "appeal" ? (
        <details className="record oral-panel" open={Boolean(actionData)} data-testid="oral-panel">
          <summary className="button">
            <Icon name="plus" /> {t("appeal_inbox.oral.open")}
          </summary>
          <p className="muted">{t("appeal_inbox.oral.lead")}</p>
          <OralAppealForm lastResult={actionData} />
        </details>
      ) : null}

      <nav className="tabs tabs--kinds" aria-label={t("appeal_inbox.kind")}>
        {KINDS.map((k) => (
          <Link
            key={k}
            to={to(k === "appeal" ? "/user/tickets" : "/user/tickets?kind=reburial")}
            className={`tabs__item${f.kind === k ? " is-current" : ""}`}
            aria-current={f.kind === k ? "page" : undefined}
            data-testid={`kind-${k}`}
          >
            {t(`appeal_inbox.kinds.${k}`)}
          </Link>
        ))}
      </nav>

      <nav className="tabs" aria-label={t("appeal_inbox.filters.status")}>
        {tabs.map((s) => (
          <Link
            key={s}
            to={list.href({ status: s === "open" ? null : s })}
            className={`tabs__item${f.status === s ? " is-current" : ""}`}
            aria-current={f.status === s ? "page" : undefined}
            data-testid={`status-${s}`}
          >
            {statusWord(s)}
          </Link>
        ))}
      </nav>

      <Form method="get" className="filters-form" role="search" data-testid="ticket-filters">
        {f.kind !== "appeal" ? <input type="hidden" name="kind" value={f.kind} /> : null}
        {f.status !== "open" ? <input type="hidden" name="status" value={f.status} /> : null}
        <div className="form__row">
          <Field id="tf-q" label={t("appeal_inbox.filters.q")}>
            <input
              id="tf-q"
              name="q"
              type="search"
              defaultValue={f.q ?? ""}
              placeholder={t("appeal_inbox.filters.q_hint")}
            />
          </Field>
          <Field id="tf-applicant" label={t("appeal_inbox.filters.applicant")}>
            <input id="tf-applicant" name="applicant" type="search" defaultValue={f.applicant ?? ""} />
          </Field>
        </div>
        {/* The rarer filters fold away (a phone shows the search and the list); open while one is set. */}
        <details className="filters-more" open={advanced} data-testid="filters-more">
          <summary>{t("appeal_inbox.filters.more")}</summary>
          <div className="form__row">
            {f.kind === "appeal" ? (
              <Field id="tf-type" label={t("appeal_inbox.filters.type")}>
                <select id="tf-type" name="type" defaultValue={f.type ?? ""}>
                  <option value="">{t("common.all")}</option>
                  {APPEAL_TYPES.map((type) => (
                    <option key={type} value={type}>
                      {t(`appeal.type.${type}`)}
                    </option>
                  ))}
                </select>
              </Field>
            ) : null}
            <Field id="tf-assignee" label={t("appeal_inbox.filters.assignee")}>
              <select id="tf-assignee" name="assignee" defaultValue={f.assignee ?? ""}>
                <option value="">{t("common.all")}</option>
                <option value="none">{t("appeal_inbox.filters.unassigned")}</option>
                {staff.map((s) => (
                  <option key={s.id} value={s.id}>
                    {s.name}
                  </option>
                ))}
              </select>
            </Field>
            <Field id="tf-period" label={t("appeal_inbox.filters.period")}>
              <select id="tf-period" name="period" defaultValue={f.period ?? ""}>
                <option value="">{t("appeal_inbox.filters.any_time")}</option>
                {PERIOD_PRESETS.map((p) => (
                  <option key={p} value={p}>
                    {t(`period.${p}`)}
                  </option>
                ))}
              </select>
            </Field>
          </div>
          <div className="form__row">
            <Field id="tf-from" label={t("appeal_inbox.filters.from")} hint={t("appeal_inbox.filters.custom_hint")}>
              <input id="tf-from" name="from" type="date" defaultValue={f.period === "custom" ? (f.from ?? "") : ""} />
            </Field>
            <Field id="tf-to" label={t("appeal_inbox.filters.to")}>
              <input id="tf-to" name="to" type="date" defaultValue={f.period === "custom" ? (f.to ?? "") : ""} />
            </Field>
            <label className="choice__option">
              <input type="checkbox" name="overdue" value="1" defaultChecked={f.overdue === "true"} />{" "}
              {t("appeal_inbox.filters.overdue")}
            </label>
          </div>
        </details>
        <div className="card__actions">
          <button type="submit" className="button" data-testid="filters-apply">
            <Icon name="search" size={16} /> {t("common.find")}
          </button>
          <Link
            className="button button--ghost"
            to={to(f.kind === "appeal" ? "/user/tickets" : `/user/tickets?kind=${f.kind}`)}
            data-testid="filters-reset"
          >
            {t("appeal_inbox.filters.reset")}
          </Link>
        </div>
      </Form>

      <p className="muted" data-testid="tickets-total">
        {t(f.kind === "reburial" ? "appeal_inbox.total_reburials" : "appeal_inbox.total", { count: page.total })}
        {f.from && f.to ? ` · ${formatDate(locale, f.from)} — ${formatDate(locale, f.to)}` : ""} ·{" "}
        {SORTS.map((s, i) => (
          <span key={s}>
            {i > 0 ? " · " : ""}
            {f.sort === s ? (
              <strong>{t(`appeal_inbox.sort.${s.replace("-", "desc_")}`)}</strong>
            ) : (
              <Link to={list.href({ sort: s === "-registeredAt" ? null : s })} data-testid={`sort-${s}`}>
                {t(`appeal_inbox.sort.${s.replace("-", "desc_")}`)}
              </Link>
            )}
          </span>
        ))}
      </p>

      {page.items.length === 0 ? (
        <div className="empty">
          <Icon name="mail" size={32} />
          <p>{t("appeal_inbox.empty")}</p>
        </div>
      ) : page.kind === "appeal" ? (
        <ul className="cards" data-testid="ticket-list">
          {page.items.map((a) => (
            <li key={a.id} className="card" data-testid="ticket" data-appeal-id={a.id}>
              <div className="card__head">
                <h2 className="card__title">
                  <Link to={to(`/user/tickets/${a.id}`)}>
                    {t("appeal_inbox.number", { number: a.number })} · {t(`appeal.type.${a.type}`)}
                  </Link>
                </h2>
                <StatusBadge kind="appeal" status={a.status} />
              </div>
              {a.subject ? <p className="card__text">{a.subject}</p> : null}
              <dl className="facts">
                <dt>{t("appeal_inbox.applicant")}</dt>
                <dd>{a.applicantName}</dd>
                <dt>{t("appeal_inbox.registered")}</dt>
                <dd>
                  {formatDate(locale, a.registeredAt, true)} · {t(`appeal.channel.${a.channel}`)}
                </dd>
                <dt>{t("appeal_inbox.assignee")}</dt>
                <dd>{a.assigneeName ?? t("appeal_inbox.filters.unassigned")}</dd>
                <dt>{t("appeal_inbox.due")}</dt>
                <dd>
                  <AppealDue countdown={a.countdown} />
                </dd>
              </dl>
            </li>
          ))}
        </ul>
      ) : (
        <ul className="cards" data-testid="ticket-list">
          {page.items.map((r) => (
            <li key={r.id} className="card" data-testid="ticket" data-reburial-id={r.id}>
              <div className="card__head">
                <h2 className="card__title">
                  <Link to={to(`/user/reburials/${r.id}`)}>{t("reburial.number", { number: r.number })}</Link>
                </h2>
                <StatusBadge kind="reburial" status={r.status} />
              </div>
              <dl className="facts">
                <dt>{t("appeal_inbox.deceased")}</dt>
                <dd>{r.deceased}</dd>
                <dt>{t("appeal_inbox.reburial_route")}</dt>
                <dd>
                  {r.from} → {r.to}
                </dd>
                <dt>{t("appeal_inbox.applicant")}</dt>
                <dd>{r.applicantName}</dd>
                <dt>{t("appeal_inbox.registered")}</dt>
                <dd>{formatDate(locale, r.registeredAt, true)}</dd>
                <dt>{t("appeal_inbox.assignee")}</dt>
                <dd>{r.assigneeName ?? t("appeal_inbox.filters.unassigned")}</dd>
                <dt>{t("appeal_inbox.due")}</dt>
                <dd>
                  <AppealDue countdown={r.countdown} />
                </dd>
              </dl>
            </li>
          ))}
        </ul>
      )}
      <Pager page={page.page} pageSize={page.pageSize} total={page.total} />
    </section>
  );
}
