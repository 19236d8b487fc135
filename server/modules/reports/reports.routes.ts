import { ZReport, ZReportQuery, ZReportRowsQuery } from "../../../common/report-schemas.ts";
import { apiRoute, callerOf } from "../../lib/api-route.ts";
import { createRouter } from "../../lib/http.ts";
import { errorResponses, jsonResponse } from "../../lib/openapi.ts";
import {
  cityReportDoc,
  PDF_TYPE as PDF,
  reportFileName,
  reportPdf,
  reportXlsx,
  sendReportFile as file,
  XLSX_TYPE as XLSX,
} from "./reports.export.ts";
import { reportFileOperation, reportRowsOperation, reportSectionOperation } from "./report-routes.ts";
import { buildReport, buildSection, reportRows } from "./reports.service.ts";

const TAGS = ["Reports"];
const KIND = { base: "/reports" as const, permission: "reports.view" as const, tags: TAGS };

/**
 * The city's reports (`/user/reports`): an akimat's staff for their akimat's cemeteries, the admin
 * for the akimat they name. Every figure of every section carries a `drill` key; its rows are a
 * page of `…/rows?drill=`.
 */
export const reportRoutes = createRouter()
  .openapi(
    apiRoute({
      permission: "reports.view",
      method: "get",
      path: "/reports",
      tags: TAGS,
      summary: "The city's report for a period: every section (burials, bookings, places, news, …)",
      request: { query: ZReportQuery },
      responses: { 200: jsonResponse(ZReport, "The report"), ...errorResponses(401, 403, 404, 422) },
    }),
    async (c) => {
      const s = c.get("services");
      return c.json(await buildReport(s.db, callerOf(c), c.req.valid("query"), c.get("locale"), s.now()), 200);
    },
  )
  .openapi(
    reportFileOperation(
      KIND,
      "xlsx",
      ZReportQuery,
      "The report as an XLSX workbook, one sheet per section, in the request's language",
    ),
    async (c) => {
      const s = c.get("services");
      const locale = c.get("locale");
      const report = await buildReport(s.db, callerOf(c), c.req.valid("query"), locale, s.now());
      const body = await reportXlsx(cityReportDoc(report, locale), locale, s.now());
      const name = reportFileName(report, locale, "xlsx");
      return file(c, body, XLSX, name, `report-${report.from}-${report.to}.xlsx`) as never;
    },
  )
  .openapi(
    reportFileOperation(
      KIND,
      "pdf",
      ZReportQuery,
      "The report as a PDF (landscape A4, fonts embedded), in the request's language",
    ),
    async (c) => {
      const s = c.get("services");
      const locale = c.get("locale");
      const report = await buildReport(s.db, callerOf(c), c.req.valid("query"), locale, s.now());
      const body = await reportPdf(cityReportDoc(report, locale), locale, s.now());
      const name = reportFileName(report, locale, "pdf");
      return file(c, body, PDF, name, `report-${report.from}-${report.to}.pdf`) as never;
    },
  )
  .openapi(
    reportSectionOperation(KIND, ZReportQuery, "One section of the report (404 for a section nobody registered)"),
    async (c) => {
      const s = c.get("services");
      const { section } = c.req.valid("param");
      return c.json(
        await buildSection(s.db, callerOf(c), section, c.req.valid("query"), c.get("locale"), s.now()),
        200,
      );
    },
  )
  .openapi(
    reportRowsOperation(
      KIND,
      ZReportRowsQuery,
      "The rows behind one figure of a section (its `drill` key), a page of them; 422 for a key the section never gives",
    ),
    async (c) => {
      const s = c.get("services");
      const { section } = c.req.valid("param");
      return c.json(await reportRows(s.db, callerOf(c), section, c.req.valid("query"), c.get("locale"), s.now()), 200);
    },
  );
