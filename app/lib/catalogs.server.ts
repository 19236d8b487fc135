import kk from "virtual:catalog/kk";
import ru from "virtual:catalog/ru";
import { registerCatalog } from "../../common/i18n.ts";

/**
 * Both catalogs in the page renderer's bundle, merged from `common/locales` by the catalogs plugin
 * (`vite.config.ts`), for rendering either language. A `.server` module: never in the browser's
 * bundle, which loads only its page's language (`catalog.ts`).
 */
registerCatalog("ru", ru);
registerCatalog("kk", kk);
