import { browserSessionCookies, createApiClient } from "../../common/api-client.ts";
import type { Locale } from "../../common/locale.ts";

/** The shared API client as the browser uses it: same origin, the session cookie sent by the browser. */
export function browserApi(locale: Locale) {
  return createApiClient({ baseUrl: "/api/v1", session: browserSessionCookies(), locale });
}
