import { SupplierReportView } from "../../components/supplier-report.tsx";
import { useT } from "../../lib/hooks.ts";
import { requestContext } from "../../lib/request-context.ts";
import { loadSupplierReport } from "../../lib/supplier-report.server.ts";
import type { Route } from "./+types/reports";

export function meta({ location }: Route.MetaArgs) {
  return [{ title: location.pathname.startsWith("/kk") ? "Есептер мен сапа" : "Отчёты и качество" }];
}

/** The company's own report: the API answers for the caller's company. */
export async function loader({ context, request }: Route.LoaderArgs) {
  return loadSupplierReport(context.get(requestContext), request);
}

/** The supplier's report (issue 15 §4): its figures for 7 / 30 / 90 days or all time, its quality, the orders behind each figure. */
export default function SupplierReports({ loaderData }: Route.ComponentProps) {
  const { t } = useT();
  return (
    <SupplierReportView
      report={loaderData.report}
      open={loaderData.open}
      title={t("supplier_reports.title")}
      isAdmin={false}
    />
  );
}
