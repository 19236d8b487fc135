import { placeText } from "../../../common/place-text.ts";
import { documentUrls } from "../../../common/booking-terms.ts";
import { WayLinks } from "../../components/way-links.tsx";
import { formatPhones } from "../../../common/phone.ts";
import { Icon } from "../../components/icon.tsx";
import { LazyCemeteriesMap as CemeteriesMap } from "../../components/map/lazy.tsx";
import { useT } from "../../lib/hooks.ts";
import { requestContext } from "../../lib/request-context.ts";
import { Link } from "react-router";
import type { Route } from "./+types/cemeteries";

export function meta({ location }: Route.MetaArgs) {
  return [{ title: location.pathname.startsWith("/kk") ? "Менің зираттарым" : "Мои кладбища" }];
}

export async function loader({ context }: Route.LoaderArgs) {
  const { api } = context.get(requestContext);
  const [mine, all] = await Promise.all([api.get("/me/cemeteries"), api.get("/cemeteries")]);
  const ids = new Set(mine.items.map((c) => c.id));
  return { mine: mine.items, onMap: all.items.filter((c) => ids.has(c.id)) };
}

/** The cemeteries where the family has graves or bookings: on the map, with the way there and the graves. */
export default function ClientCemeteries({ loaderData }: Route.ComponentProps) {
  const { t, to, locale } = useT();
  const { mine, onMap } = loaderData;
  const open = (id: number) => document.getElementById(`cemetery-${id}`)?.scrollIntoView({ behavior: "smooth" });
  return (
    <section aria-labelledby="cc-title">
      <h1 id="cc-title">{t("booking.cemeteries_title")}</h1>
      <p className="lead">{t("booking.cemeteries_lead")}</p>
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
                          <a href={documentUrls.certificate(g.burialId, locale)}>{t("booking.grave_certificate")}</a>
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
