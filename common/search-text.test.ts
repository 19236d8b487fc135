import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  FOLD_FROM,
  FOLD_TO,
  foldName,
  foldWord,
  LATIN_KEYS,
  latinReadings,
  searchTokens,
  spellName,
} from "./search-text.ts";

/** The keys a query word is looked up by. */
const keysOf = (query: string) => searchTokens(query).map((t) => t.keys.map((k) => k.key));

describe("name spelling and keys", () => {
  it("spells a name in lower case with ё as е and no punctuation, keeping Kazakh letters and signs", () => {
    expect(spellName("  Жұмабаев  Ильдар-Ёлкин (Д'Арк) ")).toBe("жұмабаев ильдар-елкин д арк");
    expect(spellName("ФЁДОРОВ Пётр")).toBe("федоров петр");
  });
  it("gives Kazakh letters, й, э and the spellings with and without soft or hard signs one key", () => {
    expect(foldName("Жұмабаев")).toBe(foldName("Жумабаев"));
    expect(foldName("Әлиев")).toBe(foldName("Алиев"));
    expect(foldName("Сейтқали Нұрлан Бекұлы")).toBe("сеиткали нурлан бекулы");
    expect(foldName("Ғабит Өмірзақ Үсенов Һ")).toBe("габит омирзак усенов х");
    expect(foldName("Фёдоров")).toBe("федоров");
    expect(foldName("Ильдар")).toBe(foldName("Илдар"));
    expect(foldName("Подъячев Эльмира")).toBe("подячев елмира");
    // Letters that are not folded stay apart.
    expect(foldName("Быков")).not.toBe(foldName("Биков"));
  });
  it("folds exactly as the database's key column does (the same letters in the migration)", () => {
    expect([...FOLD_TO].length).toBe([...FOLD_FROM].length - 2);
    expect(foldWord(FOLD_FROM)).toBe(FOLD_TO);
    const migration = readFileSync(
      new URL("../server/db/migrations/0011_search_spelling.sql", import.meta.url),
      "utf8",
    );
    expect(migration).toContain(`translate(word, '${FOLD_FROM}', '${FOLD_TO}')`);
  });
});

describe("query words", () => {
  it("splits a query into at most five words of two letters or more, each with its key and spelling", () => {
    expect(searchTokens("  Иванов  И.  Пётр-Иван a").map((t) => t.text)).toEqual(["иванов", "петр", "иван"]);
    expect(searchTokens("один два три четыре пять шесть")).toHaveLength(5);
    expect(searchTokens("Ильдар")).toEqual([{ text: "ильдар", keys: [{ key: "илдар", spell: "ильдар" }] }]);
    // A word that folds to a single letter would match half the dictionary: it is left out.
    expect(searchTokens("иь Ли")).toEqual([{ text: "ли", keys: [{ key: "ли", spell: "ли" }] }]);
  });

  it("reads passport spellings as the Cyrillic names they stand for, the likeliest first", () => {
    const first = (word: string) => latinReadings(word)[0];
    expect(first("Zhumabaev")).toEqual({ key: "жумабаев", spell: "жумабаев" });
    expect(first("Kongyrbayev")?.key).toBe(foldName("Қоңырбаев"));
    expect(first("Seitkassymov")?.key).toBe(foldName("Сейтқасымов"));
    expect(first("Nurzhan")?.key).toBe(foldName("Нұржан"));
    expect(first("Khabibullin")?.key).toBe(foldName("Хабибуллин"));
    expect(first("Shcherbakova")?.key).toBe(foldName("Щербакова"));
    expect(first("Chernyshev")?.key).toBe(foldName("Чернышев"));
    expect(first("Yuldashev")?.key).toBe(foldName("Юлдашев"));
    expect(first("Tsoy")?.key).toBe(foldName("Цой"));
    expect(first("Dmitriy")?.key).toBe(foldName("Дмитрий"));
    // Less likely readings follow: "ng" as н+г, "ss" as сс, "ia" as ия.
    expect(latinReadings("Kongyrbayev").map((k) => k.key)).toContain("конгырбаев");
    expect(latinReadings("Kassymov").map((k) => k.key)).toContain("кассымов");
    expect(latinReadings("Maria").map((k) => k.key)).toContain("мария");
    expect(latinReadings("Aliya")[0]?.key).toBe("алия");
  });

  it("reads the 2021 Kazakh Latin alphabet and its 2017 (apostrophe) and 2018 (acute) drafts", () => {
    const first = (word: string) => latinReadings(word)[0];
    expect(first("Qoñyrbaev")).toEqual({ key: "конырбаев", spell: "қоңырбаев" });
    expect(first("Ğalym")).toEqual({ key: "галым", spell: "ғалым" });
    expect(first("Jumabaev")?.key).toBe(foldName("Жұмабаев"));
    expect(first("Äliev")?.spell).toBe("әлиев");
    expect(first("Ömirzaq")?.spell).toBe("өмирзақ");
    expect(first("Ūlan")?.spell).toBe("ұлан");
    expect(first("Şoqan")?.spell).toBe("шоқан");
    expect(first("Qon'yrbaev")?.spell).toBe("қоңырбаев");
    expect(first("S'oqan")?.spell).toBe("шоқан");
    expect(first("Qońyrbaev")?.spell).toBe("қоңырбаев");
    expect(first("Ǵalym")?.spell).toBe("ғалым");
  });

  it("looks a Latin word up as itself and as at most a few Cyrillic keys", () => {
    const [keys] = keysOf("Kongyrbayev");
    expect(keys?.[0]).toBe("kongyrbayev");
    expect(keys?.length).toBeLessThanOrEqual(LATIN_KEYS + 1);
    expect(new Set(keys).size).toBe(keys?.length);
    // Curly apostrophes of phones and editors are apostrophes too.
    expect(searchTokens("Qon’yrbaev Ǵalym").map((t) => t.keys[1]?.spell)).toEqual(["қоңырбаев", "ғалым"]);
    // A Cyrillic word keeps its single key.
    expect(keysOf("Жұмабаев")).toEqual([["жумабаев"]]);
  });
});
