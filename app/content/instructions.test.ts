import { describe, expect, it } from "vitest";
import { documentTexts, EMERGENCY_NUMBERS, INSTRUCTIONS } from "./instructions.ts";

describe("instructions content", () => {
  it("has the same sections, in the same order and of the same shape, in Russian and Kazakh", () => {
    const shape = (locale: "ru" | "kk") =>
      INSTRUCTIONS[locale].sections.map((s) => ({
        id: s.id,
        paragraphs: s.paragraphs?.length ?? 0,
        steps: s.steps?.length ?? 0,
        items: s.items?.length ?? 0,
        hasNote: Boolean(s.note),
      }));
    expect(shape("kk")).toEqual(shape("ru"));
    expect(INSTRUCTIONS.ru.sections.map((s) => s.id)).toContain("documents");
  });

  it("has no empty text", () => {
    for (const doc of Object.values(INSTRUCTIONS)) {
      expect(documentTexts(doc).every((t) => t.trim().length > 0)).toBe(true);
    }
  });

  it("lists the same emergency numbers in both languages", () => {
    expect(EMERGENCY_NUMBERS.kk.map((n) => n.number)).toEqual(EMERGENCY_NUMBERS.ru.map((n) => n.number));
  });
});
