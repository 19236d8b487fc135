import { describe, expect, it } from "vitest";
import { applyMask, formatPhoneInput, isMaskComplete, MASKS, unmask } from "./mask.ts";

describe("input masks", () => {
  it("# takes digits only", () => {
    expect(applyMask("12a34", "##-##")).toBe("12-34");
  });
  it("X takes letters or digits, S letters only", () => {
    expect(applyMask("a1-b2", "XX XX")).toBe("a1 b2");
    expect(applyMask("a1b", "SS")).toBe("ab");
    expect(applyMask("Әb", "SS")).toBe("Әb");
  });
  it("A upper-cases letters, a lower-cases them", () => {
    expect(applyMask("abc", "AAA")).toBe("ABC");
    expect(applyMask("ҚАЗ", "aaa")).toBe("қаз");
    expect(applyMask("a1", "AA")).toBe("A");
  });
  it("! makes the next mask character literal", () => {
    expect(applyMask("12", "!##")).toBe("#1");
    expect(applyMask("123", "#!A#")).toBe("1A2");
  });
  it("keeps literals that the user typed and adds the ones before the next typed character", () => {
    expect(applyMask("(701)", "(###)")).toBe("(701)");
    expect(applyMask("701", "(###)")).toBe("(701");
    expect(applyMask("7012", "(###) #")).toBe("(701) 2");
  });
  it("unmasks to the typed characters and tells a complete value", () => {
    expect(unmask("+7 (701) 000-00-01", MASKS.phone)).toBe("7010000001");
    expect(isMaskComplete("123456", MASKS.otp)).toBe(true);
    expect(isMaskComplete("12345", MASKS.otp)).toBe(false);
  });
  it("formats a Kazakh phone however it is typed", () => {
    const expected = "+7 (701) 234-56-78";
    expect(formatPhoneInput("7012345678")).toBe(expected);
    expect(formatPhoneInput("87012345678")).toBe(expected);
    expect(formatPhoneInput("+77012345678")).toBe(expected);
    expect(formatPhoneInput("+7 (701) 234-56-78")).toBe(expected);
    expect(formatPhoneInput("7")).toBe("+7 (7");
    expect(formatPhoneInput("+7 (70")).toBe("+7 (70");
    expect(formatPhoneInput("")).toBe("");
  });
});
