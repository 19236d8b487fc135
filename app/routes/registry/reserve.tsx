import { lazy, Suspense } from "react";
import { Form, Link, useNavigate, useSearchParams } from "react-router";
import type { ApiClient } from "../../../common/api-client.ts";
import { RELIGIONS } from "../../../common/api-types.ts";
import { parseId } from "../../../common/schemas.ts";
import { CemeteryCounts } from "../../components/cemetery-counts.tsx";
import { Icon } from "../../components/icon.tsx";
import { LazyCemeteriesMap as CemeteriesMap } from "../../components/map/lazy.tsx";
import { useT } from "../../lib/hooks.ts";
import { requestContext } from "../../lib/request-context.ts";
import type { Route } from "./+types/reserve";
import type { TPicker } from "./reserve-chosen.tsx";

/**
 * The chosen cemetery (its picker, map and choice) loads when a cemetery is chosen: the list of
 * cemeteries stays within the public pages' first-load budget (decision 011).
 */
const ChosenCemetery = lazy(() => import("./reserve-chosen.tsx"));

export function meta({ location }: Route.MetaArgs) {
  const isKk = location.pathname.startsWith("/kk");
  return [
    { title: isKk ? "Жерлеу орнын таңдау" : "Выбор места захоронения" },
    {
      name: "description",
      content: isKk
        ? "Алматы зираттарындағы бос орындар картада: зиратты және көршілес бос орындарды таңдаңыз."
        : "Свободные места на кладбищах Алматы на карте: выберите кладбище и соседние свободные места.",
    },
  ];
}

export async function loader({ context, request }: Route.LoaderArgs) {
  const { api } = context.get(requestContext);
  const p = new URL(request.url).searchParams;
  const city = p.get("city")?.trim() || undefined;
  const religion = RELIGIONS.find((r) => r === p.get("religion"));
  const chosenId = parseId(p.get("cemetery")) ?? 0;
  const [all, filtered, chosen, picker] = await Promise.all([
    api.get("/cemeteries"),
    api.get("/cemeteries", { query: { city, religion } }),
    chosenId ? api.get("/cemeteries/:id", { params: { id: chosenId } }).catch(() => null) : Promise.resolve(null),
    chosenId ? pickerStep(api, chosenId, p.get("sector")?.trim(), p.get("row")?.trim()) : Promise.resolve(null),
  ]);
  const cities = [...new Set(all.items.map((c) => c.city))].sort();
  return { cities, cemeteries: filtered.items, chosen, picker: chosen ? picker : null };
}

/** The picker's step the address names: a row's free places, a sector's rows, or the sectors. */
async function pickerStep(api: ApiClient, id: number, sector?: string, row?: string): Promise<TPicker | null> {
  try {
    if (sector && row) {
      const { items } = await api.get("/cemeteries/:id/free-places", { params: { id }, query: { sector, row } });
      return { step: "places", sector, row, places: items };
    }
    if (sector) {
      const { items } = await api.get("/cemeteries/:id/free-rows", { params: { id }, query: { sector } });
      return { step: "rows", sector, rows: items };
    }
  } catch {
    // A sector or row the API refuses (too long): back to the sectors.
  }
  try {
    const { items } = await api.get("/cemeteries/:id/free-sectors", { params: { id } });
    return { step: "sectors", sectors: items };
  } catch {
    return null;
  }
}

/** Choosing a cemetery and free places in it, on a map and in lists. */
export default function Reserve({ loaderData }: Route.ComponentProps) {
  const { t, to } = useT();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { cities, cemeteries, chosen, picker } = loaderData;
  // Another cemetery opens on its sectors: the filters are kept, the sector and row are not.
  const cemeteryHref = (id: number) => {
    const next = new URLSearchParams(params);
    next.delete("sector");
    next.delete("row");
    next.set("cemetery", String(id));
    return `?${next}#chosen-title`;
  };
  const openCemetery = (id: number) => void navigate(cemeteryHref(id));
  return (
    <section aria-labelledby="reserve-title">
      <h1 id="reserve-title">{t("reserve.title")}</h1>
      <p className="lead">{t("reserve.lead")}</p>
      <Form method="get" className="search-form card" data-testid="reserve-filters">
        {/* Booking an approved reburial's destination: filtering the cemeteries keeps it. */}
        {params.get("reburial") ? <input type="hidden" name="reburial" value={params.get("reburial") ?? ""} /> : null}
        <div className="search-form__row">
          <div className="field">
            <label htmlFor="r-city" className="field__label">
              {t("reserve.city")}
            </label>
            <select id="r-city" name="city" defaultValue={params.get("city") ?? ""}>
              <option value="">{t("reserve.any_city")}</option>
              {cities.map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor="r-religion" className="field__label">
              {t("reserve.religion")}
            </label>
            <select id="r-religion" name="religion" defaultValue={params.get("religion") ?? ""}>
              <option value="">{t("reserve.any_religion")}</option>
              {RELIGIONS.map((r) => (
                <option key={r} value={r}>
                  {t(`religion.${r}`)}
                </option>
              ))}
            </select>
          </div>
        </div>
        <button type="submit" className="button">
          <Icon name="search" /> {t("reserve.show")}
        </button>
      </Form>

      {cemeteries.length === 0 ? <p className="note">{t("reserve.none")}</p> : null}
      <div className="reserve-overview">
        <ul className="cemetery-counts" data-testid="reserve-cemeteries">
          {cemeteries.map((c) => (
            <li key={c.id} className={`card ${chosen?.id === c.id ? "card--current" : ""}`}>
              <h3 className="card__title">
                <Link className="reserve-cemetery" to={to(`/reserve${cemeteryHref(c.id)}`)}>
                  {c.name}
                </Link>
              </h3>
              <p className="muted">
                {t(`religion.${c.religion}`)} · {t(`cemetery_status.${c.status}`)}
              </p>
              <CemeteryCounts counts={c.counts} />
            </li>
          ))}
        </ul>
        {cemeteries.length > 0 ? <CemeteriesMap cemeteries={cemeteries} onChoose={openCemetery} /> : null}
      </div>
      {chosen ? (
        <Suspense fallback={<section className="card chosen-cemetery" />}>
          <ChosenCemetery key={chosen.id} cemetery={chosen} picker={picker} />
        </Suspense>
      ) : null}
    </section>
  );
}
