import { almatyDay } from "../../../common/calendar/almaty.ts";
import { Form, Link, useSearchParams } from "react-router";
import type { TBurialRequestSummary } from "../../../common/booking.ts";
import { BURIAL_KINDS } from "../../../common/booking-terms.ts";
import { formatLongDate } from "../../../common/i18n.ts";
import { isIsoDate, parseId } from "../../../common/schemas.ts";
import { placesText } from "../../../common/place-text.ts";
import { BurialRequestRow } from "../../components/burial-request.tsx";
import { Field, NamedOptions } from "../../components/form.tsx";
import { Icon } from "../../components/icon.tsx";
import { Pager } from "../../components/pager.tsx";
import { RequestFilters, requestListQuery } from "../../components/request-filters.tsx";
import { StatusBadge } from "../../components/status-badge.tsx";
import { useT } from "../../lib/hooks.ts";
import { requestContext } from "../../lib/request-context.ts";
import type { Route } from "./+types/burial";

export function meta({ location }: Route.MetaArgs) {
  return [{ title: location.pathname.startsWith("/kk") ? "Жерлеу өтінімдері" : "Заявки на захоронение" }];
}

/** The list's parameters in the URL (a day schedule's form keeps them). */
const LIST_FIELDS = ["q", "number", "from", "to", "cemeteryId", "status", "kind", "sort"] as const;
/** The day schedule's choice in the URL. */
const DAY_FIELDS = ["date", "dayCemeteryId"] as const;
/** A day's burials: the paid, the confirmed and the done ones, by time. */
const ON_SCHEDULE = new Set<string>(["paid", "confirmed", "completed"]);
/** A day holds a few dozen burials per cemetery; this only bounds a loop that cannot be meant. */
const MAX_SCHEDULE_PAGES = 50;

/**
 * This page's own filters from the URL (burial dates, kind, the schedule's day and cemetery), each
 * kept only when the API would take it (an old or mistyped link lists everything rather than
 * failing), checked by the product's own rules for ids and dates; the search, cemetery and status
 * are `requestListQuery`'s.
 */
function filtersOf(params: URLSearchParams) {
  const keep = (key: string, ok: (value: string) => boolean) => {
    const value = (params.get(key) ?? "").trim();
    return ok(value) ? value : "";
  };
  return {
    number: keep("number", (v) => v.length <= 20),
    from: keep("from", isIsoDate),
    to: keep("to", isIsoDate),
    kind: keep("kind", (v) => BURIAL_KINDS.some((k) => k === v)),
    date: keep("date", isIsoDate),
    dayCemeteryId: keep("dayCemeteryId", (v) => parseId(v) !== null),
  };
}

export async function loader({ context, request }: Route.LoaderArgs) {
  const { api } = context.get(requestContext);
  const params = new URL(request.url).searchParams;
  const f = filtersOf(params);
  const [list, cemeteriesPage] = await Promise.all([
    api.get("/burial-requests", {
      query: {
        ...requestListQuery(params),
        number: f.number || undefined,
        from: f.from || undefined,
        to: f.to || undefined,
        kind: f.kind || undefined,
      },
    }),
    api.get("/manager/cemeteries"),
  ]);
  const cemeteries = cemeteriesPage.items.map((c) => ({ id: c.id, name: c.name }));
  // The day schedule: today in the cemeteries' zone and the first cemetery unless chosen.
  const date = f.date || almatyDay(new Date());
  const dayCemetery = cemeteries.find((c) => String(c.id) === f.dayCemeteryId) ?? cemeteries[0] ?? null;
  const day: TBurialRequestSummary[] = [];
  if (dayCemetery) {
    for (let page = 1; page <= MAX_SCHEDULE_PAGES; page++) {
      const got = await api.get("/burial-requests", {
        query: { cemeteryId: String(dayCemetery.id), from: date, to: date, page: String(page) },
      });
      day.push(...got.items);
      if (page * got.pageSize >= got.total) break;
    }
  }
  const schedule = day
    .filter((r) => ON_SCHEDULE.has(r.status))
    .sort((a, b) => (a.burialTime ?? "").localeCompare(b.burialTime ?? "") || a.id - b.id);
  return { list, cemeteries, schedule, date, dayCemetery, now: new Date().toISOString() };
}

/** Hidden copies of the URL's other parameters, so a GET form changes its own and keeps the rest. */
function Keep({ fields }: { fields: readonly string[] }) {
  const [params] = useSearchParams();
  return fields.map((k) => {
    const v = params.get(k);
    return v ? <input key={k} type="hidden" name={k} value={v} /> : null;
  });
}

/**
 * All burial requests of the manager's cemeteries (the admin: all), filtered by number, burial
 * dates, cemetery, status and kind, a page at a time, everything in the URL; and the day's
 * schedule of one cemetery (paid, confirmed and completed burials by time), printable.
 */
