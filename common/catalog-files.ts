import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Catalog } from "./i18n.ts";
import { isLocale, LOCALES, type Locale } from "./locale.ts";

/**
 * Where the words live: one folder, each language's catalog made of files of its own.
 * - `ru.json`, `kk.json`: the words every area shares (buttons, navigation, errors, validation…);
 * - `<area>.ru.json`, `<area>.kk.json`: an area's own words (`appeals.ru.json`), so areas built side
 *   by side never edit the same file. A new area adds its two files here: nothing else to edit.
 *
 * A key belongs to one file: an area file may add keys under a shared group (`notifications.kind.
 * appeal_registered`, `errors.appeal_not_found`), never give a key another file defines. Node only
 * (the server, the tests, the Vite plugin that serves the browser one merged file per language).
 */
export const LOCALES_DIR = fileURLToPath(new URL("./locales/", import.meta.url));

/** A catalog file's name: `ru.json` (shared) or `<area>.ru.json`. */
const PART_FILE = /^(?:([a-z][a-z0-9-]*)\.)?([a-z]{2})\.json$/;

/** One file of a language's catalog. */
export type TCatalogPart = { file: string; area: string | null; locale: Locale; catalog: Catalog };

/** The catalog files of a folder, shared ones first, then areas by name (the merge's order). */
export function readCatalogParts(dir = LOCALES_DIR): TCatalogPart[] {
  const parts: TCatalogPart[] = [];
  for (const file of readdirSync(dir).sort()) {
    if (!file.endsWith(".json")) continue;
    const match = PART_FILE.exec(file);
    const locale = match?.[2];
    if (!match || !isLocale(locale)) {
      throw new Error(`${file}: a catalog file is named ru.json, kk.json, <area>.ru.json or <area>.kk.json`);
    }
    const catalog = JSON.parse(readFileSync(path.join(dir, file), "utf8")) as Catalog;
    parts.push({ file, area: match[1] ?? null, locale, catalog });
  }
  return parts.sort((a, b) => Number(a.area !== null) - Number(b.area !== null) || a.file.localeCompare(b.file));
}

/**
 * Problems of a set of parts: an area with one language only, a key given by two files (or a key
 * in one file that is a group in another). Empty when the parts merge cleanly.
 */
export function catalogPartProblems(parts: readonly TCatalogPart[]): string[] {
  const problems: string[] = [];
  const areas = new Set(parts.map((p) => p.area));
  for (const area of areas) {
    for (const locale of LOCALES) {
      if (!parts.some((p) => p.area === area && p.locale === locale)) {
        problems.push(`${area ?? "the shared words"}: no ${area ? `${area}.` : ""}${locale}.json`);
      }
    }
  }
  for (const locale of LOCALES) {
    // Every key (leaf or group) with the file that gave it.
    const owners = new Map<string, { file: string; leaf: boolean }>();
    const walk = (file: string, catalog: Catalog, prefix: string) => {
      for (const [k, v] of Object.entries(catalog)) {
        const key = `${prefix}${k}`;
        const leaf = typeof v === "string";
        const before = owners.get(key);
        if (before && (before.leaf || leaf)) {
          problems.push(`${key}: defined in ${before.file} and ${file}`);
          continue;
        }
        if (!before) owners.set(key, { file, leaf });
        if (!leaf) walk(file, v, `${key}.`);
      }
    };
    for (const part of parts) if (part.locale === locale) walk(part.file, part.catalog, "");
  }
  return problems;
}

function mergeInto(target: Catalog, source: Catalog) {
  for (const [k, v] of Object.entries(source)) {
    const existing = target[k];
    if (typeof v !== "string" && existing !== undefined && typeof existing !== "string") mergeInto(existing, v);
    else target[k] = typeof v === "string" ? v : mergeInto({}, v);
  }
  return target;
}

/** Each language's catalog, its parts merged; fails on any of `catalogPartProblems`. */
export function mergeCatalogParts(parts: readonly TCatalogPart[]): Record<Locale, Catalog> {
  const problems = catalogPartProblems(parts);
  if (problems.length) throw new Error(`The catalogs in common/locales do not merge:\n${problems.join("\n")}`);
  const merged = { ru: {}, kk: {} } as Record<Locale, Catalog>;
  for (const part of parts) mergeInto(merged[part.locale], part.catalog);
  return merged;
}

/** Both languages' catalogs, read and merged from `common/locales`. */
export function readCatalogs(dir = LOCALES_DIR): Record<Locale, Catalog> {
  return mergeCatalogParts(readCatalogParts(dir));
}
