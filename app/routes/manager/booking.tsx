import { Form, Link, useSearchParams } from "react-router";
import { pageNumber } from "../../../common/schemas.ts";
import { BurialRequestRow } from "../../components/burial-request.tsx";
import { Field, NamedOptions } from "../../components/form.tsx";
import { Icon } from "../../components/icon.tsx";
import { Pager } from "../../components/pager.tsx";
import { useT } from "../../lib/hooks.ts";
import { requestContext } from "../../lib/request-context.ts";
import type { Route } from "./+types/booking";

export function meta({ location }: Route.MetaArgs) {
  return [{ title: location.pathname.startsWith("/kk") ? "Брондаулар" : "Брони" }];
}

/** The two kinds of live holds: unpaid (with their time left), and paid ones the cemetery must confirm. */
const TABS = ["pending", "paid"] as const;
type Tab = (typeof TABS)[number];

function filtersOf(params: URLSearchParams) {
  const status = params.get("status");
  const cemetery = params.get("cemeteryId") ?? "";
  return {
    status: (TABS.includes(status as Tab) ? status : "pending") as Tab,
    cemeteryId: /^\d{1,9}$/.test(cemetery) ? cemetery : "",
    page: pageNumber(params.get("page")),
  };
}

export async function loader({ context, request }: Route.LoaderArgs) {
  const { api } = context.get(requestContext);
  const f = filtersOf(new URL(request.url).searchParams);
  const query = (status: Tab, page: number) => ({ status, cemeteryId: f.cemeteryId || undefined, page });
  const other: Tab = f.status === "pending" ? "paid" : "pending";
  const [list, others, cemeteries] = await Promise.all([
    api.get("/burial-requests", { query: query(f.status, f.page) }),
    // Only its count: the other tab's label says how many wait there.
    api.get("/burial-requests", { query: query(other, 1) }),
    api.get("/manager/cemeteries"),
  ]);
  return {
    list,
    counts: { [f.status]: list.total, [other]: others.total } as Record<Tab, number>,
    cemeteries: cemeteries.items.map((c) => ({ id: c.id, name: c.name })),
    // The countdowns' value before hydration: the time the page was made.
    now: new Date().toISOString(),
  };
}

/**
 * The manager's live holds: places families keep until they pay (each with the time left), and paid
 * requests waiting for the cemetery's confirmation; by cemetery, a page at a time, all in the URL.
 */
export default function ManagerBooking({ loaderData }: Route.ComponentProps) {
  const { t } = useT();
  const [params] = useSearchParams();
  const f = filtersOf(params);
  const { list, counts, cemeteries, now } = loaderData;
  const tabLink = (status: Tab) => {
    const next = new URLSearchParams(params);
    next.set("status", status);
    next.delete("page");
    return `?${next}`;
  };
  return (
    <section aria-labelledby="booking-title">
      <h1 id="booking-title">{t("manager.booking.title")}</h1>
      <p className="field__hint">{t("manager.booking.intro")}</p>
      <nav aria-label={t("manager.booking.tabs")}>
        <p className="tabs" data-testid="booking-tabs">
          {TABS.map((s) => (
            <Link key={s} to={tabLink(s)} aria-current={f.status === s ? "page" : undefined} data-testid={`tab-${s}`}>
              {t(`manager.booking.tab_${s}`)} ({counts[s]})
            </Link>
          ))}
        </p>
      </nav>
      {cemeteries.length > 1 ? (
        <Form method="get" className="card filters-form" role="search" aria-label={t("manager.booking.filters")}>
          <input type="hidden" name="status" value={f.status} />
          <div className="form__row">
            <Field id="b-cemetery" label={t("manager.inbox.cemetery")}>
              <select id="b-cemetery" name="cemeteryId" defaultValue={f.cemeteryId} key={f.cemeteryId}>
                <option value="">{t("manager.inbox.all_cemeteries")}</option>
                <NamedOptions items={cemeteries} />
              </select>
            </Field>
          </div>
          <button type="submit" className="button button--small">
            <Icon name="search" size={16} /> {t("manager.inbox.apply")}
          </button>
        </Form>
      ) : null}
      {list.items.length === 0 ? <p className="note">{t(`manager.booking.none_${f.status}`)}</p> : null}
      <ul className="requests" data-testid="bookings">
        {list.items.map((r) => (
          <BurialRequestRow key={r.id} r={r} now={now} href={`/manager/booking/${r.id}`} />
        ))}
      </ul>
      <Pager page={list.page} pageSize={list.pageSize} total={list.total} />
    </section>
  );
}
