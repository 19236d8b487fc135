/**
 * Phone numbers of Kazakhstan (+7). Stored as E.164: `+77010000001`.
 * Accepts what people type: `+7 (701) 000-00-01`, `8 701 000 0001`, `7010000001`.
 */
export function normalizePhone(input: string): string | null {
  const digits = input.replace(/\D/g, "");
  let national: string;
  if (digits.length === 10) national = digits;
  else if (digits.length === 11 && (digits.startsWith("7") || digits.startsWith("8"))) national = digits.slice(1);
  else return null;
  if (!/^[3-9]\d{9}$/.test(national)) return null;
  return `+7${national}`;
}

/**
 * The one way a stored phone is shown: `+77019990031` → `+7 701 999 00 31`. Anything that is not
 * a stored Kazakh number (a legacy free-text value) is shown as it is, normalised first if it can be.
 */
export function formatPhone(stored: string): string {
  const e164 = /^\+7\d{10}$/.test(stored) ? stored : (normalizePhone(stored) ?? stored);
  const m = /^\+7(\d{3})(\d{3})(\d{2})(\d{2})$/.exec(e164);
  return m ? `+7 ${m[1]} ${m[2]} ${m[3]} ${m[4]}` : stored;
}

/** Separators of a list of phones as people type it: commas, semicolons, new lines. */
const LIST_SEPARATOR = /\s*[,;\n]\s*/;

/**
 * A list of phones as typed (`+7 (727) 255-10-10; 8 701 123 45 67`) → stored form
 * `+77272551010, +77011234567`; or the first part that is not a phone.
 */
export function normalizePhoneList(input: string): { ok: true; value: string } | { ok: false; part: string } {
  const parts = input
    .split(LIST_SEPARATOR)
    .map((p) => p.trim())
    .filter(Boolean);
  const out: string[] = [];
  for (const part of parts) {
    const phone = normalizePhone(part);
    if (!phone) return { ok: false, part };
    if (!out.includes(phone)) out.push(phone);
  }
  return { ok: true, value: out.join(", ") };
}

/** A stored list of phones, each shown as `formatPhone` shows one. */
export function formatPhones(stored: string): string {
  return stored
    .split(LIST_SEPARATOR)
    .map((p) => p.trim())
    .filter(Boolean)
    .map(formatPhone)
    .join(", ");
}

/** `tel:` link of a stored phone (digits and the plus only). */
export const telHref = (phone: string) => `tel:${(normalizePhone(phone) ?? phone).replace(/[^\d+]/g, "")}`;

/** `+77010000001` → `+7 (701) ***-**-01`, for logs and screens that must not show the whole number. */
export function maskPhone(e164: string): string {
  const m = /^\+7(\d{3})\d{5}(\d{2})$/.exec(e164);
  return m ? `+7 (${m[1]}) ***-**-${m[2]}` : "***";
}
