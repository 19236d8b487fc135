import type { ApiError } from "../../common/api-client.ts";
import type { TFormReply } from "./form.ts";

/** A dotted API path (`cemeteryIds.0`) as the form names the field (`cemeteryIds[0]`). */
export const formPath = (path: string) => path.replace(/\.(\d+)(?=\.|$)/g, "[$1]");

/**
 * A refusal of the API as a form's answer: each field's message next to the field, the general
 * message when no field was named (or `isField` says the field is not on the form).
 */
export function replyOfApiError(
  err: ApiError,
  initialValue: TFormReply["initialValue"] = undefined,
  isField: (name: string) => boolean = () => true,
): TFormReply {
  const error: Record<string, string[]> = {};
  for (const f of err.fields) {
    const name = formPath(f.path);
    const at = isField(name.split(/[.[]/)[0] ?? "") ? name : "";
    error[at] = [...(error[at] ?? []), f.message];
  }
  if (!err.fields.length) error[""] = [err.message];
  return { status: "error", initialValue, error };
}
