import { z } from "@hono/zod-openapi";
import { translate } from "../../../common/i18n.ts";
import { AppError } from "../../lib/errors.ts";
import { apiRoute, callerOf } from "../../lib/api-route.ts";
import { createRouter } from "../../lib/http.ts";
import { errorResponses, jsonBody, jsonResponse, ZIdParam } from "../../lib/openapi.ts";
import { attachUploads, openUpload } from "../uploads/uploads.service.ts";
import { IMPORT_FILES, importTemplate, importWorkbook } from "./burials.import.ts";

const adminOnly = errorResponses(401, 403);
const XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/** The admin's import of a cemetery's plots and burial records from XLSX, and its template. */
export const burialImportRoutes = createRouter()
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
