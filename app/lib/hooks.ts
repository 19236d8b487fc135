import { useTranslation } from "react-i18next";
import { useLocation, useRouteLoaderData } from "react-router";
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

/** Translation, plus a helper that builds a link to a path in the page's locale. */
export function useT() {
  const { t } = useTranslation();
  const locale = useLocale();
  return { t, locale, to: (path: string) => localizePath(path, locale) };
}
