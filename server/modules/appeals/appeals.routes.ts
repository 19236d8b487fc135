import { z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { ZAppeal, ZAppealCreated, ZAppealPage } from "../../../common/appeal-schemas.ts";
import { ZAppealCreate, ZOralAppeal } from "../../../common/appeal-forms.ts";
import { apiRoute, callerOf } from "../../lib/api-route.ts";
import { createRouter, type ApiEnv } from "../../lib/http.ts";
import { errorResponses, jsonBody, jsonResponse, ZIdParam } from "../../lib/openapi.ts";
import { pdfAnswer } from "../../lib/pdf.ts";
import { moveRoute } from "../workflow/move-route.ts";
import { appealReceipt } from "./appeal-receipt.ts";
import { appealMachine } from "./appeals.machine.ts";
import { sendXlsx, xlsxResponse } from "../../lib/xlsx-export.ts";
// The appeals' section of the city's report registers itself.
import "./appeals.report.ts";
import {
  createAppeal,
  createOralAppeal,
  exportAppeals,
  getAppeal,
  listAppeals,
  ZAppealListQuery,
} from "./appeals.service.ts";

const TAGS = ["Appeals"];
const PDF = "application/pdf";

/** A PDF answer shown in the browser under its readable name; never cached (personal data). */
const pdf = (c: Context<ApiEnv>, body: Buffer, asciiName: string, name: string) => pdfAnswer(c, body, asciiName, name);

const [moveOperation, moveHandler] = moveRoute(appealMachine, {
  path: "/appeals/{id}/moves/{move}",
  permission: "appeals.read",
  tags: TAGS,
  summary:
    "Make a move of an appeal: the akimat's staff take, assign, ask for documents, notify a hearing, extend " +
    "(the akimat's admin), redirect, answer; the applicant withdraws or adds the documents asked for",
});

/**
 * Appeals to the akimat (APPK): registered at once from the platform (`appeals.create`, a client or a
 * supplier company) or recorded by the staff from an oral or phone appeal; read by their applicant and
 * their akimat's staff (`appealScope`), moved through the machine.
 */
export const appealRoutes = createRouter()
  .openapi(
    apiRoute({
      permission: "appeals.create",
      method: "post",
      path: "/appeals",
      tags: TAGS,
      summary: "Register an appeal to an akimat (never refused for its content): its number and id",
      request: { body: jsonBody(ZAppealCreate) },
      responses: { 201: jsonResponse(ZAppealCreated, "Registered"), ...errorResponses(401, 403, 422) },
    }),
    async (c) => {
      const user = callerOf(c);
      return c.json(await createAppeal(c.get("services"), user, c.req.valid("json"), c.get("locale")), 201);
    },
  )
  .openapi(
    apiRoute({
      permission: "appeals.handle",
      method: "post",
      path: "/appeals/oral",
      tags: TAGS,
      summary: "Record an oral or phone appeal on a citizen's behalf, to the staff member's own akimat",
      request: { body: jsonBody(ZOralAppeal) },
      responses: { 201: jsonResponse(ZAppealCreated, "Registered"), ...errorResponses(401, 403, 422) },
    }),
    async (c) => {
      const user = callerOf(c);
      return c.json(await createOralAppeal(c.get("services"), user, c.req.valid("json")), 201);
    },
  )
  .openapi(
    apiRoute({
      permission: "appeals.read",
      method: "get",
      path: "/appeals",
      tags: TAGS,
      summary: "Appeals: the applicant's own, or the akimat's (its staff), filtered, a page at a time",
      request: { query: ZAppealListQuery },
      responses: { 200: jsonResponse(ZAppealPage, "A page of appeals"), ...errorResponses(401, 403, 422) },
    }),
    async (c) => {
      const user = callerOf(c);
      return c.json(await listAppeals(c.get("services"), user, c.req.valid("query"), c.get("locale")), 200);
    },
  )
  .openapi(
    apiRoute({
      permission: "appeals.handle",
      method: "get",
      path: "/appeals/export.xlsx",
      tags: TAGS,
      summary: "The akimat's filtered list as an XLSX workbook in the request's language (IINs and phones as text)",
      request: { query: ZAppealListQuery },
      responses: {
        200: xlsxResponse,
        ...errorResponses(401, 403, 422),
      },
    }),
    async (c) => {
      const user = callerOf(c);
      const r = await exportAppeals(c.get("services"), user, c.req.valid("query"), c.get("locale"));
      return sendXlsx(c, r.xlsx, r.fileName, "appeals.xlsx") as never;
    },
  )
  .openapi(
    apiRoute({
      permission: "appeals.read",
      method: "get",
      path: "/appeals/{id}",
      tags: TAGS,
      summary: "One appeal with its history and the moves the caller may make now",
      request: { params: ZIdParam },
      responses: { 200: jsonResponse(ZAppeal, "The appeal"), ...errorResponses(401, 403, 404, 422) },
    }),
    async (c) => {
      const user = callerOf(c);
      return c.json(await getAppeal(c.get("services"), user, c.req.valid("param").id, c.get("locale")), 200);
    },
  )
  .openapi(
    apiRoute({
      permission: "appeals.read",
      method: "get",
      path: "/appeals/{id}/receipt.pdf",
      tags: TAGS,
      summary: "The appeal's receipt (талон, PDF in the appeal's language): number, date and time, the receiving body",
      request: { params: ZIdParam },
      responses: {
        200: { description: "PDF document", content: { [PDF]: { schema: z.string() } } },
        ...errorResponses(401, 403, 404, 422),
      },
    }),
    async (c) => {
      const user = callerOf(c);
      const s = c.get("services");
      const r = await appealReceipt(s.db, user, c.req.valid("param").id, s.now());
      const ascii = `appeal-receipt-${c.req.valid("param").id}`;
      return pdf(c, r.pdf, ascii, r.fileName) as never;
    },
  )
  .openapi(moveOperation, moveHandler);
