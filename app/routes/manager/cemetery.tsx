import { placeText } from "../../../common/place-text.ts";
import { useEffect, useMemo, useState } from "react";
import { fullName } from "../../../common/person.ts";
import { data, Link, useFetcher } from "react-router";
import type { TPlotProps, TStaffBurial, TStaffPlot } from "../../../common/api-types.ts";
import { formatDate } from "../../../common/i18n.ts";
import { pageNumber, parseId } from "../../../common/schemas.ts";
import { CemeteryCounts } from "../../components/cemetery-counts.tsx";
import { Field, FormError, TextField } from "../../components/form.tsx";
import { Icon } from "../../components/icon.tsx";
import { PlotList } from "../../components/map/plot-list.tsx";
import { PlotMap } from "../../components/map/plot-map.tsx";
import { Pager } from "../../components/pager.tsx";
import { RequestCard, useAnswerSent } from "../../components/request-card.tsx";
import { str } from "../../lib/form.server.ts";
import { useSchemaForm } from "../../lib/form.ts";
import { submitForm } from "../../lib/form.server.ts";
import { browserApi } from "../../lib/browser-api.ts";
import { useT } from "../../lib/hooks.ts";
import { useListParams } from "../../lib/list.ts";
import { answerRequest, pickerFromUrl } from "../../lib/request-answer.server.ts";
import { requestContext } from "../../lib/request-context.ts";
import type { Route } from "./+types/cemetery";
import { notFound, orPageError, pageId } from "../../lib/page-ids.server.ts";

export function meta({ location }: Route.MetaArgs) {
  return [{ title: location.pathname.startsWith("/kk") ? "Зират" : "Кладбище" }];
}

const REQUESTS_PAGE_SIZE = 20;

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const { api } = context.get(requestContext);
  const url = new URL(request.url);
  const tab = url.searchParams.get("requests") === "closed" ? "closed" : "open";
  const page = pageNumber(url.searchParams.get("page"));
  const id = pageId(params.id, request);
  const [cemetery, requests, extent, picked] = await orPageError(request, () =>
    Promise.all([
      api.get("/cemeteries/:id", { params: { id } }),
      api.get("/cemeteries/:id/requests", {
        params: { id },
        query: { status: tab, page, pageSize: REQUESTS_PAGE_SIZE },
      }),
      api.get("/manager/cemeteries/:id/extent", { params: { id } }),
      pickerFromUrl(api, url),
    ]),
  );
  return { cemetery, requests, tab, extent: extent.extent, picked };
}

export async function action({ context, request }: Route.ActionArgs) {
  const rc = context.get(requestContext);
  const { api, locale } = rc;
  const form = await request.formData();
  const intent = str(form, "intent");
  if (intent === "answer") return answerRequest(rc, form);
  const id = parseId(str(form, "id"));
  if (!id) notFound(request);
  const sent =
    intent === "plot"
      ? // The notes field is always on the form: left empty, it clears the notes.
        await submitForm(form, "ZPlotUpdate", locale, (p) =>
          api.patch("/plots/:id", { params: { id }, body: { ...p, notes: p.notes ?? "" } }),
        )
      : intent === "burial-add"
        ? await submitForm(form, "ZBurialInput", locale, (b) =>
            api.post("/plots/:id/burials", { params: { id }, body: b }),
          )
        : await submitForm(form, "ZBurialInput", locale, (b) => api.put("/burials/:id", { params: { id }, body: b }));
  if (!sent.ok) return data({ intent, ok: false as const, form: sent.reply }, { status: sent.status });
  return { intent, ok: true as const, form: sent.reply() };
}

