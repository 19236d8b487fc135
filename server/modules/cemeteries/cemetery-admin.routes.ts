import { z } from "@hono/zod-openapi";
import { ZCemeteryRecord } from "../../../common/api-schemas.ts";
import { ZCemeteryInput, ZGeneratePlots } from "../../../common/schemas.ts";
import { apiRoute, callerOf } from "../../lib/api-route.ts";
import { createRouter } from "../../lib/http.ts";
import { errorResponses, jsonBody, jsonResponse, ZIdParam, ZOk } from "../../lib/openapi.ts";
import {
  createCemetery,
  generatePlots,
  getCemeteryRecord,
  sectorSummary,
  updateCemetery,
} from "./cemetery-admin.service.ts";

const adminOnly = errorResponses(401, 403);

/** The admin's work on cemeteries: create and edit, generate plots (the XLSX import is in `burials/`). */
export const cemeteryAdminRoutes = createRouter()
  .openapi(
    apiRoute({
      method: "post",
      permission: "cemeteries.manage",
      path: "/cemeteries",
      tags: ["Registry admin"],
      summary: "Create a cemetery (admin)",
      request: { body: jsonBody(ZCemeteryInput) },
      responses: { 201: jsonResponse(z.object({ id: z.number() }), "Created"), ...adminOnly, ...errorResponses(422) },
    }),
    async (c) => {
      const user = callerOf(c);
      return c.json(await createCemetery(c.get("services").db, user, c.req.valid("json")), 201);
    },
  )
  .openapi(
    apiRoute({
      method: "get",
      permission: "cemeteries.manage",
      path: "/cemeteries/{id}/record",
      tags: ["Registry admin"],
      summary: "Every field of a cemetery in both languages, with its plots by sector (admin)",
      request: { params: ZIdParam },
      responses: {
        200: jsonResponse(
          ZCemeteryRecord.extend({
            sectors: z.array(z.object({ sector: z.string(), rows: z.number(), plots: z.number() })),
          }),
          "The cemetery",
        ),
        ...adminOnly,
        ...errorResponses(404),
      },
    }),
    async (c) => {
      const { db } = c.get("services");
      const id = c.req.valid("param").id;
      const record = await getCemeteryRecord(db, id);
      return c.json({ ...record, sectors: await sectorSummary(db, id) }, 200);
    },
  )
  .openapi(
    apiRoute({
      method: "put",
      permission: "cemeteries.manage",
      path: "/cemeteries/{id}",
      tags: ["Registry admin"],
      summary: "Change a cemetery (admin)",
      request: { params: ZIdParam, body: jsonBody(ZCemeteryInput) },
      responses: { 200: jsonResponse(ZOk, "Saved"), ...adminOnly, ...errorResponses(404, 422) },
    }),
    async (c) => {
      const user = callerOf(c);
      await updateCemetery(c.get("services").db, user, c.req.valid("param").id, c.req.valid("json"));
      return c.json({ ok: true as const }, 200);
    },
  )
  .openapi(
    apiRoute({
      method: "post",
      permission: "cemeteries.manage",
      path: "/cemeteries/{id}/plots/generate",
      tags: ["Registry admin"],
      summary: "Generate one sector's plots by ranges, laid out inside the boundary (admin; all or nothing)",
      request: { params: ZIdParam, body: jsonBody(ZGeneratePlots) },
      responses: {
        201: jsonResponse(z.object({ created: z.number() }), "Created"),
        ...adminOnly,
        ...errorResponses(404, 409, 422),
      },
    }),
    async (c) => {
      const user = callerOf(c);
      const result = await generatePlots(c.get("services").db, user, c.req.valid("param").id, c.req.valid("json"));
      return c.json(result, 201);
    },
  );
