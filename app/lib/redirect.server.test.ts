import { describe, expect, it } from "vitest";
import { isAppPage, redirectTo } from "./redirect.server.ts";

/**
 * A redirect that leaves the app's pages must reload the document: React Router follows a plain
 * redirect of a client navigation by fetching the target as a page (`….data`), which the API
 * answers 404 (issue 13: "pay online" opened a 404 page every time).
 */
describe("redirectTo", () => {
  it("is a client navigation to a page of the route table, in either language", () => {
    for (const target of [
      "/",
      "/kk",
      "/kk/client/tickets/active/12",
      "/client/reservation/reservation-complete?id=3",
    ]) {
      expect(isAppPage(target), target).toBe(true);
      const res = redirectTo(target);
      expect(res.status).toBe(302);
      expect(res.headers.get("location")).toBe(target);
      expect(res.headers.get("X-Remix-Reload-Document")).toBeNull();
    }
  });

  it("reloads the document for the API, files, unknown paths and other sites", () => {
    for (const target of [
      "/api/v1/payments/fake/6f1c2a4e-1111-4222-8333-944445555666",
      "/api/v1/burial-requests/4/confirmation.pdf?lang=kk",
      "/favicon.ico",
      "/kk/no-such-page",
      "https://pay.example/checkout/1",
    ]) {
      expect(isAppPage(target), target).toBe(false);
      const res = redirectTo(target);
      expect(res.headers.get("location")).toBe(target);
      expect(res.headers.get("X-Remix-Reload-Document")).toBe("true");
    }
  });
});
