/**
 * Input masks of the specification: `#` a digit, `X` a letter or digit, `S` a letter,
 * `A` an upper-case letter (input is upper-cased), `a` a lower-case letter (input is lower-cased),
 * `!` makes the next mask character literal. Any other mask character is a literal.
 */
type Token = { test: (ch: string) => boolean; transform?: (ch: string) => string };

const LETTER = /\p{L}/u;
export const MASK_TOKENS: Record<string, Token> = {
  "#": { test: (c) => /\d/.test(c) },
  X: { test: (c) => /\d/.test(c) || LETTER.test(c) },
  S: { test: (c) => LETTER.test(c) },
  A: { test: (c) => LETTER.test(c), transform: (c) => c.toLocaleUpperCase() },
  a: { test: (c) => LETTER.test(c), transform: (c) => c.toLocaleLowerCase() },
};

/** Formats raw input by the mask; characters that do not fit a token are dropped. */
export function applyMask(value: string, mask: string): string {
  let out = "";
  let vi = 0;
  let mi = 0;
  while (mi < mask.length && vi < value.length) {
    const m = mask[mi] as string;
    if (m === "!") {
      const literal = mask[mi + 1];
      if (literal === undefined) break;
      out += literal;
      if (value[vi] === literal) vi++;
      mi += 2;
      continue;
    }
    const token = MASK_TOKENS[m];
    const ch = value[vi] as string;
    if (token) {
      if (token.test(ch)) {
        out += token.transform ? token.transform(ch) : ch;
        mi++;
      }
      vi++;
    } else {
      out += m;
      if (ch === m) vi++;
      mi++;
    }
  }
  return out;
}

/** The characters a user typed into the tokens of the mask, without literals. */
export function unmask(value: string, mask: string): string {
  const masked = applyMask(value, mask);
  let out = "";
  let oi = 0;
  for (let mi = 0; mi < mask.length && oi < masked.length; mi++) {
    const m = mask[mi] as string;
    if (m === "!") {
      mi++;
      oi++;
      continue;
    }
    if (MASK_TOKENS[m]) out += masked[oi];
    oi++;
  }
  return out;
}

/** Whether the value fills every token of the mask. */
export function isMaskComplete(value: string, mask: string): boolean {
  return applyMask(value, mask).length === maskedLength(mask);
}

function maskedLength(mask: string): number {
  let n = 0;
  for (let i = 0; i < mask.length; i++) {
    if (mask[i] === "!") i++;
    n++;
  }
  return n;
}

/** Masks used by the product's forms. */
export const MASKS = {
  phone: "+7 (###) ###-##-##",
  iin: "############",
  bin: "############",
  otp: "######",
} as const;

/**
 * Formats what a person types into a Kazakh phone number with the `+7 (###) ###-##-##` mask.
 * The country code is fixed, so a number typed with or without `+7`/`8`, or pasted whole,
 * lands in the right places.
 */
export function formatPhoneInput(raw: string): string {
  const trimmed = raw.trim();
  let digits = (trimmed.startsWith("+7") ? trimmed.slice(2) : trimmed).replace(/\D/g, "");
  if (digits.length === 11 && /^[78]/.test(digits)) digits = digits.slice(1);
  digits = digits.slice(0, 10);
  return digits ? `+7 ${applyMask(digits, "(###) ###-##-##")}` : "";
}
