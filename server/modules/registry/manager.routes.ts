import { z } from "@hono/zod-openapi";
import { REGISTRY_REQUEST_MOVES, type RegistryRequestMove } from "../../../common/api-types.ts";
import { ZBurialInput, ZPlotUpdate, ZRequestAnswer } from "../../../common/schemas.ts";
import { apiRoute, callerOf } from "../../lib/api-route.ts";
import { createRouter } from "../../lib/http.ts";
import { listQuery, pageSchema } from "../../lib/list.ts";
import { errorResponses, jsonBody, jsonResponse, ZIdParam, ZOk } from "../../lib/openapi.ts";
import {
  addBurial,
  answerRequest,
  listRequests,
  plotExtent,
  searchStaffBurials,
  staffCemeteries,
  staffPlot,
  updateBurial,
  updatePlot,
} from "./manager.service.ts";
import { ZUploadFile } from "../../../common/api-schemas.ts";
import { ZCemeterySummary, ZPlotFacts, ZPublicBurial } from "./registry.routes.ts";
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
    cemeteryName: z.string().nullable().openapi({ description: "In the request's language; null: named none" }),
    moves: z
      .array(z.enum(Object.keys(REGISTRY_REQUEST_MOVES) as [RegistryRequestMove, ...RegistryRequestMove[]]))
      .openapi({ description: "What the caller may do with the request now (none once closed)" }),
  })
  .openapi("RegistryRequest");

/** A database id in a query string: an integer column holds at most 2^31 − 1. */
const ZQueryId = z.coerce.number().int().positive().max(2_147_483_647);

/** Lists of requests: newest first (`sort=createdAt` for oldest), 20 a page (at most 100). */
const REQUEST_ORDER = { sort: ["createdAt"], defaultSort: "-createdAt" } as const;

const ZRequestPage = pageSchema(ZRequest).openapi("RegistryRequestPage");

/** Cemetery staff (managers of their cemeteries, and the admin): plots, records, requests. */
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
      path: "/cemeteries/{id}/requests",
      tags: ["Cemetery staff"],
      summary: "Search and add requests for a cemetery (and those naming none), open or closed, a page at a time",
      request: {
        params: ZIdParam,
        query: listQuery({ ...REQUEST_ORDER, filters: { status: z.enum(["open", "closed"]).default("open") } }),
      },
      responses: { 200: jsonResponse(ZRequestPage, "Requests"), ...staffOnly, ...errorResponses(422) },
    }),
    async (c) => {
      const user = callerOf(c);
      const q = c.req.valid("query");
      const s = c.get("services");
      const page = await listRequests(
        s.db,
        user,
        { ...q, cemeteryId: c.req.valid("param").id, withUnassigned: true },
        c.get("locale"),
        s.now(),
      );
      return c.json(page, 200);
    },
  )
  .openapi(
    apiRoute({
      method: "get",
      permission: "cemetery.work",
      path: "/manager/requests",
      tags: ["Cemetery staff"],
      summary: "The inbox: requests across the caller's cemeteries (admin: all), filtered, sorted, a page at a time",
      description:
        "A manager sees the requests of the cemeteries assigned to them and those that named no cemetery. " +
        "`status`: open (new or in progress), closed, all, or one status. `cemeteryId`: one of the caller's " +
        "cemeteries (403 for another), or `none` for requests that named none.",
      request: {
        query: listQuery({
          ...REQUEST_ORDER,
          filters: {
            status: z.enum(["open", "closed", "all", ...REQUEST_STATUSES]).default("open"),
            kind: z.enum(["search", "add"]),
            cemeteryId: z.union([z.literal("none"), ZQueryId]),
          },
        }),
      },
      responses: { 200: jsonResponse(ZRequestPage, "Requests"), ...staffOnly, ...errorResponses(422) },
    }),
    async (c) => {
      const user = callerOf(c);
      const s = c.get("services");
      return c.json(await listRequests(s.db, user, c.req.valid("query"), c.get("locale"), s.now()), 200);
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
  )
  .openapi(
    apiRoute({
      method: "post",
      permission: "cemetery.work",
      path: "/registry-requests/{id}/answer",
      tags: ["Cemetery staff"],
      summary: "Answer a request: in progress, or closed as found / added / not found (the applicant is told)",
      request: { params: ZIdParam, body: jsonBody(ZRequestAnswer) },
      responses: { 200: jsonResponse(ZOk, "Answered"), ...staffOnly, ...errorResponses(404, 409, 422) },
    }),
    async (c) => {
      const user = callerOf(c);
      await answerRequest(c.get("services"), user, c.req.valid("param").id, c.req.valid("json"));
      return c.json({ ok: true as const }, 200);
    },
  );
