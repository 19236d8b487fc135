import { z } from "@hono/zod-openapi";
import { ZSupplierPersonInvite } from "../../../common/catalog-forms.ts";
import { ZSupplierPerson } from "../../../common/catalog-schemas.ts";
import { apiRoute, callerOf } from "../../lib/api-route.ts";
import { createRouter } from "../../lib/http.ts";
import { errorResponses, jsonBody, jsonResponse, ZIdParam, ZOk } from "../../lib/openapi.ts";
import { isSupplierOwner } from "../access/access.service.ts";
import { inviteSupplierPerson, listSupplierPeople, removeSupplierPerson } from "./supplier-people.service.ts";

export const supplierPeopleRoutes = createRouter()
  .openapi(
    apiRoute({
      method: "get",
      permission: "supplier.people",
      path: "/suppliers/me/people",
      tags: ["Suppliers"],
      summary: "The people of the caller's company, and whether the caller manages them (its owner)",
      responses: {
        200: jsonResponse(z.object({ items: z.array(ZSupplierPerson), canManage: z.boolean() }), "People"),
        ...errorResponses(401, 403, 404),
      },
    }),
    async (c) => {
      const user = callerOf(c);
      const items = await listSupplierPeople(c.get("services").db, user);
      return c.json({ items, canManage: isSupplierOwner(user) }, 200);
    },
  )
  .openapi(
    apiRoute({
      method: "post",
      permission: "supplier.people",
      path: "/suppliers/me/people",
      tags: ["Suppliers"],
      summary: "Invite an employee of the company by phone (its owner only)",
      request: { body: jsonBody(ZSupplierPersonInvite) },
      responses: { 201: jsonResponse(ZSupplierPerson, "Invited"), ...errorResponses(401, 403, 404, 409, 422) },
    }),
    async (c) => c.json(await inviteSupplierPerson(c.get("services").db, callerOf(c), c.req.valid("json")), 201),
  )
  .openapi(
    apiRoute({
      method: "delete",
      permission: "supplier.people",
      path: "/suppliers/me/people/{id}",
      tags: ["Suppliers"],
      summary: "Remove an employee of the company and end their sessions (its owner only)",
      request: { params: ZIdParam },
      responses: { 200: jsonResponse(ZOk, "Removed"), ...errorResponses(401, 403, 404, 409) },
    }),
    async (c) => {
      await removeSupplierPerson(c.get("services").db, callerOf(c), c.req.valid("param").id);
      return c.json({ ok: true as const }, 200);
    },
  );
