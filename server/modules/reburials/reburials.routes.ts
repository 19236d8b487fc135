import { z } from "@hono/zod-openapi";
import { ZReburial, ZReburialPage } from "../../../common/reburial-api.ts";
import { ZReburialCreate } from "../../../common/reburial-forms.ts";
import { apiRoute, callerOf } from "../../lib/api-route.ts";
import { createRouter } from "../../lib/http.ts";
import { errorResponses, jsonBody, jsonResponse, ZIdParam } from "../../lib/openapi.ts";
import { moveRoute } from "../workflow/move-route.ts";
import { reburialMachine } from "./reburials.machine.ts";
import { sendXlsx, xlsxResponse } from "../../lib/xlsx-export.ts";
import {
  createReburial,
  exportReburials,
  getReburial,
  listReburials,
  ZReburialListQuery,
} from "./reburials.service.ts";
// The reburials' section of the city's report registers itself.
import "./reburials.report.ts";

const TAGS = ["Reburial requests"];

/**
 * Reburial requests: the family's request, the lists (the akimat's inbox — its city only — and the
 * applicant's own), one request, and its moves.
 */
export const reburialRoutes = createRouter()
  .openapi(
    apiRoute({
      permission: "reburials.create",
      method: "post",
      path: "/reburials",
      tags: TAGS,
      summary:
        "Apply for a reburial: registered at once, to the akimat of the grave's (or destination's) city (client)",
      request: { body: jsonBody(ZReburialCreate) },
      responses: {
        201: jsonResponse(z.object({ id: z.number(), number: z.string() }), "Registered"),
        ...errorResponses(401, 403, 422),
      },
    }),
    async (c) => {
      const user = callerOf(c);
      return c.json(await createReburial(c.get("services"), user, c.req.valid("json"), c.get("locale")), 201);
    },
  )
  .openapi(
    apiRoute({
      permission: "reburials.handle",
      method: "get",
      path: "/reburials/export.xlsx",
      tags: TAGS,
      summary: "The akimat's filtered reburial requests as an XLSX workbook in the request's language",
      request: { query: ZReburialListQuery },
      responses: { 200: xlsxResponse, ...errorResponses(401, 403, 422) },
    }),
    async (c) => {
      const user = callerOf(c);
      const r = await exportReburials(c.get("services"), user, c.req.valid("query"), c.get("locale"));
      return sendXlsx(c, r.xlsx, r.fileName, "reburials.xlsx") as never;
    },
  )
  .openapi(
    apiRoute({
      permission: "reburials.read",
      method: "get",
      path: "/reburials",
      tags: TAGS,
      summary:
        "Reburial requests: the akimat's staff those of their akimat (filters: status, overdue, assignee, period, text, applicant), a client their own",
      request: { query: ZReburialListQuery },
      responses: { 200: jsonResponse(ZReburialPage, "A page of requests"), ...errorResponses(401, 403, 422) },
    }),
    async (c) => {
      const user = callerOf(c);
      return c.json(await listReburials(c.get("services"), user, c.req.valid("query"), c.get("locale")), 200);
    },
  )
  .openapi(
    apiRoute({
      permission: "reburials.read",
      method: "get",
      path: "/reburials/{id}",
      tags: TAGS,
      summary: "One reburial request, with its documents, history and the moves the caller may make now",
      request: { params: ZIdParam },
      responses: { 200: jsonResponse(ZReburial, "The request"), ...errorResponses(401, 403, 404, 422) },
    }),
    async (c) => {
      const user = callerOf(c);
      return c.json(await getReburial(c.get("services"), user, c.req.valid("param").id, c.get("locale")), 200);
    },
  )
  .openapi(
    ...moveRoute(reburialMachine, {
      path: "/reburials/{id}/moves/{move}",
      permission: "reburials.read",
      tags: TAGS,
      summary:
        "Make a move of the request's machine (take, assign, ask_documents, hearing_notice, approve, refuse… — the akimat; add_documents, withdraw — the applicant)",
    }),
  );
