import { type Catalog, registerCatalog } from "./i18n.ts";
import kk from "./locales/kk.json" with { type: "json" };
import ru from "./locales/ru.json" with { type: "json" };

/**
 * Both message catalogs, registered with the translator on import. Server code only (the API,
 * the page renderer, tests): the browser loads just its page's language (`app/lib/catalog.client.ts`).
 * Both must hold the same keys: a test fails when one lacks a key.
 */
export const catalogs = { ru, kk } as const;

registerCatalog("ru", ru as Catalog);
registerCatalog("kk", kk as Catalog);
