/**
 * Files the API answers (PDFs, workbooks, QR images): their `Content-Disposition` with a readable
 * name in any letters (and an ASCII one for old clients), and, for public files that never change,
 * a strong ETag of their bytes so a browser or a shared cache revalidates with a 304.
 */
import { createHash } from "node:crypto";
import type { Context } from "hono";

/** `filename` for old clients and `filename*` with any letters; shown in the browser when `inline`. */
export const disposition = (asciiName: string, name: string, inline = false) =>
  `${inline ? "inline" : "attachment"}; filename="${asciiName}"; filename*=UTF-8''${encodeURIComponent(name)}`;

/**
 * A file answered with a strong ETag of its bytes; a matching `If-None-Match` gets 304. `cache` says
 * who may keep it: `public, max-age=…` for a public file, `private, no-store` for one of a person.
 */
export function fileWithEtag(
  c: Context,
  body: Uint8Array | string,
  opts: { type: string; cache: string; disposition?: string },
) {
  const etag = `"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`;
  const headers: Record<string, string> = { "Content-Type": opts.type, "Cache-Control": opts.cache, ETag: etag };
  if (opts.disposition) headers["Content-Disposition"] = opts.disposition;
  const asked = c.req.header("if-none-match");
  if (asked?.split(",").some((t) => t.trim() === etag || t.trim() === "*")) {
    return c.body(null, 304, headers);
  }
  return c.body(typeof body === "string" ? body : new Uint8Array(body), 200, headers);
}
