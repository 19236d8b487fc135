import { ZGraveWalk } from "../../../common/api-schemas.ts";
import { translate } from "../../../common/i18n.ts";
import { fullName } from "../../../common/person.ts";
import { graveShortPath } from "../../../common/short-code.ts";
import { apiRoute } from "../../lib/api-route.ts";
import { createRouter } from "../../lib/http.ts";
import { errorResponses, jsonResponse, ZIdParam } from "../../lib/openapi.ts";
import { getPublicBurial } from "./burials.service.ts";
import { qrFileRoutes } from "./qr-files.routes.ts";
import { getGraveWalk } from "./grave-walk.service.ts";

/**
 * A grave's code never changes (its short address is its id's); its sheet changes only when the
 * registry corrects the name or the years: kept a day by browsers and shared caches, then
 * revalidated by its ETag.
 */
const IMAGE_CACHE = "public, max-age=604800";
const SHEET_CACHE = "public, max-age=86400";

/** The grave's short address in full, from the configured public origin: what its code holds. */
export function graveShortUrl(publicUrl: string, id: number): string {
  return `${publicUrl}${graveShortPath(id)}`;
}

/**
 * A grave's QR code and plaque sheet, and the walking page's data (decision 027). Public, as the
 * registry's graves are: nothing here is not already on the grave's public card.
 */
export const graveLinkRoutes = createRouter()
  .route(
    "/",
    qrFileRoutes({
      base: "/burials/{id}",
      permission: "public",
      tags: ["Registry"],
      whose: "a grave's",
      plaque: async (c, id, locale) => {
        const grave = await getPublicBurial(c.get("services").db, id, locale);
        const url = graveShortUrl(c.get("services").config.publicUrl, id);
        return {
          name: fullName(grave),
          years: `${grave.birthYear ?? "?"} – ${grave.deathYear ?? "?"}`,
          url,
          address: url.replace(/^https?:\/\//, ""),
        };
      },
      cache: { image: IMAGE_CACHE, sheet: SHEET_CACHE },
      fileName: (locale, id, ext, p) => translate(locale, "grave_qr.file_name", { name: p.name, ext, id }),
      ascii: (id, ext) => `grave-${id}-${ext}`,
    }),
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
