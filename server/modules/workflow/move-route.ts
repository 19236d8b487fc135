import { z } from "@hono/zod-openapi";
import type { Access } from "../../lib/api-route.ts";
import { apiRoute, callerOf } from "../../lib/api-route.ts";
import type { ApiEnv } from "../../lib/http.ts";
import { errorResponses, jsonResponse, ZIdParam } from "../../lib/openapi.ts";
import type { Context } from "hono";
import type { StatusOf, TMachine, TStatusTable } from "./workflow.ts";

/** `/news/{id}/moves/{move}` → `/news/:id/moves/:move`, as Hono keys its routes. */
type RoutingPath<P extends string> = P extends `${infer A}{${infer B}}${infer C}` ? `${A}:${B}${RoutingPath<C>}` : P;

/**
 * The one move operation of an entity: `POST …/{id}/moves/{move}`, for every machine. The row
 * is read within the caller's scope (404 outside it) and locked; the machine checks the move (its
 * permission, status, conditions, input) and makes it; the answer is the row's id, its status and
 * the moves the caller may make now — the screen reloads what else it shows. The system's moves
 * (timers, a provider's callback) are not in the operation's enum: a person cannot name them.
 *
 * `permission` is the operation's gate: who may reach it at all (the move's own permission is the
 * machine's to check). The body is the move's input, checked by the move's schema (422 naming the
 * fields); moves without input take `{}`.
 */
export function moveRoute<T extends TStatusTable, M extends string, const P extends `/${string}/{id}/moves/{move}`>(
  machine: TMachine<T, M>,
  opts: { path: P; permission: Access; tags: string[]; summary: string },
) {
  const moves = machine.publicMoves as readonly M[];
  const ZAnswer = z
    .object({
      id: z.number().int(),
      status: z.enum(machine.statuses as unknown as [StatusOf<T>, ...StatusOf<T>[]]),
      moves: z.array(z.enum(moves as unknown as [M, ...M[]])),
    })
    .openapi(`${machine.entity}MoveAnswer`);
  const route = apiRoute({
    method: "post",
    permission: opts.permission,
    path: opts.path,
    tags: opts.tags,
    summary: opts.summary,
    request: {
      params: ZIdParam.extend({ move: z.enum(moves as unknown as [string, ...string[]]) }) as unknown as z.ZodObject<{
        id: typeof ZIdParam.shape.id;
        move: z.ZodType<M, string>;
      }>,
      body: {
        content: {
          "application/json": {
            schema: z
              .record(z.string(), z.unknown())
              .meta({ description: "The move's input (a reason, an answer…), checked by the move's own schema" }),
          },
        },
        required: true as const,
      },
    },
    responses: {
      200: jsonResponse(ZAnswer, "The record's status and the moves the caller may make now"),
      ...errorResponses(401, 403, 404, 409, 422),
    },
  });
  type TIn = {
    in: { param: { id: string; move: M }; json: Record<string, unknown> };
    out: { param: { id: number; move: M }; json: Record<string, unknown> };
  };
  const handler = async (c: Context<ApiEnv, RoutingPath<P>, TIn>) => {
    const caller = callerOf(c as unknown as Context<ApiEnv>);
    const { id, move } = c.req.valid("param");
    const input = c.req.valid("json");
    const s = c.get("services");
    const answer = await s.db.transaction(async (tx) => {
      const row = await machine.load(tx, caller, id, { forUpdate: true });
      const after = await machine.move(tx, s, row, move, caller, input);
      return {
        id: after.id,
        status: after.status as StatusOf<T>,
        moves: await machine.movesFor(tx, after, caller, s.now()),
      };
    });
    return c.json(answer, 200);
  };
  // The path's literal type is lost through the generic `apiRoute` call: given back, so the shared
  // API client types the operation by its own path.
  return [
    route as Omit<typeof route, "path" | "getRoutingPath"> & { path: P; getRoutingPath(): RoutingPath<P> },
    handler,
  ] as const;
}
