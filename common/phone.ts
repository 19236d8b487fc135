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

/** `+77010000001` → `+7 (701) 000-00-01`. */
export function formatPhone(e164: string): string {
  const m = /^\+7(\d{3})(\d{3})(\d{2})(\d{2})$/.exec(e164);
  return m ? `+7 (${m[1]}) ${m[2]}-${m[3]}-${m[4]}` : e164;
}

/** `+77010000001` → `+7 (701) ***-**-01`, for logs and screens that must not show the whole number. */
export function maskPhone(e164: string): string {
  const m = /^\+7(\d{3})\d{5}(\d{2})$/.exec(e164);
  return m ? `+7 (${m[1]}) ***-**-${m[2]}` : "***";
}
