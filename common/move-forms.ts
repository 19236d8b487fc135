import type { z } from "zod";
import type * as Schemas from "./forms.ts";

type TSchemas = typeof Schemas;

/** The name of a form's schema in `common/schemas.ts` (an object schema). */
export type TFormName = {
  [K in keyof TSchemas]: TSchemas[K] extends z.ZodType<infer O>
    ? O extends Record<string, unknown>
      ? K
      : never
    : never;
}[keyof TSchemas];

/**
 * The form of each move of a workflow that asks for something (a reason, a receipt, an answer), by
 * the name of its schema in `common/schemas.ts`: the machine checks the move's input with that
 * schema, and the screens draw and check the move's form with it (`<MoveForms>`,
 * `moveAction`). A move not listed takes no input: its form is a button. A test holds each
 * machine's inputs to its map (`server/modules/workflow/move-forms.test.ts`).
 */
export type TMoveForms<M extends string> = { readonly [K in M]?: TFormName };
