/**
 * Where to go after login (`?next=`), decided the same way by the server's redirect and by the
 * login form's own navigation in the browser, so neither can be steered off this site.
 *
 * Security note: browsers are forgiving about what they treat as "another site": they drop tabs
 * and newlines inside a URL (`/\t/evil.example` becomes `//evil.example`), read `\` as `/`, and a
 * path such as `/.//evil.example` normalises to `//evil.example`. So a value is accepted only when
 * it is a plain same-site path at every layer of percent-decoding (no scheme, no `//` or `/\` at
 * its start, no backslash, no control character, no malformed escape), and what is returned is
 * the URL parser's own serialisation, checked once more: percent-encoded, ASCII only, so it is a
 * valid `Location` header (a Cyrillic path used to make the redirect throw and answer 500).
 */
const BASE = "https://same-site.invalid";

/** Longer values are refused: no page of the product needs one, and decoding is bounded. */
const MAX_LENGTH = 2048;

/** Layers of percent-decoding looked through (`%252F%252F` is `%2F%2F` is `//`). */
const MAX_DECODE_LAYERS = 5;

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what is refused here.
const FORBIDDEN = /[\\\u0000-\u001f\u007f-\u009f]/;

function isPlainPath(value: string): boolean {
  return value.startsWith("/") && !value.startsWith("//") && !FORBIDDEN.test(value);
}

/** The path to follow after login, or null when `next` is absent or could leave this site. */
export function safeNext(next: unknown): string | null {
  if (typeof next !== "string" || next.length === 0 || next.length > MAX_LENGTH) return null;
  let layer = next;
  let isStable = false;
  for (let i = 0; i < MAX_DECODE_LAYERS; i++) {
    if (!isPlainPath(layer)) return null;
    let decoded: string;
    try {
      decoded = decodeURIComponent(layer);
    } catch {
      return null;
    }
    if (decoded === layer) {
      isStable = true;
      break;
    }
    layer = decoded;
  }
  if (!isStable) return null;
  let url: URL;
  try {
    url = new URL(next, BASE);
  } catch {
    return null;
  }
  if (url.origin !== BASE) return null;
  const out = `${url.pathname}${url.search}${url.hash}`;
  // Dot segments can still collapse into `//` (`/a/..//evil.example`); the result is checked too.
  return isPlainPath(out) && /^[\x21-\x7e]+$/.test(out) ? out : null;
}
