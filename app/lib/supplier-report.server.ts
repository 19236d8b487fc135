import { pageNumber } from "../../common/paging.ts";
import { supplierPeriodOf } from "../../common/supplier-reports.ts";
import type { TOpenRows } from "../components/report-view.tsx";
import { orPageError } from "./page-ids.server.ts";
import type { TRequestContext } from "./request-context.ts";

const SECTION = /^[a-z][a-z0-9-]{0,40}$/;

/**
 * A supplier's report for its page (the supplier's `/supplier/reports`, the admin's
 * `/admin/suppliers/:id/report`): the period from the URL (`period`), the company (the admin's
 * `supplierId`; a supplier's own otherwise), and the figure whose orders are open (`section` +
 * `drill`, paged by `page`).
 */
export async function loadSupplierReport(rc: TRequestContext, request: Request, supplierId?: number) {
  const p = new URL(request.url).searchParams;
  const period = supplierPeriodOf(p.get("period"));
  const query = { period, supplierId, lang: rc.locale };
  const report = await orPageError(request, () => rc.api.get("/supplier-reports", { query }));
  const section = p.get("section") ?? "";
  const drill = p.get("drill")?.trim() ?? "";
  let open: TOpenRows = null;
  if (SECTION.test(section) && drill && report.sections.some((s) => s.id === section)) {
    const rows = await rc.api.get("/supplier-reports/sections/:section/rows", {
      params: { section },
      query: { ...query, drill, page: String(pageNumber(p.get("page"))) },
    });
    open = { section, drill, rows };
  }
  return { report, open };
}
