import { layout, type RouteConfig, route } from "@react-router/dev/routes";
import { LOCALES } from "../common/locale.ts";
import { type Layout, localizedPattern, ROUTES } from "../common/route-table.ts";

/** Every entry of the route table, in Russian (no prefix) and in Kazakh (`/kk`), inside its layout. */
const LAYOUT_FILES: Record<Layout, string> = {
  public: "layouts/public.tsx",
  form: "layouts/form.tsx",
  admin: "layouts/admin.tsx",
  user: "layouts/user.tsx",
  manager: "layouts/manager.tsx",
  supplier: "layouts/supplier.tsx",
  client: "layouts/client.tsx",
};

export default [
  route("sitemap.xml", "routes/sitemap.ts", { id: "sitemap.ru" }),
  route("kk/sitemap.xml", "routes/sitemap.ts", { id: "sitemap.kk" }),
  route("robots.txt", "routes/robots.ts", { id: "robots" }),
  // Answers 404 unless ENABLE_TEST_ROUTES=1: lets browser tests reach the generic error page.
  route("__test/error", "routes/test-error.tsx", { id: "test-error" }),
  ...LOCALES.flatMap((locale) =>
    (Object.keys(LAYOUT_FILES) as Layout[]).map((name) =>
      layout(LAYOUT_FILES[name], { id: `layout.${name}.${locale}` }, [
        ...ROUTES.filter((r) => r.layout === name).map((r) =>
          route(localizedPattern(r.path, locale), r.file, { id: `${r.id}.${locale}` }),
        ),
        ...(name === "public"
          ? [route(locale === "ru" ? "*" : "kk/*", "routes/not-found.tsx", { id: `not-found.${locale}` })]
          : []),
      ]),
    ),
  ),
] satisfies RouteConfig;
