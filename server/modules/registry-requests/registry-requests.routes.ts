import { z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { ZAddRequestInput, ZSearchRequestInput } from "../../../common/schemas.ts";
import { apiRoute, callerOf } from "../../lib/api-route.ts";
import { listQuery } from "../../lib/list.ts";
import { type ApiEnv, createRouter } from "../../lib/http.ts";
import { errorResponses, jsonBody, jsonResponse, ZIdParam } from "../../lib/openapi.ts";
import { ZQueryId } from "../burials/manager.routes.ts";
import { ZRegistryRequestPage } from "../../../common/api-schemas.ts";
import { createAddRequest, createSearchRequest, listRequests } from "./registry-requests.service.ts";
import { registryRequestMachine } from "./registry-requests.machine.ts";
import { moveRoute } from "../workflow/move-route.ts";
import { REQUEST_STATUSES } from "../../../common/api-types.ts";

const staffOnly = errorResponses(401, 403);

/** Lists of requests: newest first (`sort=createdAt` for oldest), 20 a page (at most 100). */
const REQUEST_ORDER = { sort: ["createdAt"], defaultSort: "-createdAt" } as const;

/** Who sends a public request: the signed-in user if any, the address, the time. */
function requester(c: Context<ApiEnv>) {
  const user = c.get("auth")?.user;
  return { userId: user?.id ?? null, role: user?.role ?? null, ip: c.get("ip"), now: c.get("services").now() };
}

/**
 * The visitors' search and add requests (open to anyone), and the cemetery staff's inbox and answers.
 */
export const registryRequestRoutes = createRouter()
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
      permission: "cemetery.work",
      path: "/cemeteries/{id}/requests",
      tags: ["Cemetery staff"],
      summary: "Search and add requests for a cemetery (and those naming none), open or closed, a page at a time",
      request: {
        params: ZIdParam,
        query: listQuery({ ...REQUEST_ORDER, filters: { status: z.enum(["open", "closed"]).default("open") } }),
      },
      responses: { 200: jsonResponse(ZRegistryRequestPage, "Requests"), ...staffOnly, ...errorResponses(422) },
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
      responses: { 200: jsonResponse(ZRegistryRequestPage, "Requests"), ...staffOnly, ...errorResponses(422) },
    }),
    async (c) => {
      const user = callerOf(c);
      const s = c.get("services");
      return c.json(await listRequests(s.db, user, c.req.valid("query"), c.get("locale"), s.now()), 200);
    },
  )
  .openapi(
    ...moveRoute(registryRequestMachine, {
      path: "/registry-requests/{id}/moves/{move}",
      permission: "cemetery.work",
      tags: ["Cemetery staff"],
      summary:
        "Take a request in progress, or close it as found / added / not found with an answer (the applicant is told)",
    }),
  );
