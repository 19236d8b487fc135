import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { catalogPartProblems, readCatalogParts, readCatalogs } from "./catalog-files.ts";

/** The catalogs as the server and the browser get them: each language's files merged. */
const { ru, kk } = readCatalogs();

/** Flattens a catalog to its keys, with plural forms folded (`x_one`, `x_few` → `x`). */
function keys(obj: Record<string, unknown>, prefix = ""): string[] {
  return Object.entries(obj).flatMap(([k, v]) => {
    const path = prefix ? `${prefix}.${k}` : k;
    if (v && typeof v === "object") return keys(v as Record<string, unknown>, path);
    if (typeof v !== "string" || v.trim() === "") return [`${path} (empty)`];
    return [path.replace(/_(zero|one|two|few|many|other)$/, "")];
  });
}

describe("message catalogs", () => {
  it("have the same keys in Russian and Kazakh, none empty", () => {
    const ruKeys = new Set(keys(ru));
    const kkKeys = new Set(keys(kk));
    expect(
      [...ruKeys].filter((k) => !kkKeys.has(k)),
      "missing in kk",
    ).toEqual([]);
    expect(
      [...kkKeys].filter((k) => !ruKeys.has(k)),
      "missing in ru",
    ).toEqual([]);
  });

  it("give every plural the forms its language needs", () => {
    const flat = (o: Record<string, unknown>, p = ""): string[] =>
      Object.entries(o).flatMap(([k, v]) =>
        v && typeof v === "object" ? flat(v as Record<string, unknown>, `${p}${k}.`) : [`${p}${k}`],
      );
    const ruAll = flat(ru);
    const kkAll = flat(kk);
    for (const base of new Set(
      ruAll.filter((k) => /_(one|few|many|other)$/.test(k)).map((k) => k.replace(/_(one|few|many|other)$/, "")),
    )) {
      for (const form of ["one", "few", "many", "other"]) expect(ruAll).toContain(`${base}_${form}`);
      for (const form of ["one", "other"]) expect(kkAll).toContain(`${base}_${form}`);
    }
  });

  it("use the same placeholders in both languages", () => {
    const placeholders = (s: string) => [...s.matchAll(/{{(\w+)}}/g)].map((m) => m[1]).sort();
    const walk = (a: Record<string, unknown>, b: Record<string, unknown>, path: string) => {
      for (const [k, v] of Object.entries(a)) {
        const other = b[k];
        if (typeof v === "string" && typeof other === "string") {
          expect(placeholders(other), `${path}${k}`).toEqual(placeholders(v));
        } else if (v && typeof v === "object" && other && typeof other === "object") {
          walk(v as Record<string, unknown>, other as Record<string, unknown>, `${path}${k}.`);
        }
      }
    };
    walk(ru, kk, "");
  });
});

describe("the catalogs' files (common/locales)", () => {
  it("give every key in one file only, and every file its twin in the other language", () => {
    const parts = readCatalogParts();
    expect(parts.filter((p) => p.area === null).map((p) => p.file)).toEqual(["kk.json", "ru.json"]);
    expect(catalogPartProblems(parts)).toEqual([]);
  });

  let dir: string | undefined;
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
    dir = undefined;
  });
  const folder = (files: Record<string, unknown>) => {
    dir = mkdtempSync(path.join(tmpdir(), "mazar-locales-"));
    mkdirSync(dir, { recursive: true });
    for (const [name, content] of Object.entries(files)) writeFileSync(path.join(dir, name), JSON.stringify(content));
    return dir;
  };
  const shared = { "ru.json": { a: { x: "икс" } }, "kk.json": { a: { x: "икс" } } };

  it("merge an area's keys into the shared groups", () => {
    const merged = readCatalogs(
      folder({ ...shared, "area.ru.json": { a: { y: "игрек" }, b: "бэ" }, "area.kk.json": { a: { y: "y" }, b: "b" } }),
    );
    expect(merged.ru).toEqual({ a: { x: "икс", y: "игрек" }, b: "бэ" });
    expect(merged.kk).toEqual({ a: { x: "икс", y: "y" }, b: "b" });
  });

  it("refuse a key given by two files, a key that is another file's group, a file without its twin", () => {
    const problems = catalogPartProblems(
      readCatalogParts(
        folder({
          ...shared,
          "one.ru.json": { a: { x: "снова" } },
          "one.kk.json": { a: "группа" },
          "two.ru.json": { c: "це" },
        }),
      ),
    );
    expect(problems).toEqual([
      "two: no two.kk.json",
      "a.x: defined in ru.json and one.ru.json",
      "a: defined in kk.json and one.kk.json",
    ]);
    expect(() => readCatalogs(dir)).toThrow(/a\.x: defined in ru\.json and one\.ru\.json/);
  });

  it("refuse a file not named as a catalog's", () => {
    expect(() => readCatalogParts(folder({ ...shared, "appeals.en.json": {} }))).toThrow(/appeals\.en\.json/);
  });
});
