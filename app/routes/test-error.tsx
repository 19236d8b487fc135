import { pageError } from "../lib/page-ids.server.ts";

/**
 * A page whose loader throws an unhandled error, so browser tests can see the generic error page
 * (a page route, not a resource route: errors of resource routes never reach the error boundary).
 * Exists only when ENABLE_TEST_ROUTES=1; otherwise it is an unknown path.
 */
export async function loader() {
  if (process.env.ENABLE_TEST_ROUTES !== "1") pageError(404, { path: "/__test/error" });
  throw new Error("Deliberate failure for the error page test");
}

/** Never shown: the loader always throws, so the root error boundary renders the page. */
export default function TestError() {
  return null;
}
