import type { z } from "zod";

/** A translatable validation message: a catalog key (`validation.*`) with its parameters. */
export type TIssueMessage = { key: string; params?: Record<string, string | number> };

/**
 * The message of one zod issue, the same in the API's 422 answers and in the forms (browser and
 * action): schemas name a key (`validation.*`) as their message; zod's own issues get a generic
 * key. A missing value (a required field left empty) reads "fill in this field".
 */
export function issueMessage(issue: z.core.$ZodIssue): TIssueMessage {
  if (issue.message?.startsWith("validation.")) return { key: issue.message };
  switch (issue.code) {
    case "invalid_type":
      return { key: issue.input === undefined || issue.input === null ? "validation.required" : "validation.invalid" };
    case "too_small":
      if (issue.origin === "string" && Number(issue.minimum) <= 1) return { key: "validation.required" };
      return {
        key: issue.origin === "string" ? "validation.too_short" : "validation.too_small",
        params: { min: Number(issue.minimum) },
      };
    case "too_big":
      return {
        key: issue.origin === "string" ? "validation.too_long" : "validation.too_big",
        params: { max: Number(issue.maximum) },
      };
    default:
      return { key: "validation.invalid" };
  }
}
