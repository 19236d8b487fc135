/** The largest page number the API's lists accept. */
export const MAX_PAGE = 10_000;

/**
 * A page number from a query (`?page=`): plain digits, clamped to 1..`max`; anything else is the
 * first page. Pages read it this way so a typed `?page=99999999999` is the last page the API
 * serves, never a refused call and a 500. (No zod here: the browser's pagers read it too.)
 */
export function pageNumber(value: string | null | undefined, max = MAX_PAGE): number {
  if (!value || !/^[0-9]{1,20}$/.test(value)) return 1;
  return Math.min(max, Math.max(1, Number(value)));
}
