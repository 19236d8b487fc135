import { createContext } from "react";

/** The CSP nonce of the response being rendered on the server; empty in the browser. */
export const NonceContext = createContext<string | undefined>(undefined);
