/**
 * The operations every kind of report declares (the city's `/reports…`, a supplier's
 * `/supplier-reports…`): its files, one section, and the rows behind a figure, each under the
 * kind's own path, permission and query, answering the generic shapes of `report-schemas.ts`.
 */
import { type RouteConfig, z } from "@hono/zod-openapi";
import type { Permission } from "../../../common/permissions.ts";
import { ZReportRows, ZReportSection } from "../../../common/report-schemas.ts";
import { apiRoute } from "../../lib/api-route.ts";
import { errorResponses, jsonResponse } from "../../lib/openapi.ts";
import { PDF_TYPE, XLSX_TYPE } from "./reports.export.ts";

/** A query schema, as an operation takes it. */
type TQuery = NonNullable<NonNullable<RouteConfig["request"]>["query"]>;

const ZSectionParam = z.object({ section: z.string().regex(/^[a-z][a-z0-9-]{0,40}$/) });

/** A kind's operations: where they live, who may call them, the tag they are listed under. */
type TKindRoutes<B extends string> = { base: B; permission: Permission; tags: string[] };

/** `GET {base}/export.xlsx` or `.pdf`: the report as a file in the request's language. */
export function reportFileOperation<B extends string, E extends "xlsx" | "pdf", Q extends TQuery>(
  k: TKindRoutes<B>,
  ext: E,
  query: Q,
  summary: string,
) {
  return apiRoute({
    permission: k.permission,
    method: "get",
    path: `${k.base}/export.${ext}` as `${B}/export.${E}`,
    tags: k.tags,
    summary,
    request: { query },
    responses: {
      200: {
        description: ext === "xlsx" ? "XLSX workbook" : "PDF document",
        content: { [ext === "xlsx" ? XLSX_TYPE : PDF_TYPE]: { schema: z.string() } },
      },
      ...errorResponses(401, 403, 404, 422),
    },
  });
}

/** `GET {base}/sections/{section}`: one section (404 for a section nobody registered). */
export function reportSectionOperation<B extends string, Q extends TQuery>(
  k: TKindRoutes<B>,
  query: Q,
  summary: string,
) {
  return apiRoute({
    permission: k.permission,
    method: "get",
    path: `${k.base}/sections/{section}` as `${B}/sections/{section}`,
    tags: k.tags,
    summary,
    request: { params: ZSectionParam, query },
    responses: { 200: jsonResponse(ZReportSection, "The section"), ...errorResponses(401, 403, 404, 422) },
  });
}

/** `GET {base}/sections/{section}/rows`: a page of the rows behind one figure (422 for a key the section never gives). */
export function reportRowsOperation<B extends string, Q extends TQuery>(k: TKindRoutes<B>, query: Q, summary: string) {
  return apiRoute({
    permission: k.permission,
    method: "get",
    path: `${k.base}/sections/{section}/rows` as `${B}/sections/{section}/rows`,
    tags: k.tags,
    summary,
    request: { params: ZSectionParam, query },
    responses: { 200: jsonResponse(ZReportRows, "The rows"), ...errorResponses(401, 403, 404, 422) },
  });
}
