import i18next, { type i18n, type TOptions } from "i18next";
import { INTL_TAGS, type Locale, LOCALES } from "./locale.ts";
import kk from "./locales/kk.json" with { type: "json" };
import ru from "./locales/ru.json" with { type: "json" };

/** The message catalogs. Both must hold the same keys: a test fails when one lacks a key. */
export const catalogs = { ru, kk } as const;

/**
 * One i18next instance per locale, created once and never switched, so concurrent server
 * requests in different languages never see each other's language.
 */
const instances = Object.fromEntries(
  LOCALES.map((locale) => {
    const instance = i18next.createInstance();
    void instance.init({
      lng: locale,
      fallbackLng: false,
      resources: { [locale]: { translation: catalogs[locale] } },
      interpolation: { escapeValue: false },
      initAsync: false,
      returnNull: false,
    });
    return [locale, instance];
  }),
) as Record<Locale, i18n>;

export function i18nFor(locale: Locale): i18n {
  return instances[locale];
}

/** Translates a key in a locale; a missing key shows itself, which the catalog test forbids. */
export function translate(locale: Locale, key: string, params?: TOptions): string {
  return instances[locale].t(key, params) as string;
}

/** Dates in the numeric form people write in both languages: `22.11.2026`, Almaty time. */
export function formatDate(locale: Locale, value: Date | string, withTime = false): string {
  const date = typeof value === "string" ? new Date(value) : value;
  return new Intl.DateTimeFormat(INTL_TAGS[locale], {
    day: "2-digit",
    month: "2-digit",
    year: "numeric",
    ...(withTime ? { hour: "2-digit", minute: "2-digit" } : {}),
    timeZone: "Asia/Almaty",
  }).format(date);
}

const KK_MONTHS = [
  "қаңтар",
  "ақпан",
  "наурыз",
  "сәуір",
  "мамыр",
  "маусым",
  "шілде",
  "тамыз",
  "қыркүйек",
  "қазан",
  "қараша",
  "желтоқсан",
];

/** A long date with the month's name: `22 ноября 2026 г.` / `2026 ж. 22 қараша`. */
export function formatLongDate(locale: Locale, value: Date | string): string {
  const date = typeof value === "string" ? new Date(value) : value;
  if (locale === "kk") {
    // Kazakh month names are not in browsers' ICU data; the day is taken in Almaty time.
    const parts = new Intl.DateTimeFormat("en-US", {
      timeZone: "Asia/Almaty",
      year: "numeric",
      month: "numeric",
      day: "numeric",
    }).formatToParts(date);
    const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
    return `${part("year")} ж. ${part("day")} ${KK_MONTHS[part("month") - 1]}`;
  }
  return new Intl.DateTimeFormat(INTL_TAGS[locale], {
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: "Asia/Almaty",
  }).format(date);
}

export function formatNumber(locale: Locale, value: number): string {
  return new Intl.NumberFormat(INTL_TAGS[locale]).format(value);
}

/** Tenge amounts, whole: `150 000 ₸` (the sign after the amount, as both languages write it). */
export function formatMoney(locale: Locale, value: number): string {
  const amount = new Intl.NumberFormat(INTL_TAGS[locale], { maximumFractionDigits: 0 }).format(value);
  return `${amount}\u00a0₸`;
}
