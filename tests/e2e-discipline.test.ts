import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// Browser tests that interact before hydration flake under load. Every spec takes `test` from
// ./fixtures.ts (its page loads wait for `<html data-hydrated="true">`), and every page a spec opens
// itself is wrapped by waitsForHydration.
const dir = path.join(import.meta.dirname, "e2e");
const specs = readdirSync(dir).filter((f) => f.endsWith(".spec.ts"));

describe("browser tests wait for hydration", () => {
  it("finds the specs", () => {
    expect(specs.length).toBeGreaterThan(5);
  });
  for (const file of specs) {
    const source = readFileSync(path.join(dir, file), "utf8");
    it(`${file} takes test from ./fixtures.ts`, () => {
      const fromPlaywright = /import\s*\{([^}]*)\}\s*from\s*"@playwright\/test"/.exec(source)?.[1] ?? "";
      expect(fromPlaywright.split(",").map((s) => s.trim())).not.toContain("test");
      expect(source).toMatch(/import\s*\{[^}]*\btest\b[^}]*\}\s*from\s*"\.\/fixtures\.ts"/);
    });
    it(`${file} wraps the pages it opens`, () => {
      const opened = source.match(/await \w+\.newPage\(\)/g) ?? [];
      const wrapped = source.match(/waitsForHydration\(await \w+\.newPage\(\)\)/g) ?? [];
      expect(wrapped.length).toBe(opened.length);
    });
  }
});
