import { data } from "react-router";
import { ApiError } from "../../common/api-client.ts";

/** What an action returns when the API refused: a general message and field messages, translated. */
export type TActionError = { error: { message: string; fields: Record<string, string> } };

/**
 * Runs an API call for an action. A refusal (4xx) comes back as `response`, data for the form
 * with the API's status, so the user sees the message next to the field and loses nothing typed.
 * Server failures are rethrown to the error page.
 */
export async function callApi<T>(
  run: () => Promise<T>,
): Promise<
  | { ok: true; value: T }
  | { ok: false; status: number; error: TActionError["error"]; response: ReturnType<typeof data<TActionError>> }
> {
  try {
    return { ok: true, value: await run() };
  } catch (err) {
    if (err instanceof ApiError && err.status < 500) {
      const fields: Record<string, string> = {};
      for (const f of err.fields) fields[f.path] = f.message;
      const error = { message: err.message, fields };
      return { ok: false, status: err.status, error, response: data({ error }, { status: err.status }) };
    }
    throw err;
  }
}

/** A form field as a trimmed string. */
export function str(form: FormData, key: string): string {
  const v = form.get(key);
  return typeof v === "string" ? v.trim() : "";
}
