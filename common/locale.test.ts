import { describe, expect, it } from "vitest";
import {
  detectLocale,
  localeFromAcceptLanguage,
  localeFromPath,
  localizePath,
  readCookie,
  stripLocale,
} from "./locale.ts";
import { normalizePhone, formatPhone, maskPhone } from "./phone.ts";
import { formatDate, formatLongDate, formatMoney, formatNumber } from "./i18n.ts";

describe("locale routing", () => {
  it("maps paths to locales and back", () => {
    expect(localeFromPath("/kk")).toBe("kk");
    expect(localeFromPath("/kk/news")).toBe("kk");
    expect(localeFromPath("/kkk")).toBe("ru");
    expect(localeFromPath("/news")).toBe("ru");
    expect(stripLocale("/kk/news/5")).toBe("/news/5");
    expect(stripLocale("/kk")).toBe("/");
    expect(localizePath("/", "kk")).toBe("/kk");
    expect(localizePath("/kk/news", "ru")).toBe("/news");
    expect(localizePath("/news", "kk")).toBe("/kk/news");
  });
  it("detects the locale from the cookie first, then Accept-Language, then Russian", () => {
    expect(detectLocale("locale=kk", "ru-RU")).toBe("kk");
    expect(detectLocale(null, "kk-KZ,kk;q=0.9,ru;q=0.8")).toBe("kk");
    expect(detectLocale(null, "ru;q=0.9,kk;q=0.5")).toBe("ru");
    expect(detectLocale(null, "en-US,en;q=0.9")).toBe("ru");
    expect(detectLocale("locale=xx", null)).toBe("ru");
    expect(localeFromAcceptLanguage("en, kk;q=0.2")).toBe("kk");
  });
  it("reads cookies", () => {
    expect(readCookie("a=1; token=abc; role=admin", "token")).toBe("abc");
    expect(readCookie("a=1", "token")).toBeUndefined();
  });
});

describe("phones", () => {
  it("normalizes what people type to E.164", () => {
    expect(normalizePhone("+7 (701) 000-00-01")).toBe("+77010000001");
    expect(normalizePhone("87010000001")).toBe("+77010000001");
    expect(normalizePhone("7010000001")).toBe("+77010000001");
    expect(normalizePhone("12345")).toBeNull();
    expect(normalizePhone("+7 (101) 000-00-01")).toBeNull();
    expect(formatPhone("+77010000001")).toBe("+7 701 000 00 01");
    expect(maskPhone("+77010000001")).toBe("+7 (701) ***-**-01");
  });
});

describe("formatting per locale", () => {
  it("formats dates and numbers as each language writes them", () => {
    const d = new Date("2026-03-05T06:00:00Z");
    expect(formatDate("ru", d)).toBe("05.03.2026");
    expect(formatDate("kk", d)).toBe("05.03.2026");
    expect(formatLongDate("kk", new Date("2026-11-21T19:30:00Z"))).toBe("2026 ж. 22 қараша");
    expect(formatLongDate("ru", new Date("2026-11-21T19:30:00Z"))).toBe("22 ноября 2026 г.");
    const spaced = (s: string) => s.replace(/\s/g, " ");
    expect(spaced(formatNumber("ru", 1234567.5))).toBe("1 234 567,5");
    expect(spaced(formatNumber("kk", 1234567.5))).toBe("1 234 567,5");
    expect(formatMoney("kk", 150000)).toContain("₸");
  });
});
