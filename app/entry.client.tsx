import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { localeFromPath } from "../common/locale.ts";
import { loadCatalog } from "./lib/catalog.ts";
import { installReloadGuard } from "./lib/reload-guard.ts";

installReloadGuard(window);

/** Hydrates once the page's catalog is in (preloaded by the page's head, so usually at once). */
function hydrate() {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });
}

const locale = localeFromPath(window.location.pathname);
// One retry: without its catalog the page stays as the server rendered it (links and forms work).
loadCatalog(locale)
  .catch(() => new Promise((r) => setTimeout(r, 1000)).then(() => loadCatalog(locale)))
  .then(hydrate, (err: unknown) => console.error("the page's texts could not be loaded", err));
