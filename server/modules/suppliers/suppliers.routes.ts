import { z } from "@hono/zod-openapi";
import { ZSupplier } from "../../../common/api-schemas.ts";
import { apiRoute, callerOf } from "../../lib/api-route.ts";
import { createRouter } from "../../lib/http.ts";
import { listQuery, pageSchema } from "../../lib/list.ts";
import { errorResponses, jsonBody, jsonResponse } from "../../lib/openapi.ts";
import { getOwnSupplier, listSuppliers, MAX_SUPPLIER_DOCUMENTS, setSupplierDocuments } from "./suppliers.service.ts";
import { supplierMachine } from "./suppliers.machine.ts";
import { moveRoute } from "../workflow/move-route.ts";

const ZStatus = z.enum(["pending", "active", "blocked"]);

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
  .openapi(
    ...moveRoute(supplierMachine, {
      path: "/suppliers/{id}/moves/{move}",
      permission: "suppliers.review",
      tags: ["Suppliers"],
      summary: "Activate a new supplier, block one with a reason, or unblock it (admin)",
    }),
  );
