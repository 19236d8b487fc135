import { z } from "@hono/zod-openapi";
import { type AnyColumn, asc, desc, type SQL } from "drizzle-orm";
import type { TPage } from "../../common/api-types.ts";
import { MAX_PAGE, pageNumber } from "../../common/paging.ts";

/** A list's order: an allowlisted column, ascending or (`-` in the URL) descending. */
export type TSort<S extends string> = { by: S; desc: boolean };

/** What a list reads from its query: the page, its size, the order and the filters. */
export type TListQuery<S extends string, F> = { page: number; pageSize: number; sort: TSort<S> } & F;

export type { TPage };

/** The largest page size any list serves. */
export const MAX_PAGE_SIZE = 100;

/**
 * The query of a list, for a route's `request.query` (documented in OpenAPI) or `parseList`:
 * `page` (plain digits, clamped to 1..10 000; anything else is the first page), `pageSize`
 * (clamped to 1..`maxPageSize`), `sort` (one of `sort`'s columns, `-` first for descending;
 * anything else is `defaultSort`) and the filters, each by its zod schema (optional unless it has
 * a default). Page, size and order only present the rows, so an odd value falls back rather than
 * failing a URL someone edited or kept; a filter decides which rows are listed, so a wrong one is
 * a 422 naming the field, never silently dropped (the screens read their filters with
 * `useListParams` and send only what they offer). Nothing is ever cut short silently either: the
 * answer (`toPage`) says how many match in all.
 *
 * Declare it as a constant outside `createRoute` (inside, TypeScript infers the filters from the
 * route's expected type instead of the call).
 *
 * ```ts
 * const ZInboxQuery = listQuery({
 *   sort: ["createdAt"], defaultSort: "-createdAt",
 *   filters: { status: z.enum(["open", "closed"]).default("open"), kind: z.enum(["search", "add"]) },
 * });
 * ```
 */
export function listQuery<const S extends string, F extends z.ZodRawShape = Record<never, never>>(spec: {
  sort: readonly [S, ...S[]];
  defaultSort: S | `-${S}`;
  pageSize?: number;
  maxPageSize?: number;
  filters?: F;
}) {
  const size = spec.pageSize ?? 20;
  const maxSize = Math.min(spec.maxPageSize ?? MAX_PAGE_SIZE, MAX_PAGE_SIZE);
  const sorts: string[] = spec.sort.flatMap((s) => [s, `-${s}`]);
  const toSort = (s: string): TSort<S> =>
    s.startsWith("-") ? { by: s.slice(1) as S, desc: true } : { by: s as S, desc: false };
  const filters = Object.fromEntries(
    Object.entries(spec.filters ?? {}).map(([k, schema]) => [k, optional(schema as z.ZodType)]),
  ) as unknown as { [K in keyof F]: F[K] extends z.ZodDefault ? F[K] : z.ZodOptional<F[K]> };
  return z.object({
    page: z
      .string()
      .optional()
      .transform((v) => pageNumber(v, MAX_PAGE))
      .openapi({ type: "integer", minimum: 1, maximum: MAX_PAGE, default: 1 } as never),
    pageSize: z
      .string()
      .optional()
      .transform((v) => Math.min(maxSize, v && /^[0-9]{1,6}$/.test(v) ? Math.max(1, Number(v)) : size))
      .openapi({ type: "integer", minimum: 1, maximum: maxSize, default: size } as never),
    sort: z
      .string()
      .optional()
      .transform((s) => toSort(s && sorts.includes(s) ? s : spec.defaultSort))
      .openapi({ type: "string", enum: sorts, default: spec.defaultSort } as never),
    ...filters,
  });
}

/** A filter may be left out (then it is absent, or its schema's default). */
function optional<T extends z.ZodType>(schema: T) {
  return schema.safeParse(undefined).success ? schema : schema.optional();
}

/** Reads a list's query outside a route (a page's URL, a test). */
export function parseList<T extends z.ZodType>(query: T, params: URLSearchParams | Record<string, string | undefined>) {
  const raw = params instanceof URLSearchParams ? Object.fromEntries(params) : params;
  return query.parse(raw) as z.output<T>;
}

/** LIMIT and OFFSET of the query's page. */
export const pageWindow = (q: { page: number; pageSize: number }) => ({
  limit: q.pageSize,
  offset: (q.page - 1) * q.pageSize,
});

/**
 * ORDER BY of the query's sort: the column the allowlist maps it to, then `tiebreak` (the id) in
 * the same direction, so rows with equal values keep one order from page to page.
 */
export function orderOf<S extends string>(sort: TSort<S>, columns: Record<S, AnyColumn | SQL>, tiebreak: AnyColumn) {
  const dir = sort.desc ? desc : asc;
  return [dir(columns[sort.by]), dir(tiebreak)];
}

/** The answer of a list. */
export const toPage = <T>(items: T[], total: number, q: { page: number; pageSize: number }): TPage<T> => ({
  items,
  total,
  page: q.page,
  pageSize: q.pageSize,
});

export { pageSchema } from "../../common/api-schemas.ts";
