import { z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { apiRoute } from "../../lib/api-route.ts";
import { type ApiEnv, createRouter } from "../../lib/http.ts";
import { errorResponses, jsonResponse, ZIdParam } from "../../lib/openapi.ts";
import { ZAddRequestInput, ZId, ZSearchRequestInput } from "../../../common/schemas.ts";
import { jsonBody } from "../../lib/openapi.ts";
import {
  createAddRequest,
  createSearchRequest,
  getCemetery,
  getPublicBurial,
  getPublicPlot,
  listCemeteries,
  plotsInViewport,
  searchBurials,
} from "./registry.service.ts";
import { PLOT_STATUSES, RELIGIONS } from "./registry.tables.ts";

export const ZPublicBurial = z
  .object({
    id: z.number(),
    surname: z.string(),
    name: z.string(),
    patronymic: z.string(),
    birthYear: z.number().nullable(),
    deathYear: z.number().nullable(),
    burialDate: z.string().nullable(),
    cemetery: z.object({ id: z.number(), name: z.string(), address: z.string() }),
    sector: z.string(),
    row: z.string(),
    place: z.number(),
    point: z.tuple([z.number(), z.number()]).openapi({ description: "[lng, lat] of the plot's centre" }),
  })
  .openapi("PublicBurial");

/** What every view of a plot shows (see `plotFacts`). */
export const ZPlotFacts = z.object({
  id: z.number(),
  cemeteryId: z.number(),
  sector: z.string(),
  row: z.string(),
  number: z.number(),
  status: z.enum(PLOT_STATUSES),
  size: z.string(),
});

const ZCounts = z.object({ free: z.number(), reserved: z.number(), occupied: z.number(), unavailable: z.number() });
export const ZCemeterySummary = z
  .object({
    id: z.number(),
    name: z.string(),
    city: z.string(),
    religion: z.enum(RELIGIONS),
    status: z.enum(["open", "family_only", "closed"]),
    address: z.string(),
    counts: ZCounts,
    center: z.tuple([z.number(), z.number()]).nullable(),
  })
  .openapi("CemeterySummary");

const ZCemeteryDetail = ZCemeterySummary.extend({
  description: z.string(),
  phones: z.string(),
  capacity: z.number(),
  burialFee: z.number().openapi({ description: "KZT" }),
  burialSlots: z.object({ days: z.array(z.number()), from: z.string(), to: z.string() }),
  boundary: z
    .array(z.tuple([z.number(), z.number()]))
    .nullable()
    .openapi({ description: "The boundary ring, [lng, lat] points, not closed" }),
}).openapi("CemeteryDetail");

const year = z.coerce.number().int().min(1800).max(2100).optional();

const ZBbox = z
  .string()
  .transform((v, ctx) => {
    const n = v.split(",").map(Number);
    const [w, s, e, north] = n as [number, number, number, number];
    const ok =
      n.length === 4 &&
      n.every(Number.isFinite) &&
      w < e &&
      s < north &&
      w >= -180 &&
      e <= 180 &&
      s >= -90 &&
      north <= 90;
    if (!ok) {
      ctx.addIssue({ code: "custom", message: "validation.bbox" });
      return z.NEVER;
    }
    return [w, s, e, north] as [number, number, number, number];
  })
  .openapi({ description: "minLng,minLat,maxLng,maxLat", example: "76.985,43.246,76.99,43.249" });

/** Who sends a public request: the signed-in user if any, the address, the time. */
function requester(c: Context<ApiEnv>) {
  const user = c.get("auth")?.user;
  return { userId: user?.id ?? null, role: user?.role ?? null, ip: c.get("ip"), now: c.get("services").now() };
}

export const registryRoutes = createRouter()
  .openapi(
    apiRoute({
      method: "get",
      permission: "public",
      path: "/cemeteries/{id}/plots",
      tags: ["Registry"],
      summary: "Plots of a cemetery in a map viewport, as GeoJSON (at most 2,000; more answers tooMany)",
      request: { params: ZIdParam, query: z.object({ bbox: ZBbox }) },
      responses: {
        200: jsonResponse(
          z.object({
            type: z.literal("FeatureCollection"),
            features: z.array(z.any()),
            tooMany: z.boolean(),
            total: z.number(),
          }),
          "Plots",
        ),
        ...errorResponses(422),
      },
    }),
    async (c) =>
      c.json(await plotsInViewport(c.get("services").db, c.req.valid("param").id, c.req.valid("query").bbox), 200),
  )
  .openapi(
    apiRoute({
      method: "post",
      permission: "public",
      path: "/registry-requests/search",
      tags: ["Registry"],
      summary: "Ask cemetery staff to find a burial the search did not show (open to anyone, 5 an hour per IP)",
      request: { body: jsonBody(ZSearchRequestInput) },
      responses: {
        201: jsonResponse(z.object({ id: z.number() }), "Received"),
        ...errorResponses(422, 429),
      },
    }),
    async (c) => c.json(await createSearchRequest(c.get("services").db, requester(c), c.req.valid("json")), 201),
  )
  .openapi(
    apiRoute({
      method: "post",
      permission: "public",
      path: "/registry-requests/add",
      tags: ["Registry"],
      summary: "Ask cemetery staff to add a burial missing from the registry, with photos (open to anyone)",
      description:
        "Photos are uploaded first (`POST /uploads`, purpose `photo`, anonymous allowed) and passed by id (up to 5): " +
        "only the caller's own unattached photos (signed in: theirs; anonymous: sent from the same address), " +
        "others are refused with 422 on `photoIds`. They stay private: the applicant, the managers of the " +
        "request's cemetery (of any cemetery when none is named) and the admin read them. " +
        "A signed-in caller is recorded as the applicant. Search and add requests share a limit of 5 an hour per IP.",
      request: { body: jsonBody(ZAddRequestInput) },
      responses: {
        201: jsonResponse(z.object({ id: z.number() }), "Received"),
        ...errorResponses(422, 429),
      },
    }),
    async (c) => c.json(await createAddRequest(c.get("services").db, requester(c), c.req.valid("json")), 201),
  )
  .openapi(
    apiRoute({
      method: "get",
      permission: "public",
      path: "/burials/search",
      tags: ["Registry"],
      summary: "Search the public burial registry",
      description:
        "By surname, name and patronymic (any of them, partial, with small typos; Kazakh and Russian spellings " +
        "match), birth and death year, cemetery. 20 results a page, best first. The IIN is never searched or returned.",
      request: {
        query: z.object({
          q: z.string().trim().max(120).optional(),
          birthYear: year,
          deathYear: year,
          cemeteryId: ZId.optional(),
          page: z.coerce.number().int().min(1).max(500).default(1),
        }),
      },
      responses: {
        200: jsonResponse(
          z.object({
            items: z.array(ZPublicBurial),
            total: z.number().openapi({ description: "Matching records, counted up to 5,000" }),
            totalCapped: z.boolean().openapi({ description: "More records match than `total`" }),
            page: z.number(),
            pageSize: z.number(),
          }),
          "Results",
        ),
        ...errorResponses(422),
      },
    }),
    async (c) =>
      c.json(await searchBurials(c.get("services").db, { ...c.req.valid("query"), locale: c.get("locale") }), 200),
  )
  .openapi(
    apiRoute({
      method: "get",
      permission: "public",
      path: "/burials/{id}",
      tags: ["Registry"],
      summary: "One grave of the public registry",
      request: { params: ZIdParam },
      responses: { 200: jsonResponse(ZPublicBurial, "The grave"), ...errorResponses(404) },
    }),
    async (c) => c.json(await getPublicBurial(c.get("services").db, c.req.valid("param").id, c.get("locale")), 200),
  )
  .openapi(
    apiRoute({
      method: "get",
      permission: "public",
      path: "/plots/{id}",
      tags: ["Registry"],
      summary: "One plot of the public map, with the graves in it",
      request: { params: ZIdParam },
      responses: {
        200: jsonResponse(ZPlotFacts.extend({ graves: z.array(ZPublicBurial) }).openapi("PublicPlot"), "The plot"),
        ...errorResponses(404),
      },
    }),
    async (c) => c.json(await getPublicPlot(c.get("services").db, c.req.valid("param").id, c.get("locale")), 200),
  )
  .openapi(
    apiRoute({
      method: "get",
      permission: "public",
      path: "/cemeteries/{id}",
      tags: ["Registry"],
      summary: "One cemetery with its boundary, fee, burial hours and place counts",
      request: { params: ZIdParam },
      responses: { 200: jsonResponse(ZCemeteryDetail, "The cemetery"), ...errorResponses(404) },
    }),
    async (c) => c.json(await getCemetery(c.get("services").db, c.req.valid("param").id, c.get("locale")), 200),
  )
  .openapi(
    apiRoute({
      method: "get",
      permission: "public",
      path: "/cemeteries",
      tags: ["Registry"],
      summary: "Cemeteries with their free, reserved and occupied place counts",
      request: {
        query: z.object({ city: z.string().trim().max(80).optional(), religion: z.enum(RELIGIONS).optional() }),
      },
      responses: { 200: jsonResponse(z.object({ items: z.array(ZCemeterySummary) }), "Cemeteries") },
    }),
    async (c) =>
      c.json(
        { items: await listCemeteries(c.get("services").db, { ...c.req.valid("query"), locale: c.get("locale") }) },
        200,
      ),
  );
