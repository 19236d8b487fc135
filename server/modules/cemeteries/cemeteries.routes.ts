import { z } from "@hono/zod-openapi";
import { apiRoute } from "../../lib/api-route.ts";
import { createRouter } from "../../lib/http.ts";
import { errorResponses, jsonResponse, ZIdParam } from "../../lib/openapi.ts";
import {
  freePlaces,
  freeRows,
  freeSectors,
  getCemetery,
  listCemeteries,
  plotsInViewport,
} from "./cemeteries.service.ts";
import {
  ZCemeteryDetail,
  ZCemeterySummary,
  ZFreePlaces,
  ZFreeRows,
  ZFreeSectors,
  ZPlotFeatureCollection,
} from "../../../common/api-schemas.ts";
import { RELIGIONS } from "../../../common/api-types.ts";

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

/** A sector's or row's name as the plots carry it (`ZGeneratePlots` allows 20 characters; imports may be longer). */
const ZPlaceName = z.string().trim().min(1).max(80);

/**
 * The public cemeteries: the list, one cemetery, the plots of a map viewport, and the free places
 * by sector and row (the phone's way to choose).
 */
export const cemeteryRoutes = createRouter()
  .openapi(
    apiRoute({
      method: "get",
      permission: "public",
      path: "/cemeteries/{id}/free-sectors",
      tags: ["Registry"],
      summary: "A cemetery's sectors that have free places, with how many",
      request: { params: ZIdParam },
      responses: { 200: jsonResponse(ZFreeSectors, "Sectors with free places"), ...errorResponses(404, 422) },
    }),
    async (c) => c.json(await freeSectors(c.get("services").db, c.req.valid("param").id), 200),
  )
  .openapi(
    apiRoute({
      method: "get",
      permission: "public",
      path: "/cemeteries/{id}/free-rows",
      tags: ["Registry"],
      summary: "A sector's rows that have free places, with how many",
      request: { params: ZIdParam, query: z.object({ sector: ZPlaceName }) },
      responses: { 200: jsonResponse(ZFreeRows, "Rows with free places"), ...errorResponses(404, 422) },
    }),
    async (c) =>
      c.json(await freeRows(c.get("services").db, c.req.valid("param").id, c.req.valid("query").sector), 200),
  )
  .openapi(
    apiRoute({
      method: "get",
      permission: "public",
      path: "/cemeteries/{id}/free-places",
      tags: ["Registry"],
      summary: "The free places of one row of a cemetery, by number",
      request: { params: ZIdParam, query: z.object({ sector: ZPlaceName, row: ZPlaceName }) },
      responses: { 200: jsonResponse(ZFreePlaces, "Free places of the row"), ...errorResponses(404, 422) },
    }),
    async (c) => c.json(await freePlaces(c.get("services").db, c.req.valid("param").id, c.req.valid("query")), 200),
  )
  .openapi(
    apiRoute({
      method: "get",
      permission: "public",
      path: "/cemeteries/{id}/plots",
      tags: ["Registry"],
      summary: "Plots of a cemetery in a map viewport, as GeoJSON (at most 2,000; more answers tooMany)",
      request: { params: ZIdParam, query: z.object({ bbox: ZBbox }) },
      responses: {
        200: jsonResponse(ZPlotFeatureCollection, "Plots"),
        ...errorResponses(422),
      },
    }),
    async (c) =>
      c.json(await plotsInViewport(c.get("services").db, c.req.valid("param").id, c.req.valid("query").bbox), 200),
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
