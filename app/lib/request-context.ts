import { createContext, type RouterContext } from "react-router";
import type { ApiClient } from "../../common/api-client.ts";
import type { Locale } from "../../common/locale.ts";
import type { TMe } from "./types.ts";

/** What the server hands every loader, action and middleware of one page request. */
export type TRequestContext = {
  /** The shared API client, calling the API in process with the visitor's session. */
  api: ApiClient;
  /** The CSP nonce of this response's inline scripts. */
  nonce: string;
  /** Set by the root middleware: the signed-in user, if any. */
  me: TMe | null;
  locale: Locale;
  /** True once any API call answered 401: the response then clears both session cookies. */
  sessionEnded: boolean;
  /** The build's id, for the hourly update check. */
  buildId: string;
  /** `PUBLIC_URL` (or the demo's local address): the site's origin as printed on QR plaques. */
  publicUrl: string;
  /** `MAP_TILE_URL`, when maps have a base layer. */
  mapTileUrl: string | undefined;
  /**
   * Set by the root middleware: the route React Router matched is a public entry of the route
   * table (no guard). The page cache lets only such pages be stored (see server/lib/page-cache.ts).
   */
  isPublicRoute: boolean;
};

/**
 * The context key lives on globalThis so that the server entry (run from source) and the built
 * app (bundled by Vite) share one key although each has its own copy of this module.
 */
const KEY = Symbol.for("mazar.requestContext");
const g = globalThis as unknown as Record<symbol, RouterContext<TRequestContext> | undefined>;
g[KEY] ??= createContext<TRequestContext>();
export const requestContext = g[KEY] as RouterContext<TRequestContext>;
