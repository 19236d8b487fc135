import { localeFromPath, localizePath } from "../../common/locale.ts";
import { requestContext } from "../lib/request-context.ts";
import { ROUTES } from "../../common/route-table.ts";
import type { Route } from "./+types/sitemap";

const escapeXml = (s: string) =>
  s.replace(/[<>&'"]/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[c] as string);

/** `/sitemap.xml` and `/kk/sitemap.xml`: the public pages of each locale, with their other-language twin. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const locale = localeFromPath(url.pathname.replace(/\/sitemap\.xml$/, "") || "/");
  const base = (process.env.PUBLIC_URL ?? url.origin).replace(/\/$/, "");
  const api = context.get(requestContext).api;
  const [news, catalog, memorials] = await Promise.all([
    api.get("/news/sitemap"),
    api.get("/catalog/sitemap"),
    api.get("/memorials/sitemap"),
  ]);
  const pages = [
    ...ROUTES.filter((r) => r.sitemap).map((r) => ({ path: r.path, lastmod: undefined as string | undefined })),
    ...news.items.map((n) => ({ path: `/news/${n.id}`, lastmod: n.updatedAt.slice(0, 10) })),
    // The catalogue's items on sale, and each selling company's price list.
    ...catalog.items.map((i) => ({ path: `/services/${i.id}`, lastmod: i.updatedAt.slice(0, 10) })),
    ...catalog.suppliers.map((id) => ({ path: `/services/suppliers/${id}`, lastmod: undefined })),
    // Memorial pages: public ones not hidden from search engines only (never by link or private).
    ...memorials.items.map((m) => ({ path: `/memorial/${m.id}`, lastmod: m.updatedAt.slice(0, 10) })),
  ];
  const entries = pages.map((p) => {
    const loc = `${base}${localizePath(p.path, locale)}`;
    const alternates = (["ru", "kk"] as const)
      .map(
        (l) => `<xhtml:link rel="alternate" hreflang="${l}" href="${escapeXml(`${base}${localizePath(p.path, l)}`)}"/>`,
      )
      .join("");
    return `<url><loc>${escapeXml(loc)}</loc>${p.lastmod ? `<lastmod>${p.lastmod}</lastmod>` : ""}${alternates}</url>`;
  });
  const xml = `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">
${entries.join("\n")}
</urlset>`;
  return new Response(xml, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
