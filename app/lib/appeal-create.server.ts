import type { ApiClient } from "../../common/api-client.ts";
import { type Locale, localizePath } from "../../common/locale.ts";
import { appealArea, appealPages } from "./appeal-area.ts";
import { submitForm } from "./form.server.ts";
import { redirectTo } from "./redirect.server.ts";

/** The query parameter of the create page that shows a registered appeal's confirmation. */
export const CREATED_PARAM = "created";

/**
 * The action of the appeal form (`ZAppealCreate`, client's or supplier's): registers the appeal
 * through the API and moves on to the same page showing its confirmation (`?created=<id>`: a reload
 * shows the confirmation again, never a second appeal). A refusal — the schema's, or the API's with
 * its fields — answers the form with its messages and everything typed (the text is never lost);
 * the uploaded files stay in the browser's drop zone.
 */
export async function createAppealAction(request: Request, rc: { api: ApiClient; locale: Locale }) {
  const sent = await submitForm(request, "ZAppealCreate", rc.locale, (value) =>
    rc.api.post("/appeals", { body: value }),
  );
  if (!sent.ok) return sent.response;
  const pages = appealPages(appealArea(new URL(request.url).pathname));
  return redirectTo(`${localizePath(pages.create, rc.locale)}?${CREATED_PARAM}=${sent.value.id}`);
}
