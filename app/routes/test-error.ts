import { data } from "react-router";

/**
 * Throws an unhandled error so browser tests can see the generic error page.
 * Exists only when ENABLE_TEST_ROUTES=1; otherwise it is an unknown path.
 */
export async function loader() {
  if (process.env.ENABLE_TEST_ROUTES !== "1") throw data({ path: "/__test/error" }, { status: 404 });
  throw new Error("Deliberate failure for the error page test");
}
