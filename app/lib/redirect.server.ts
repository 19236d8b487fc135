import { matchPath, redirect, redirectDocument } from "react-router";
import { LOCALES } from "../../common/locale.ts";
import { localizedPattern, ROUTES } from "../../common/route-table.ts";

const BASE = "https://same-site.invalid";
const PATTERNS = ROUTES.flatMap((r) => LOCALES.map((locale) => localizedPattern(r.path, locale)));

/** Whether `target` is a page of the route table (either language), on this site. */
export function isAppPage(target: string): boolean {
  let url: URL;
  try {
    url = new URL(target, BASE);
  } catch {
    return false;
  }
  if (url.origin !== BASE) return false;
  return PATTERNS.some((pattern) => matchPath({ path: pattern, end: true }, url.pathname) !== null);
}

/**
 * The one redirect of loaders, actions and middleware. A page of the app's route table is a
 * client navigation (React Router fetches its data); anything else — the API (a payment
 * provider's page, a PDF), a file, another site — is a document navigation (`redirectDocument`):
 * React Router would otherwise fetch it as an app page (`….data`) and show a 404 (issue 13: "pay
 * online" opened a 404 page). Biome refuses React Router's own `redirect` elsewhere in `app/`.
 */
export function redirectTo(target: string, init?: number | ResponseInit): Response {
  return isAppPage(target) ? redirect(target, init) : redirectDocument(target, init);
}
