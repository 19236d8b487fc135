import { z } from "@hono/zod-openapi";
import { ZBurialInput, ZPlotUpdate } from "../../../common/schemas.ts";
import { apiRoute, callerOf } from "../../lib/api-route.ts";
import { createRouter } from "../../lib/http.ts";
import { errorResponses, jsonBody, jsonResponse, ZIdParam, ZOk } from "../../lib/openapi.ts";
import {
  addBurial,
  plotExtent,
  searchStaffBurials,
  staffCemeteries,
  staffPlot,
  updateBurial,
  updatePlot,
} from "./manager.service.ts";
import { ZCemeterySummary, ZPublicBurial, ZStaffPlot } from "../../../common/api-schemas.ts";

const staffOnly = errorResponses(401, 403);

/** A database id in a query string: an integer column holds at most 2^31 − 1. */
export const ZQueryId = z.coerce.number().int().positive().max(2_147_483_647);

/** Cemetery staff (managers of their cemeteries, and the admin): their cemeteries, plots and burial records. */
export const managerRoutes = createRouter()
  .openapi(
    apiRoute({
      method: "get",
      permission: "cemetery.work",
      path: "/manager/cemeteries",
      tags: ["Cemetery staff"],
      summary: "The cemeteries the caller works in, with place counts (manager: assigned ones; admin: all)",
      responses: { 200: jsonResponse(z.object({ items: z.array(ZCemeterySummary) }), "Cemeteries"), ...staffOnly },
    }),
    async (c) => {
      const user = callerOf(c);
      return c.json({ items: await staffCemeteries(c.get("services").db, user, c.get("locale")) }, 200);
    },
  )
  .openapi(
    apiRoute({
      method: "get",
      permission: "cemetery.work",
      path: "/manager/plots/{id}",
      tags: ["Cemetery staff"],
      summary: "A plot with its notes and burial records (IIN included)",
      request: { params: ZIdParam },
      responses: { 200: jsonResponse(ZStaffPlot, "The plot"), ...staffOnly, ...errorResponses(404) },
    }),
    async (c) => {
      const user = callerOf(c);
      return c.json(await staffPlot(c.get("services").db, user, c.req.valid("param").id), 200);
    },
  )
  .openapi(
    apiRoute({
      method: "patch",
      permission: "cemetery.work",
      path: "/plots/{id}",
      tags: ["Cemetery staff"],
      summary: "Change a plot's status or notes (occupied follows the burial records)",
      request: { params: ZIdParam, body: jsonBody(ZPlotUpdate) },
      responses: { 200: jsonResponse(ZOk, "Saved"), ...staffOnly, ...errorResponses(404, 422) },
    }),
    async (c) => {
      const user = callerOf(c);
      await updatePlot(c.get("services").db, user, c.req.valid("param").id, c.req.valid("json"));
      return c.json({ ok: true as const }, 200);
    },
  )
  .openapi(
    apiRoute({
      method: "post",
      permission: "cemetery.work",
      path: "/plots/{id}/burials",
      tags: ["Cemetery staff"],
      summary: "Add a burial record to a plot (the plot becomes occupied)",
      request: { params: ZIdParam, body: jsonBody(ZBurialInput) },
      responses: {
        201: jsonResponse(z.object({ id: z.number() }), "Added"),
        ...staffOnly,
        ...errorResponses(404, 422),
      },
    }),
    async (c) => {
      const user = callerOf(c);
      return c.json(await addBurial(c.get("services").db, user, c.req.valid("param").id, c.req.valid("json")), 201);
    },
  )
  .openapi(
    apiRoute({
      method: "put",
      permission: "cemetery.work",
      path: "/burials/{id}",
      tags: ["Cemetery staff"],
      summary: "Correct a burial record",
      request: { params: ZIdParam, body: jsonBody(ZBurialInput) },
      responses: { 200: jsonResponse(ZOk, "Saved"), ...staffOnly, ...errorResponses(404, 422) },
    }),
    async (c) => {
      const user = callerOf(c);
      await updateBurial(c.get("services").db, user, c.req.valid("param").id, c.req.valid("json"));
      return c.json({ ok: true as const }, 200);
    },
  )
  .openapi(
    apiRoute({
      method: "get",
      permission: "cemetery.work",
      path: "/manager/burials",
      tags: ["Cemetery staff"],
      summary: "Find burial records of one of the caller's cemeteries by name or record number (answer form)",
      request: {
        query: z.object({
          cemeteryId: ZQueryId,
          q: z.string().trim().min(1, "validation.required").max(120),
        }),
      },
      responses: {
        200: jsonResponse(
          z.object({
            items: z.array(ZPublicBurial),
            total: z.number(),
            totalCapped: z.boolean(),
            page: z.number(),
            pageSize: z.number(),
          }),
          "The best 20 records",
        ),
        ...staffOnly,
        ...errorResponses(422),
      },
    }),
    async (c) => {
      const user = callerOf(c);
      const q = c.req.valid("query");
      return c.json(await searchStaffBurials(c.get("services").db, user, { ...q, locale: c.get("locale") }), 200);
    },
  )
  .openapi(
    apiRoute({
      method: "get",
      permission: "cemetery.work",
      path: "/manager/cemeteries/{id}/extent",
      tags: ["Cemetery staff"],
      summary: "The box around a cemetery's plots, [minLng, minLat, maxLng, maxLat] (null: no plots yet)",
      request: { params: ZIdParam },
      responses: {
        200: jsonResponse(
          z.object({ extent: z.tuple([z.number(), z.number(), z.number(), z.number()]).nullable() }),
          "The box",
        ),
        ...staffOnly,
      },
    }),
    async (c) => {
      const user = callerOf(c);
      return c.json({ extent: await plotExtent(c.get("services").db, user, c.req.valid("param").id) }, 200);
    },
  );
