import { Form, Link, useNavigate } from "react-router";
import { almatyDay } from "../../../common/calendar/almaty.ts";
import { formatDate, formatNumber } from "../../../common/i18n.ts";
import { pageNumber } from "../../../common/paging.ts";
import {
  periodOf,
  presetOf,
  REPORT_PRESETS,
  type TReportCell,
  type TReportRows,
  type TReportTable,
} from "../../../common/reports.ts";
import { DataTable } from "../../components/data-table.tsx";
import { Field } from "../../components/form.tsx";
import { Icon } from "../../components/icon.tsx";
import { Pager } from "../../components/pager.tsx";
import { ReportChart } from "../../components/report-chart.tsx";
import { useT } from "../../lib/hooks.ts";
import { useListParams } from "../../lib/list.ts";
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

/** A figure: a number with the link to the rows behind it, or a word. */
function Figure({
  cell,
  row,
  column,
  href,
}: {
  cell: TReportCell | undefined;
  row: string;
  column: string;
  href: (d: string) => string;
}) {
  const { t, locale } = useT();
  const value = cell?.value;
  const shown =
    value === null || value === undefined ? "—" : typeof value === "number" ? formatNumber(locale, value) : value;
  if (!cell?.drill) return <>{shown}</>;
  return (
    <Link
      to={href(cell.drill)}
      preventScrollReset
      className="report-figure"
      aria-label={t("reports.drill.open", { row, column, value: shown })}
      data-drill={cell.drill}
    >
      {shown}
    </Link>
  );
}

function ReportTableView({ table, href }: { table: TReportTable; href: (d: string) => string }) {
  const rows = table.rows.map((r, i) => ({ ...r, i }));
  return (
    <DataTable<(typeof rows)[number]>
      testId={`table-${table.id}`}
      rows={rows}
      rowKey={(r) => r.i}
      rowProps={(r) => (r.isTotal ? { className: "report-total" } : {})}
      columns={table.columns.map((c, col) => ({
        label: c.label,
        className: c.isNumeric ? "num" : undefined,
        cell: (r) => <Figure cell={r.cells[col]} row={String(r.cells[0]?.value ?? "")} column={c.label} href={href} />,
      }))}
    />
  );
}

/** The rows behind the figure that is open, a page of them, under its section. */
function Rows({ open, close }: { open: { rows: TReportRows }; close: string }) {
  const { t, to } = useT();
  const { rows } = open;
  // A row with a page of its own (an appeal, a reburial request) opens it from its first cell.
  const items = rows.items.map((cells, i) => ({ cells, i, link: rows.links?.[i] ?? null }));
  return (
    <section className="card report-rows" id="report-rows" aria-labelledby="report-rows-title" data-testid="drill">
      <div className="page-head">
        <h3 id="report-rows-title">{rows.title}</h3>
        <Link to={close} preventScrollReset className="button button--ghost button--small" data-testid="drill-close">
          <Icon name="x" size={16} /> {t("reports.drill.close")}
        </Link>
      </div>
      <p className="muted">{t("reports.drill.found", { n: rows.total })}</p>
      {items.length === 0 ? (
        <p className="muted">{t("reports.drill.empty")}</p>
      ) : (
        <DataTable<(typeof items)[number]>
          testId="drill-table"
          rows={items}
          rowKey={(r) => r.i}
          columns={rows.columns.map((c, col) => ({
            label: c.label,
            className: c.isNumeric ? "num" : undefined,
            cell: (r) =>
              col === 0 && r.link ? (
                <Link to={to(r.link)} data-testid="drill-link">
                  {String(r.cells[col] ?? "")}
                </Link>
              ) : (
                String(r.cells[col] ?? "")
              ),
          }))}
        />
      )}
      <Pager page={rows.page} pageSize={rows.pageSize} total={rows.total} />
    </section>
  );
}

/** The city's reports: a period, each section's tables with their charts, the rows behind a figure, the files. */
export default function Reports({ loaderData }: Route.ComponentProps) {
  const { t, locale } = useT();
  const navigate = useNavigate();
  const list = useListParams();
  const { report, period, preset, akimats, open } = loaderData;
  const drillHref = (section: string) => (drill: string) => `${list.href({ section, drill })}#report-rows`;
  const close = list.href({ section: null, drill: null });
  const fileQuery = new URLSearchParams({ from: report.from, to: report.to, lang: locale });
  if (akimats.length) fileQuery.set("akimatId", String(report.akimat.id));
  return (
    <section aria-labelledby="reports-title" className="reports">
      <div className="page-head">
        <h1 id="reports-title">{t("reports.title")}</h1>
      </div>
      <p className="field__hint">{t("reports.intro")}</p>
      <Form method="get" className="card filters-form" aria-label={t("reports.period")} data-testid="period-form">
        <div className="form__row">
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
        </div>
        <div className="card__actions">
          <button type="submit" className="button button--small" data-testid="period-show">
            {t("reports.show")}
          </button>
          <a
            href={`/api/v1/reports/export.xlsx?${fileQuery}`}
            download
            className="button button--ghost button--small"
            data-testid="export-xlsx"
          >
            <Icon name="file" size={16} /> {t("reports.export_xlsx")}
          </a>
          <a
            href={`/api/v1/reports/export.pdf?${fileQuery}`}
            download
            className="button button--ghost button--small"
            data-testid="export-pdf"
          >
            <Icon name="file" size={16} /> {t("reports.export_pdf")}
          </a>
        </div>
      </Form>
      <p className="report-shown" data-testid="report-period">
        {t("reports.shown", {
          akimat: report.akimat.name,
          from: formatDate(locale, report.from),
          to: formatDate(locale, report.to),
        })}
      </p>
      {report.sections.map((section) => (
        <section
          key={section.id}
          aria-labelledby={`rs-${section.id}`}
          className="report-section"
          data-testid={`section-${section.id}`}
        >
          <h2 id={`rs-${section.id}`}>{section.title}</h2>
          {section.tables.map((table) => (
            <div key={table.id} className="report-table">
              <h3>{table.title}</h3>
              <ReportChart
                table={table}
                onPick={(d) => navigate(drillHref(section.id)(d), { preventScrollReset: true })}
              />
              <ReportTableView table={table} href={drillHref(section.id)} />
              {table.note ? <p className="muted small">{table.note}</p> : null}
            </div>
          ))}
          {open && open.section === section.id ? <Rows open={open} close={close} /> : null}
        </section>
      ))}
    </section>
  );
}
