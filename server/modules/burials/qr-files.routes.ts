/**
 * The three files of a permanent short address (decision 027): its QR code as SVG and PNG and the
 * printable plaque sheet, answered alike for a grave (public, cacheable) and a memorial (its
 * managers only, never stored). The record's own module says who may read them and what they hold.
 */
import { z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { LOCALES, type Locale } from "../../../common/locale.ts";
import type { Permission } from "../../../common/permissions.ts";
import { apiRoute } from "../../lib/api-route.ts";
import { disposition, fileWithEtag } from "../../lib/file-answer.ts";
import { type ApiEnv, createRouter } from "../../lib/http.ts";
import { errorResponses, ZIdParam } from "../../lib/openapi.ts";
import { qrPng, qrSvg } from "../../lib/qr.ts";
import { renderPlaqueSheet, type TPlaque } from "./grave-plaque.ts";

/** The QR code's PNG side, in pixels: sharp when printed at 7.5 cm at 300 dpi (886 px). */
export const QR_PNG_PX = 1024;
/** The sheet's creation date in its metadata: fixed, so that its bytes depend on the record alone. */
const PLAQUE_DATE = new Date("2026-01-01T00:00:00Z");

export type TQrFiles = {
  /** `/burials/{id}`: the files are `…/qr.svg`, `…/qr.png`, `…/plaque.pdf`. */
  base: string;
  permission: Permission | "public";
  tags: string[];
  /** "a grave's", "a memorial's": for the operations' summaries. */
  whose: string;
  /** What the code and the plaque hold, for the caller (404 when they may not). */
  plaque: (c: Context<ApiEnv>, id: number, locale: Locale) => Promise<TPlaque>;
  /** `Cache-Control` of the images and of the sheet. */
  cache: { image: string; sheet: string };
  /** The file's name as people read it, and an ASCII one (`grave-12-qr.svg`). */
  fileName: (locale: Locale, id: number, ext: string, plaque: TPlaque) => string;
  ascii: (id: number, ext: string) => string;
};

const lang = z.object({
  lang: z.enum(LOCALES).optional().meta({ description: "The sheet's language; default the request's" }),
});

/** The three operations of a record's QR files. */
export function qrFileRoutes(f: TQrFiles) {
  const errors = errorResponses(...((f.permission === "public" ? [404, 422] : [401, 403, 404, 422]) as [404, 422]));
  const image = (ext: "svg" | "png") =>
    [
      apiRoute({
        method: "get",
        permission: f.permission,
        path: `${f.base}/qr.${ext}`,
        tags: f.tags,
        summary:
          ext === "svg"
            ? `The QR code of ${f.whose} permanent short address, as SVG (error correction Q, quiet zone 4)`
            : `The QR code of ${f.whose} permanent short address, as a ${QR_PNG_PX} px PNG`,
        request: { params: ZIdParam },
        responses: {
          200: {
            description: ext === "svg" ? "SVG image" : "PNG image",
            content: { [ext === "svg" ? "image/svg+xml" : "image/png"]: { schema: z.string() } },
          },
          ...errors,
        },
      }),
      async (c: Context<ApiEnv>) => {
        const { id } = ZIdParam.parse(c.req.param());
        const locale = c.get("locale");
        const plaque = await f.plaque(c, id, locale);
        const body = ext === "svg" ? await qrSvg(plaque.url) : await qrPng(plaque.url, QR_PNG_PX);
        return fileWithEtag(c, body, {
          type: ext === "svg" ? "image/svg+xml; charset=utf-8" : "image/png",
          cache: f.cache.image,
          disposition: disposition(f.ascii(id, `qr.${ext}`), f.fileName(locale, id, ext, plaque), true),
        });
      },
    ] as const;
  const [svgRoute, svgHandler] = image("svg");
  const [pngRoute, pngHandler] = image("png");
  return createRouter()
    .openapi(svgRoute, svgHandler as never)
    .openapi(pngRoute, pngHandler as never)
    .openapi(
      apiRoute({
        method: "get",
        permission: f.permission,
        path: `${f.base}/plaque.pdf`,
        tags: f.tags,
        summary: `A printable A4 sheet of ${f.whose} QR plaque: 7.5 × 7.5 cm with cut marks, and a larger copy`,
        request: { params: ZIdParam, query: lang },
        responses: {
          200: { description: "PDF document", content: { "application/pdf": { schema: z.string() } } },
          ...errors,
        },
      }),
      async (c) => {
        const { id } = c.req.valid("param");
        const locale = c.req.valid("query").lang ?? c.get("locale");
        const plaque = await f.plaque(c, id, locale);
        // A fixed date in its metadata (the sheet prints none): the same record gives the same bytes and ETag.
        const pdf = await renderPlaqueSheet(plaque, locale, PLAQUE_DATE);
        return fileWithEtag(c, pdf, {
          type: "application/pdf",
          cache: f.cache.sheet,
          disposition: disposition(f.ascii(id, "plaque.pdf"), f.fileName(locale, id, "pdf", plaque), true),
        }) as never;
      },
    );
}
