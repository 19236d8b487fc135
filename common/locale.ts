/** The two languages of the product. Russian has no path prefix; Kazakh lives under `/kk`. */
export const LOCALES = ["ru", "kk"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "ru";

/** Language tags of the specification, used in `<html lang>` and `hreflang`. */
export const LANGUAGE_TAGS: Record<Locale, string> = { ru: "ru-RU", kk: "kk-KK" };
/**
 * Tags handed to `Intl` for numbers and numeric dates. Browsers ship a reduced ICU without Kazakh
 * data (Chromium formats `kk-KZ` as `2026-11-22`, `1,234.5`), so server and browser would render
 * different text and break hydration. Kazakh writes numbers and numeric dates as Russian does
 * (`22.11.2026`, `1 234,5`), so both languages format through `ru-RU`; month names in Kazakh come
 * from the product's own table (`formatLongDate`).
 */
export const INTL_TAGS: Record<Locale, string> = { ru: "ru-RU", kk: "ru-RU" };

export const LOCALE_COOKIE = "locale";
/** The locale cookie lives 365 days (specification, section 9). */
export const LOCALE_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

export function isLocale(value: unknown): value is Locale {
  return value === "ru" || value === "kk";
}

/** The locale a path belongs to: `/kk` and `/kk/...` are Kazakh, everything else Russian. */
export function localeFromPath(pathname: string): Locale {
  return pathname === "/kk" || pathname.startsWith("/kk/") ? "kk" : "ru";
}

/** The path without its locale prefix: `/kk/news` → `/news`, `/kk` → `/`. */
export function stripLocale(pathname: string): string {
  if (pathname === "/kk") return "/";
  if (pathname.startsWith("/kk/")) return pathname.slice(3);
  return pathname;
}

/** The same page in the given locale: `localizePath('/news', 'kk')` → `/kk/news`. */
export function localizePath(pathname: string, locale: Locale): string {
  const bare = stripLocale(pathname);
  if (locale === DEFAULT_LOCALE) return bare;
  return bare === "/" ? "/kk" : `/kk${bare}`;
}

/**
 * The preferred locale from an Accept-Language header, honouring q-values.
 * Kazakh wins only when the visitor asks for it before Russian.
 */
export function localeFromAcceptLanguage(header: string | null | undefined): Locale | undefined {
  if (!header) return undefined;
  const ranked = header
    .split(",")
    .map((part, index) => {
      const [tag = "", ...rest] = part.trim().split(";");
      const q = rest.map((r) => r.trim()).find((r) => r.startsWith("q="));
      return { lang: tag.toLowerCase().split("-")[0], q: q ? Number(q.slice(2)) : 1, index };
    })
    .filter((x) => !Number.isNaN(x.q) && x.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { lang } of ranked) if (isLocale(lang)) return lang;
  return undefined;
}

/** Reads one cookie from a Cookie header. */
export function readCookie(header: string | null | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() === name) {
      try {
        return decodeURIComponent(part.slice(eq + 1).trim());
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

/**
 * The locale of a visitor with no locale in the path: the cookie first, then Accept-Language,
 * then Russian (specification: detected on first access, remembered in a cookie).
 */
export function detectLocale(cookieHeader: string | null, acceptLanguage: string | null): Locale {
  const fromCookie = readCookie(cookieHeader, LOCALE_COOKIE);
  if (isLocale(fromCookie)) return fromCookie;
  return localeFromAcceptLanguage(acceptLanguage) ?? DEFAULT_LOCALE;
}
