import { almatyDay } from "../../../common/calendar/almaty.ts";
import { formatDate } from "../../../common/i18n.ts";
import { pageNumber } from "../../../common/paging.ts";
import { periodOf, presetOf, REPORT_PRESETS, type TReportRows } from "../../../common/reports.ts";
import { Field } from "../../components/form.tsx";
import { ReportPeriodForm, ReportSections } from "../../components/report-view.tsx";
import { useT } from "../../lib/hooks.ts";
import { requestContext } from "../../lib/request-context.ts";
import type { Route } from "./+types/reports";

export function meta({ location }: Route.MetaArgs) {
  return [{ title: location.pathname.startsWith("/kk") ? "Есептер — әкімдік" : "Отчёты — акимат" }];
}

const SECTION = /^[a-z][a-z0-9-]{0,40}$/;

/**
 * The period from the URL (`preset`, and `from`/`to` for custom dates), the admin's akimat, and
 * the figure whose rows are open (`section` + `drill`, paged by `page`). A GET form sets them, so
 * the page works before it hydrates.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const rc = context.get(requestContext);
  const p = new URL(request.url).searchParams;
  const preset = presetOf(p.get("preset"));
  const period = periodOf(preset, almatyDay(new Date()), {
    from: p.get("from") ?? undefined,
    to: p.get("to") ?? undefined,
  });
  const isAdmin = rc.me?.user.role === "admin";
  const akimatParam = p.get("akimatId");
  const akimatId = isAdmin && akimatParam && /^[1-9]\d{0,8}$/.test(akimatParam) ? Number(akimatParam) : undefined;
  const query = { from: period.from, to: period.to, akimatId, lang: rc.locale };
  const [report, akimats] = await Promise.all([
    rc.api.get("/reports", { query }),
    isAdmin ? rc.api.get("/akimats").then((r) => r.items) : Promise.resolve([]),
  ]);
  const section = p.get("section") ?? "";
  const drill = p.get("drill")?.trim() ?? "";
  let rows: TReportRows | null = null;
  if (SECTION.test(section) && drill && report.sections.some((s) => s.id === section)) {
    rows = await rc.api.get("/reports/sections/:section/rows", {
      params: { section },
      query: { ...query, drill, page: String(pageNumber(p.get("page"))) },
    });
  }
  return {
    preset,
    period,
    report,
    akimats: akimats.map((a) => ({ id: a.id, name: rc.locale === "kk" ? a.nameKk || a.nameRu : a.nameRu })),
    open: rows ? { section, drill, rows } : null,
  };
}

/** The city's reports: a period, each section's tables with their charts, the rows behind a figure, the files. */
export default function Reports({ loaderData }: Route.ComponentProps) {
  const { t, locale } = useT();
  const { report, period, preset, akimats, open } = loaderData;
  const fileQuery = new URLSearchParams({ from: report.from, to: report.to, lang: locale });
  if (akimats.length) fileQuery.set("akimatId", String(report.akimat.id));
  return (
    <section aria-labelledby="reports-title" className="reports">
      <div className="page-head">
        <h1 id="reports-title">{t("reports.title")}</h1>
      </div>
      <p className="field__hint">{t("reports.intro")}</p>
      <ReportPeriodForm
        label={t("reports.period")}
        showLabel={t("reports.show")}
        files={{ path: "/reports/export", query: fileQuery }}
      >
        {akimats.length ? (
          <Field id="rp-akimat" label={t("reports.akimat")}>
            <select id="rp-akimat" name="akimatId" defaultValue={report.akimat.id} key={report.akimat.id}>
              {akimats.map((a) => (
                <option key={a.id} value={a.id}>
                  {a.name}
                </option>
              ))}
            </select>
          </Field>
        ) : null}
        <Field id="rp-preset" label={t("reports.period")}>
          <select id="rp-preset" name="preset" defaultValue={preset} key={preset} data-testid="preset">
            {REPORT_PRESETS.map((p) => (
              <option key={p} value={p}>
                {t(`period.${p}`)}
              </option>
            ))}
          </select>
        </Field>
        <Field id="rp-from" label={t("reports.from")} hint={t("reports.custom_hint")}>
          <input id="rp-from" name="from" type="date" defaultValue={period.from} key={`f${period.from}`} />
        </Field>
        <Field id="rp-to" label={t("reports.to")}>
          <input id="rp-to" name="to" type="date" defaultValue={period.to} key={`t${period.to}`} />
        </Field>
      </ReportPeriodForm>
      <p className="report-shown" data-testid="report-period">
        {t("reports.shown", {
          akimat: report.akimat.name,
          from: formatDate(locale, report.from),
          to: formatDate(locale, report.to),
        })}
      </p>
      <ReportSections sections={report.sections} open={open} />
    </section>
  );
}
