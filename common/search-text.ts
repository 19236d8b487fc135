/**
 * How the registry search sees names (decision 007).
 *
 * Two forms of every word:
 * - its **spelling** (`spellName`): lower case, `ё` as `е`, punctuation dropped. Stored in
 *   `burials.search_name`, split into the words of the index; an exact spelling ranks first.
 * - its **key** (`foldWord`): the spelling with the letters people write interchangeably made one:
 *   Kazakh letters as their Russian look-alikes (ә→а, ғ→г, қ→к, ң→н, ө→о, ұ→у, ү→у, һ→х, і→и),
 *   й→и and э→е (how Latin script and passports write them), and the soft and hard signs
 *   dropped (Илдар and Ильдар). The database computes the same key for every dictionary word
 *   (`name_words.folded`, migration 0011, with `FOLD_FROM` and `FOLD_TO` below); a query word
 *   is looked up by its key.
 *
 * A word in Latin script (a passport, the 2021 Kazakh Latin alphabet, its 2017 and 2018 drafts)
 * is read as the Cyrillic words it may stand for (`latinReadings`), each looked up by its key.
 */

/** The letters the key folds, position by position onto `FOLD_TO`; the two signs past its end are dropped. */
export const FOLD_FROM = "әғқңөұүһійэьъ";
export const FOLD_TO = "агкноуухиие";

const FOLD: Record<string, string> = Object.fromEntries([...FOLD_FROM].map((c, i) => [c, FOLD_TO[i] ?? ""]));
const FOLD_RE = new RegExp(`[${FOLD_FROM}]`, "g");

/** The spelling of a name as stored and compared for exactness: lower case, ё as е, no punctuation. */
export function spellName(text: string): string {
  return text
    .normalize("NFC")
    .toLowerCase()
    .replace(/ё/g, "е")
    .replace(/[^\p{L}\p{N}\s-]/gu, " ")
    .replace(/\s+/g, " ")
    .trim();
}

/** The key of a spelled word (or name): what `name_words.folded` holds for it. */
export function foldWord(spelled: string): string {
  return spelled.replace(FOLD_RE, (c) => FOLD[c] as string);
}

/** The key of a name: its spelling, folded. Two names with one key are the same name to the search. */
export function foldName(text: string): string {
  return foldWord(spellName(text));
}

/**
 * Latin letters and letter pairs with the Cyrillic letters they may stand for, the likeliest
 * first: the 2021 Kazakh Latin alphabet (q, ğ, ñ, ä, ö, ü, ū, ı, ş, ç), its 2018 acute draft (á, ǵ,
 * ń, ó, ú, ý), its 2017 apostrophe draft (a', g', n', o', u', y', s', c', i'), and passport
 * (ICAO, GOST-like) spellings (zh, kh, sh, ch, ts, yu/iu, ya/ia, ye/ie, ng, ss, y, j, dj).
 * Longer pairs are tried before single letters.
 */
export const LATIN_TO_CYRILLIC: Record<string, readonly string[]> = {
  shch: ["щ"],
  sch: ["щ", "сч"],
  zh: ["ж"],
  kh: ["х"],
  sh: ["ш"],
  ch: ["ч"],
  ts: ["ц", "тс"],
  tc: ["ц"],
  dj: ["ж", "дж"],
  gh: ["ғ", "г"],
  ng: ["ң", "нг"],
  ss: ["с", "сс"],
  yu: ["ю", "ыу"],
  iu: ["ю", "иу"],
  ya: ["я", "ыа"],
  ia: ["я", "ия", "иа"],
  ye: ["е", "ые"],
  ie: ["ие", "е"],
  yo: ["ё", "ио"],
  io: ["ио", "ё"],
  "a'": ["ә"],
  "g'": ["ғ"],
  "n'": ["ң"],
  "o'": ["ө"],
  "u'": ["ү"],
  "y'": ["ұ"],
  "s'": ["ш"],
  "c'": ["ч"],
  "i'": ["й"],
  a: ["а"],
  ä: ["ә"],
  á: ["ә"],
  b: ["б"],
  c: ["к", "ц", "с"],
  ç: ["ч"],
  d: ["д"],
  e: ["е", "э"],
  é: ["е"],
  f: ["ф"],
  g: ["г"],
  ğ: ["ғ"],
  ǵ: ["ғ"],
  h: ["х", "һ"],
  i: ["и", "і", "й"],
  ı: ["ы", "і"],
  í: ["и", "й"],
  j: ["ж", "й"],
  k: ["к"],
  l: ["л"],
  m: ["м"],
  n: ["н"],
  ñ: ["ң"],
  ń: ["ң"],
  o: ["о"],
  ö: ["ө"],
  ó: ["ө"],
  p: ["п"],
  q: ["қ"],
  r: ["р"],
  s: ["с"],
  ş: ["ш"],
  t: ["т"],
  u: ["у", "ұ", "ү"],
  ū: ["ұ"],
  ü: ["ү"],
  ú: ["ү"],
  v: ["в"],
  w: ["у", "в"],
  x: ["х", "кс"],
  y: ["ы", "й", "и"],
  ý: ["ы", "ұ"],
  z: ["з"],
};

