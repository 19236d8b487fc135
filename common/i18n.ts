import { INTL_TAGS, type Locale } from "./locale.ts";

/** A message catalog: nested objects of strings, as in `common/locales/*.json`. */
export type Catalog = { [key: string]: string | Catalog };
/** Values of a message's `{{placeholders}}`; `count` also picks the plural form. */
export type TParams = Record<string, unknown> & { count?: number };
export type TFn = (key: string, params?: TParams) => string;
/** The translator of one locale. */
export type Translator = { locale: Locale; t: TFn };

/**
 * The product's own translator, in place of i18next (decision 011): the catalogs use only
 * `{{name}}` placeholders and `_one/_few/_many/_other` plurals, which take a few lines, while
 * i18next and react-i18next weighed 18 KB of every page's JavaScript and a tenth of the server's
 * rendering time. Semantics kept: keys are dot paths, a missing key shows itself (the catalog
 * test forbids one), `count` picks the form `Intl.PluralRules` names (`_zero` first for 0 when
 * present), values go in as given (React escapes them), an unknown placeholder stays as written.
 *
 * Catalogs are registered, not imported here, so the browser ships only its page's language:
 * the server registers both (`common/catalogs.ts`), the browser the one it fetched before
 * hydration (`app/lib/catalog.client.ts`).
 */
const catalogs: Partial<Record<Locale, Catalog>> = {};
const translators: Partial<Record<Locale, Translator>> = {};

export function registerCatalog(locale: Locale, catalog: Catalog) {
  catalogs[locale] = catalog;
  delete translators[locale];
}

export function hasCatalog(locale: Locale): boolean {
  return catalogs[locale] !== undefined;
}

/** Every message of a catalog by its dotted key, so a lookup is one map read (it runs per text shown). */
function flatten(catalog: Catalog, prefix = "", into = new Map<string, string>()): Map<string, string> {
  for (const [k, v] of Object.entries(catalog)) {
    if (typeof v === "string") into.set(`${prefix}${k}`, v);
    else flatten(v, `${prefix}${k}.`, into);
  }
  return into;
}

const PLACEHOLDER = /{{\s*(\w+)\s*}}/g;

function createTranslator(locale: Locale, catalog: Catalog): Translator {
  const plurals = new Intl.PluralRules(locale);
  const messages = flatten(catalog);
  const t: TFn = (key, params) => {
    let message: string | undefined;
    if (typeof params?.count === "number") {
      const count = params.count;
      message =
        (count === 0 ? messages.get(`${key}_zero`) : undefined) ??
        messages.get(`${key}_${plurals.select(count)}`) ??
        messages.get(`${key}_other`);
    }
    message ??= messages.get(key);
    if (message === undefined) return key;
    if (!params || !message.includes("{{")) return message;
    return message.replace(PLACEHOLDER, (whole, name: string) =>
      params[name] === undefined || params[name] === null ? whole : String(params[name]),
    );
  };
  return { locale, t };
}

/** The translator of a locale, created once; fails loudly when its catalog was never registered. */
export function i18nFor(locale: Locale): Translator {
  const made = translators[locale];
  if (made) return made;
  const catalog = catalogs[locale];
  if (!catalog) throw new Error(`The ${locale} catalog is not loaded`);
  const created = createTranslator(locale, catalog);
  translators[locale] = created;
  return created;
}

/** Translates a key in a locale; a missing key shows itself, which the catalog test forbids. */
export function translate(locale: Locale, key: string, params?: TParams): string {
  return i18nFor(locale).t(key, params);
}

/**
 * `Intl` formatters are costly to build (they load locale data): one per locale and form, kept,
 * instead of one per call (they took a sixth of the home page's rendering time).
 */
const formatters = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>();
function cached<T extends Intl.DateTimeFormat | Intl.NumberFormat>(key: string, make: () => T): T {
  const found = formatters.get(key) as T | undefined;
  if (found) return found;
  const made = make();
  formatters.set(key, made);
  return made;
}
const dateFormat = cached<Intl.DateTimeFormat>;
const numberFormat = cached<Intl.NumberFormat>;

/**
 * Formatted dates by locale and value: a page shows the same few dates to every visitor, and
 * formatting one in Almaty time costs more than rendering its element. Bounded: cleared when full.
 */
const formattedDates = new Map<string, string>();
function memoDate(key: string, format: () => string): string {
  const found = formattedDates.get(key);
  if (found !== undefined) return found;
  if (formattedDates.size >= 5000) formattedDates.clear();
  const text = format();
  formattedDates.set(key, text);
  return text;
}

/** Dates in the numeric form people write in both languages: `22.11.2026`, Almaty time. */
export function formatDate(locale: Locale, value: Date | string, withTime = false): string {
  if (typeof value === "string")
    return memoDate(`d:${locale}:${withTime}:${value}`, () => formatDate(locale, new Date(value), withTime));
  const date = value;
  return dateFormat(
    `date:${locale}:${withTime}`,
    () =>
      new Intl.DateTimeFormat(INTL_TAGS[locale], {
        day: "2-digit",
        month: "2-digit",
        year: "numeric",
        ...(withTime ? { hour: "2-digit", minute: "2-digit" } : {}),
        timeZone: "Asia/Almaty",
      }),
  ).format(date);
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
  if (typeof value === "string") return memoDate(`l:${locale}:${value}`, () => formatLongDate(locale, new Date(value)));
  const date = value;
  if (locale === "kk") {
    // Kazakh month names are not in browsers' ICU data; the day is taken in Almaty time.
    const parts = dateFormat(
      "parts",
      () =>
        new Intl.DateTimeFormat("en-US", {
          timeZone: "Asia/Almaty",
          year: "numeric",
          month: "numeric",
          day: "numeric",
        }),
    ).formatToParts(date);
    const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
    return `${part("year")} ж. ${part("day")} ${KK_MONTHS[part("month") - 1]}`;
  }
  return dateFormat(
    `long:${locale}`,
    () =>
      new Intl.DateTimeFormat(INTL_TAGS[locale], {
        day: "numeric",
        month: "long",
        year: "numeric",
        timeZone: "Asia/Almaty",
      }),
  ).format(date);
}

export function formatNumber(locale: Locale, value: number): string {
  return numberFormat(`number:${locale}`, () => new Intl.NumberFormat(INTL_TAGS[locale])).format(value);
}

/** Tenge amounts, whole: `150 000 ₸` (the sign after the amount, as both languages write it). */
export function formatMoney(locale: Locale, value: number): string {
  const amount = numberFormat(
    `money:${locale}`,
    () => new Intl.NumberFormat(INTL_TAGS[locale], { maximumFractionDigits: 0 }),
  ).format(value);
  return `${amount}\u00a0₸`;
}
