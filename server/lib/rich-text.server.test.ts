import { describe, expect, it } from "vitest";
import { sanitizeRichText } from "./rich-text.server.ts";

describe("sanitizeRichText", () => {
  it.each([
    ["<p>a<script>alert(1)</script></p>", "<p>a</p>"],
    ['<p><img src=x onerror="alert(1)">b</p>', "<p>b</p>"],
    ['<a href="javascript:alert(1)">x</a>', "<a>x</a>"],
    ['<a href="JaVaScRiPt:alert(1)">x</a>', "<a>x</a>"],
    ['<a href=" java\tscript:alert(1)">x</a>', "<a>x</a>"],
    ['<a href="data:text/html,&lt;script&gt;alert(1)&lt;/script&gt;">x</a>', "<a>x</a>"],
    ["<svg onload=alert(1)><circle/></svg>ok", "ok"],
    ['<iframe src="https://evil.example"></iframe>ok', "ok"],
    ['<p style="position:fixed" onclick="x()">t</p>', "<p>t</p>"],
    ["<p><b>open <i>nested</p>", "<p><b>open <i>nested</i></b></p>"],
    ['<p class="evil ql-align-center">c</p>', '<p class="ql-align-center">c</p>'],
  ])("neutralises %s", (input, expected) => {
    expect(sanitizeRichText(input)).toBe(expected);
  });

  it("keeps what the editor makes: headings, lists, emphasis, safe links", () => {
    const html =
      '<h2>Заголовок</h2><p><strong>Ж</strong>, <em>к</em>, <u>п</u>, <s>з</s></p><ol><li>один</li></ol><ul><li class="ql-indent-1">два</li></ul><blockquote>ц</blockquote><p><a href="mailto:info@almaty.kz">почта</a> <a href="tel:+77272716600">телефон</a> <a href="/news/1">новость</a></p>';
    expect(sanitizeRichText(html)).toBe(html);
  });

  it("opens external links in a new tab without handing over the page", () => {
    expect(sanitizeRichText('<a href="https://egov.kz" onclick="x()">egov</a>')).toBe(
      '<a href="https://egov.kz" target="_blank" rel="noopener noreferrer nofollow">egov</a>',
    );
  });
});