export default function ManagerBurial({ loaderData }: Route.ComponentProps) {
  const { t, to, locale } = useT();
  const [params] = useSearchParams();
  const f = filtersOf(params);
  const { list, cemeteries, schedule, date, dayCemetery, now } = loaderData;
  const select = (name: "kind", label: string, options: [string, string][]) => (
    <Field id={`bf-${name}`} label={label}>
      <select id={`bf-${name}`} name={name} defaultValue={f[name]} key={`${name}=${f[name]}`}>
        {options.map(([v, text]) => (
          <option key={v} value={v}>
            {text}
          </option>
        ))}
      </select>
    </Field>
  );
  const input = (name: "from" | "to", label: string) => (
    <Field id={`bf-${name}`} label={label}>
      <input id={`bf-${name}`} name={name} type="date" defaultValue={f[name]} key={`${name}=${f[name]}`} />
    </Field>
  );
  const pdf = dayCemetery
    ? `/api/v1/manager/schedule.pdf?cemeteryId=${dayCemetery.id}&date=${date}&lang=${locale}`
    : null;
  return (
    <div className="burial-screen">
      <header className="print-hide">
        <h1 id="burial-title">{t("manager.burial.title")}</h1>
        <p className="field__hint">{t("manager.burial.intro")}</p>
      </header>
      <section aria-labelledby="schedule-title" className="schedule-section" data-testid="schedule">
        <h2 id="schedule-title">{t("manager.burial.schedule.title")}</h2>
        {dayCemetery ? (
          <>
            <Form
              method="get"
              className="card filters-form print-hide"
              aria-label={t("manager.burial.schedule.form")}
              data-testid="schedule-form"
            >
              <Keep fields={[...LIST_FIELDS, "page"]} />
              <div className="form__row">
                <Field id="sd-date" label={t("manager.burial.schedule.date")}>
                  <input id="sd-date" name="date" type="date" defaultValue={date} key={date} required />
                </Field>
                <Field id="sd-cemetery" label={t("manager.burial.schedule.cemetery")}>
                  <select id="sd-cemetery" name="dayCemeteryId" defaultValue={dayCemetery.id} key={dayCemetery.id}>
                    <NamedOptions items={cemeteries} />
                  </select>
                </Field>
              </div>
              <div className="card__actions">
                <button type="submit" className="button button--small" data-testid="schedule-show">
                  {t("manager.burial.schedule.show")}
                </button>
                <button
                  type="button"
                  className="button button--ghost button--small"
                  onClick={() => window.print()}
                  data-testid="schedule-print"
                >
                  {t("manager.burial.schedule.print")}
                </button>
                {pdf ? (
                  <a
                    href={pdf}
                    className="button button--ghost button--small"
                    target="_blank"
                    rel="noopener noreferrer"
                  >
                    <Icon name="file" size={16} /> {t("manager.burial.schedule.pdf")}
                  </a>
                ) : null}
              </div>
            </Form>
            <h3 data-testid="schedule-heading">
              {t("manager.burial.schedule.heading", {
                cemetery: dayCemetery.name,
                date: formatLongDate(locale, `${date}T12:00:00+05:00`),
              })}{" "}
              <span className="muted">· {t("manager.burial.schedule.count", { count: schedule.length })}</span>
            </h3>
            {schedule.length === 0 ? <p className="note">{t("manager.burial.schedule.empty")}</p> : null}
            <ol className="schedule" data-testid="schedule-items">
              {schedule.map((r) => (
                <li key={r.id} className="schedule__item" data-request-id={r.id}>
                  <span className="schedule__time">{r.burialTime}</span>
                  <span className="schedule__what">
                    <strong>{r.deceased}</strong> · {t(`burial_request.kind.${r.kind}`)}
                    <br />
                    <span className="muted">{placesText(t, r.places)}</span>
                    <br />
                    <Link to={to(`/manager/booking/${r.id}`)}>{t("burial_request.number", { number: r.number })}</Link>{" "}
                    <StatusBadge kind="burial_request" status={r.status} />
                  </span>
                </li>
              ))}
            </ol>
          </>
        ) : (
          <p className="note">{t("manager.burial.schedule.no_cemetery")}</p>
        )}
      </section>

      <section aria-labelledby="burial-list-title" className="print-hide">
        <h2 id="burial-list-title">{t("manager.burial.list_title")}</h2>
        <RequestFilters
          cemeteries={cemeteries}
          label={t("manager.burial.filters")}
          keep={DAY_FIELDS}
          total={list.total}
        >
          {input("from", t("manager.burial.from"))}
          {input("to", t("manager.burial.to"))}
          {select("kind", t("manager.burial.kind"), [
            ["", t("common.all")],
            ...BURIAL_KINDS.map((k) => [k, t(`burial_request.kind.${k}`)] as [string, string]),
          ])}
        </RequestFilters>
        {list.items.length === 0 ? <p className="note">{t("manager.burial.none")}</p> : null}
        <ul className="requests" data-testid="burial-requests">
          {list.items.map((r) => (
            <BurialRequestRow key={r.id} r={r} now={now} href={`/manager/booking/${r.id}`} />
          ))}
        </ul>
        <Pager page={list.page} pageSize={list.pageSize} total={list.total} />
      </section>
    </div>
  );
}
