import { describe, expect, it } from "vitest";
import { htmlToText, RICH_TEXT, sanitizeLinkUrl } from "./rich-text.ts";

describe("sanitizeLinkUrl", () => {
  it("keeps http, https, mailto, tel and relative links", () => {
    for (const url of ["http://a.kz", "HTTPS://a.kz/x?y=1", "mailto:a@b.kz", "tel:+77010000000", "/news/1", "#part"]) {
      expect(sanitizeLinkUrl(url)).toBe(url);
    }
  });
  it("blanks every other address", () => {
    for (const url of [
      "javascript:alert(1)",
      " JavaScript:alert(1)",
      "java\nscript:x",
      "data:text/html,x",
      "vbscript:x",
      "//evil.example",
      "ftp://x",
      "",
    ]) {
      expect(sanitizeLinkUrl(url)).toBe("about:blank");
    }
  });
});

describe("htmlToText", () => {
  it("drops tags and scripts, decodes entities and collapses spaces", () => {
    expect(htmlToText("<h2>Кладбища</h2><p>работают&nbsp;с 9:00 &amp; до&#32;17:00</p><script>x()</script>")).toBe(
      "Кладбища работают с 9:00 & до 17:00",
    );
  });
});

describe("editor options of the specification", () => {
  it("default to snow and delta, group undo over 1000 ms and keep 100 steps", () => {
    expect(RICH_TEXT.defaultTheme).toBe("snow");
    expect(RICH_TEXT.defaultContentType).toBe("delta");
    expect(RICH_TEXT.history).toMatchObject({ delay: 1000, maxStack: 100 });
    expect(Object.keys(RICH_TEXT.toolbars)).toEqual(["minimal", "essential", "full"]);
  });
});
