import { z } from "@hono/zod-openapi";
import { ZId } from "../../../common/schemas.ts";
import { apiRoute } from "../../lib/api-route.ts";
import { createRouter } from "../../lib/http.ts";
import { errorResponses, jsonResponse, ZIdParam } from "../../lib/openapi.ts";
import { ZBurialSearchPage, ZPublicBurial, ZPublicPlot } from "../../../common/api-schemas.ts";
import { getPublicBurial, getPublicPlot, searchBurials } from "./burials.service.ts";

const year = z.coerce.number().int().min(1800).max(2100).optional();

/** The public registry: the search, one grave, one plot with its graves. */
export const burialRoutes = createRouter()
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
        200: jsonResponse(ZBurialSearchPage, "Results"),
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
        200: jsonResponse(ZPublicPlot, "The plot"),
        ...errorResponses(404),
      },
    }),
    async (c) => c.json(await getPublicPlot(c.get("services").db, c.req.valid("param").id, c.get("locale")), 200),
  );
