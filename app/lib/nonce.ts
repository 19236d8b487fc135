import { createContext } from "react";

/**
 * The CSP nonce of the page: on the server the response's, in the browser the same value read back
 * from the document (`documentNonce`). Both sides must render the same nonce: the browser hides the
 * attribute (it reads "") but keeps the value in `element.nonce`, which is what React compares
 * when it hydrates, so an undefined nonce in the browser is a hydration mismatch on every page.
 */
export const NonceContext = createContext<string | undefined>(undefined);

/** The nonce the server rendered this page with, from its inline scripts; undefined outside a browser. */
export function documentNonce(doc: Document | undefined = globalThis.document): string | undefined {
  const script = doc?.querySelector<HTMLScriptElement>("script[nonce]");
  return script?.nonce || undefined;
}
