/**
 * Whether a request carries a session cookie (`token`), set or empty, valid or not. The page
 * guard, the page store and the cache headers all ask this one question the same way: any token,
 * even an expired or empty one, keeps a page out of every shared store.
 */
export function hasSessionCookie(cookieHeader: string | null | undefined): boolean {
  return /(?:^|;\s*)token=/.test(cookieHeader ?? "");
}
