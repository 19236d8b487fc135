import { useEffect, useMemo, useRef, useState } from "react";
import { Link, useSearchParams } from "react-router";
import type {
  TCemeteryDetail,
  TFreePlace,
  TFreeRows,
  TFreeSectors,
  TPlotProps,
  TPublicPlot,
} from "../../../common/api-types.ts";
import { formatDate, formatNumber } from "../../../common/i18n.ts";
import { fullName } from "../../../common/person.ts";
import { formatPhones } from "../../../common/phone.ts";
import { placesText, placeText } from "../../../common/place-text.ts";
import { choosePlot, MAX_SELECTED_PLOTS, type SelectionResult } from "../../../common/plot-selection.ts";
import { CemeteryCounts } from "../../components/cemetery-counts.tsx";
import { Icon } from "../../components/icon.tsx";
import { LazyPlotMap as PlotMap } from "../../components/map/lazy.tsx";
import type { TExtent } from "../../components/map/use-map.ts";
import { browserApi } from "../../lib/browser-api.ts";
import { useT } from "../../lib/hooks.ts";

/**
 * The step of the place picker the address asks for (`?cemetery=…&sector=…&row=…`), with what
 * the API answered for it: the sectors with free places, a sector's rows, or a row's free places.
 */
export type TPicker =
  | { step: "sectors"; sectors: TFreeSectors["items"] }
  | { step: "rows"; sector: string; rows: TFreeRows["items"] }
  | { step: "places"; sector: string; row: string; places: TFreePlace[] };

/** The box around some boxes, or null for none. */
function boxAround(boxes: readonly TExtent[]): TExtent | null {
  if (boxes.length === 0) return null;
  return [
    Math.min(...boxes.map((b) => b[0])),
    Math.min(...boxes.map((b) => b[1])),
    Math.max(...boxes.map((b) => b[2])),
    Math.max(...boxes.map((b) => b[3])),
  ];
}

/** Consecutive numbers together: the places that can be chosen as neighbours. */
function runsOf(places: readonly TFreePlace[]): TFreePlace[][] {
  const runs: TFreePlace[][] = [];
  for (const p of places) {
    const run = runs[runs.length - 1];
    const last = run?.[run.length - 1];
    if (run && last && p.number === last.number + 1) run.push(p);
    else runs.push([p]);
  }
  return runs;
}

/**
 * The phone's way to a place: the sectors with free places, then a sector's rows, then the
 * row's free places as buttons big enough for a thumb (each step one tap, its address a link,
 * so the back button goes one step back). Only free places are listed; choosing follows the
 * map's rule (`choosePlot`: up to four neighbours in one row).
 */
function PlacePicker({
  picker,
  selected,
  onChoose,
}: {
  picker: TPicker | null;
  selected: ReadonlySet<number>;
  onChoose: (p: TFreePlace) => void;
}) {
  const { t, to } = useT();
  const [params] = useSearchParams();
  const href = (sector?: string, row?: string) => {
    const next = new URLSearchParams(params);
    next.delete("sector");
    next.delete("row");
    if (sector) next.set("sector", sector);
    if (row) next.set("row", row);
    return to(`/reserve?${next}`);
  };
  // A step replaces the picker's content under the finger: the focus goes to its question, so a
  // keyboard or a screen reader goes on from there (not on the page's first showing).
  const ask = useRef<HTMLParagraphElement>(null);
  const step = picker
    ? [picker.step, "sector" in picker ? picker.sector : "", "row" in picker ? picker.row : ""].join("\u0000")
    : "";
  const shown = useRef(step);
  useEffect(() => {
    if (shown.current === step) return;
    shown.current = step;
    ask.current?.focus({ preventScroll: true });
  }, [step]);
  if (!picker) return null;
  return (
    <section className="picker" aria-labelledby="picker-title" data-testid="place-picker">
      <h3 id="picker-title">{t("reserve.picker.title")}</h3>
      {picker.step !== "sectors" ? (
        <nav className="picker__path" aria-label={t("reserve.picker.path")}>
          <Link className="picker__back" to={href()} preventScrollReset data-testid="picker-sectors">
            {t("reserve.picker.sectors")}
          </Link>
          {picker.step === "places" ? (
            <Link className="picker__back" to={href(picker.sector)} preventScrollReset data-testid="picker-rows">
              {t("reserve.picker.sector", { sector: picker.sector })}
            </Link>
          ) : null}
        </nav>
      ) : null}
      {picker.step === "sectors" ? (
        picker.sectors.length === 0 ? (
          <p className="note">{t("reserve.picker.none")}</p>
        ) : (
          <>
            <p className="picker__ask" ref={ask} tabIndex={-1}>
              {t("reserve.picker.choose_sector")}
            </p>
            <ul className="picker__options">
              {picker.sectors.map((s) => (
                <li key={s.sector}>
                  <Link className="picker__option" to={href(s.sector)} preventScrollReset>
                    <strong>{t("reserve.picker.sector", { sector: s.sector })}</strong>
                    <span>{t("reserve.free_count", { count: s.free })}</span>
                  </Link>
                </li>
              ))}
            </ul>
          </>
        )
      ) : null}
      {picker.step === "rows" ? (
        picker.rows.length === 0 ? (
          <p className="note">{t("reserve.picker.sector_none")}</p>
        ) : (
          <>
            <p className="picker__ask" ref={ask} tabIndex={-1}>
              {t("reserve.picker.sector", { sector: picker.sector })}: {t("reserve.picker.choose_row")}
            </p>
            <ul className="picker__options picker__options--rows">
              {picker.rows.map((r) => (
                <li key={r.row}>
                  <Link className="picker__option" to={href(picker.sector, r.row)} preventScrollReset>
                    <strong>{t("reserve.picker.row", { row: r.row })}</strong>
                    <span>{t("reserve.free_count", { count: r.free })}</span>
                  </Link>
                </li>
              ))}
            </ul>
          </>
        )
      ) : null}
      {picker.step === "places" ? (
        picker.places.length === 0 ? (
          <p className="note">{t("reserve.picker.row_none")}</p>
        ) : (
          <>
            <p className="picker__ask" ref={ask} tabIndex={-1}>
              {t("reserve.picker.sector_row", { sector: picker.sector, row: picker.row })}:{" "}
              {t("reserve.picker.choose_places", { count: MAX_SELECTED_PLOTS })}
            </p>
            <ul className="picker__runs" data-testid="picker-places">
              {runsOf(picker.places).map((run) => (
                <li key={run[0]?.id}>
                  <ul className="picker__run">
                    {run.map((p) => (
                      <li key={p.id}>
                        <button
                          type="button"
                          className="picker__place"
                          aria-pressed={selected.has(p.id)}
                          aria-label={placeText(t, p)}
                          onClick={() => onChoose(p)}
                        >
                          {p.number}
                        </button>
                      </li>
                    ))}
                  </ul>
                </li>
              ))}
            </ul>
          </>
        )
      ) : null}
    </section>
  );
}

