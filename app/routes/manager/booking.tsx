import { useSearchParams } from "react-router";
import { BurialRequestRow } from "../../components/burial-request.tsx";
import { Pager } from "../../components/pager.tsx";
import { RequestFilters, requestListQuery } from "../../components/request-filters.tsx";
import { useT } from "../../lib/hooks.ts";
import { requestContext } from "../../lib/request-context.ts";
import type { Route } from "./+types/booking";

export function meta({ location }: Route.MetaArgs) {
  return [{ title: location.pathname.startsWith("/kk") ? "Брондаулар" : "Брони" }];
}

export async function loader({ context, request }: Route.LoaderArgs) {
  const { api } = context.get(requestContext);
  const query = requestListQuery(new URL(request.url).searchParams);
  const [list, cemeteries] = await Promise.all([
    api.get("/burial-requests", { query }),
    api.get("/manager/cemeteries"),
  ]);
  return {
    list,
    cemeteries: cemeteries.items.map((c) => ({ id: c.id, name: c.name })),
    // The countdowns' value before hydration: the time the page was made.
    now: new Date().toISOString(),
  };
}

/**
 * The manager's bookings in every status: found by the deceased's name, the family's phone or the
 * number, by cemetery and status; the burials of today and tomorrow first, then the places
 * families hold until they pay (each with the time left); a page at a time, all in the URL.
 */
export default function ManagerBooking({ loaderData }: Route.ComponentProps) {
  const { t } = useT();
  const [params] = useSearchParams();
  const { list, cemeteries, now } = loaderData;
  const filtered = ["q", "status", "cemeteryId"].some((k) => params.get(k));
  return (
    <section aria-labelledby="booking-title">
      <h1 id="booking-title">{t("manager.booking.title")}</h1>
      <p className="field__hint">{t("manager.booking.intro")}</p>
      <RequestFilters cemeteries={cemeteries} label={t("manager.booking.filters")} total={list.total} />
      {list.items.length === 0 ? (
        <p className="note">{t(filtered ? "manager.burial.none" : "manager.booking.none")}</p>
      ) : null}
      <ul className="requests" data-testid="bookings">
        {list.items.map((r) => (
          <BurialRequestRow key={r.id} r={r} now={now} href={`/manager/booking/${r.id}`} />
        ))}
      </ul>
      <Pager page={list.page} pageSize={list.pageSize} total={list.total} />
    </section>
  );
}
