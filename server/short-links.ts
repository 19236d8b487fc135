/**
 * The site's permanent short addresses (decision 027): `/g/<code>` opens a grave's public card
 * (`/kk/g/<code>` the Kazakh one). They are what the QR plaques on the graves hold, so they resolve
 * here, on this site, with nothing outside in the way, and never change.
 *
 * Outside the modules on purpose: what an address opens depends on several of them (a grave with a
 * public memorial opens the memorial), and a module below cannot import one above.
 */
import type { Context, Next } from "hono";
import { detectLocale, type Locale, localizePath } from "../common/locale.ts";
import { parseShortCode } from "../common/short-code.ts";
import type { Db } from "./db/client.ts";
import { burialExists } from "./modules/burials/grave-walk.service.ts";
import { publicMemorialOf } from "./modules/memorials/memorials.service.ts";

/**
 * Where a grave's short address leads, in a locale: its public memorial page when it has one (the
 * one its card links: public and not hidden from search engines — a by-link or private memorial is
 * never revealed by the grave's code), else its public card (a reburied record's card too: it says
 * where the remains went). Null when no such record exists.
 */
export async function graveShortTarget(db: Db, burialId: number, locale: Locale): Promise<string | null> {
  if (!(await burialExists(db, burialId))) return null;
  const memorialId = await publicMemorialOf(db, burialId);
  if (memorialId !== null) return localizePath(`/memorial/${memorialId}`, locale);
  return `${localizePath("/search", locale)}?grave=${burialId}#grave-title`;
}

/**
 * The handler of `/g/*` and `/kk/g/*`: a 302 to the target, or on to the pages (whose 404 page
 * answers an address that is no code of ours). The language: `/kk/…` is Kazakh; the bare address
 * (what a plaque holds) opens in the visitor's language, as the front page does — the locale cookie,
 * then the browser's languages. Not cached: the answer depends on the cookie, and a record may yet
 * be found by a code that is unknown today.
 */
export function shortLinkHandler(db: Db) {
  return async (c: Context, next: Next) => {
    const path = c.req.path;
    const isKk = path.startsWith("/kk/");
    const rest = path.slice(isKk ? "/kk/g/".length : "/g/".length).replace(/\/$/, "");
    const id = /^[0-9A-Za-z-]{1,16}$/.test(rest) ? parseShortCode(rest) : null;
    if (id === null) return next();
    const locale: Locale = isKk
      ? "kk"
      : detectLocale(c.req.header("cookie") ?? null, c.req.header("accept-language") ?? null);
    const target = await graveShortTarget(db, id, locale);
    if (!target) return next();
    c.header("Vary", "Accept-Language");
    return c.redirect(target, 302);
  };
}