/**
 * A chosen cemetery: its facts, the place picker, its map and the choice, always in sight at the
 * bottom of the screen while the family is here. Loaded when a cemetery is chosen (decision 011).
 */
export default function ChosenCemetery({ cemetery, picker }: { cemetery: TCemeteryDetail; picker: TPicker | null }) {
  const { t, to, locale } = useT();
  // Booking the destination of an approved reburial request (`/reserve?cemetery=…&reburial=…`).
  // Read by hand: the schemas (and zod) stay out of the public map's bundle.
  const reburialParam = useSearchParams()[0].get("reburial") ?? "";
  const reburialId = /^[1-9]\d{0,8}$/.test(reburialParam) ? reburialParam : null;
  const bookingKind = reburialId ? `&kind=reburial&reburial=${reburialId}` : "";
  const [selection, setSelection] = useState<SelectionResult>({ plots: [] });
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

  // The map opens on the row the picker shows and keeps the places chosen there in sight.
  const rowPlaces = picker?.step === "places" ? picker.places : [];
  const rowBox = boxAround(rowPlaces.map((p) => p.box));
  const chosenBox = boxAround(rowPlaces.filter((p) => selected.has(p.id)).map((p) => p.box));

  return (
    <section className="card chosen-cemetery" aria-labelledby="chosen-title" data-testid="chosen-cemetery">
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
      <PlacePicker picker={picker} selected={selected} onChoose={(p) => void choose(p)} />
      <h3 className="chosen-cemetery__map-title">{t("reserve.map_title")}</h3>
      <p className="field__hint">{t("reserve.map_hint")}</p>
      <PlotMap
        cemeteryId={cemetery.id}
        boundary={cemetery.boundary}
        center={cemetery.center ?? [76.93, 43.25]}
        selected={selected}
        fitTo={rowBox}
        keepInView={chosenBox}
        onPlotClick={(p) => void choose(p)}
        label={t("reserve.plot_map_label", { name: cemetery.name })}
      />
      {opened ? (
        <div className="card plot-graves" data-testid="plot-graves" aria-live="polite">
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
      <p className="field__hint">{t("reserve.book_hint", { hours: cemetery.holdHours })}</p>
      {/* The choice, kept at the bottom of the screen while the cemetery is in view. */}
      <div className="selection-bar" aria-live="polite" data-testid="selection-bar">
        {selection.notice ? (
          <p className="alert alert--warning" data-testid="selection-notice">
            {t(selection.notice, { count: MAX_SELECTED_PLOTS })}
          </p>
        ) : null}
        {selection.plots.length > 0 ? (
          <div className="selection" data-testid="selection">
            <p>
              <strong>{t("reserve.chosen", { count: selection.plots.length })}</strong> {placesText(t, selection.plots)}
            </p>
            <div className="selection__actions selection__actions--bar">
              <Link
                className="button selection__book"
                to={to(
                  `/client/reservation/reservation-first?plots=${selection.plots.map((p) => p.id).join(",")}${bookingKind}`,
                )}
                data-testid="book-selection"
              >
                {t("reserve.book")}
              </Link>
              <button
                type="button"
                className="button button--ghost selection__clear"
                aria-label={t("reserve.clear")}
                title={t("reserve.clear")}
                onClick={() => setSelection({ plots: [] })}
              >
                <Icon name="x" />
              </button>
            </div>
          </div>
        ) : null}
      </div>
    </section>
  );
}
