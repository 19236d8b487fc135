import { z } from "@hono/zod-openapi";
import { ZUploadFile } from "../../../common/api-schemas.ts";
import { AppError, fieldError } from "../../lib/errors.ts";
import { apiRoute } from "../../lib/api-route.ts";
import { createRouter, issueToField } from "../../lib/http.ts";
import { errorResponses, jsonResponse } from "../../lib/openapi.ts";
import { openUpload, receiveUpload } from "./uploads.service.ts";
import { UPLOAD_PURPOSES } from "./uploads.tables.ts";

const ZUploadForm = z.object({
  file: z.any().openapi({ type: "string", format: "binary", description: "The file, or one chunk of it" }),
  purpose: z.enum(UPLOAD_PURPOSES).openapi({ description: "photo (10 MB), document (20 MB) or spreadsheet (10 MB)" }),
  fileName: z.string().optional().openapi({ description: "Chunked mode: the file's name" }),
  chunkIndex: z.string().optional().openapi({ description: "Chunked mode: 0-based index of this chunk" }),
  chunkCount: z.string().optional().openapi({
    description: "Chunked mode: how many chunks the file has (at most 100, none larger than an even share)",
  }),
  fileSize: z.string().optional().openapi({
    description: "Chunked mode: the whole file's size in bytes, within the purpose's limit; the same in every chunk",
  }),
  uploadId: z.string().optional().openapi({ description: "Chunked mode: the same id for every chunk of one file" }),
});

const ZChunkFields = z.object({
  fileName: z.string().min(1).max(255),
  chunkIndex: z.coerce.number().int().min(0).max(9_999),
  chunkCount: z.coerce.number().int().min(1).max(10_000),
  fileSize: z
    .string()
    .regex(/^[0-9]{1,10}$/)
    .transform(Number)
    .pipe(z.number().int().min(1)),
  uploadId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/),
});

export const uploadRoutes = createRouter()
  .openapi(
    apiRoute({
      method: "post",
      permission: "public",
      path: "/uploads",
      tags: ["Uploads"],
      summary: "Upload a file, whole or in chunks",
      description:
        "Multipart form. The file goes under `file` with a `purpose`; its type is found from its content " +
        "(JPEG, PNG, WebP, PDF, XLSX), whatever its name says. In chunked mode every chunk is sent under `file` " +
        "with `fileName`, `chunkIndex`, `chunkCount`, `fileSize` and `uploadId`, the same declaration in every chunk; " +
        "non-final chunks answer 202, the last 201. A file being sent counts against the hourly limits from its first chunk. " +
        "Anonymous visitors may upload photos only (public request forms), with a lower hourly limit.",
      request: { body: { content: { "multipart/form-data": { schema: ZUploadForm } }, required: true } },
      responses: {
        201: jsonResponse(ZUploadFile, "Stored"),
        202: jsonResponse(z.object({ uploadId: z.string(), received: z.number() }), "Chunk received"),
        413: { description: "Too large for its purpose" },
        415: { description: "Not an accepted type for its purpose" },
        ...errorResponses(401, 422, 429),
      },
    }),
    async (c) => {
      // Parsed here rather than by the route validator: the file must stay binary.
      let form: FormData;
      try {
        form = await c.req.formData();
      } catch {
        throw new AppError(400, "bad_request");
      }
      const file = form.get("file");
      const purpose = z.enum(UPLOAD_PURPOSES).safeParse(form.get("purpose"));
      if (!(file instanceof Blob)) {
        throw fieldError("file", "validation.required");
      }
      if (!purpose.success) {
        throw fieldError("purpose", "validation.invalid");
      }
      let chunk: z.infer<typeof ZChunkFields> | undefined;
      if (form.has("chunkIndex") || form.has("uploadId")) {
        const parsed = ZChunkFields.safeParse(
          Object.fromEntries(
            ["fileName", "chunkIndex", "chunkCount", "fileSize", "uploadId"].map((k) => [k, form.get(k) ?? undefined]),
          ),
        );
        if (!parsed.success) {
          throw new AppError(422, "validation_failed", {}, parsed.error.issues.map(issueToField));
        }
        if (parsed.data.chunkIndex >= parsed.data.chunkCount) {
          throw fieldError("chunkIndex", "validation.invalid");
        }
        chunk = parsed.data;
      }
      const result = await receiveUpload(
        c.get("services"),
        { user: c.get("auth")?.user ?? null, ip: c.get("ip") },
        {
          purpose: purpose.data,
          fileName: chunk?.fileName ?? (file instanceof File ? file.name : "file"),
          data: new Uint8Array(await file.arrayBuffer()),
          chunk,
        },
      );
      if (!result.done) return c.json({ uploadId: result.uploadId, received: result.received }, 202);
      return c.json(result.file, 201);
    },
  )
  .openapi(
    apiRoute({
      method: "get",
      permission: "public",
      path: "/uploads/{id}",
      tags: ["Uploads"],
      summary:
        "Download a stored file (public files to anyone, private ones to their owner and the staff handling them)",
      request: { params: z.object({ id: z.string() }) },
      responses: { 200: { description: "The file" }, ...errorResponses(404) },
    }),
    async (c) => {
      const { row, stream, size } = await openUpload(
        c.get("services"),
        c.get("auth")?.user ?? null,
        c.req.valid("param").id,
      );
      const isImage = row.type.startsWith("image/");
      const ascii = row.name.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
      return new Response(stream, {
        status: 200,
        headers: {
          "Content-Type": row.type,
          "Content-Length": String(size),
          "X-Content-Type-Options": "nosniff",
          // Only images open in the browser; everything else is downloaded, never rendered on this origin.
          "Content-Disposition": `${isImage ? "inline" : "attachment"}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(row.name)}`,
          "Cache-Control": row.isPublic ? "public, max-age=86400" : "private, no-store",
          "Content-Security-Policy": "default-src 'none'; sandbox",
        },
      });
    },
  );
