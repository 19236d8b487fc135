import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { formatMoney, translate } from "../../../common/i18n.ts";
import { LANGUAGE_TAGS, type Locale } from "../../../common/locale.ts";

/**
 * The fake payment provider's page (demos and tests), drawn like the product: its font (Noto Sans,
 * self-hosted from `@fontsource/noto-sans`, served beside the page), its colours and its buttons
 * (44 px and more, the width of a phone), in the language the payment was started from. Styles
 * are inline (`style-src 'unsafe-inline'` of the CSP), fonts and the mark from this origin; no
 * script. A real acquirer's page replaces it in production.
 */

const require = createRequire(import.meta.url);

/** The font files the page uses: Cyrillic (Russian), Cyrillic extended (Kazakh letters), Latin; 400 and 600. */
const FONT_RANGES: Record<string, string> = {
  latin:
    "U+0000-00FF,U+0131,U+0152-0153,U+02BB-02BC,U+02C6,U+02DA,U+02DC,U+0304,U+0308,U+0329,U+2000-206F,U+20AC,U+2122,U+2191,U+2193,U+2212,U+2215,U+FEFF,U+FFFD",
  cyrillic: "U+0301,U+0400-045F,U+0490-0491,U+04B0-04B1,U+2116",
  "cyrillic-ext": "U+0460-052F,U+1C80-1C8A,U+20B4,U+2DE0-2DFF,U+A640-A69F,U+FE2E-FE2F",
};
const FONT_WEIGHTS = [400, 600] as const;
const fontFile = (subset: string, weight: number) => `noto-sans-${subset}-${weight}-normal.woff2`;
export const FAKE_PAGE_FONTS = new Set(
  Object.keys(FONT_RANGES).flatMap((subset) => FONT_WEIGHTS.map((w) => fontFile(subset, w))),
);
const fontCache = new Map<string, Buffer>();

/** A font file of the page (by its name in {@link FAKE_PAGE_FONTS}), or null. */
export function fakePageFont(file: string): Buffer | null {
  if (!FAKE_PAGE_FONTS.has(file)) return null;
  let bytes = fontCache.get(file);
  if (!bytes) {
    bytes = readFileSync(require.resolve(`@fontsource/noto-sans/files/${file}`));
    fontCache.set(file, bytes);
  }
  return bytes;
}

const esc = (v: string | number) => String(v).replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

export type TFakePage = {
  locale: Locale;
  /** The request's number, as people read it. */
  number: string;
  amount: number;
  status: "pending" | "paid" | "failed" | "refund_due";
  /** The receipt of a paid payment. */
  receipt: string | null;
  /** Where the page's form posts (this page, with its language). */
  action: string;
  /** The family's request, in their language. */
  backHref: string;
  /** Where the fonts are served (`…/payments/fake/fonts`). */
  fontsBase: string;
};

/** The page's HTML. Every value is escaped. */
export function fakePaymentPage(p: TFakePage): string {
  const t = (k: string, params?: Record<string, string | number>) =>
    esc(translate(p.locale, `payment.fake.${k}`, params));
  const faces = Object.entries(FONT_RANGES)
    .flatMap(([subset, range]) =>
      FONT_WEIGHTS.map(
        (w) =>
          `@font-face{font-family:"Noto Sans";font-style:normal;font-display:swap;font-weight:${w};src:url(${p.fontsBase}/${fontFile(subset, w)}) format("woff2");unicode-range:${range}}`,
      ),
    )
    .join("");
  const amount = esc(formatMoney(p.locale, p.amount));
  const body =
    p.status === "pending"
      ? `<form method="post" action="${esc(p.action)}" class="actions">
<button type="submit" name="outcome" value="paid" class="button" data-testid="fake-pay">${t("pay_amount", { amount: formatMoney(p.locale, p.amount) })}</button>
<button type="submit" name="outcome" value="failed" class="button button--ghost" data-testid="fake-decline">${t("decline")}</button>
</form>`
      : `<p class="status status--${esc(p.status)}" role="status" data-testid="fake-status">${t(`status_${p.status}`)}${
          p.receipt ? `<br>${t("receipt", { receipt: p.receipt })}` : ""
        }</p>`;
  return `<!doctype html>
<html lang="${LANGUAGE_TAGS[p.locale]}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<meta name="theme-color" content="#1f5c5a">
<title>${t("title")} — ${esc(translate(p.locale, "brand.name"))}</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<style>
${faces}
*,*::before,*::after{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{margin:0;font-family:"Noto Sans",system-ui,sans-serif;font-size:1rem;line-height:1.6;color:#1f2a2a;background:#fbf9f5}
.bar{background:#fff;border-bottom:1px solid #e8e0d2}
.bar__inner{max-width:32rem;margin:0 auto;padding:.6rem 1rem;display:flex;align-items:center;gap:.6rem;font-weight:600;color:#123c3b}
.bar__inner img{width:32px;height:32px}
.demo{margin-left:auto;font-size:.8rem;font-weight:600;color:#9a4f1f;background:#fdf3dc;border-radius:999px;padding:.15rem .6rem}
main{max-width:32rem;margin:0 auto;padding:1.25rem 1rem 2rem}
h1{font-size:1.5rem;line-height:1.25;color:#123c3b;font-weight:600;margin:0 0 .75rem}
.card{background:#fff;border:1px solid #e8e0d2;border-radius:10px;box-shadow:0 1px 2px rgb(18 60 59 / 8%),0 4px 16px rgb(18 60 59 / 6%);padding:1.1rem}
.for{margin:0;color:#55625f}
.amount{margin:.25rem 0 1rem;font-size:2rem;font-weight:600;color:#123c3b}
.note{font-size:.9rem;color:#55625f;margin:1rem 0 0}
.actions{display:flex;flex-direction:column;gap:.6rem}
.button{display:flex;align-items:center;justify-content:center;width:100%;min-height:48px;padding:.6rem 1.1rem;border:1px solid #1f5c5a;border-radius:10px;background:#1f5c5a;color:#fff;font:inherit;font-weight:600;cursor:pointer}
.button:hover{background:#123c3b}
.button--ghost{background:transparent;color:#1f5c5a}
.button--ghost:hover{background:#dcebe9;color:#123c3b}
:focus-visible{outline:3px solid #9a4f1f;outline-offset:2px}
.status{margin:0;padding:.75rem 1rem;border-radius:10px;background:#e6eff5}
.status--paid{background:#e4f2e8;color:#23633a}
.status--failed,.status--refund_due{background:#fdf3dc}
.back{display:flex;align-items:center;min-height:44px;margin-top:1rem;color:#1f5c5a;text-underline-offset:3px}
</style>
</head>
<body>
<header class="bar"><div class="bar__inner"><img src="/favicon.svg" alt="">${esc(translate(p.locale, "brand.name"))}<span class="demo">${t("demo")}</span></div></header>
<main>
<h1>${t("title")}</h1>
<section class="card" aria-labelledby="for">
<p class="for" id="for">${t("for", { number: p.number })}</p>
<p class="amount" data-testid="fake-amount">${amount}</p>
${body}
</section>
<p class="note">${t("note")}</p>
<a class="back" href="${esc(p.backHref)}" data-testid="fake-back">← ${t("back")}</a>
</main>
</body>
</html>`;
}
