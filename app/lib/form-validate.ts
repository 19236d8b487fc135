import { parseWithZod } from "@conform-to/zod/v4";
import type { z } from "zod";
import * as schemas from "../../common/forms.ts";
import { issueMessage, type TIssueMessage } from "../../common/validation.ts";
import type { TFormName, TFormOutput } from "./form.ts";

/**
 * A posted form read by its shared schema (Conform's `parseWithZod`: empty fields are missing,
 * `on` is true, `a.b` and repeated names nest), with each problem as a message key. The same
 * code runs in the action (`submitForm`) and, loaded when a form is first touched, in the
 * browser (`useSchemaForm`): zod stays out of the pages' first load (decision 011).
 */
export function parseForm<N extends TFormName>(name: N, formData: FormData | URLSearchParams) {
  // biome-ignore lint/performance/noDynamicNamespaceImportAccess: the module is the forms' schemas, all of them wanted
  const schema = schemas[name] as unknown as z.ZodType<TFormOutput<N>>;
  return parseWithZod(formData, {
    schema,
    formatError: (issues: z.core.$ZodIssue[]): TIssueMessage[] => issues.map(issueMessage),
  });
}

/** The schema's own fields (first segment of a path), to tell a field's problem from the form's. */
export function schemaFields(name: TFormName): string[] {
  // biome-ignore lint/performance/noDynamicNamespaceImportAccess: as above
  let def = (schemas[name] as unknown as z.ZodType)._zod.def as { type: string; shape?: object; in?: z.ZodType };
  while (def.type === "pipe" && def.in) def = def.in._zod.def as typeof def;
  return def.type === "object" && def.shape ? Object.keys(def.shape) : [];
}