const LATIN_VOWEL = /[aeiouyäöüūıáéíóúý]/;
const Y_AFTER_VOWEL = ["й", "ы"] as const;
const LATIN_PIECES = Object.keys(LATIN_TO_CYRILLIC).sort((a, b) => b.length - a.length);
/** How many spellings of one Latin word are kept while reading it (the likeliest). */
const READINGS_BEAM = 64;
/** How many different keys of one Latin word are looked up. */
export const LATIN_KEYS = 5;

/** One way to look a query word up: its key, and the spelling that counts as exact. */
export type SearchKey = { key: string; spell: string };
/** A query word: the keys it is looked up by, the likeliest first. */
export type SearchToken = { text: string; keys: SearchKey[] };

/**
 * The Cyrillic words a Latin word may stand for, the likeliest first, as spellings with their
 * keys; one spelling per key (the likeliest one), at most `LATIN_KEYS` keys. Each letter or pair
 * costs the rank of the reading taken, so the first spelling takes every first reading.
 */
export function latinReadings(word: string): SearchKey[] {
  const w = word.normalize("NFC").toLowerCase();
  let beam: { spell: string; cost: number }[] = [{ spell: "", cost: 0 }];
  let i = 0;
  while (i < w.length) {
    const piece = LATIN_PIECES.find((p) => w.startsWith(p, i));
    if (!piece) {
      const c = w[i] as string;
      // A Cyrillic letter among Latin ones stays; apostrophes and other marks are dropped.
      if (/[\p{L}\p{N}]/u.test(c)) beam = beam.map((b) => ({ ...b, spell: b.spell + c }));
      i += 1;
      continue;
    }
    // A y between a vowel and a consonant (or the end) is most likely й: Tsoy, Dmitriy, Bayjan.
    const afterVowel = piece === "y" && LATIN_VOWEL.test(w[i - 1] ?? "") && !LATIN_VOWEL.test(w[i + 1] ?? "");
    const options = afterVowel ? Y_AFTER_VOWEL : (LATIN_TO_CYRILLIC[piece] as readonly string[]);
    // Spellings with one key read on alike: the cheapest of them is kept.
    const byKey = new Map<string, { spell: string; cost: number }>();
    for (const b of beam) {
      options.forEach((o, rank) => {
        const next = { spell: b.spell + o, cost: b.cost + rank };
        const key = foldWord(next.spell);
        const known = byKey.get(key);
        if (!known || next.cost < known.cost) byKey.set(key, next);
      });
    }
    beam = [...byKey.values()].sort((a, b) => a.cost - b.cost).slice(0, READINGS_BEAM);
    i += piece.length;
  }
  const out: SearchKey[] = [];
  for (const b of beam) {
    const spell = b.spell.replace(/ё/g, "е");
    const key = foldWord(spell);
    if (key && !out.some((k) => k.key === key)) out.push({ key, spell });
    if (out.length === LATIN_KEYS) break;
  }
  return out;
}

const LATIN = /\p{Script=Latin}/u;
const APOSTROPHES = /[’'ʼʻ`´]/g;

/**
 * The words of a search query, at most five, each of two letters or more, with the keys each is
 * looked up by. A Cyrillic word has one key; a Latin word its Latin self (a record written in
 * Latin) and its Cyrillic readings.
 */
export function searchTokens(query: string): SearchToken[] {
  const words = query
    .normalize("NFC")
    .toLowerCase()
    .replace(APOSTROPHES, "'")
    .split(/[\s-]+/);
  const tokens: SearchToken[] = [];
  for (const raw of words) {
    if (LATIN.test(raw)) {
      // Apostrophes belong to the word here: the 2017 alphabet writes ә as a', ш as s'.
      const text = spellName(raw.replace(/'/g, ""));
      if (text.replace(/[^\p{L}\p{N}]/gu, "").length < 2) continue;
      const plain = text.replace(/\s/g, "");
      const keys = [{ key: plain, spell: plain }, ...latinReadings(raw)].filter(
        (k, i, all) => all.findIndex((o) => o.key === k.key) === i,
      );
      tokens.push({ text: plain, keys });
      continue;
    }
    for (const spell of spellName(raw).split(/[\s-]+/)) {
      const key = foldWord(spell);
      if (spell.length >= 2 && key.length >= 2) tokens.push({ text: spell, keys: [{ key, spell }] });
    }
  }
  return tokens.slice(0, 5);
}
