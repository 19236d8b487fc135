import { z } from "@hono/zod-openapi";
import { ZAkimat, ZAkimatDetails, ZPublicAkimat } from "../../../common/api-schemas.ts";
import { ZAkimatInput, ZCreateAkimat } from "../../../common/schemas.ts";
import { apiRoute, callerOf } from "../../lib/api-route.ts";
import { createRouter } from "../../lib/http.ts";
import { errorResponses, jsonBody, jsonResponse, ZIdParam } from "../../lib/openapi.ts";
import { createAkimat, getAkimat, listAkimats, updateAkimat } from "./akimats.service.ts";

const adminOnly = errorResponses(401, 403);

export const akimatRoutes = createRouter()
  .openapi(
    apiRoute({
      method: "get",
      permission: "public",
      path: "/public/akimats",
      tags: ["Akimats"],
      summary: "Akimats' public contacts, names in the request's language",
      responses: { 200: jsonResponse(z.object({ items: z.array(ZPublicAkimat) }), "Akimats") },
    }),
    async (c) => {
      const locale = c.get("locale");
      const items = (await listAkimats(c.get("services").db)).map((a) => ({
        id: a.id,
        name: locale === "kk" ? a.nameKk : a.nameRu,
        city: a.city,
        address: a.address,
        phone: a.phone,
      }));
      return c.json({ items }, 200);
    },
  )
  .openapi(
    apiRoute({
      method: "get",
      permission: "akimats.manage",
      path: "/akimats",
      tags: ["Akimats"],
      summary: "All akimats (admin)",
      responses: { 200: jsonResponse(z.object({ items: z.array(ZAkimat) }), "Akimats"), ...adminOnly },
    }),
    async (c) => {
      return c.json({ items: await listAkimats(c.get("services").db) }, 200);
    },
  )
  .openapi(
    apiRoute({
      method: "get",
      permission: "akimats.manage",
      path: "/akimats/{id}",
      tags: ["Akimats"],
      summary: "One akimat with its employees (admin)",
      request: { params: ZIdParam },
      responses: {
        200: jsonResponse(ZAkimatDetails, "The akimat"),
        ...errorResponses(401, 403, 404),
      },
    }),
    async (c) => {
      return c.json(await getAkimat(c.get("services").db, c.req.valid("param").id), 200);
    },
  )
  .openapi(
    apiRoute({
      method: "post",
      permission: "akimats.manage",
      path: "/akimats",
      tags: ["Akimats"],
      summary: "Create an akimat and invite its first admin employee by phone (admin)",
      request: { body: jsonBody(ZCreateAkimat) },
      responses: { 201: jsonResponse(ZAkimat, "Created"), ...errorResponses(401, 403, 409, 422) },
    }),
    async (c) => {
      const user = callerOf(c);
      const created = await createAkimat(c.get("services").db, user, c.req.valid("json"));
      return c.json(created, 201);
    },
  )
  .openapi(
    apiRoute({
      method: "put",
      permission: "akimats.manage",
      path: "/akimats/{id}",
      tags: ["Akimats"],
      summary: "Update an akimat (admin)",
      request: { params: ZIdParam, body: jsonBody(ZAkimatInput) },
      responses: { 200: jsonResponse(ZAkimat, "Updated"), ...errorResponses(401, 403, 404, 422) },
    }),
    async (c) => {
      const user = callerOf(c);
      const updated = await updateAkimat(c.get("services").db, user, c.req.valid("param").id, c.req.valid("json"));
      return c.json(updated, 200);
    },
  );