/** A burial record's form (a new one, or a correction), posted without leaving the page. */
function BurialForm({ plotId, burial, onSaved }: { plotId: number; burial?: TStaffBurial; onSaved: () => void }) {
  const { t } = useT();
  const fetcher = useFetcher<typeof action>();
  const reply = fetcher.data && "form" in fetcher.data ? fetcher.data : undefined;
  const { form, fields } = useSchemaForm("ZBurialInput", {
    id: `b${burial?.id ?? "new"}`,
    lastResult: reply?.form,
    defaultValue: burial,
  });
  useEffect(() => {
    if (fetcher.state === "idle" && reply?.ok) onSaved();
  }, [fetcher.state, reply, onSaved]);
  return (
    <fetcher.Form method="post" className="form" data-testid={burial ? "burial-edit" : "burial-add"} {...form.props}>
      <input type="hidden" name="intent" value={burial ? "burial-update" : "burial-add"} />
      <input type="hidden" name="id" value={burial?.id ?? plotId} />
      <FormError form={form} />
      <div className="form__row">
        <TextField field={fields.surname} label={t("burial.surname")} required />
        <TextField field={fields.name} label={t("burial.name")} />
        <TextField field={fields.patronymic} label={t("burial.patronymic")} />
      </div>
      <div className="form__row">
        <TextField field={fields.birthDate} label={t("burial.birth_date")} type="date" />
        <TextField field={fields.deathDate} label={t("burial.death_date")} type="date" />
        <TextField field={fields.burialDate} label={t("burial.burial_date")} type="date" />
      </div>
      <div className="form__row">
        <TextField field={fields.iin} label={t("burial.iin")} inputMode="numeric" />
        <label className="check">
          <input type="checkbox" name={fields.isReburial.name} defaultChecked={fields.isReburial.defaultChecked} />{" "}
          {t("burial.reburial")}
        </label>
      </div>
      <button type="submit" className="button" disabled={fetcher.state !== "idle"}>
        {burial ? t("common.save") : t("burial.add")}
      </button>
    </fetcher.Form>
  );
}

/** The plot chosen on the map: status and notes, its records, and a new record. */
function PlotPanel({ plotId, onChanged }: { plotId: number; onChanged: () => void }) {
  const { t, locale, to } = useT();
  const [plot, setPlot] = useState<TStaffPlot | null>(null);
  const [version, setVersion] = useState(0);
  const fetcher = useFetcher<typeof action>();
  const reply = fetcher.data && "form" in fetcher.data ? fetcher.data : undefined;
  const { form, fields } = useSchemaForm("ZPlotUpdate", { id: "p", lastResult: reply?.form });
  // biome-ignore lint/correctness/useExhaustiveDependencies: version asks for a fresh copy
  useEffect(() => {
    let live = true;
    void browserApi(locale)
      .get("/manager/plots/:id", { params: { id: plotId } })
      .then((p) => live && setPlot(p));
    return () => {
      live = false;
    };
  }, [plotId, locale, version]);
  const saved = useMemo(
    () => () => {
      setVersion((v) => v + 1);
      onChanged();
    },
    [onChanged],
  );
  useEffect(() => {
    if (fetcher.state === "idle" && reply?.ok) saved();
  }, [fetcher.state, reply, saved]);
  if (!plot) return <p role="status">{t("manager.loading_plot")}</p>;
  return (
    <section className="card plot-panel" aria-labelledby="plot-panel-title" data-testid="plot-panel">
      <h2 id="plot-panel-title" className="card__title">
        {placeText(t, plot)}
      </h2>
      <p className="muted">
        {t(`plot.status.${plot.status}`)}
        {plot.size ? ` · ${plot.size}` : ""}
      </p>
      <fetcher.Form method="post" className="form" data-testid="plot-form" {...form.props}>
        <input type="hidden" name="intent" value="plot" />
        <input type="hidden" name="id" value={plot.id} />
        <FormError form={form} />
        <div className="form__row">
          {plot.status === "free" || plot.status === "unavailable" ? (
            <Field field={fields.status} label={t("manager.status")}>
              {(p) => (
                <select {...p} key={`${plot.id}-${plot.status}`} defaultValue={plot.status}>
                  {(["free", "unavailable"] as const).map((s) => (
                    <option key={s} value={s}>
                      {t(`plot.status.${s}`)}
                    </option>
                  ))}
                </select>
              )}
            </Field>
          ) : (
            // Reserved and occupied follow the bookings and the records: shown, never set by hand.
            <p className="form__static" data-testid="plot-status-derived">
              <strong>{t("manager.status")}:</strong> {t(`plot.status.${plot.status}`)}
              <br />
              <small>{t("manager.status_derived")}</small>
            </p>
          )}
          <Field field={fields.notes} label={t("manager.notes")}>
            {(p) => <textarea {...p} rows={2} key={`${plot.id}-${plot.notes}`} defaultValue={plot.notes} />}
          </Field>
        </div>
        {reply?.ok && fetcher.state === "idle" ? (
          <p className="alert alert--success" role="status" data-testid="plot-saved">
            <Icon name="check" /> {t("manager.saved")}
          </p>
        ) : null}
        <button type="submit" className="button" disabled={fetcher.state !== "idle"} data-testid="save-plot">
          {t("common.save")}
        </button>
      </fetcher.Form>
      <h3>{t("manager.records")}</h3>
      {plot.burials.length === 0 ? <p className="muted">{t("manager.no_records")}</p> : null}
      {plot.burials.map((b) => (
        <details key={b.id} className="record">
          <summary>
            {fullName(b)}
            {b.deathDate ? ` · ${formatDate(locale, b.deathDate)}` : ""} · №{b.id}
          </summary>
          <p>
            <Link to={to(`/manager/ennoblement?burialId=${b.id}&status=all`)} data-testid={`grave-care-${b.id}`}>
              {t("care_screen.grave_history")}
            </Link>
          </p>
          <BurialForm plotId={plot.id} burial={b} onSaved={saved} />
        </details>
      ))}
      {plot.status !== "unavailable" ? (
        <details className="record">
          <summary className="button button--ghost">{t("burial.add")}</summary>
          <BurialForm plotId={plot.id} onSaved={saved} />
        </details>
      ) : null}
    </section>
  );
}

