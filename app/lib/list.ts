import { useLocation, useSearchParams } from "react-router";
import { pageNumber } from "../../common/paging.ts";

type TChanges = Record<string, string | number | null | undefined>;

/** The URL's search parameters with some changed (`null`, `undefined` or `""` removes one). */
function withChanges(params: URLSearchParams, changes: TChanges): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const [k, v] of Object.entries(changes)) {
    if (v === null || v === undefined || v === "") next.delete(k);
    else next.set(k, String(v));
  }
  // Other filters or another order list other rows: back to their first page.
  if (!("page" in changes)) next.delete("page");
  return next;
}

/**
 * A list's state as its URL holds it (page, `sort`, filters), so a list can be shared, kept and
 * reloaded as it was. `href` builds a link to the same list with some parameters changed; a
 * change of anything but the page starts again at page 1. The server reads the same parameters
 * (`listQuery` in `server/lib/list.ts`); a filter form sent by GET resets the page by itself, as
 * it carries only its own fields.
 *
 * ```tsx
 * const list = useListParams();
 * <Link to={list.href({ status: "blocked" })} aria-current={list.get("status") === "blocked" ? "page" : undefined}>
 * ```
 */
export function useListParams() {
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  return {
    params,
    /** One parameter's value ("" when absent). */
    get: (name: string) => params.get(name) ?? "",
    /** The page the URL asks for (1 for anything that is not a page number). */
    page: pageNumber(params.get("page")),
    /** A link to this list with `changes` applied. */
    href: (changes: TChanges) => {
      const next = withChanges(params, changes).toString();
      return next ? `${pathname}?${next}` : pathname;
    },
  };
}

/**
 * The list parameters of a page's URL that its API list takes, to pass on as the API call's
 * query (`api.get("/suppliers", { query: listParams(url, ["status", "q"]) })`). The API reads page,
 * size and order leniently and checks the filters.
 */
export function listParams(url: URL, filters: readonly string[] = []): Record<string, string | undefined> {
  const out: Record<string, string | undefined> = {};
  for (const k of ["page", "pageSize", "sort", ...filters]) out[k] = url.searchParams.get(k)?.trim() || undefined;
  return out;
}
