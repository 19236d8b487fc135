import { data } from "react-router";
import { ApiError } from "../../common/api-client.ts";
import { parseId } from "../../common/schemas.ts";

/** The reason phrases of the error pages a loader throws (the page shows its status and message). */
const STATUS_TEXT = { 403: "Forbidden", 404: "Not Found" } as const;

/**
 * Throws the error page of a status. Always through here: React Router gives a thrown `data()`
 * without a status text "Internal Server Error", which a 404 page then showed under its title.
 */
export function pageError(status: keyof typeof STATUS_TEXT, body: unknown): never {
  throw data(body, { status, statusText: STATUS_TEXT[status] });
}

/** The 404 page of this request ("Page not found: {path}"). */
export function notFound(request: Request): never {
  pageError(404, { path: new URL(request.url).pathname });
}

/**
 * The id a page reads from its path or query, through the one id rule of the product
 * (`parseId`: digits, 1..2^31-1). Anything else is the page's 404: an id that cannot exist is a
 * page that does not exist, never a call the API must refuse (which used to surface as a 500).
 */
export function pageId(value: string | null | undefined, request: Request): number {
  return parseId(value) ?? notFound(request);
}

/**
 * A loader's reads of one record: the API's 404 (the record is gone) becomes the page's 404 and
 * its 403 (e.g. a manager opening a cemetery not theirs) the page's 403, instead of an unhandled
 * error and a 500 page.
 */
export async function orPageError<T>(request: Request, read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) notFound(request);
    if (err instanceof ApiError && err.status === 403) pageError(403, { reason: "forbidden" });
    throw err;
  }
}
