import { placeText } from "../../../common/place-text.ts";
import { documentUrls } from "../../../common/booking-terms.ts";
import { WayLinks } from "../../components/way-links.tsx";
import { formatPhones } from "../../../common/phone.ts";
import { Icon } from "../../components/icon.tsx";
import { StatusBadge } from "../../components/status-badge.tsx";
import { LazyCemeteriesMap as CemeteriesMap } from "../../components/map/lazy.tsx";
import { useT } from "../../lib/hooks.ts";
import { requestContext } from "../../lib/request-context.ts";
import { Link } from "react-router";
import type { TGraveCare } from "../../../common/ennoblement-schemas.ts";
import { GraveHistoryList } from "../../components/care.tsx";
import type { Route } from "./+types/cemeteries";

export function meta({ location }: Route.MetaArgs) {
  return [{ title: location.pathname.startsWith("/kk") ? "Менің зираттарым" : "Мои кладбища" }];
}

export async function loader({ context }: Route.LoaderArgs) {
  const { api } = context.get(requestContext);
  const [mine, all, handovers] = await Promise.all([
    api.get("/me/cemeteries"),
    api.get("/cemeteries"),
    api.get("/handovers", { query: { status: "all" } }),
  ]);
  const ids = new Set(mine.items.map((c) => c.id));
  // Each grave's care so far (its requests with their photos before and after, its permits).
  const graves = mine.items.flatMap((c) => c.graves.map((g) => g.burialId));
  const care = Object.fromEntries(
    await Promise.all(
      graves.map(async (id) => [id, await api.get("/care/graves/:id", { params: { id } }).catch(() => null)] as const),
    ),
  );
  return { mine: mine.items, onMap: all.items.filter((c) => ids.has(c.id)), care, handovers: handovers.items };
}

/** The cemeteries where the family has graves or bookings: on the map, with the way there and the graves. */
export default function ClientCemeteries({ loaderData }: Route.ComponentProps) {
  const { t, to, locale } = useT();
  const { mine, onMap, care, handovers } = loaderData;
  const open = (id: number) => document.getElementById(`cemetery-${id}`)?.scrollIntoView({ behavior: "smooth" });
  return (
    <section aria-labelledby="cc-title">
      <h1 id="cc-title">{t("booking.cemeteries_title")}</h1>
      <p className="lead">{t("booking.cemeteries_lead")}</p>
      {handovers.length ? (
        <section className="card" aria-labelledby="cc-handovers" data-testid="my-handovers">
          <h2 id="cc-handovers" className="card__title">
            {t("handover.mine_title")}
          </h2>
          <ul className="stack">
            {handovers.map((h) => (
              <li key={h.id}>
                <Link to={to(`/client/cemetery/handover/${h.id}`)}>{h.number}</Link>{" "}
                <StatusBadge kind="handover" status={h.status} /> <strong>{h.grave.deceased}</strong>{" "}
                <span className="muted">
                  {t(`handover.side.${h.side}`)}: {h.side === "to" ? h.fromName : h.toName}
                </span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {mine.length === 0 ? (
        <div className="note" data-testid="cemeteries-empty">
          <p>{t("booking.cemeteries_none")}</p>
          <Link className="button" to={to("/reserve")}>
            <Icon name="map-pin" /> {t("booking.choose_place")}
          </Link>
        </div>
      ) : (
        <>
          {onMap.length ? <CemeteriesMap cemeteries={onMap} onChoose={open} /> : null}
          <ul className="cards" data-testid="client-cemeteries">
            {mine.map((c) => {
              return (
                <li key={c.id} id={`cemetery-${c.id}`} className="card">
                  <h2 className="card__title">{c.name}</h2>
                  <p className="muted">
                    {c.address}
                    {c.phones ? ` · ${formatPhones(c.phones)}` : ""}
                  </p>
                  {c.openRequests ? (
                    <p>
                      <Link to={to("/client/tickets/active")}>
                        {t("booking.open_requests", { count: c.openRequests })}
                      </Link>
                    </p>
                  ) : null}
                  {c.graves.length ? (
                    <ul className="stack">
                      {c.graves.map((g) => (
                        <li key={g.burialId}>
                          <strong>{g.name}</strong> · {placeText(t, { ...g, number: g.place })}{" "}
                          <a href={documentUrls.certificate(g.burialId, locale)}>{t("booking.grave_certificate")}</a>{" "}
                          <Link
                            className="button button--ghost button--small"
                            to={to(`/client/cemetery/care?burial=${g.burialId}`)}
                            data-testid={`care-order-${g.burialId}`}
                          >
                            <Icon name="pencil" /> {t("care_screen.order_button")}
                          </Link>{" "}
                          <Link
                            className="button button--ghost button--small"
                            to={to(`/client/cemetery/handover?burial=${g.burialId}`)}
                            data-testid="grave-handover"
                          >
                            <Icon name="users" /> {t("handover.hand_over")}
                          </Link>
                          {care[g.burialId] &&
                          (care[g.burialId]?.requests.length || care[g.burialId]?.permits.length) ? (
                            <details className="grave-care">
                              <summary>{t("care_screen.grave_history")}</summary>
                              <GraveHistoryList history={care[g.burialId] as TGraveCare} />
                            </details>
                          ) : null}
                        </li>
                      ))}
                    </ul>
                  ) : null}
                  {c.center ? <WayLinks point={c.center} /> : null}
                </li>
              );
            })}
          </ul>
        </>
      )}
    </section>
  );
}
