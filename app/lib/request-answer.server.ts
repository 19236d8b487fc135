import { data } from "react-router";
import { ApiError, type ApiClient } from "../../common/api-client.ts";
import type { TPickerResult } from "../components/request-card.tsx";
import type { Locale } from "../../common/locale.ts";
import { parseId } from "../../common/schemas.ts";
import { REGISTRY_MOVE_TO } from "../../common/api-types.ts";
import { str } from "./form.server.ts";
import type { TFormReply } from "./form.ts";
import { submitForm } from "./form.server.ts";

/**
 * The answer form's post (`intent=answer`), shared by the cemetery page and the inbox: the
 * record chosen in the picker goes with the answer.
 */
export async function answerRequest(rc: { api: ApiClient; locale: Locale }, form: FormData) {
  const requestId = parseId(str(form, "id")) ?? 0;
  const sent = await submitForm(form, "ZRequestAnswerForm", rc.locale, ({ answerStatus, ...answer }) =>
    rc.api.post("/registry-requests/:id/moves/:move", {
      params: { id: requestId, move: REGISTRY_MOVE_TO[answerStatus] },
      body: answer,
    }),
  );
  // The request's id goes back with the answer: a form posted before hydration reads it from the
  // page's action data (no fetcher yet) and finds its own card by it.
  if (sent.ok) return { ok: true as const, requestId, form: sent.reply({ resetForm: true }) };
  return data({ ok: false as const, requestId, form: sent.reply }, { status: sent.status });
}

/** What the answer form's post answers (`answerRequest`), as the page or its fetcher reads it. */
export type TAnswerData = { ok: boolean; requestId: number; form: TFormReply };

/**
 * The record search of an answer form sent by GET before the page was hydrated
 * (`?pick=<request>&burialCemeteryId=…&burialQuery=…`): the loader runs it, and the form comes
 * back with the results and what had been typed.
 */
export async function pickerFromUrl(api: ApiClient, url: URL): Promise<TPickerResult | undefined> {
  const p = url.searchParams;
  const requestId = Number(p.get("pick"));
  const cemeteryId = Number(p.get("burialCemeteryId"));
  const q = (p.get("burialQuery") ?? "").trim();
  if (!Number.isInteger(requestId) || requestId <= 0 || !Number.isInteger(cemeteryId) || cemeteryId <= 0) {
    return undefined;
  }
  const typed = { requestId, q, cemeteryId, status: p.get("answerStatus") ?? undefined, answer: p.get("answer") ?? "" };
  try {
    const page = await api.get("/manager/burials", { query: { cemeteryId: String(cemeteryId), q } });
    return { ...typed, items: page.items, total: page.total };
  } catch (err) {
    if (err instanceof ApiError && err.status < 500) return { ...typed, items: [], total: 0, error: err.message };
    throw err;
  }
}
