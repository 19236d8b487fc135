import { z } from "@hono/zod-openapi";
import { translate } from "../../../common/i18n.ts";
import { ZCemeteryInput, ZGeneratePlots } from "../../../common/schemas.ts";
import { AppError } from "../../lib/errors.ts";
import { apiRoute, callerOf } from "../../lib/api-route.ts";
import { createRouter } from "../../lib/http.ts";
import { errorResponses, jsonBody, jsonResponse, ZIdParam, ZOk } from "../../lib/openapi.ts";
import { attachUploads, openUpload } from "../uploads/uploads.service.ts";
import {
  createCemetery,
  generatePlots,
  getCemeteryRecord,
  sectorSummary,
  updateCemetery,
} from "./cemetery-admin.service.ts";
import { IMPORT_FILES, importTemplate, importWorkbook } from "./registry.import.ts";

const ZCemeteryRecord = ZCemeteryInput.extend({ id: z.number() }).openapi("CemeteryRecord");
const adminOnly = errorResponses(401, 403);
const XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/** The admin's work on cemeteries: create and edit, generate plots, import from XLSX. */
export const cemeteryAdminRoutes = createRouter()
  .openapi(
    apiRoute({
      method: "post",
      permission: "cemeteries.manage",
      path: "/cemeteries",
      tags: ["Registry admin"],
      summary: "Create a cemetery (admin)",
      request: { body: jsonBody(ZCemeteryInput) },
      responses: { 201: jsonResponse(z.object({ id: z.number() }), "Created"), ...adminOnly, ...errorResponses(422) },
    }),
    async (c) => {
      const user = callerOf(c);
      return c.json(await createCemetery(c.get("services").db, user, c.req.valid("json")), 201);
    },
  )
  .openapi(
    apiRoute({
      method: "get",
      permission: "cemeteries.manage",
      path: "/cemeteries/{id}/record",
      tags: ["Registry admin"],
      summary: "Every field of a cemetery in both languages, with its plots by sector (admin)",
      request: { params: ZIdParam },
      responses: {
        200: jsonResponse(
          ZCemeteryRecord.extend({
            sectors: z.array(z.object({ sector: z.string(), rows: z.number(), plots: z.number() })),
          }),
          "The cemetery",
        ),
        ...adminOnly,
        ...errorResponses(404),
      },
    }),
    async (c) => {
      const { db } = c.get("services");
      const id = c.req.valid("param").id;
      const record = await getCemeteryRecord(db, id);
      return c.json({ ...record, sectors: await sectorSummary(db, id) }, 200);
    },
  )
  .openapi(
    apiRoute({
      method: "put",
      permission: "cemeteries.manage",
      path: "/cemeteries/{id}",
      tags: ["Registry admin"],
      summary: "Change a cemetery (admin)",
      request: { params: ZIdParam, body: jsonBody(ZCemeteryInput) },
      responses: { 200: jsonResponse(ZOk, "Saved"), ...adminOnly, ...errorResponses(404, 422) },
    }),
    async (c) => {
      const user = callerOf(c);
      await updateCemetery(c.get("services").db, user, c.req.valid("param").id, c.req.valid("json"));
      return c.json({ ok: true as const }, 200);
    },
  )
  .openapi(
    apiRoute({
      method: "post",
      permission: "cemeteries.manage",
      path: "/cemeteries/{id}/plots/generate",
      tags: ["Registry admin"],
      summary: "Generate one sector's plots by ranges, laid out inside the boundary (admin; all or nothing)",
      request: { params: ZIdParam, body: jsonBody(ZGeneratePlots) },
      responses: {
        201: jsonResponse(z.object({ created: z.number() }), "Created"),
        ...adminOnly,
        ...errorResponses(404, 409, 422),
      },
    }),
    async (c) => {
      const user = callerOf(c);
      const result = await generatePlots(c.get("services").db, user, c.req.valid("param").id, c.req.valid("json"));
      return c.json(result, 201);
    },
  )
  .openapi(
    apiRoute({
      method: "get",
      permission: "cemeteries.manage",
      path: "/cemeteries/{id}/import/template",
      tags: ["Registry admin"],
      summary: "The XLSX template for importing plots and burial records, in the request's language (admin)",
      request: { params: ZIdParam },
      responses: { 200: { description: "XLSX workbook", content: { [XLSX]: { schema: z.string() } } }, ...adminOnly },
    }),
    async (c) => {
      const locale = c.get("locale");
      const name = `${translate(locale, "import.template_name")}.xlsx`;
      return c.body(await importTemplate(locale), 200, {
        "Content-Type": XLSX,
        "Content-Disposition": `attachment; filename="template.xlsx"; filename*=UTF-8''${encodeURIComponent(name)}`,
      }) as never;
    },
  )
  .openapi(
    apiRoute({
      method: "post",
      permission: "cemeteries.manage",
      path: "/cemeteries/{id}/import",
      tags: ["Registry admin"],
      summary: "Import plots and burial records from an uploaded XLSX file (admin; whole or not at all)",
      description:
        "Upload the file first (`POST /uploads`, purpose `spreadsheet`), then pass its id. A file with any " +
        "problem imports nothing and answers 422 `import_failed` with `fields`: `sheet:row:column` and a message.",
      request: { params: ZIdParam, body: jsonBody(z.object({ uploadId: z.string().uuid() })) },
      responses: {
        201: jsonResponse(z.object({ plots: z.number(), burials: z.number() }), "Imported"),
        ...adminOnly,
        ...errorResponses(404, 422),
      },
    }),
    async (c) => {
      const user = callerOf(c);
      const s = c.get("services");
      const cemeteryId = c.req.valid("param").id;
      const file = await openUpload(s, user, c.req.valid("json").uploadId);
      if (file.row.purpose !== "spreadsheet") {
        throw new AppError(422, "validation_failed", {}, [{ path: "uploadId", key: "import.unreadable" }]);
      }
      const data = new Uint8Array(await new Response(file.stream).arrayBuffer());
      // The imported file stays with the cemetery as the record of what was loaded.
      const keepFile = (tx: Parameters<typeof attachUploads>[0]) =>
        attachUploads(tx, {
          ownerId: user.id,
          ids: [file.row.id],
          entityType: IMPORT_FILES,
          entityId: `${cemeteryId}:${file.row.id}`,
          purposes: ["spreadsheet"],
          now: s.now(),
        });
      return c.json(await importWorkbook(s.db, user, cemeteryId, data, keepFile), 201);
    },
  );
