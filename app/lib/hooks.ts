import { createContext, useContext } from "react";
import { useLocation, useRouteLoaderData } from "react-router";
import type { Translator } from "../../common/i18n.ts";
import { type Locale, localeFromPath, localizePath } from "../../common/locale.ts";
import type { TMe } from "./types.ts";

export type TRootData = { locale: Locale; me: TMe | null; buildId: string; mapTileUrl: string | null };

export function useRootData(): TRootData | undefined {
  return useRouteLoaderData("root") as TRootData | undefined;
}

/** The page's locale, from the URL (works in error boundaries, where loaders may not have run). */
export function useLocale(): Locale {
  return localeFromPath(useLocation().pathname);
}

export function useMe(): TMe | null {
  return useRootData()?.me ?? null;
}

/** The translator of the page's language, provided by the root layout. */
export const I18nContext = createContext<Translator | null>(null);

/** Translation, plus a helper that builds a link to a path in the page's locale. */
export function useT() {
  const i18n = useContext(I18nContext);
  if (!i18n) throw new Error("useT() needs the root layout's I18nContext");
  const { t, locale } = i18n;
  return { t, locale, to: (path: string) => localizePath(path, locale) };
}
