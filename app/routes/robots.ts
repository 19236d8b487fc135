import { LOCALES } from "../../common/locale.ts";
import { localizedPattern, ROUTES } from "../../common/route-table.ts";
import type { Route } from "./+types/robots";

/**
 * `/robots.txt`: every public page may be crawled; the signed-in areas (their first path segment,
 * in both languages, from the route table), the API and the login are not; both sitemaps listed.
 */
export function loader({ request }: Route.LoaderArgs) {
  const base = (process.env.PUBLIC_URL ?? new URL(request.url).origin).replace(/\/$/, "");
  const areas = new Set(["/api/", "/login", "/kk/login"]);
  for (const r of ROUTES) {
    if (!r.permission) continue;
    const area = r.path.split("/")[1];
    for (const locale of LOCALES) areas.add(`${localizedPattern(`/${area}`, locale)}/`);
  }
  const text = [
    "User-agent: *",
    ...[...areas].sort().map((a) => `Disallow: ${a}`),
    "",
    ...LOCALES.map((locale) => `Sitemap: ${base}${localizedPattern("/sitemap.xml", locale)}`),
    "",
  ].join("\n");
  return new Response(text, {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
