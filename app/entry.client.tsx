import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { documentNonce, NonceContext } from "./lib/nonce.ts";
import { installReloadGuard } from "./lib/reload-guard.ts";

installReloadGuard(window);

// Read before hydration, from the scripts the server rendered: the root layout gives the same nonce
// to the elements it renders, as the server did (see app/lib/nonce.ts).
const nonce = documentNonce();

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
