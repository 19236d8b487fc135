import type { ReactNode } from "react";
import { Form, Link, useNavigate } from "react-router";
import { formatNumber } from "../../common/i18n.ts";
import type { TReportCell, TReportRows, TReportSection, TReportTable } from "../../common/reports.ts";
import { useT } from "../lib/hooks.ts";
import { useListParams } from "../lib/list.ts";
import { DataTable } from "./data-table.tsx";
import { Icon } from "./icon.tsx";
import { Pager } from "./pager.tsx";
import { ReportChart } from "./report-chart.tsx";

/**
 * The drawing of a report, whichever kind it is (the city's `/user/reports`, a supplier's
 * `/supplier/reports` and the admin's view of it): the period's form with the files, each section's
 * tables with their charts, every figure a link to the rows behind it (`section` + `drill` in the
 * URL, paged by `page`), and those rows under their section, each opening its own page.
 */

/** The figure whose rows are open: its section, its key and a page of its rows. */
export type TOpenRows = { section: string; drill: string; rows: TReportRows } | null;

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

/** A charted table longer than this folds under its chart (a phone would scroll through it). */
const FOLD_ROWS = 12;

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
function Rows({ rows, close }: { rows: TReportRows; close: string }) {
  const { t, to } = useT();
  // A row with a page of its own (an appeal, a reburial request, an order) opens it from its first cell.
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

/** Each section's tables with their charts, and the open figure's rows under its section. */
export function ReportSections({ sections, open }: { sections: TReportSection[]; open: TOpenRows }) {
  const { t } = useT();
  const navigate = useNavigate();
  const list = useListParams();
  const drillHref = (section: string) => (drill: string) => `${list.href({ section, drill })}#report-rows`;
  const close = list.href({ section: null, drill: null });
  return (
    <>
      {sections.map((section) => (
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
              {table.chart && table.rows.length > FOLD_ROWS ? (
                // A long series (a month by day) is read on its chart; its table opens on demand.
                <details className="report-table__rows" data-testid={`rows-of-${table.id}`}>
                  <summary>{t("reports.table_rows", { count: table.rows.length })}</summary>
                  <ReportTableView table={table} href={drillHref(section.id)} />
                </details>
              ) : (
                <ReportTableView table={table} href={drillHref(section.id)} />
              )}
              {table.note ? <p className="muted small">{table.note}</p> : null}
            </div>
          ))}
          {open && open.section === section.id ? <Rows rows={open.rows} close={close} /> : null}
        </section>
      ))}
    </>
  );
}

/**
 * The period's GET form (so the page works before it hydrates): the report's own fields, the
 * button that shows it, and its XLSX and PDF files (`files`: the API's path before `.xlsx` / `.pdf`
 * and the query).
 */
export function ReportPeriodForm({
  label,
  children,
  files,
  showLabel,
}: {
  label: string;
  children: ReactNode;
  files: { path: string; query: URLSearchParams };
  showLabel: string;
}) {
  const { t } = useT();
  return (
    <Form method="get" className="card filters-form" aria-label={label} data-testid="period-form">
      <div className="form__row">{children}</div>
      <div className="card__actions">
        <button type="submit" className="button button--small" data-testid="period-show">
          {showLabel}
        </button>
        <a
          href={`/api/v1${files.path}.xlsx?${files.query}`}
          download
          className="button button--ghost button--small"
          data-testid="export-xlsx"
        >
          <Icon name="file" size={16} /> {t("reports.export_xlsx")}
        </a>
        <a
          href={`/api/v1${files.path}.pdf?${files.query}`}
          download
          className="button button--ghost button--small"
          data-testid="export-pdf"
        >
          <Icon name="file" size={16} /> {t("reports.export_pdf")}
        </a>
      </div>
    </Form>
  );
}
