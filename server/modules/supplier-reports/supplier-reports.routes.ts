import type { Context } from "hono";
import { translate } from "../../../common/i18n.ts";
import {
  ZSupplierQualityList,
  ZSupplierReport,
  ZSupplierReportQuery,
  ZSupplierReportRowsQuery,
} from "../../../common/supplier-report-schemas.ts";
import { apiRoute, callerOf } from "../../lib/api-route.ts";
import { type ApiEnv, createRouter } from "../../lib/http.ts";
import { errorResponses, jsonResponse } from "../../lib/openapi.ts";
import { reportFileOperation, reportRowsOperation, reportSectionOperation } from "../reports/report-routes.ts";
import {
  PDF_TYPE,
  reportFileName,
  reportPdf,
  reportXlsx,
  sendReportFile,
  XLSX_TYPE,
} from "../reports/reports.export.ts";
import {
  buildSupplierReport,
  buildSupplierSection,
  supplierQualityList,
  supplierReportRows,
} from "./supplier-reports.service.ts";

const TAGS = ["Supplier reports"];
const KIND = { base: "/supplier-reports" as const, permission: "supplier.reports" as const, tags: TAGS };

/** The report as a file (XLSX or PDF) in the reader's language, titled by its company. */
const sendFile =
  (ext: "xlsx" | "pdf") => async (c: Context<ApiEnv>, query: Parameters<typeof buildSupplierReport>[2]) => {
    const s = c.get("services");
    const locale = c.get("locale");
    const report = await buildSupplierReport(s.db, callerOf(c), query, locale, s.now());
    const doc = {
      ...report,
      title: translate(locale, "supplier_reports.file.title", { company: report.supplier.name }),
    };
    const body = ext === "xlsx" ? await reportXlsx(doc, locale, s.now()) : await reportPdf(doc, locale, s.now());
    const name = reportFileName(report, locale, ext, "supplier_reports.file.name");
    const ascii = `supplier-report-${report.from}-${report.to}.${ext}`;
    return sendReportFile(c, body, ext === "xlsx" ? XLSX_TYPE : PDF_TYPE, name, ascii);
  };

/**
 * A supplier's quality and reports (issue 15 §4): its people read their own company's, the admin
 * names a company (`supplierId`). Every figure carries a `drill` key; its orders are a page of
 * `…/rows?drill=`. The admin's list of every active company's quality, the flagged first.
 */
export const supplierReportRoutes = createRouter()
  .openapi(
    apiRoute({
      permission: "supplier.reports",
      method: "get",
      path: "/supplier-reports",
      tags: TAGS,
      summary:
        "A supplier's report for 7 / 30 / 90 days or all time: orders, revenue, average order, rating, cancellations, late acceptances, top items, per step",
      request: { query: ZSupplierReportQuery },
      responses: { 200: jsonResponse(ZSupplierReport, "The report"), ...errorResponses(401, 403, 404, 422) },
    }),
    async (c) => {
      const s = c.get("services");
      return c.json(await buildSupplierReport(s.db, callerOf(c), c.req.valid("query"), c.get("locale"), s.now()), 200);
    },
  )
  .openapi(
    reportFileOperation(
      KIND,
      "xlsx",
      ZSupplierReportQuery,
      "A supplier's report as an XLSX workbook, one sheet per section",
    ),
    async (c) => (await sendFile("xlsx")(c, c.req.valid("query"))) as never,
  )
  .openapi(
    reportFileOperation(
      KIND,
      "pdf",
      ZSupplierReportQuery,
      "A supplier's report as a PDF (landscape A4, fonts embedded)",
    ),
    async (c) => (await sendFile("pdf")(c, c.req.valid("query"))) as never,
  )
  .openapi(reportSectionOperation(KIND, ZSupplierReportQuery, "One section of a supplier's report"), async (c) => {
    const s = c.get("services");
    const { section } = c.req.valid("param");
    return c.json(
      await buildSupplierSection(s.db, callerOf(c), section, c.req.valid("query"), c.get("locale"), s.now()),
      200,
    );
  })
  .openapi(
    reportRowsOperation(
      KIND,
      ZSupplierReportRowsQuery,
      "The company's orders behind one figure of a section (its `drill` key), a page of them",
    ),
    async (c) => {
      const s = c.get("services");
      const { section } = c.req.valid("param");
      return c.json(
        await supplierReportRows(s.db, callerOf(c), section, c.req.valid("query"), c.get("locale"), s.now()),
        200,
      );
    },
  )
  .openapi(
    apiRoute({
      permission: "suppliers.quality",
      method: "get",
      path: "/supplier-quality",
      tags: TAGS,
      summary:
        "Every active supplier's quality: 30-day cancellations by the supplier (over 5% flags), 90-day rating (under 4.0 flags), the flagged first",
      responses: { 200: jsonResponse(ZSupplierQualityList, "The suppliers"), ...errorResponses(401, 403) },
    }),
    async (c) => {
      const s = c.get("services");
      return c.json(await supplierQualityList(s.db, s.now()), 200);
    },
  );
