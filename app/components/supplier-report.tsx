import { Link } from "react-router";
import { formatDate, formatNumber } from "../../common/i18n.ts";
import {
  SUPPLIER_PERIODS,
  type TSupplierQuality,
  type TSupplierQualityList,
  type TSupplierReport,
} from "../../common/supplier-reports.ts";
import { useT } from "../lib/hooks.ts";
import { DataTable } from "./data-table.tsx";
import { Field } from "./form.tsx";
import { ReportPeriodForm, ReportSections, type TOpenRows } from "./report-view.tsx";

/** Why a company is flagged, as badges (none: in order). */
export function QualityFlags({ q }: { q: TSupplierQuality }) {
  const { t } = useT();
  if (!q.isCancelFlagged && !q.isRatingFlagged) {
    return <span className="badge badge--ok">{t("supplier_reports.quality_ok")}</span>;
  }
  return (
    <>
      {q.isCancelFlagged ? (
        <span className="badge badge--stop" data-testid="flag-cancel">
          {t("supplier_reports.flag_cancel")}
        </span>
      ) : null}{" "}
      {q.isRatingFlagged ? (
        <span className="badge badge--stop" data-testid="flag-rating">
          {t("supplier_reports.flag_rating")}
        </span>
      ) : null}
    </>
  );
}

/** The company's quality against Kaspi.kz's thresholds: 30-day cancellations, 90-day rating. */
function QualityPanel({ q }: { q: TSupplierQuality }) {
  const { t, locale } = useT();
  return (
    <section className="card" aria-labelledby="sq-title" data-testid="quality">
      <h2 id="sq-title">{t("supplier_reports.quality_title")}</h2>
      <p>
        {q.cancelShare30 === null
          ? t("supplier_reports.quality_cancel_none")
          : t("supplier_reports.quality_cancel", {
              share: `${formatNumber(locale, q.cancelShare30)}%`,
              cancelled: q.cancelled30,
              orders: q.orders30,
            })}
      </p>
      <p>
        {q.rating90.mean === null
          ? t("supplier_reports.quality_rating_none")
          : t("supplier_reports.quality_rating", {
              mean: formatNumber(locale, q.rating90.mean),
              reviews: t("supplier_reports.list.reviews", { count: q.rating90.count }),
            })}
      </p>
      <p>
        <QualityFlags q={q} />
      </p>
    </section>
  );
}

/**
 * A supplier's report as its page draws it (the supplier's own, the admin's view of one company):
 * the period, the quality against the thresholds, the sections with their charts and the orders
 * behind every figure, the files.
 */
export function SupplierReportView({
  report,
  open,
  title,
  isAdmin,
}: {
  report: TSupplierReport;
  open: TOpenRows;
  title: string;
  isAdmin: boolean;
}) {
  const { t, locale } = useT();
  const fileQuery = new URLSearchParams({ period: report.period, lang: locale });
  if (isAdmin) fileQuery.set("supplierId", String(report.supplier.id));
  return (
    <section aria-labelledby="sr-title" className="reports">
      <div className="page-head">
        <h1 id="sr-title">{title}</h1>
      </div>
      <p className="field__hint">{t("supplier_reports.intro")}</p>
      <ReportPeriodForm
        label={t("supplier_reports.period")}
        showLabel={t("supplier_reports.show")}
        files={{ path: "/supplier-reports/export", query: fileQuery }}
      >
        <Field id="sr-period" label={t("supplier_reports.period")}>
          <select id="sr-period" name="period" defaultValue={report.period} key={report.period} data-testid="preset">
            {SUPPLIER_PERIODS.map((p) => (
              <option key={p} value={p}>
                {t(`supplier_reports.periods.${p}`)}
              </option>
            ))}
          </select>
        </Field>
      </ReportPeriodForm>
      <p className="report-shown" data-testid="report-period">
        {t("supplier_reports.shown", {
          company: report.supplier.name,
          from: formatDate(locale, report.from),
          to: formatDate(locale, report.to),
        })}
      </p>
      <QualityPanel q={report.quality} />
      <ReportSections sections={report.sections} open={open} />
    </section>
  );
}

/**
 * The admin's quality list: every active company with its 30-day cancellations and 90-day rating,
 * why it is flagged, and its report (the API puts the flagged first).
 */
export function SupplierQualityList({ items }: { items: TSupplierQualityList["items"] }) {
  const { t, to, locale } = useT();
  const flagged = items.filter((i) => i.isCancelFlagged || i.isRatingFlagged).length;
  return (
    <section aria-labelledby="sq-list-title" data-testid="quality-list">
      <h2 id="sq-list-title">{t("supplier_reports.list.title")}</h2>
      <p className="field__hint">{t("supplier_reports.list.intro")}</p>
      <p data-testid="quality-flagged">{t("supplier_reports.list.flagged", { n: flagged })}</p>
      {items.length === 0 ? (
        <p className="muted">{t("supplier_reports.list.empty")}</p>
      ) : (
        <DataTable<(typeof items)[number]>
          testId="quality-table"
          rows={items}
          rowKey={(i) => i.supplier.id}
          rowProps={(i) => ({ "data-flagged": String(i.isCancelFlagged || i.isRatingFlagged) })}
          columns={[
            {
              label: t("supplier_reports.list.company"),
              cell: (i) => (
                <Link
                  to={to(`/admin/suppliers/${i.supplier.id}/report`)}
                  aria-label={t("supplier_reports.list.open_report", { company: i.supplier.name })}
                  data-testid="quality-report"
                >
                  {i.supplier.name}
                </Link>
              ),
            },
            {
              label: t("supplier_reports.list.orders30"),
              className: "num",
              cell: (i) => formatNumber(locale, i.orders30),
            },
            {
              label: t("supplier_reports.list.cancel30"),
              className: "num",
              cell: (i) =>
                i.cancelShare30 === null
                  ? "—"
                  : `${formatNumber(locale, i.cancelShare30)}% (${i.cancelled30}/${i.orders30})`,
            },
            {
              label: t("supplier_reports.list.rating90"),
              className: "num",
              cell: (i) =>
                i.rating90.mean === null
                  ? "—"
                  : `${formatNumber(locale, i.rating90.mean)} (${t("supplier_reports.list.reviews", { count: i.rating90.count })})`,
            },
            { label: t("supplier_reports.list.why"), cell: (i) => <QualityFlags q={i} /> },
          ]}
        />
      )}
    </section>
  );
}
