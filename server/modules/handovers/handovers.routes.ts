import { z } from "@hono/zod-openapi";
import { ZHandoverCreate } from "../../../common/handover-forms.ts";
import { ZHandover, ZHandoverPage } from "../../../common/handover-schemas.ts";
import { apiRoute, callerOf } from "../../lib/api-route.ts";
import { createRouter } from "../../lib/http.ts";
import { listQuery } from "../../lib/list.ts";
import { errorResponses, jsonBody, jsonResponse, ZIdParam } from "../../lib/openapi.ts";
import { moveRoute } from "../workflow/move-route.ts";
import { handoverMachine } from "./handovers.machine.ts";
import { createHandover, getHandover, listHandovers } from "./handovers.service.ts";

const TAGS = ["Grave hand-overs"];

const ZHandoverListQuery = listQuery({
  sort: ["createdAt"],
  defaultSort: "-createdAt",
  filters: { status: z.enum(["open", "closed", "all"]).default("all") },
});

/**
 * A grave's hand-over to another relative: sent by the grave's responsible person, agreed by the
 * relative, decided by the cemetery's staff.
 */
export const handoverRoutes = createRouter()
  .openapi(
    apiRoute({
      permission: "handovers.create",
      method: "post",
      path: "/handovers",
      tags: TAGS,
      summary:
        "Hand a grave one is responsible for over to a relative (named by phone; kinship documents uploaded first), who is asked to agree",
      request: { body: jsonBody(ZHandoverCreate) },
      responses: {
        201: jsonResponse(z.object({ id: z.number(), number: z.string() }), "Sent"),
        ...errorResponses(401, 403, 422),
      },
    }),
    async (c) => c.json(await createHandover(c.get("services"), callerOf(c), c.req.valid("json")), 201),
  )
  .openapi(
    apiRoute({
      permission: "handovers.read",
      method: "get",
      path: "/handovers",
      tags: TAGS,
      summary:
        "Hand-overs: a family those it sent and those naming its phone; the cemetery's staff those of their cemeteries",
      request: { query: ZHandoverListQuery },
      responses: { 200: jsonResponse(ZHandoverPage, "A page of hand-overs"), ...errorResponses(401, 403, 422) },
    }),
    async (c) =>
      c.json(await listHandovers(c.get("services"), callerOf(c), c.req.valid("query"), c.get("locale")), 200),
  )
  .openapi(
    apiRoute({
      permission: "handovers.read",
      method: "get",
      path: "/handovers/{id}",
      tags: TAGS,
      summary: "One hand-over with its documents, history and the moves the caller may make now",
      request: { params: ZIdParam },
      responses: { 200: jsonResponse(ZHandover, "The hand-over"), ...errorResponses(401, 403, 404, 422) },
    }),
    async (c) =>
      c.json(await getHandover(c.get("services"), callerOf(c), c.req.valid("param").id, c.get("locale")), 200),
  )
  .openapi(
    ...moveRoute(handoverMachine, {
      path: "/handovers/{id}/moves/{move}",
      permission: "handovers.read",
      tags: TAGS,
      summary:
        "Make a move of a hand-over: the relative consents or declines, the sender withdraws, the cemetery approves or refuses",
    }),
  );
