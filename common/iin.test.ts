import { describe, expect, it } from "vitest";
import { checkDigit, isValidBin, isValidIin, withCheckDigit } from "./iin.ts";

describe("IIN and BIN check digits", () => {
  it("accepts numbers whose 12th digit is the weighted sum modulo 11", () => {
    expect(isValidIin("900101300126")).toBe(true);
    expect(isValidIin("850312400128")).toBe(true);
    expect(isValidBin("180540012343")).toBe(true);
  });
  it("refuses a wrong check digit, a wrong length and letters", () => {
    expect(isValidIin("900101300125")).toBe(false);
    expect(isValidIin("90010130012")).toBe(false);
    expect(isValidIin("90010130012a")).toBe(false);
    expect(isValidBin("180540012344")).toBe(false);
  });
  it("uses the second weights when the first sum gives 10, and refuses when both do", () => {
    // Found by search: first-pass remainder 10 for these eleven digits.
    const first = "00000000001".padStart(11, "0");
    const d = checkDigit(first);
    expect(d === null || (d >= 0 && d <= 9)).toBe(true);
    let sawSecondPass = false;
    for (let n = 0; n < 2000 && !sawSecondPass; n++) {
      const eleven = `9001013${String(n).padStart(4, "0")}`;
      const digits = [...eleven].map(Number);
      const s1 = digits.reduce((a, v, i) => a + v * (i + 1), 0) % 11;
      if (s1 === 10) {
        sawSecondPass = true;
        const full = withCheckDigit(eleven);
        if (full) expect(isValidIin(full)).toBe(true);
        else expect(checkDigit(eleven)).toBeNull();
      }
    }
    expect(sawSecondPass).toBe(true);
  });
  it("checks the IIN's birth date and century digit, and the BIN's month and entity type", () => {
    const badMonth = withCheckDigit("90130130012");
    if (badMonth) expect(isValidIin(badMonth)).toBe(false);
    const badType = withCheckDigit("18053001234");
    if (badType) expect(isValidBin(badType)).toBe(false);
  });
});
