import { redirectTo } from "../lib/redirect.server.ts";
import { localizePath } from "../../common/locale.ts";
import { requestContext } from "../lib/request-context.ts";
import type { Route } from "./+types/logout";

/** Ends the session on the server (the session row is deleted) and clears both cookies. */
export async function action({ context }: Route.ActionArgs) {
  const rc = context.get(requestContext);
  if (rc.me) await rc.api.post("/auth/logout");
  const headers = new Headers();
  headers.append("Set-Cookie", "token=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax");
  headers.append("Set-Cookie", "role=; Max-Age=0; Path=/; SameSite=Lax");
  return redirectTo(localizePath("/", rc.locale), { headers });
}

export async function loader({ context }: Route.LoaderArgs) {
  return redirectTo(localizePath("/", context.get(requestContext).locale));
}
