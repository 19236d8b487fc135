import { placeText, placesText } from "../../../common/place-text.ts";
import { useMemo, useState } from "react";
import { fullName } from "../../../common/person.ts";
import { Form, Link, useNavigate, useSearchParams } from "react-router";
import { type TCemeteryDetail, type TPlotProps, type TPublicPlot, RELIGIONS } from "../../../common/api-types.ts";
import { formatDate, formatNumber } from "../../../common/i18n.ts";
import { formatPhones } from "../../../common/phone.ts";
import { choosePlot, MAX_SELECTED_PLOTS, type SelectionResult } from "../../../common/plot-selection.ts";
import { CemeteryCounts } from "../../components/cemetery-counts.tsx";
import { Icon } from "../../components/icon.tsx";
import { PlotList } from "../../components/map/plot-list.tsx";
import { LazyCemeteriesMap as CemeteriesMap, LazyPlotMap as PlotMap } from "../../components/map/lazy.tsx";
import { browserApi } from "../../lib/browser-api.ts";
import { useT } from "../../lib/hooks.ts";
import { requestContext } from "../../lib/request-context.ts";
import type { Route } from "./+types/reserve";
import { parseId } from "../../../common/schemas.ts";

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
  const [all, filtered, chosen] = await Promise.all([
    api.get("/cemeteries"),
    api.get("/cemeteries", { query: { city, religion } }),
    chosenId ? api.get("/cemeteries/:id", { params: { id: chosenId } }).catch(() => null) : Promise.resolve(null),
  ]);
  const cities = [...new Set(all.items.map((c) => c.city))].sort();
  return { cities, cemeteries: filtered.items, chosen };
}

/** What was clicked on the map: the chosen places, or the graves of an occupied plot. */
function ChosenCemetery({ cemetery }: { cemetery: TCemeteryDetail }) {
  const { t, to, locale } = useT();
  const [selection, setSelection] = useState<SelectionResult>({ plots: [] });
  const [inView, setInView] = useState<TPlotProps[]>([]);
  const [opened, setOpened] = useState<TPublicPlot | null>(null);
  const selected = useMemo(() => new Set(selection.plots.map((p) => p.id)), [selection]);

  const choose = async (p: TPlotProps) => {
    // A reserved place is not chosen (the notice says why) but says whether a family keeps it (decision 015).
    if (p.status === "reserved") setSelection(choosePlot(selection.plots, p));
    if (p.status === "occupied" || p.status === "reserved") {
      setOpened(await browserApi(locale).get("/plots/:id", { params: { id: p.id } }));
      return;
    }
    setOpened(null);
    setSelection(choosePlot(selection.plots, p));
  };

  const first = selection.plots[0];
  const last = selection.plots[selection.plots.length - 1];
  return (
    <section className="card" aria-labelledby="chosen-title" data-testid="chosen-cemetery">
      <h2 id="chosen-title" className="card__title">
        {cemetery.name}
      </h2>
      <p className="muted">{cemetery.address}</p>
      {cemetery.description ? <p>{cemetery.description}</p> : null}
      <CemeteryCounts counts={cemetery.counts} />
      <dl className="facts">
        <dt>{t("reserve.fee")}</dt>
        <dd>{cemetery.burialFee ? `${formatNumber(locale, cemetery.burialFee)} ₸` : t("reserve.fee_none")}</dd>
        <dt>{t("reserve.hours")}</dt>
        <dd>
          {cemetery.burialSlots.days.map((d) => t(`weekday.${d}`)).join(", ")}, {cemetery.burialSlots.from}–
          {cemetery.burialSlots.to}
        </dd>
        <dt>{t("reserve.hold")}</dt>
        <dd data-testid="hold-hours">{t("reserve.hold_value", { hours: cemetery.holdHours })}</dd>
        {cemetery.phones ? (
          <>
            <dt>{t("reserve.phones")}</dt>
            <dd>{formatPhones(cemetery.phones)}</dd>
          </>
        ) : null}
      </dl>
      <p className="field__hint">{t("reserve.how_to_choose", { count: MAX_SELECTED_PLOTS })}</p>
      <PlotMap
        cemeteryId={cemetery.id}
        boundary={cemetery.boundary}
        center={cemetery.center ?? [76.93, 43.25]}
        selected={selected}
        onPlotClick={(p) => void choose(p)}
        onPlots={(plots) => setInView(plots)}
        label={t("reserve.plot_map_label", { name: cemetery.name })}
      />
      <div aria-live="polite">
        {selection.notice ? (
          <p className="alert alert--warning" data-testid="selection-notice">
            {t(selection.notice, { count: MAX_SELECTED_PLOTS })}
          </p>
        ) : null}
        {first && last ? (
          <div className="selection" data-testid="selection">
            <p>
              <strong>{t("reserve.chosen", { count: selection.plots.length })}</strong> {placesText(t, selection.plots)}
            </p>
            <div className="selection__actions">
              <Link
                className="button"
                to={to(`/client/reservation/reservation-first?plots=${selection.plots.map((p) => p.id).join(",")}`)}
                data-testid="book-selection"
              >
                {t("reserve.book")}
              </Link>
              <button type="button" className="button button--ghost" onClick={() => setSelection({ plots: [] })}>
                {t("reserve.clear")}
              </button>
            </div>
            <p className="field__hint">{t("reserve.book_hint", { hours: cemetery.holdHours })}</p>
          </div>
        ) : null}
        {opened ? (
          <div className="card plot-graves" data-testid="plot-graves">
            <h3>{placeText(t, opened)}</h3>
            {opened.status === "reserved" ? (
              <p data-testid="plot-reserved">
                <strong>
                  {opened.familyHoldSince
                    ? t("plot.family_hold", { date: formatDate(locale, opened.familyHoldSince) })
                    : t("plot.status.reserved")}
                </strong>
                <br />
                <span className="muted">{t("plot.reserved_note")}</span>
              </p>
            ) : null}
            <ul>
              {opened.graves.map((g) => (
                <li key={g.id}>
                  <Link to={to(`/search?q=${encodeURIComponent(g.surname)}&grave=${g.id}#grave-title`)}>
                    {fullName(g)}
                  </Link>{" "}
                  <span className="muted">
                    {g.birthYear ?? "?"}–{g.deathYear ?? "?"}
                  </span>{" "}
                  <Link
                    to={to(`/client/reservation/reservation-first?kind=family_grave&burial=${g.id}`)}
                    data-testid="book-family"
                  >
                    {t("reserve.book_family")}
                  </Link>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </div>
      <PlotList plots={inView} selected={selected} onChoose={(p) => void choose(p)} />
    </section>
  );
}

/** Choosing a cemetery and free places in it, on a map and in lists. */
export default function Reserve({ loaderData }: Route.ComponentProps) {
  const { t, to } = useT();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { cities, cemeteries, chosen } = loaderData;
  const openCemetery = (id: number) => {
    const next = new URLSearchParams(params);
    next.set("cemetery", String(id));
    void navigate(`?${next}#chosen-title`);
  };
  return (
    <section aria-labelledby="reserve-title">
      <h1 id="reserve-title">{t("reserve.title")}</h1>
      <p className="lead">{t("reserve.lead")}</p>
      <Form method="get" className="search-form card" data-testid="reserve-filters">
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
                <Link
                  to={to(
                    `/reserve?${new URLSearchParams({ ...Object.fromEntries(params), cemetery: String(c.id) })}#chosen-title`,
                  )}
                >
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
      {chosen ? <ChosenCemetery key={chosen.id} cemetery={chosen} /> : null}
    </section>
  );
}
