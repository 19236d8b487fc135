import "@fontsource/noto-sans/cyrillic-ext-400.css";
import "@fontsource/noto-sans/cyrillic-ext-600.css";
import "@fontsource/noto-sans/cyrillic-ext-700.css";
import "@fontsource/noto-sans/cyrillic-400.css";
import "@fontsource/noto-sans/cyrillic-600.css";
import "@fontsource/noto-sans/cyrillic-700.css";
import "@fontsource/noto-sans/latin-400.css";
import "@fontsource/noto-sans/latin-600.css";
import "@fontsource/noto-sans/latin-700.css";
import "./styles/app.css";
import { use, useContext, useEffect } from "react";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useRouteError,
  useRouteLoaderData,
} from "react-router";
import { hasCatalog, i18nFor } from "../common/i18n.ts";
import { LANGUAGE_TAGS, localeFromPath } from "../common/locale.ts";
import type { Route } from "./+types/root";
import { ErrorPage } from "./components/error-page.tsx";
import { UpdateBanner } from "./components/update-banner.tsx";
import { sessionGuard } from "./lib/guard.server.ts";
import { CATALOG_URLS, loadCatalog } from "./lib/catalog.ts";
import { I18nContext, type TRootData } from "./lib/hooks.ts";
import { NonceContext } from "./lib/nonce.ts";
import { requestContext } from "./lib/request-context.ts";

export const middleware: Route.MiddlewareFunction[] = [sessionGuard];

export async function loader({ context }: Route.LoaderArgs): Promise<TRootData> {
  const rc = context.get(requestContext);
  return { locale: rc.locale, me: rc.me, buildId: rc.buildId, mapTileUrl: rc.mapTileUrl ?? null };
}

export function Layout({ children }: { children: React.ReactNode }) {
  const locale = localeFromPath(useLocation().pathname);
  const root = useRouteLoaderData("root") as TRootData | undefined;
  const nonce = useContext(NonceContext);
  // The page says when React has taken it over (`data-hydrated` goes from "false" to "true"):
  // browser tests wait for this before they type, click or set files, so nothing they do lands
  // on server HTML that is about to be replaced.
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  // The server has both catalogs and the browser its page's one before hydrating; a navigation
  // into the other language waits here (the old page stays on screen) until that one is loaded.
  if (!hasCatalog(locale)) use(loadCatalog(locale));
  return (
    <html lang={LANGUAGE_TAGS[locale]} data-hydrated="false">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#1f5c5a" />
        <link rel="icon" href="/favicon.ico" sizes="48x48" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <link rel="apple-touch-icon" href="/apple-touch-icon.png" />
        <link rel="preload" href={CATALOG_URLS[locale]} as="fetch" crossOrigin="anonymous" />
        <Meta />
        <Links nonce={nonce} />
      </head>
      <body>
        <I18nContext.Provider value={i18nFor(locale)}>
          {children}
          {root ? <UpdateBanner buildId={root.buildId} /> : null}
        </I18nContext.Provider>
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error)) {
    return <ErrorPage status={error.status} statusText={error.statusText} data={error.data} />;
  }
  if (import.meta.env.DEV && error instanceof Error) console.error(error);
  return <ErrorPage status={500} statusText="" data={null} />;
}
