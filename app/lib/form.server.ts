import { data } from "react-router";
import { ApiError } from "../../common/api-client.ts";
import { translate } from "../../common/i18n.ts";
import type { Locale } from "../../common/locale.ts";
import type { TFormName, TFormOutput, TFormReply } from "./form.ts";
import { replyOfApiError } from "./form-reply.ts";
import { parseForm, schemaFields } from "./form-validate.ts";

type TTyped = NonNullable<TFormReply["initialValue"]>;

/** What was typed, as text (a file picked in a form is not sent back). */
function textOnly(payload: Record<string, unknown>): TTyped {
  const keep = (v: unknown): unknown =>
    typeof v === "string"
      ? v
      : Array.isArray(v)
        ? v.map(keep).filter((x) => x !== undefined)
        : v && typeof v === "object" && !(v instanceof Blob)
          ? textOnly(v as Record<string, unknown>)
          : undefined;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(payload)) {
    const kept = keep(v);
    if (kept !== undefined) out[k] = kept;
  }
  return out as TTyped;
}

/** What `submitForm` tells the action. */
export type TSubmitted<T> =
  | {
      ok: true;
      /** What the API answered. */
      value: T;
      /** The form's answer after a success: `reply({ resetForm: true })` empties it. */
      reply: (options?: { resetForm?: boolean }) => TFormReply;
    }
  | {
      ok: false;
      /** 422 for the schema's refusal, else the API's status (409 for a phone already taken, …). */
      status: number;
      reply: TFormReply;
      /** The API's refusal itself (a report of an import's rows reads its fields); none for the schema's. */
      apiError?: ApiError;
      /** `{ form: reply }` with the status: what an action with one form returns. */
      response: ReturnType<typeof data<{ form: TFormReply }>>;
    };

/**
 * The server half of a form: reads the posted fields by the form's shared schema and, when they
 * are valid, sends the parsed value (`send`, an API call). A refusal — the schema's, or the API's
 * 4xx with its fields — comes back as the form's answer (`TFormReply`): each message next to its
 * field in the request's language, what was typed kept. Server failures are rethrown to the error page.
 *
 * ```ts
 * const sent = await submitForm(request, "ZAkimatInput", rc.locale, (value) => rc.api.post("/akimats", { body: value }));
 * if (!sent.ok) return sent.response;
 * return redirectTo(…);
 * ```
 */
export async function submitForm<N extends TFormName, T>(
  source: Request | FormData,
  schema: N,
  locale: Locale,
  send: (value: TFormOutput<N>) => Promise<T>,
): Promise<TSubmitted<T>> {
  const formData = source instanceof Request ? await source.formData() : source;
  const submission = parseForm(schema, formData);
  const typed = textOnly(submission.payload);
  if (submission.status !== "success") {
    const error: Record<string, string[]> = {};
    for (const [name, messages] of Object.entries(submission.error ?? {})) {
      if (messages?.length) error[name] = messages.map((m) => translate(locale, m.key, m.params));
    }
    return refused(422, { status: "error", initialValue: typed, error });
  }
  const fields = new Set(schemaFields(schema));
  return sendOrReply(
    () => send(submission.value),
    typed,
    (f) => fields.has(f),
  );
}

/**
 * Runs an API call for an action whose form has no fields of a schema (a move's button, a mark
 * as read): the answer in the forms' shape, the API's refusal (4xx) as the form's message.
 * Server failures are rethrown to the error page.
 */
export function submitAction<T>(send: () => Promise<T>, typed: Record<string, unknown> = {}): Promise<TSubmitted<T>> {
  return sendOrReply(send, textOnly(typed), () => false);
}

async function sendOrReply<T>(
  send: () => Promise<T>,
  typed: TTyped,
  isField: (name: string) => boolean,
): Promise<TSubmitted<T>> {
  try {
    const value = await send();
    return {
      ok: true,
      value,
      reply: (options) => (options?.resetForm ? { initialValue: null } : { status: "success", initialValue: typed }),
    };
  } catch (err) {
    if (!(err instanceof ApiError) || err.status >= 500) throw err;
    return refused(err.status, replyOfApiError(err, typed, isField), err);
  }
}

function refused<T>(status: number, reply: TFormReply, apiError?: ApiError): TSubmitted<T> {
  return { ok: false, status, reply, apiError, response: data({ form: reply }, { status }) };
}

/** A form field as a trimmed string. */
export function str(form: FormData, key: string): string {
  const v = form.get(key);
  return typeof v === "string" ? v.trim() : "";
}
