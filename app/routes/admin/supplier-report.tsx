import { Link } from "react-router";
import { SupplierReportView } from "../../components/supplier-report.tsx";
import { useT } from "../../lib/hooks.ts";
import { pageId } from "../../lib/page-ids.server.ts";
import { requestContext } from "../../lib/request-context.ts";
import { loadSupplierReport } from "../../lib/supplier-report.server.ts";
import type { Route } from "./+types/supplier-report";

export function meta({ location }: Route.MetaArgs) {
  return [{ title: location.pathname.startsWith("/kk") ? "Жеткізуші есебі" : "Отчёт поставщика" }];
}

/** One company's report, the admin's view: the same figures its people see, each order read-only. */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  return loadSupplierReport(context.get(requestContext), request, pageId(params.id, request));
}

export default function AdminSupplierReport({ loaderData }: Route.ComponentProps) {
  const { t, to } = useT();
  return (
    <>
      <p>
        <Link to={to("/admin/suppliers?tab=quality")} className="button button--ghost button--small">
          {t("supplier_reports.admin_back")}
        </Link>
      </p>
      <SupplierReportView
        report={loaderData.report}
        open={loaderData.open}
        title={t("supplier_reports.admin_title", { company: loaderData.report.supplier.name })}
        isAdmin
      />
    </>
  );
}
