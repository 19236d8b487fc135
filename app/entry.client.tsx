import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { localeFromPath } from "../common/locale.ts";
import { loadCatalog } from "./lib/catalog.ts";
import { documentNonce, NonceContext } from "./lib/nonce.ts";
import { installReloadGuard } from "./lib/reload-guard.ts";

installReloadGuard(window);

// Read before hydration, from the scripts the server rendered: the root layout gives the same nonce
// to the elements it renders, as the server did (see app/lib/nonce.ts).
const nonce = documentNonce();

/** Hydrates once the page's catalog is in (preloaded by the page's head, so usually at once). */
function hydrate() {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <NonceContext.Provider value={nonce}>
          <HydratedRouter />
        </NonceContext.Provider>
      </StrictMode>,
    );
  });
}

const locale = localeFromPath(window.location.pathname);
// One retry: without its catalog the page stays as the server rendered it (links and forms work).
loadCatalog(locale)
  .catch(() => new Promise((r) => setTimeout(r, 1000)).then(() => loadCatalog(locale)))
  .then(hydrate, (err: unknown) => console.error("the page's texts could not be loaded", err));
