/**
 * The permanent short address of a grave (`/g/<code>`, decision 027), isomorphic: the server
 * resolves it, the grave card shows it.
 *
 * A grave is a public entry of the registry, so its code need not be secret: it is the record's
 * id written in Crockford's base32 (digits and capital letters without I, L, O, U: nothing to
 * confuse on a plaque, nothing rude spelt by chance), at least {@link CODE_DIGITS} digits, then
 * one check character (Luhn mod 32). Being a bijection of the id, it never changes for a record
 * and no two records share one; the check character turns a mistyped address — one wrong
 * character, or two neighbours swapped — into "not found" instead of another person's grave.
 * Read back forgivingly, as Crockford intends: any case, `I`/`L` for 1, `O` for 0, hyphens ignored.
 */
export const SHORT_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
/** Digits before the check character (left-padded with 0): a million graves in 4, more get longer codes. */
export const CODE_DIGITS = 4;
/** The largest id (`ZId`: 2^31 − 1) takes 7 digits, plus the check character. */
const MAX_CODE_LENGTH = 8;
const MAX_ID = 2_147_483_647;

const digitValue = (ch: string) => SHORT_ALPHABET.indexOf(ch);

/** Luhn mod 32 check character of a string of the alphabet: catches every single wrong character. */
function checkChar(digits: string): string {
  let sum = 0;
  let double = true;
  for (let i = digits.length - 1; i >= 0; i--) {
    let v = digitValue(digits[i] as string);
    if (double) {
      v *= 2;
      v = Math.floor(v / 32) + (v % 32);
    }
    sum += v;
    double = !double;
  }
  return SHORT_ALPHABET[(32 - (sum % 32)) % 32] as string;
}

/** The short code of a record's id (a positive integer of `ZId`'s range). */
export function shortCode(id: number): string {
  if (!Number.isInteger(id) || id < 1 || id > MAX_ID) throw new RangeError(`not an id: ${id}`);
  let digits = "";
  for (let n = id; n > 0; n = Math.floor(n / 32)) digits = SHORT_ALPHABET[n % 32] + digits;
  digits = digits.padStart(CODE_DIGITS, "0");
  return digits + checkChar(digits);
}

/**
 * The id a typed or scanned code stands for, or null when it is no code of ours: wrong letters,
 * a failed check, a padding no code is written with, an id out of range.
 */
export function parseShortCode(raw: string): number | null {
  if (raw.length > 2 * MAX_CODE_LENGTH) return null;
  const code = raw.toUpperCase().replace(/-/g, "").replace(/[IL]/g, "1").replace(/O/g, "0");
  if (code.length < CODE_DIGITS + 1 || code.length > MAX_CODE_LENGTH) return null;
  if (![...code].every((ch) => digitValue(ch) >= 0)) return null;
  const digits = code.slice(0, -1);
  if (checkChar(digits) !== code.slice(-1)) return null;
  let id = 0;
  for (const ch of digits) id = id * 32 + digitValue(ch);
  if (id < 1 || id > MAX_ID) return null;
  // One spelling per id: `00001…` where `0001…` is the code would be a second address of the record.
  return shortCode(id) === code ? id : null;
}

/** The path of a grave's short address (the Kazakh one under `/kk`). */
export const graveShortPath = (id: number, locale: "ru" | "kk" = "ru") =>
  `${locale === "kk" ? "/kk" : ""}/g/${shortCode(id)}`;
