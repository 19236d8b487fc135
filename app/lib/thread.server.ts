import { data } from "react-router";
import type { ApiClient } from "../../common/api-client.ts";
import type { TThread } from "../../common/api-types.ts";
import type { Locale } from "../../common/locale.ts";
import { parseId } from "../../common/schemas.ts";
import { THREAD_BEFORE_PARAM, THREAD_INTENT } from "../../common/threads.ts";
import type { TFormReply } from "./form.ts";
import { submitForm } from "./form.server.ts";

/**
 * The server half of a page with a thread (`<Thread>`, `app/components/thread.tsx`):
 *
 * ```ts
 * export async function loader({ context, request, params }: Route.LoaderArgs) {
 *   const { api } = context.get(requestContext);
 *   const ref = { entityType: "appeal", entityId: pageId(request, params.id) };
 *   return { appeal: …, thread: await orPageError(request, () => loadThread(api, ref, new URL(request.url))) };
 * }
 * export async function action({ context, request, params }: Route.ActionArgs) {
 *   const form = await request.formData();
 *   if (form.get("intent") === THREAD_INTENT) return threadAction(context.get(requestContext), form, ref);
 *   …
 * }
 * ```
 */

export { THREAD_INTENT };

/** Which entity's thread: its registered type and its id. */
export type TThreadRef = { entityType: string; entityId: number };

/** The thread as the caller sees it: the newest comments, or those before `?threadBefore=<id>`. */
export function loadThread(api: ApiClient, ref: TThreadRef, url: URL): Promise<TThread> {
  const beforeId = parseId(url.searchParams.get(THREAD_BEFORE_PARAM));
  return api.get("/threads/:entityType/:entityId", {
    params: ref,
    query: beforeId ? { beforeId } : undefined,
  });
}

/** What the comment form's post answers (`threadAction`), as the page or the form's fetcher reads it. */
export type TThreadActionData = { intent: typeof THREAD_INTENT; ok: boolean; form: TFormReply };

/**
 * Posts the comment form (`ZCommentInput`: text, visibility, uploaded files' ids) to the thread. A
 * refusal — the schema's or the API's (a file not the caller's, the hourly limit, a closed
 * thread) — comes back as the form's messages, what was typed kept; a success empties the form.
 */
export async function threadAction(rc: { api: ApiClient; locale: Locale }, form: FormData, ref: TThreadRef) {
  const sent = await submitForm(form, "ZCommentInput", rc.locale, (value) =>
    rc.api.post("/threads/:entityType/:entityId", { params: ref, body: value }),
  );
  if (sent.ok) {
    return { intent: THREAD_INTENT, ok: true, form: sent.reply({ resetForm: true }) } satisfies TThreadActionData;
  }
  return data({ intent: THREAD_INTENT, ok: false, form: sent.reply } satisfies TThreadActionData, {
    status: sent.status,
  });
}
