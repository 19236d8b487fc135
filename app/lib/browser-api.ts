import { browserSessionCookies, createApiClient } from "../../common/api-client.ts";
import type { Locale } from "../../common/locale.ts";

/** The shared API client as the browser uses it: same origin, the session cookie sent by the browser. */
export function browserApi(locale: Locale) {
  return createApiClient({ baseUrl: "/api/v1", session: browserSessionCookies(), locale });
}

/** A `next` parameter is followed only to a path of this site. */
export function safeNext(next: string | null | undefined): string | null {
  if (!next?.startsWith("/") || next.startsWith("//") || next.startsWith("/\\")) return null;
  return next;
}
