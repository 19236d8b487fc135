import { z } from "@hono/zod-openapi";
import { ZGraveWalk } from "../../../common/api-schemas.ts";
import { translate } from "../../../common/i18n.ts";
import { LOCALES } from "../../../common/locale.ts";
import { fullName } from "../../../common/person.ts";
import { graveShortPath } from "../../../common/short-code.ts";
import { apiRoute } from "../../lib/api-route.ts";
import { createRouter } from "../../lib/http.ts";
import { disposition, fileWithEtag } from "../../lib/file-answer.ts";
import { errorResponses, jsonResponse, ZIdParam } from "../../lib/openapi.ts";
import { qrPng, qrSvg } from "../../lib/qr.ts";
import { getPublicBurial } from "./burials.service.ts";
import { renderPlaqueSheet } from "./grave-plaque.ts";
import { getGraveWalk } from "./grave-walk.service.ts";

/** The QR code's PNG side, in pixels: sharp when printed at 7.5 cm at 300 dpi (886 px). */
export const QR_PNG_PX = 1024;
/**
 * A grave's code never changes (its short address is its id's); its sheet changes only when the
 * registry corrects the name or the years: kept a day by browsers and shared caches, then
 * revalidated by its ETag.
 */
const IMAGE_CACHE = "public, max-age=604800";
const SHEET_CACHE = "public, max-age=86400";
/** The sheet's creation date in its metadata: fixed, so that its bytes depend on the grave alone. */
const PLAQUE_DATE = new Date("2026-01-01T00:00:00Z");

/** The grave's short address in full, from the configured public origin: what its code holds. */
export function graveShortUrl(publicUrl: string, id: number): string {
  return `${publicUrl}${graveShortPath(id)}`;
}

const fileName = (locale: "ru" | "kk", id: number, ext: string, name: string) =>
  translate(locale, "grave_qr.file_name", { name, ext, id });

/**
 * A grave's QR code and plaque sheet, and the walking page's data (decision 027). Public, as the
 * registry's graves are: nothing here is not already on the grave's public card.
 */
export const graveLinkRoutes = createRouter()
  .openapi(
    apiRoute({
      method: "get",
      permission: "public",
      path: "/burials/{id}/qr.svg",
      tags: ["Registry"],
      summary: "The QR code of a grave's permanent short address, as SVG (error correction Q, quiet zone 4)",
      request: { params: ZIdParam },
      responses: {
        200: { description: "SVG image", content: { "image/svg+xml": { schema: z.string() } } },
        ...errorResponses(404, 422),
      },
    }),
    async (c) => {
      const s = c.get("services");
      const { id } = c.req.valid("param");
      const grave = await getPublicBurial(s.db, id, c.get("locale"));
      const svg = await qrSvg(graveShortUrl(s.config.publicUrl, id));
      const name = fileName(c.get("locale"), id, "svg", fullName(grave));
      return fileWithEtag(c, svg, {
        type: "image/svg+xml; charset=utf-8",
        cache: IMAGE_CACHE,
        disposition: disposition(`grave-${id}-qr.svg`, name, true),
      }) as never;
    },
  )
  .openapi(
    apiRoute({
      method: "get",
      permission: "public",
      path: "/burials/{id}/qr.png",
      tags: ["Registry"],
      summary: `The QR code of a grave's permanent short address, as a ${QR_PNG_PX} px PNG`,
      request: { params: ZIdParam },
      responses: {
        200: { description: "PNG image", content: { "image/png": { schema: z.string() } } },
        ...errorResponses(404, 422),
      },
    }),
    async (c) => {
      const s = c.get("services");
      const { id } = c.req.valid("param");
      const grave = await getPublicBurial(s.db, id, c.get("locale"));
      const png = await qrPng(graveShortUrl(s.config.publicUrl, id), QR_PNG_PX);
      const name = fileName(c.get("locale"), id, "png", fullName(grave));
      return fileWithEtag(c, png, {
        type: "image/png",
        cache: IMAGE_CACHE,
        disposition: disposition(`grave-${id}-qr.png`, name, true),
      }) as never;
    },
  )
  .openapi(
    apiRoute({
      method: "get",
      permission: "public",
      path: "/burials/{id}/plaque.pdf",
      tags: ["Registry"],
      summary: "A printable A4 sheet of the grave's QR plaque: 7.5 × 7.5 cm with cut marks, and a larger copy",
      request: {
        params: ZIdParam,
        query: z.object({
          lang: z.enum(LOCALES).optional().meta({ description: "The sheet's language; default the request's" }),
        }),
      },
      responses: {
        200: { description: "PDF document", content: { "application/pdf": { schema: z.string() } } },
        ...errorResponses(404, 422),
      },
    }),
    async (c) => {
      const s = c.get("services");
      const { id } = c.req.valid("param");
      const locale = c.req.valid("query").lang ?? c.get("locale");
      const grave = await getPublicBurial(s.db, id, locale);
      const url = graveShortUrl(s.config.publicUrl, id);
      const name = fullName(grave);
      const years = `${grave.birthYear ?? "?"} – ${grave.deathYear ?? "?"}`;
      // A fixed date in its metadata (the sheet prints none): the same grave gives the same bytes and ETag.
      const pdf = await renderPlaqueSheet(
        { name, years, url, address: url.replace(/^https?:\/\//, "") },
        locale,
        PLAQUE_DATE,
      );
      return fileWithEtag(c, pdf, {
        type: "application/pdf",
        cache: SHEET_CACHE,
        disposition: disposition(`grave-${id}-plaque.pdf`, fileName(locale, id, "pdf", name), true),
      }) as never;
    },
  )
  .openapi(
    apiRoute({
      method: "get",
      permission: "public",
      path: "/burials/{id}/walk",
      tags: ["Registry"],
      summary:
        "What the walking page needs to lead a visitor to a grave offline: the grave, its plot, the cemetery's plan",
      request: { params: ZIdParam },
      responses: { 200: jsonResponse(ZGraveWalk, "The grave and the plan around it"), ...errorResponses(404, 422) },
    }),
    async (c) => {
      const s = c.get("services");
      return c.json(await getGraveWalk(s.db, c.req.valid("param").id, c.get("locale")), 200);
    },
  );
