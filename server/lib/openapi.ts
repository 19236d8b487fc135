import { z } from "@hono/zod-openapi";
import { ZId } from "../../common/schemas.ts";

/** The error body of every failed API call. */
export const ZErrorBody = z
  .object({
    error: z.object({
      code: z.string(),
      message: z.string(),
      fields: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
    }),
  })
  .openapi("Error");

const errorContent = { "application/json": { schema: ZErrorBody } };

/** Standard error responses for a route's OpenAPI description. */
export function errorResponses(...statuses: (400 | 401 | 403 | 404 | 409 | 422 | 429)[]) {
  const text: Record<number, string> = {
    400: "Bad request",
    401: "Not signed in",
    403: "Not allowed for this role",
    404: "Not found",
    409: "Conflicts with the current state",
    422: "Invalid input; `fields` lists each problem",
    429: "Too many requests",
  };
  return Object.fromEntries(statuses.map((s) => [s, { description: text[s] as string, content: errorContent }]));
}

export function jsonBody<T extends z.ZodType>(schema: T) {
  return { content: { "application/json": { schema } }, required: true };
}

export function jsonResponse<T extends z.ZodType>(schema: T, description: string) {
  return { description, content: { "application/json": { schema } } };
}

export const ZOk = z.object({ ok: z.literal(true) });

/** A record's id in a path (`/news/{id}`): the one id schema, so an out-of-range id is a 422, never a 500. */
export const ZIdParam = z.object({ id: ZId });
