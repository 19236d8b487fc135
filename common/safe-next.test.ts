import { describe, expect, it } from "vitest";
import { safeNext } from "./safe-next.ts";

/**
 * Every value a `next` parameter may carry after the query string was decoded once (what
 * `URLSearchParams.get` gives, on the server and in the browser alike).
 */
const HOSTILE: string[] = [
  "//evil.example",
  "///evil.example",
  "/\\evil.example",
  "\\\\evil.example",
  "/\t/evil.example",
  "/\n/evil.example",
  "/\r/evil.example",
  "/\r\n/evil.example",
  "/\u0000/evil.example",
  "/\u007f/evil.example",
  "/\u0085/evil.example",
  "\t//evil.example",
  " //evil.example",
  "https://evil.example",
  "http:evil.example",
  "javascript:alert(1)",
  "JaVaScRiPt:alert(1)",
  "data:text/html,<script>alert(1)</script>",
  "evil.example",
  "news",
  "/%2F/evil.example",
  "/%2f%2fevil.example",
  "%2F%2Fevil.example",
  "/%5Cevil.example",
  "/%5cevil.example",
  "/%09/evil.example",
  "/%0A/evil.example",
  "/%0D%0A/evil.example",
  "/%252F%252Fevil.example",
  "/%25252F%25252Fevil.example",
  "/%25%32%46%25%32%46evil.example",
  "/.//evil.example",
  "/a/..//evil.example",
  "/%2e%2e//evil.example",
  "/./\\evil.example",
  "/%E0%A4%A",
  "/%",
  "/%zz",
  "/%C0%AF",
  `/${"a".repeat(3000)}`,
  "",
];

describe("safeNext", () => {
  it.each(HOSTILE)("refuses %j", (value) => {
    expect(safeNext(value)).toBeNull();
  });

  it("refuses what is not a string", () => {
    expect(safeNext(null)).toBeNull();
    expect(safeNext(undefined)).toBeNull();
    expect(safeNext(["/news"])).toBeNull();
  });

  it.each([
    ["/", "/"],
    ["/news", "/news"],
    ["/kk/admin/suppliers?status=pending", "/kk/admin/suppliers?status=pending"],
    ["/search?q=%D0%98%D0%B2%D0%B0%D0%BD%D0%BE%D0%B2", "/search?q=%D0%98%D0%B2%D0%B0%D0%BD%D0%BE%D0%B2"],
    // Cyrillic as the browser or a person typed it: percent-encoded, so it is a valid Location header.
    ["/search?q=Иванов", "/search?q=%D0%98%D0%B2%D0%B0%D0%BD%D0%BE%D0%B2"],
    ["/новости", "/%D0%BD%D0%BE%D0%B2%D0%BE%D1%81%D1%82%D0%B8"],
    ["/search?q=a b#grave-title", "/search?q=a%20b#grave-title"],
    ["/news/..", "/"],
  ])("keeps the same-site path %j as %j", (value, expected) => {
    expect(safeNext(value)).toBe(expected);
  });

  it("always answers a printable ASCII path of this site, whatever it was given", () => {
    const pieces = ["/", "\\", "%", "2F", "5C", "09", "\t", "\n", ".", "..", "a", "Ж", ":", "?", "#", "@", " "];
    let seed = 7;
    const pick = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return pieces[seed % pieces.length] as string;
    };
    for (let i = 0; i < 5000; i++) {
      const value = Array.from({ length: 1 + (i % 9) }, pick).join("");
      const out = safeNext(value);
      if (out === null) continue;
      expect(out).toMatch(/^\/(?![/\\])[\x21-\x7e]*$/);
      expect(new URL(out, "https://site.example").origin).toBe("https://site.example");
    }
  });
});
