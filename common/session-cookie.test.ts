import { describe, expect, it } from "vitest";
import { hasSessionCookie } from "./session-cookie.ts";

describe("hasSessionCookie", () => {
  it("sees a token cookie wherever it stands, even empty", () => {
    for (const header of ["token=abc", "locale=kk; token=abc", "locale=kk;token=", "token="]) {
      expect(hasSessionCookie(header), header).toBe(true);
    }
  });
  it("does not take another cookie ending in token for it", () => {
    for (const header of [null, undefined, "", "locale=kk", "mytoken=abc", "csrf_token=1; locale=ru"]) {
      expect(hasSessionCookie(header), String(header)).toBe(false);
    }
  });
});