/** A manager's cemetery: the plot map to keep, and the visitors' requests to answer. */
export default function ManagerCemetery({ loaderData, actionData }: Route.ComponentProps) {
  const { t, to } = useT();
  const { cemetery: c, requests, tab, extent, picked } = loaderData;
  const pageAnswer = actionData && "requestId" in actionData ? actionData : undefined;
  const sent = useAnswerSent(pageAnswer);
  const here = useMemo(() => [{ id: c.id, name: c.name }], [c.id, c.name]);
  const list = useListParams();
  const [chosen, setChosen] = useState<number | null>(null);
  const [inView, setInView] = useState<TPlotProps[]>([]);
  const [reloadKey, setReloadKey] = useState(0);
  const selected = useMemo(() => new Set(chosen ? [chosen] : []), [chosen]);
  const changed = useMemo(() => () => setReloadKey((k) => k + 1), []);
  const tabLink = (value: "open" | "closed") => `${list.href({ requests: value })}#requests-title`;
  return (
    <section aria-labelledby="cemetery-title">
      <p>
        <Link to={to("/manager/cemetery")}>← {t("manager.title")}</Link>
      </p>
      <h1 id="cemetery-title">{c.name}</h1>
      <CemeteryCounts counts={c.counts} />
      <p className="field__hint">{t("manager.map_hint")}</p>
      <div className="manager-layout">
        <div>
          <PlotMap
            cemeteryId={c.id}
            boundary={c.boundary}
            extent={extent}
            center={c.center ?? [76.93, 43.25]}
            selected={selected}
            reloadKey={reloadKey}
            onPlotClick={(p) => setChosen(p.id)}
            onPlots={(plots) => setInView(plots)}
            label={t("reserve.plot_map_label", { name: c.name })}
          />
          <PlotList plots={inView} selected={selected} onChoose={(p) => setChosen(p.id)} />
        </div>
        <div aria-live="polite">
          {chosen ? (
            <PlotPanel key={chosen} plotId={chosen} onChanged={changed} />
          ) : (
            <p className="note">{t("manager.choose_plot")}</p>
          )}
        </div>
      </div>
      <h2 id="requests-title">{t("manager.requests")}</h2>
      <p className="tabs">
        <Link to={tabLink("open")} aria-current={tab === "open" ? "page" : undefined}>
          {t("manager.requests_open")}
        </Link>{" "}
        <Link to={tabLink("closed")} aria-current={tab === "closed" ? "page" : undefined}>
          {t("manager.requests_closed")}
        </Link>
      </p>
      <p className="muted">
        {t("manager.inbox.total", { count: requests.total })} ·{" "}
        <Link to={to(`/manager/requests?cemeteryId=${c.id}`)}>{t("manager.inbox.all_link")}</Link>
      </p>
      {requests.items.length === 0 ? <p className="note">{t("manager.no_requests")}</p> : null}
      {sent.note}
      <ul className="requests" data-testid="requests">
        {requests.items.map((r) => (
          <RequestCard
            key={r.id}
            r={r}
            cemeteries={here}
            picked={picked}
            onSent={sent.onSent}
            pageAnswer={pageAnswer}
          />
        ))}
      </ul>
      <Pager page={requests.page} pageSize={requests.pageSize} total={requests.total} />
    </section>
  );
}
