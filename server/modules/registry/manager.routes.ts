import { createRoute, z } from "@hono/zod-openapi";
import { ZBurialInput, ZPlotUpdate, ZRequestAnswer } from "../../../common/schemas.ts";
import { createRouter, requireRole } from "../../lib/http.ts";
import { errorResponses, jsonBody, jsonResponse, ZIdParam, ZOk } from "../../lib/openapi.ts";
import {
  addBurial,
  answerRequest,
  listRequests,
  staffCemeteries,
  staffPlot,
  updateBurial,
  updatePlot,
} from "./manager.service.ts";
import { ZUploadFile } from "../uploads/uploads.routes.ts";
import { ZCemeterySummary, ZPlotFacts } from "./registry.routes.ts";
import { REQUEST_STATUSES } from "./registry.tables.ts";

const staffOnly = errorResponses(401, 403);

const ZStaffBurial = z
  .object({
    id: z.number(),
    surname: z.string(),
    name: z.string(),
    patronymic: z.string(),
    iin: z.string().nullable(),
    birthDate: z.string().nullable(),
    deathDate: z.string().nullable(),
    burialDate: z.string().nullable(),
    isReburial: z.boolean(),
  })
  .openapi("StaffBurial");

const ZStaffPlot = ZPlotFacts.extend({ notes: z.string(), burials: z.array(ZStaffBurial) }).openapi("StaffPlot");

const ZRequest = z
  .object({
    id: z.number(),
    kind: z.enum(["search", "add"]),
    status: z.enum(REQUEST_STATUSES),
    cemeteryId: z.number().nullable(),
    applicantName: z.string(),
    applicantPhone: z.string(),
    surname: z.string(),
    name: z.string(),
    patronymic: z.string(),
    birthYear: z.number().nullable(),
    deathYear: z.number().nullable(),
    birthDate: z.string().nullable(),
    deathDate: z.string().nullable(),
    burialDate: z.string().nullable(),
    location: z.string(),
    details: z.string(),
    answer: z.string(),
    burialId: z.number().nullable(),
    photos: z.array(ZUploadFile),
    createdAt: z.string(),
  })
  .openapi("RegistryRequest");

/** Cemetery staff (managers of their cemeteries, and the admin): plots, records, requests. */
export const managerRoutes = createRouter()
  .openapi(
    createRoute({
      method: "get",
      path: "/manager/cemeteries",
      tags: ["Cemetery staff"],
      summary: "The cemeteries the caller works in, with place counts (manager: assigned ones; admin: all)",
      responses: { 200: jsonResponse(z.object({ items: z.array(ZCemeterySummary) }), "Cemeteries"), ...staffOnly },
    }),
    async (c) => {
      const user = requireRole(c, "manager", "admin");
      return c.json({ items: await staffCemeteries(c.get("services").db, user, c.get("locale")) }, 200);
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/manager/plots/{id}",
      tags: ["Cemetery staff"],
      summary: "A plot with its notes and burial records (IIN included)",
      request: { params: ZIdParam },
      responses: { 200: jsonResponse(ZStaffPlot, "The plot"), ...staffOnly, ...errorResponses(404) },
    }),
    async (c) => {
      const user = requireRole(c, "manager", "admin");
      return c.json(await staffPlot(c.get("services").db, user, c.req.valid("param").id), 200);
    },
  )
  .openapi(
    createRoute({
      method: "patch",
      path: "/plots/{id}",
      tags: ["Cemetery staff"],
      summary: "Change a plot's status or notes (occupied follows the burial records)",
      request: { params: ZIdParam, body: jsonBody(ZPlotUpdate) },
      responses: { 200: jsonResponse(ZOk, "Saved"), ...staffOnly, ...errorResponses(404, 422) },
    }),
    async (c) => {
      const user = requireRole(c, "manager", "admin");
      await updatePlot(c.get("services").db, user, c.req.valid("param").id, c.req.valid("json"));
      return c.json({ ok: true as const }, 200);
    },
  )
  .openapi(
    createRoute({
      method: "post",
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
      const user = requireRole(c, "manager", "admin");
      return c.json(await addBurial(c.get("services").db, user, c.req.valid("param").id, c.req.valid("json")), 201);
    },
  )
  .openapi(
    createRoute({
      method: "put",
      path: "/burials/{id}",
      tags: ["Cemetery staff"],
      summary: "Correct a burial record",
      request: { params: ZIdParam, body: jsonBody(ZBurialInput) },
      responses: { 200: jsonResponse(ZOk, "Saved"), ...staffOnly, ...errorResponses(404, 422) },
    }),
    async (c) => {
      const user = requireRole(c, "manager", "admin");
      await updateBurial(c.get("services").db, user, c.req.valid("param").id, c.req.valid("json"));
      return c.json({ ok: true as const }, 200);
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/cemeteries/{id}/requests",
      tags: ["Cemetery staff"],
      summary: "Search and add requests for a cemetery (and those naming none), open or closed",
      request: { params: ZIdParam, query: z.object({ status: z.enum(["open", "closed"]).default("open") }) },
      responses: { 200: jsonResponse(z.object({ items: z.array(ZRequest) }), "Requests"), ...staffOnly },
    }),
    async (c) => {
      const user = requireRole(c, "manager", "admin");
      const items = await listRequests(
        c.get("services").db,
        user,
        c.req.valid("param").id,
        c.req.valid("query").status,
      );
      return c.json({ items }, 200);
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/registry-requests/{id}/answer",
      tags: ["Cemetery staff"],
      summary: "Answer a request: in progress, or closed as found / added / not found (the applicant is told)",
      request: { params: ZIdParam, body: jsonBody(ZRequestAnswer) },
      responses: { 200: jsonResponse(ZOk, "Answered"), ...staffOnly, ...errorResponses(404, 409, 422) },
    }),
    async (c) => {
      const user = requireRole(c, "manager", "admin");
      await answerRequest(c.get("services"), user, c.req.valid("param").id, c.req.valid("json"));
      return c.json({ ok: true as const }, 200);
    },
  );
