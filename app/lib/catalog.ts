import kkUrl from "virtual:catalog/kk?url";
import ruUrl from "virtual:catalog/ru?url";
import { type Catalog, hasCatalog, registerCatalog } from "../../common/i18n.ts";
import type { Locale } from "../../common/locale.ts";

/**
 * Where the browser finds each language's catalog: one JSON file per language, merged from its
 * files in `common/locales` and emitted by the build as a fingerprinted asset (cached for a year;
 * the catalogs plugin in `vite.config.ts`). A page ships no catalog in its JavaScript:
 * its HTML preloads its own language's file (`<link rel="preload">` in the root layout), the
 * browser entry waits for it before hydrating, and a later switch of language loads the other.
 */
export const CATALOG_URLS: Record<Locale, string> = { ru: ruUrl, kk: kkUrl };

const loading: Partial<Record<Locale, Promise<void>>> = {};

/** Loads and registers a language's catalog once; a failed load may be tried again. */
export function loadCatalog(locale: Locale): Promise<void> {
  if (hasCatalog(locale)) return Promise.resolve();
  loading[locale] ??= fetch(CATALOG_URLS[locale], { credentials: "same-origin" })
    .then((res) => {
      if (!res.ok) throw new Error(`catalog ${locale}: HTTP ${res.status}`);
      return res.json() as Promise<Catalog>;
    })
    .then((catalog) => registerCatalog(locale, catalog))
    .catch((err: unknown) => {
      delete loading[locale];
      throw err;
    });
  return loading[locale];
}
