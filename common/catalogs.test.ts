import { describe, expect, it } from "vitest";
import kk from "./locales/kk.json" with { type: "json" };
import ru from "./locales/ru.json" with { type: "json" };

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
