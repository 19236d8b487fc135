import { readdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { readCatalogs } from "../../../common/catalog-files.ts";
import { linkTo } from "../../../common/route-table.ts";
import { defineNotices, definedNotices } from "./notices.ts";

const MODULES = join(dirname(fileURLToPath(import.meta.url)), "..");
const { ru, kk } = readCatalogs();
const kindsOf = (catalog: Record<string, unknown>) =>
  (catalog.notifications as Record<string, unknown>).kind as Record<string, string>;
/** The notices' texts in the merged catalogs: an area's file may give its own kinds. */
const TEXTS: Record<string, Record<string, string>> = { ru: kindsOf(ru), kk: kindsOf(kk) };

/** Every module's notices (`*.notices.ts`), loaded so that their kinds are defined. */
beforeAll(async () => {
  const files = readdirSync(MODULES, { recursive: true, encoding: "utf8" }).filter((f) => f.endsWith(".notices.ts"));
  expect(files.length).toBeGreaterThan(5);
  for (const f of files) await import(join(MODULES, f));
});

const placeholders = (text: string) =>
  [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => (m[1] as string).replace(/_(ru|kk)$/, ""));

describe("the modules' notices", () => {
  it("each kind has its text in Russian and Kazakh, naming only the kind's parameters", () => {
    const kinds = definedNotices();
    for (const [kind, params] of kinds) {
      const names = params.map((p) => p.replace(/\?$/, ""));
      for (const locale of ["ru", "kk"] as const) {
        const text = TEXTS[locale]?.[kind];
        expect(text, `${locale}: notifications.kind.${kind}`).toBeTruthy();
        for (const p of placeholders(text as string)) expect(names, `${locale} ${kind}: {{${p}}}`).toContain(p);
      }
      // A required parameter is said in each language (else it is not needed).
      for (const p of params.filter((x) => !x.endsWith("?"))) {
        expect(placeholders(TEXTS.ru?.[kind] ?? ""), `${kind} ru uses ${p}`).toContain(p);
        expect(placeholders(TEXTS.kk?.[kind] ?? ""), `${kind} kk uses ${p}`).toContain(p);
      }
    }
  });

  it("every notification text of the catalogs is a kind some module defines", () => {
    const kinds = definedNotices();
    for (const locale of ["ru", "kk"] as const) {
      for (const key of Object.keys(TEXTS[locale] ?? {})) expect([...kinds.keys()], `${locale}: ${key}`).toContain(key);
    }
  });

  it("refuses one kind defined twice with other parameters", () => {
    expect(() => defineNotices({ welcome: ["name", "city"] })).toThrow(/defined twice/);
  });

  it("stores a value of each language under both names, and leaves out a missing optional one", () => {
    const { test_notice } = defineNotices({ test_notice: ["cemetery", "reason?"] });
    const link = linkTo("manager-cemetery-item", { id: 4 });
    expect(test_notice(7, { cemetery: { ru: "Северное", kk: "Солтүстік" } }, { link, sms: true })).toEqual({
      userId: 7,
      kind: "test_notice",
      params: { cemetery_ru: "Северное", cemetery_kk: "Солтүстік" },
      link: "/manager/cemetery/4",
      sms: true,
    });
    expect(test_notice(7, { cemetery: "Северное", reason: "ремонт" })).toEqual({
      userId: 7,
      kind: "test_notice",
      params: { cemetery: "Северное", reason: "ремонт" },
      link: null,
    });
  });
});
