/**
 * Check digits of Kazakhstan's 12-digit identification numbers: IIN (people) and BIN (companies).
 * The 12th digit is the sum of the first eleven weighted 1..11, modulo 11; when that is 10 the
 * weights 3..11,1,2 are used instead, and a second 10 means the number cannot be valid.
 */
const W1 = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11];
const W2 = [3, 4, 5, 6, 7, 8, 9, 10, 11, 1, 2];

export function checkDigit(first11: string): number | null {
  const d = [...first11].map(Number);
  let sum = d.reduce((acc, v, i) => acc + v * (W1[i] ?? 0), 0) % 11;
  if (sum === 10) sum = d.reduce((acc, v, i) => acc + v * (W2[i] ?? 0), 0) % 11;
  return sum === 10 ? null : sum;
}

function hasValidCheckDigit(value: string): boolean {
  if (!/^\d{12}$/.test(value)) return false;
  const expected = checkDigit(value.slice(0, 11));
  return expected !== null && expected === Number(value[11]);
}

/** An IIN: 12 digits, a real birth date in the first six (YYMMDD), a century digit 1-6, a valid check digit. */
export function isValidIin(value: string): boolean {
  if (!hasValidCheckDigit(value)) return false;
  const month = Number(value.slice(2, 4));
  const day = Number(value.slice(4, 6));
  const century = Number(value[6]);
  return month >= 1 && month <= 12 && day >= 1 && day <= 31 && century >= 1 && century <= 6;
}

/** A BIN: 12 digits, registration month 01-12 in digits 3-4, a legal-entity type 4-6 in digit 5, a valid check digit. */
export function isValidBin(value: string): boolean {
  if (!hasValidCheckDigit(value)) return false;
  const month = Number(value.slice(2, 4));
  const type = Number(value[4]);
  return month >= 1 && month <= 12 && type >= 4 && type <= 6;
}

/** Completes 11 digits with their check digit, for seeds and tests; null when no digit fits. */
export function withCheckDigit(first11: string): string | null {
  const d = checkDigit(first11);
  return d === null ? null : `${first11}${d}`;
}
