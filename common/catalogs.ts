import { readCatalogs } from "./catalog-files.ts";
import { registerCatalog } from "./i18n.ts";

/**
 * Both message catalogs, each merged from its files in `common/locales` (`catalog-files.ts`) and
 * registered with the translator on import. Server code only (the API, the tests): the page
 * renderer's bundle registers the same merged catalogs through `app/lib/catalogs.server.ts`, the
 * browser loads just its page's language (`app/lib/catalog.ts`). Both must hold the same keys: a
 * test fails when one lacks a key.
 */
export const catalogs = readCatalogs();

registerCatalog("ru", catalogs.ru);
registerCatalog("kk", catalogs.kk);
