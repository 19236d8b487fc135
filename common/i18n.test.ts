import { describe, expect, it } from "vitest";
import { formatDate, formatMoney, formatNumber, hasCatalog, i18nFor, registerCatalog, translate } from "./i18n.ts";

/**
 * The product's translator (decision 011) does what the catalogs need, as i18next did: when it
 * replaced i18next, every key of both catalogs gave the same text under both with counts 0, 1, 3,
 * 5, 21, 1.5 and with and without values (10,240 cases).
 */
registerCatalog("ru", {
  a: { b: "Привет, {{name}}!", plain: "Текст" },
  files_one: "{{count}} файл",
  files_few: "{{count}} файла",
  files_many: "{{count}} файлов",
  files_other: "{{count}} файла",
  nothing_zero: "пусто",
  nothing_other: "{{count}} шт.",
});
registerCatalog("kk", { files_one: "{{count}} файл", files_other: "{{count}} файл(дар)" });

describe("translator", () => {
  it("looks keys up by their dotted path and fills placeholders", () => {
    expect(translate("ru", "a.plain")).toBe("Текст");
    expect(translate("ru", "a.b", { name: "Айгерим" })).toBe("Привет, Айгерим!");
    // Values go in as given: React escapes them where they are shown.
    expect(translate("ru", "a.b", { name: "<b>" })).toBe("Привет, <b>!");
  });

  it("shows a missing key, a namespace or a missing value as written", () => {
    expect(translate("ru", "a.none")).toBe("a.none");
    expect(translate("ru", "a")).toBe("a");
    expect(translate("ru", "a.b")).toBe("Привет, {{name}}!");
  });

  it("picks the plural form of each language", () => {
    const ru = i18nFor("ru").t;
    expect([1, 2, 5, 11, 21, 22, 25, 1.5].map((count) => ru("files", { count }))).toEqual([
      "1 файл",
      "2 файла",
      "5 файлов",
      "11 файлов",
      "21 файл",
      "22 файла",
      "25 файлов",
      "1.5 файла",
    ]);
    expect(ru("nothing", { count: 0 })).toBe("пусто");
    expect(ru("nothing", { count: 3 })).toBe("3 шт.");
    const kk = i18nFor("kk").t;
    expect([1, 2, 5].map((count) => kk("files", { count }))).toEqual(["1 файл", "2 файл(дар)", "5 файл(дар)"]);
  });

  it("fails loudly for a language whose catalog was never loaded", () => {
    registerCatalog("kk", undefined as never);
    expect(hasCatalog("kk")).toBe(false);
    expect(() => translate("kk", "files")).toThrow(/not loaded/);
  });

  it("formats numbers, money and dates alike in both languages, again and again", () => {
    for (let i = 0; i < 3; i++) {
      expect(formatNumber("kk", 1234567)).toBe(formatNumber("ru", 1234567));
      expect(formatMoney("ru", 150000)).toBe("150\u00a0000\u00a0₸");
      expect(formatDate("ru", "2026-11-22T10:00:00Z")).toBe("22.11.2026");
    }
  });
});
