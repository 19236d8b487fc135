import { readdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import * as schemas from "../../../common/forms.ts";
import { WORKFLOWS } from "../../workflows.ts";

/**
 * The screens draw a move's form from the workflow's forms map (`common/`), and the machine checks
 * the move's input with its own schema: both must be the same schema, or a form would post what
 * the API refuses (or miss a field it needs).
 */
describe("move forms", () => {
  for (const { machine, forms } of WORKFLOWS) {
    it(`${machine.entity}: each move's input is the schema of its form`, () => {
      for (const [move, def] of Object.entries(machine.moves)) {
        const name = forms[move];
        // biome-ignore lint/performance/noDynamicNamespaceImportAccess: the schemas, looked up by name
        const schema = name ? schemas[name] : undefined;
        expect({ move, input: def.input }).toEqual({ move, input: schema });
        if (name) expect(def.input, move).toBe(schema);
      }
      for (const move of Object.keys(forms)) expect(Object.keys(machine.moves)).toContain(move);
    });
  }
  it("lists every machine of the modules", async () => {
    const modules = join(dirname(fileURLToPath(import.meta.url)), "..");
    const files = readdirSync(modules, { recursive: true, encoding: "utf8" }).filter((f) => f.endsWith(".machine.ts"));
    const defined: unknown[] = [];
    for (const f of files) {
      const exported = Object.values(await import(join(modules, f)));
      defined.push(...exported.filter((v) => typeof v === "object" && v !== null && "publicMoves" in v));
    }
    expect(defined.length).toBeGreaterThan(0);
    for (const m of defined) expect(WORKFLOWS.map((w) => w.machine)).toContain(m);
  });
});
