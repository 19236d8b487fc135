import { z } from "@hono/zod-openapi";
import { ZReportRows, ZReportSection } from "../../../common/report-schemas.ts";
import {
  ZSupplierQualityList,
  ZSupplierReport,
  ZSupplierReportQuery,
  ZSupplierReportRowsQuery,
} from "../../../common/supplier-report-schemas.ts";
import { translate } from "../../../common/i18n.ts";
import { apiRoute, callerOf } from "../../lib/api-route.ts";
import { createRouter } from "../../lib/http.ts";
import { errorResponses, jsonResponse } from "../../lib/openapi.ts";
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
const ZSectionParam = z.object({ section: z.string().regex(/^[a-z][a-z0-9-]{0,40}$/) });

const fileOperation = (ext: "xlsx" | "pdf") =>
  apiRoute({
    permission: "supplier.reports",
    method: "get",
    path: `/supplier-reports/export.${ext}`,
    tags: TAGS,
    summary:
      ext === "xlsx"
        ? "A supplier's report as an XLSX workbook, one sheet per section, in the request's language"
        : "A supplier's report as a PDF (landscape A4, fonts embedded), in the request's language",
    request: { query: ZSupplierReportQuery },
    responses: {
      200: {
        description: ext === "xlsx" ? "XLSX workbook" : "PDF document",
        content: { [ext === "xlsx" ? XLSX_TYPE : PDF_TYPE]: { schema: z.string() } },
      },
      ...errorResponses(401, 403, 404, 422),
    },
  });

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
  .openapi(fileOperation("xlsx"), async (c) => {
    const s = c.get("services");
    const locale = c.get("locale");
    const report = await buildSupplierReport(s.db, callerOf(c), c.req.valid("query"), locale, s.now());
    const doc = {
      ...report,
      title: translate(locale, "supplier_reports.file.title", { company: report.supplier.name }),
    };
    const body = await reportXlsx(doc, locale, s.now());
    const name = reportFileName(report, locale, "xlsx", "supplier_reports.file.name");
    return sendReportFile(c, body, XLSX_TYPE, name, `supplier-report-${report.from}-${report.to}.xlsx`) as never;
  })
  .openapi(fileOperation("pdf"), async (c) => {
    const s = c.get("services");
    const locale = c.get("locale");
    const report = await buildSupplierReport(s.db, callerOf(c), c.req.valid("query"), locale, s.now());
    const doc = {
      ...report,
      title: translate(locale, "supplier_reports.file.title", { company: report.supplier.name }),
    };
    const body = await reportPdf(doc, locale, s.now());
    const name = reportFileName(report, locale, "pdf", "supplier_reports.file.name");
    return sendReportFile(c, body, PDF_TYPE, name, `supplier-report-${report.from}-${report.to}.pdf`) as never;
  })
  .openapi(
    apiRoute({
      permission: "supplier.reports",
      method: "get",
      path: "/supplier-reports/sections/{section}",
      tags: TAGS,
      summary: "One section of a supplier's report (404 for a section nobody registered)",
      request: { params: ZSectionParam, query: ZSupplierReportQuery },
      responses: { 200: jsonResponse(ZReportSection, "The section"), ...errorResponses(401, 403, 404, 422) },
    }),
    async (c) => {
      const s = c.get("services");
      const { section } = c.req.valid("param");
      return c.json(
        await buildSupplierSection(s.db, callerOf(c), section, c.req.valid("query"), c.get("locale"), s.now()),
        200,
      );
    },
  )
  .openapi(
    apiRoute({
      permission: "supplier.reports",
      method: "get",
      path: "/supplier-reports/sections/{section}/rows",
      tags: TAGS,
      summary:
        "The company's orders behind one figure of a section (its `drill` key), a page of them; 422 for a key the section never gives",
      request: { params: ZSectionParam, query: ZSupplierReportRowsQuery },
      responses: { 200: jsonResponse(ZReportRows, "The orders"), ...errorResponses(401, 403, 404, 422) },
    }),
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
