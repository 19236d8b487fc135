import { z } from "@hono/zod-openapi";
import { ZSupplier } from "../../../common/api-schemas.ts";
import { ZBlockSupplier } from "../../../common/schemas.ts";
import { apiRoute, callerOf } from "../../lib/api-route.ts";
import { createRouter } from "../../lib/http.ts";
import { listQuery, pageSchema } from "../../lib/list.ts";
import { errorResponses, jsonBody, jsonResponse, ZIdParam, ZOk } from "../../lib/openapi.ts";
import {
  getOwnSupplier,
  listSuppliers,
  MAX_SUPPLIER_DOCUMENTS,
  moveSupplier,
  setSupplierDocuments,
} from "./suppliers.service.ts";

const ZStatus = z.enum(["pending", "active", "blocked"]);

const transitionRoute = (action: "activate" | "unblock") =>
  apiRoute({
    method: "post",
    permission: "suppliers.review",
    path: `/suppliers/{id}/${action}`,
    tags: ["Suppliers"],
    summary: action === "activate" ? "Activate a new supplier (admin)" : "Unblock a supplier (admin)",
    request: { params: ZIdParam },
    responses: { 200: jsonResponse(ZOk, "Done"), ...errorResponses(401, 403, 404, 409) },
  });

export const supplierRoutes = createRouter()
  .openapi(
    apiRoute({
      method: "get",
      permission: "supplier.profile",
      path: "/suppliers/me",
      tags: ["Suppliers"],
      summary: "The signed-in supplier's company, with its documents",
      responses: { 200: jsonResponse(ZSupplier, "The company"), ...errorResponses(401, 403, 404) },
    }),
    async (c) => {
      const user = callerOf(c);
      const s = c.get("services");
      return c.json(await getOwnSupplier(s.db, user, s.now()), 200);
    },
  )
  .openapi(
    apiRoute({
      method: "put",
      permission: "supplier.profile",
      path: "/suppliers/me/documents",
      tags: ["Suppliers"],
      summary: "Set the company's registration documents (uploads of purpose `document`)",
      request: {
        body: jsonBody(z.object({ documentIds: z.array(z.string().uuid()).max(MAX_SUPPLIER_DOCUMENTS) })),
      },
      responses: { 200: jsonResponse(ZSupplier, "The company"), ...errorResponses(401, 403, 404, 422) },
    }),
    async (c) => {
      const user = callerOf(c);
      const s = c.get("services");
      return c.json(await setSupplierDocuments(s.db, user, c.req.valid("json").documentIds, s.now()), 200);
    },
  )
  .openapi(
    apiRoute({
      method: "get",
      permission: "suppliers.review",
      path: "/suppliers",
      tags: ["Suppliers"],
      summary: "Suppliers, by status and text, newest first, a page at a time (admin)",
      request: {
        query: listQuery({
          sort: ["createdAt", "companyName"],
          defaultSort: "-createdAt",
          filters: { status: ZStatus, q: z.string().trim().max(100) },
        }),
      },
      responses: {
        200: jsonResponse(pageSchema(ZSupplier), "Suppliers"),
        ...errorResponses(401, 403),
      },
    }),
    async (c) => {
      const user = callerOf(c);
      const s = c.get("services");
      return c.json(await listSuppliers(s.db, user, c.req.valid("query"), s.now()), 200);
    },
  )
  .openapi(transitionRoute("activate"), async (c) => {
    const user = callerOf(c);
    await moveSupplier(c.get("services"), user, c.req.valid("param").id, "activate");
    return c.json({ ok: true as const }, 200);
  })
  .openapi(transitionRoute("unblock"), async (c) => {
    const user = callerOf(c);
    await moveSupplier(c.get("services"), user, c.req.valid("param").id, "unblock");
    return c.json({ ok: true as const }, 200);
  })
  .openapi(
    apiRoute({
      method: "post",
      permission: "suppliers.review",
      path: "/suppliers/{id}/block",
      tags: ["Suppliers"],
      summary: "Block a supplier with a reason (admin)",
      request: { params: ZIdParam, body: jsonBody(ZBlockSupplier) },
      responses: { 200: jsonResponse(ZOk, "Blocked"), ...errorResponses(401, 403, 404, 409, 422) },
    }),
    async (c) => {
      const user = callerOf(c);
      const { reason } = c.req.valid("json");
      await moveSupplier(c.get("services"), user, c.req.valid("param").id, "block", reason);
      return c.json({ ok: true as const }, 200);
    },
  );
