/**
 * The searches of `npm run bench:load`: name combinations built from the names the demo registry
 * is drawn from (`DEMO_NAMES` of the seed), as people type them — a surname alone, or a surname
 * and a given name —, each in the spellings people use: the Kazakh letters, their plain Russian
 * look-alikes (as old records and documents have them; both spellings are in the registry), and
 * Latin script (passport spelling for every name, the 2021 Kazakh Latin alphabet for Kazakh ones).
 * Surnames go with given names of the same origin and gender, as the registry holds them.
 */
import { DEMO_NAMES, feminine, toRussianSpelling } from "../server/modules/burials/burials.seed.ts";

/** Passport (ICAO-like) spelling, with y for й and ы, ya/yu for я/ю, as visas and tickets have it. */
const PASSPORT: Record<string, string> = {
  а: "a",
  б: "b",
  в: "v",
  г: "g",
  д: "d",
  е: "e",
  ё: "e",
  ж: "zh",
  з: "z",
  и: "i",
  й: "y",
  к: "k",
  л: "l",
  м: "m",
  н: "n",
  о: "o",
  п: "p",
  р: "r",
  с: "s",
  т: "t",
  у: "u",
  ф: "f",
  х: "kh",
  ц: "ts",
  ч: "ch",
  ш: "sh",
  щ: "shch",
  ъ: "",
  ы: "y",
  ь: "",
  э: "e",
  ю: "yu",
  я: "ya",
  ә: "a",
  ғ: "g",
  қ: "k",
  ң: "n",
  ө: "o",
  ұ: "u",
  ү: "u",
  һ: "h",
  і: "i",
};
/** The 2021 Kazakh Latin alphabet. */
const LATIN_2021: Record<string, string> = {
  ...PASSPORT,
  ә: "ä",
  ғ: "ğ",
  қ: "q",
  ң: "ñ",
  ө: "ö",
  ұ: "ū",
  ү: "ü",
  һ: "h",
  і: "ı",
  ж: "j",
  й: "i",
  х: "h",
  ц: "s",
  ч: "ç",
  ш: "ş",
  щ: "ş",
  ю: "iu",
  я: "ia",
};

function transliterate(text: string, table: Record<string, string>): string {
  let out = "";
  for (const ch of text) {
    const lower = ch.toLowerCase();
    const latin = table[lower];
    if (latin === undefined) out += ch;
    else out += ch === lower ? latin : latin.charAt(0).toUpperCase() + latin.slice(1);
  }
  return out;
}

export const passportLatin = (text: string) => transliterate(text, PASSPORT);
export const kazakhLatin = (text: string) => transliterate(text, LATIN_2021);

/** Every spelling of one name as typed: as written, Russian look-alikes, passport Latin, 2021 Latin (Kazakh). */
function spellings(text: string, isKazakh: boolean): string[] {
  const forms = [text, toRussianSpelling(text), text.replace(/ё/g, "е"), passportLatin(text)];
  if (isKazakh) forms.push(kazakhLatin(text));
  return forms;
}

/** The distinct searches, in a fixed order. */
export function nameQueries(): string[] {
  const out = new Set<string>();
  for (const [origin, names] of Object.entries(DEMO_NAMES)) {
    const isKazakh = origin === "kz";
    for (const surname of names.surnames) {
      for (const [form, given] of [
        [surname, names.male],
        [feminine(surname), names.female],
      ] as const) {
        for (const s of spellings(form, isKazakh)) out.add(s);
        for (const name of given) for (const s of spellings(`${form} ${name}`, isKazakh)) out.add(s);
      }
    }
  }
  return [...out];
}
