import { data } from "react-router";
import type { ApiClient } from "../../common/api-client.ts";
import type { Locale } from "../../common/locale.ts";
import type { TPublicReviewPage } from "../../common/review-schemas.ts";
import { parseId } from "../../common/schemas.ts";
import { REVIEW_INTENTS, type TReviewIntent, type TReviewReply } from "../components/review-form.tsx";
import { str, submitForm } from "./form.server.ts";
import { listParams } from "./list.ts";
import { notFound } from "./page-ids.server.ts";

/** Whether a posted form is the review form's (`<ReviewForm>`): the page's action hands it to `reviewFormAction`. */
export function isReviewPost(form: FormData): boolean {
  const intent = str(form, "intent");
  return intent === REVIEW_INTENTS.create || intent === REVIEW_INTENTS.edit;
}

/**
 * The action of `<ReviewForm>`: a new review of the posted `lineId` (`POST /reviews`), or the edit
 * of review `id` (its `edit` move), checked by the form's schema and sent through the API. The
 * answer (`TReviewReply`) goes back to the form as `answer`, with the API's status on a refusal
 * (409 a line not done or the window closed, 422 a field).
 *
 * ```ts
 * export async function action({ context, request }: Route.ActionArgs) {
 *   const rc = context.get(requestContext);
 *   const form = await request.formData();
 *   if (isReviewPost(form)) return reviewFormAction(request, form, rc);
 *   …
 * }
 * ```
 */
export async function reviewFormAction(request: Request, form: FormData, rc: { api: ApiClient; locale: Locale }) {
  const intent = str(form, "intent") as TReviewIntent;
  const answer = (done: boolean, reply: TReviewReply["form"], ids: { lineId: number | null; id: number | null }) => ({
    intent,
    ...ids,
    done,
    form: reply,
  });
  if (intent === REVIEW_INTENTS.edit) {
    const id = parseId(str(form, "id"));
    if (!id) return notFound(request);
    const sent = await submitForm(form, "ZReviewEdit", rc.locale, (body) =>
      rc.api.post("/reviews/:id/moves/:move", { params: { id, move: "edit" }, body }),
    );
    if (sent.ok) return answer(true, sent.reply(), { lineId: null, id });
    return data(answer(false, sent.reply, { lineId: null, id }), { status: sent.status });
  }
  const lineId = parseId(str(form, "lineId"));
  const sent = await submitForm(form, "ZReviewCreate", rc.locale, (body) => rc.api.post("/reviews", { body }));
  if (sent.ok) return answer(true, sent.reply({ resetForm: true }), { lineId, id: sent.value.id });
  return data(answer(false, sent.reply, { lineId, id: null }), { status: sent.status });
}

/** A rating filter from the URL: 1–5, or none (an odd value lists every review rather than failing). */
export function ratingFilter(url: URL): string | undefined {
  const r = url.searchParams.get("rating");
  return r && /^[1-5]$/.test(r) ? r : undefined;
}

/**
 * The published reviews of an item or of a company for `<ReviewList>`, by the page's URL
 * (`page`, `rating`): `GET /reviews/items/{id}` or `/reviews/suppliers/{id}`.
 */
export function loadPublicReviews(
  api: ApiClient,
  of: { itemId: number } | { supplierId: number },
  url: URL,
): Promise<TPublicReviewPage> {
  const query = { ...listParams(url), sort: undefined, rating: ratingFilter(url) };
  return "itemId" in of
    ? api.get("/reviews/items/:id", { params: { id: of.itemId }, query })
    : api.get("/reviews/suppliers/:id", { params: { id: of.supplierId }, query });
}
