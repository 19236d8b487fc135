import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { documentTexts, INSTRUCTIONS } from "../app/content/instructions.ts";
import { PRIVACY } from "../app/content/privacy.ts";
import { readCatalogs } from "./catalog-files.ts";
import glossary from "./glossary.kk.json" with { type: "json" };

/**
 * The Kazakh catalog (its files in `common/locales`, merged) follows the glossary
 * (`common/glossary.kk.json`): where the Russian text of a key names a term, the Kazakh text uses
 * the term's word; a forbidden variant appears nowhere (the appeal's «өтініш» only in a text about
 * an appeal). Words are matched on their beginnings, so every
 * inflection counts; an all-capital stem (an abbreviation) is matched as written, the others in any case.
 */
type TTerm = (typeof glossary.terms)[number];

/** A word beginning with `stem`: not preceded by a letter or digit. */
const startsWord = (stem: string) => new RegExp(`(?<![\\p{L}\\p{N}])${stem}`, stem === stem.toUpperCase() ? "u" : "iu");

const has = (text: string, stems: readonly string[]) => stems.some((s) => startsWord(s).test(text));

/** Every text of a catalog by its key (`a.b.c`). */
function texts(obj: Record<string, unknown>, prefix = ""): [string, string][] {
  return Object.entries(obj).flatMap(([k, v]): [string, string][] => {
    const path = prefix ? `${prefix}.${k}` : k;
    if (v && typeof v === "object") return texts(v as Record<string, unknown>, path);
    return typeof v === "string" ? [[path, v]] : [];
  });
}

/** A text about an appeal to the akimat: a key of the appeals area, or a Russian text about an appeal. */
const APPEAL_RU = glossary.terms.find((t) => t.id === "appeal")?.ru ?? [];
const isAboutAppeal = (key: string, ruText: string) =>
  key.split(".").some((segment) => segment.startsWith("appeal")) || has(ruText, APPEAL_RU);

/** What breaks the glossary in one text: `[key, rule]` pairs. */
function breaches(key: string, kkText: string, ruText: string, terms: readonly TTerm[]): string[] {
  const out: string[] = [];
  for (const term of terms) {
    if (term.ru.length && has(ruText, term.ru) && !has(kkText, term.kk)) {
      out.push(`${key}: the Russian text says ${term.ru.join("/")}…, the Kazakh one lacks «${term.term}»`);
    }
    for (const f of term.forbidden) {
      if (!startsWord(f.kk).test(kkText)) continue;
      if ("unlessAppeal" in f && f.unlessAppeal && isAboutAppeal(key, ruText)) continue;
      out.push(`${key}: «${f.kk}…» (${term.id}: ${f.why})`);
    }
  }
  return out;
}

const { ru, kk } = readCatalogs();
const ruTexts = new Map(texts(ru));

describe("the Kazakh glossary", () => {
  it("is well formed: one entry per term, each with its word and its reasons", () => {
    const ids = glossary.terms.map((t) => t.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const t of glossary.terms) {
      expect(t.kk.length, t.id).toBeGreaterThan(0);
      expect(has(t.term, t.kk), `${t.id}: its word matches its own stems`).toBe(true);
      for (const f of t.forbidden) expect(f.why, `${t.id}: ${f.kk}`).toBeTruthy();
    }
    // The two words the product most often confused.
    const word = (id: string) => glossary.terms.find((t) => t.id === id)?.term;
    expect([word("request"), word("appeal")]).toEqual(["өтінім", "өтініш"]);
  });

  it("is followed by every text of the Kazakh catalog", () => {
    const found = texts(kk).flatMap(([key, text]) => breaches(key, text, ruTexts.get(key) ?? "", glossary.terms));
    expect(found).toEqual([]);
  });

  it("is followed by the Kazakh long texts (instructions, privacy notice), paired with their Russian", () => {
    const pairs = (doc: "instructions" | "privacy") => {
      const src = doc === "instructions" ? INSTRUCTIONS : PRIVACY;
      const flat = (l: "ru" | "kk") => documentTexts(src[l]);
      const [r, k] = [flat("ru"), flat("kk")];
      return k.map((text, i) => [`${doc}#${i}`, text, r[i] ?? ""] as const);
    };
    const found = [...pairs("instructions"), ...pairs("privacy")].flatMap(([key, text, ruText]) =>
      breaches(key, text, ruText, glossary.terms),
    );
    expect(found).toEqual([]);
  });

  it('is followed by the Kazakh texts written in the screens\' code (page titles: `isKk ? "…" : "…"`)', () => {
    const app = new URL("../app/", import.meta.url);
    const files = readdirSync(app, { recursive: true, encoding: "utf8" }).filter(
      (f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f),
    );
    // A Kazakh literal chosen against its Russian twin by the page's language.
    const pair = /(?:\bisKk|\bkk|startsWith\("\/kk"\)\)?)\s*\?\s*(["`])([^"`]*)\1\s*:\s*(["`])([^"`]*)\3/gu;
    const found = files.flatMap((f) =>
      [...readFileSync(new URL(f, app), "utf8").matchAll(pair)].flatMap((m) =>
        breaches(`app/${f}: ${m[2]}`, m[2] as string, m[4] as string, glossary.terms),
      ),
    );
    expect(found).toEqual([]);
  });

  it("catches the confusions it is for, and lets an appeal say өтініш", () => {
    const terms = glossary.terms;
    expect(breaches("manager.inbox.title", "Келушілердің өтініштері", "Заявки посетителей", terms)).toHaveLength(2);
    expect(breaches("manager.inbox.title", "Келушілердің өтінімдері", "Заявки посетителей", terms)).toEqual([]);
    expect(breaches("contacts.appeal_title", "Әкімдікке өтініш", "Обращение в акимат", terms)).toEqual([]);
    expect(breaches("appeals.sent", "Өтінішіңіз жіберілді", "Ваша жалоба отправлена", terms)).toEqual([]);
    // A request renamed into the appeals area still says «заявка» in Russian: it must say өтінім.
    expect(breaches("appeals.request", "Өтініш жіберілді", "Заявка отправлена", terms)).not.toEqual([]);
    expect(breaches("booking.x", "№ 5 бронь төленді", "Бронь № 5 оплачена", terms)).toHaveLength(2);
    expect(breaches("booking.x", "№ 5 брондау төленді", "Бронь № 5 оплачена", terms)).toEqual([]);
    expect(breaches("booking.x", "Отбасылық бейіт", "Семейная могила", terms)).toHaveLength(2);
    expect(breaches("x", "Марқұмның ИИН", "ИИН умершего", terms)).toHaveLength(2);
    // An application to a state body is өтініш, as the law names it.
    expect(breaches("x", "Өтінішті туыстары береді", "Заявление подают родственники", terms)).toEqual([]);
  });
});
