import type { TFieldMeta } from "../lib/form.ts";

/**
 * A field's first message, for controls drawn outside `Field` (choice groups, drop zones). Its own
 * module: pages whose fields are all `Field`s do not load it (the public pages' first-load budget).
 */
export function FieldMessage({ field }: { field: Pick<TFieldMeta, "errors" | "errorId"> }) {
  const message = field.errors?.[0];
  return message ? (
    <p className="field__error" id={field.errorId} role="alert">
      {message}
    </p>
  ) : null;
}
