import { describe, expect, it } from "vitest";
import { graveShortPath, parseShortCode, SHORT_ALPHABET, shortCode } from "./short-code.ts";

describe("a grave's short code", () => {
  it("reads back as the id it was made from, for small, typical and the largest ids", () => {
    for (const id of [1, 2, 31, 32, 33, 1023, 1024, 123_456, 1_048_575, 1_048_576, 2_147_483_647]) {
      expect(parseShortCode(shortCode(id)), String(id)).toBe(id);
    }
  });

  it("is at least five characters of the readable alphabet (four digits and the check), and grows only past a million", () => {
    expect(shortCode(1)).toMatch(/^0001[0-9A-Z]$/);
    expect(shortCode(1_048_575)).toHaveLength(5);
    expect(shortCode(1_048_576)).toHaveLength(6);
    expect(shortCode(2_147_483_647)).toHaveLength(8);
    for (const id of [1, 777, 99_999, 5_000_000]) {
      expect([...shortCode(id)].every((ch) => SHORT_ALPHABET.includes(ch))).toBe(true);
      expect(shortCode(id)).not.toMatch(/[ILOU]/);
    }
  });

  it("never gives two records one code, over a range of ids", () => {
    const seen = new Map<string, number>();
    for (let id = 1; id <= 70_000; id++) {
      const code = shortCode(id);
      expect(seen.get(code)).toBeUndefined();
      seen.set(code, id);
    }
    expect(seen.size).toBe(70_000);
  });

  it("is read forgivingly: any case, I and L for 1, O for 0, hyphens", () => {
    const id = 33 * 32 + 17;
    const code = shortCode(id);
    expect(parseShortCode(code.toLowerCase())).toBe(id);
    expect(parseShortCode(`${code.slice(0, 2)}-${code.slice(2)}`)).toBe(id);
    const withOnes = shortCode(33); // 0011…
    expect(withOnes.startsWith("0011")).toBe(true);
    expect(parseShortCode(`OOIL${withOnes.slice(4)}`)).toBe(33);
    expect(parseShortCode(`ooil${withOnes.slice(4).toLowerCase()}`)).toBe(33);
  });

  it("turns any single mistyped character or a swap of two neighbours into no code (not another grave)", () => {
    for (const id of [1, 42, 4711, 123_456, 987_654]) {
      const code = shortCode(id);
      for (let i = 0; i < code.length; i++) {
        for (const ch of SHORT_ALPHABET) {
          if (ch === code[i]) continue;
          expect(parseShortCode(code.slice(0, i) + ch + code.slice(i + 1)), `${code} at ${i} → ${ch}`).toBeNull();
        }
      }
      for (let i = 0; i + 1 < code.length; i++) {
        if (code[i] === code[i + 1]) continue;
        const swapped = code.slice(0, i) + code[i + 1] + code[i] + code.slice(i + 2);
        const read = parseShortCode(swapped);
        // Luhn mod N misses one pair of neighbours only (0 and the alphabet's last letter).
        if ((code[i] === "0" && code[i + 1] === "Z") || (code[i] === "Z" && code[i + 1] === "0")) continue;
        expect(read, `${code} swapped at ${i}`).toBeNull();
      }
    }
  });

  it("refuses what is no code of ours: empty, too short or long, other letters, a padded spelling, id 0", () => {
    const code = shortCode(5);
    for (const bad of [
      "",
      "0",
      "0001",
      "..",
      "%2e%2e",
      "ABC!E",
      "ЖЖЖЖЖ",
      "U0001",
      `0${code}`,
      "9".repeat(40),
      " 0001",
    ]) {
      expect(parseShortCode(bad), bad).toBeNull();
    }
    // "0000" + its check would be id 0.
    expect(parseShortCode("00000")).toBeNull();
    // Past ZId's range (2^31 − 1).
    expect(parseShortCode(`2000000${"0"}`)).toBeNull();
  });

  it("makes the path of the address in each language", () => {
    expect(graveShortPath(1)).toBe(`/g/${shortCode(1)}`);
    expect(graveShortPath(1, "kk")).toBe(`/kk/g/${shortCode(1)}`);
  });
});
