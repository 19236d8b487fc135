import { z } from "@hono/zod-openapi";
import { ZManager, ZManagerList } from "../../../common/api-schemas.ts";
import { ZId, ZManagerInvite } from "../../../common/schemas.ts";
import { apiRoute, callerOf } from "../../lib/api-route.ts";
import { createRouter } from "../../lib/http.ts";
import { errorResponses, jsonBody, jsonResponse, ZIdParam, ZOk } from "../../lib/openapi.ts";
import { assignCemetery, inviteManager, listManagers, removeManager, unassignCemetery } from "./managers.service.ts";

const ZAssignParams = z.object({ id: ZId, cemeteryId: ZId });

const assignmentRoute = (method: "put" | "delete") =>
  apiRoute({
    method,
    permission: "managers.manage",
    path: "/managers/{id}/cemeteries/{cemeteryId}",
    tags: ["Managers"],
    summary:
      method === "put"
        ? "Assign a cemetery to a manager; assigning it again changes nothing (admin)"
        : "Take a cemetery away from a manager; idempotent (admin)",
    request: { params: ZAssignParams },
    responses: { 200: jsonResponse(ZManager, "The manager"), ...errorResponses(401, 403, 404, 422) },
  });

/** The admin's management of cemetery managers (`/admin/managers`). */
export const managerAdminRoutes = createRouter()
  .openapi(
    apiRoute({
      method: "get",
      permission: "managers.manage",
      path: "/managers",
      tags: ["Managers"],
      summary: "Cemetery managers with their cemeteries, and every cemetery to assign (admin)",
      responses: {
        200: jsonResponse(ZManagerList, "Managers"),
        ...errorResponses(401, 403),
      },
    }),
    async (c) => {
      return c.json(await listManagers(c.get("services").db, c.get("locale")), 200);
    },
  )
  .openapi(
    apiRoute({
      method: "post",
      permission: "managers.manage",
      path: "/managers",
      tags: ["Managers"],
      summary: "Invite a manager by phone, with cemeteries (admin)",
      description:
        "Creates an account with the role `manager`; the person signs in with a code sent to that phone. " +
        "A phone of an existing manager adds the cemeteries to them (200); a phone of any other account is 409.",
      request: { body: jsonBody(ZManagerInvite) },
      responses: {
        201: jsonResponse(ZManager, "Invited"),
        200: jsonResponse(ZManager, "Already a manager: the cemeteries are added"),
        ...errorResponses(401, 403, 404, 409, 422),
      },
    }),
    async (c) => {
      const user = callerOf(c);
      const s = c.get("services");
      const { manager, created } = await inviteManager(s.db, user, c.get("locale"), c.req.valid("json"));
      return created ? c.json(manager, 201) : c.json(manager, 200);
    },
  )
  .openapi(assignmentRoute("put"), async (c) => {
    const user = callerOf(c);
    const { id, cemeteryId } = c.req.valid("param");
    return c.json(await assignCemetery(c.get("services").db, user, c.get("locale"), id, cemeteryId), 200);
  })
  .openapi(assignmentRoute("delete"), async (c) => {
    const user = callerOf(c);
    const { id, cemeteryId } = c.req.valid("param");
    return c.json(await unassignCemetery(c.get("services").db, user, c.get("locale"), id, cemeteryId), 200);
  })
  .openapi(
    apiRoute({
      method: "delete",
      permission: "managers.manage",
      path: "/managers/{id}",
      tags: ["Managers"],
      summary: "Remove a manager: the account, its sessions and assignments go (admin)",
      request: { params: ZIdParam },
      responses: { 200: jsonResponse(ZOk, "Removed"), ...errorResponses(401, 403, 404, 422) },
    }),
    async (c) => {
      const user = callerOf(c);
      await removeManager(c.get("services").db, user, c.req.valid("param").id);
      return c.json({ ok: true as const }, 200);
    },
  );
