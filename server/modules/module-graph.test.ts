import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

/**
 * The modules of the server depend on each other without cycles: a module can be read, tested and
 * changed knowing only the modules below it. Every import of a module's code (its `*.ts` files,
 * tests aside) that reaches into another module is an edge `module → module`; type-only imports
 * count too, as they couple the code just the same. There is no list of allowed exceptions: any cycle
 * fails. The layers this gives are drawn in ARCHITECTURE.md (Modules in layers).
 */
const MODULES = dirname(fileURLToPath(import.meta.url));

function moduleFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return moduleFiles(path);
    return e.name.endsWith(".ts") && !e.name.endsWith(".test.ts") ? [path] : [];
  });
}

const moduleOf = (file: string) => relative(MODULES, file).split(sep)[0] as string;

/** The relative specifiers a file imports or re-exports from (static and dynamic). */
function importsOf(source: string): string[] {
  const found: string[] = [];
  const patterns = [
    /(?:^|[\s;])(?:import|export)\s[^"';]*?\sfrom\s*["']([^"']+)["']/g,
    /(?:^|[\s;])import\s*["']([^"']+)["']/g,
    /\bimport\(\s*["']([^"']+)["']\s*\)/g,
  ];
  for (const pattern of patterns) for (const m of source.matchAll(pattern)) found.push(m[1] as string);
  return found.filter((s) => s.startsWith("."));
}

type Graph = Map<string, Map<string, string[]>>;

/** module → module, each edge with the files that make it. */
function buildGraph(): Graph {
  const graph: Graph = new Map();
  for (const file of moduleFiles(MODULES)) {
    const from = moduleOf(file);
    if (from.endsWith(".ts")) continue;
    const edges = graph.get(from) ?? new Map<string, string[]>();
    graph.set(from, edges);
    for (const spec of importsOf(readFileSync(file, "utf8"))) {
      const target = resolve(dirname(file), spec);
      const rel = relative(MODULES, target);
      if (rel.startsWith("..")) continue;
      const to = moduleOf(target);
      if (to === from || to.endsWith(".ts")) continue;
      edges.set(to, [...(edges.get(to) ?? []), relative(MODULES, file)]);
    }
  }
  return graph;
}

/** Every elementary cycle's first appearance, as `a → b → … → a`, found by depth-first search. */
function cyclesOf(graph: Graph): string[][] {
  const cycles: string[][] = [];
  const seen = new Set<string>();
  const state = new Map<string, "open" | "done">();
  const stack: string[] = [];
  const visit = (node: string) => {
    state.set(node, "open");
    stack.push(node);
    for (const next of [...(graph.get(node)?.keys() ?? [])].sort()) {
      if (state.get(next) === "open") {
        const cycle = [...stack.slice(stack.indexOf(next)), next];
        const key = [...cycle.slice(0, -1)].sort().join(",");
        if (!seen.has(key)) {
          seen.add(key);
          cycles.push(cycle);
        }
      } else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(node, "done");
  };
  for (const node of [...graph.keys()].sort()) if (!state.has(node)) visit(node);
  return cycles;
}

const describeCycle = (graph: Graph, cycle: string[]) =>
  cycle
    .slice(0, -1)
    .map(
      (m, i) =>
        `${m} → ${cycle[i + 1]} (${graph
          .get(m)
          ?.get(cycle[i + 1] as string)
          ?.join(", ")})`,
    )
    .join("\n  ");

describe("the module graph", () => {
  it("reads static, re-exported, side-effect and dynamic imports", () => {
    const source = [
      'import { a } from "../x/x.ts";',
      'import type { B } from "../y/y.ts";',
      'export * from "../z/z.ts";',
      'import "../w/w.ts";',
      'const m = await import("../v/v.ts");',
      'import { c } from "drizzle-orm";',
      "import {\n  d,\n  e,\n} from '../u/u.ts';",
    ].join("\n");
    expect(importsOf(source).sort()).toEqual(
      ["../u/u.ts", "../v/v.ts", "../w/w.ts", "../x/x.ts", "../y/y.ts", "../z/z.ts"].sort(),
    );
  });

  it("finds a cycle, and none once its closing edge is gone", () => {
    const graph: Graph = new Map([
      ["a", new Map([["b", ["a/a.ts"]]])],
      ["b", new Map([["c", ["b/b.ts"]]])],
      ["c", new Map([["a", ["c/c.ts"]]])],
    ]);
    expect(cyclesOf(graph)).toEqual([["a", "b", "c", "a"]]);
    graph.set("c", new Map());
    expect(cyclesOf(graph)).toEqual([]);
  });

  it("has no cycle between the server's modules", () => {
    const graph = buildGraph();
    expect(graph.size).toBeGreaterThan(10);
    const cycles = cyclesOf(graph).map((c) => describeCycle(graph, c));
    expect(cycles, `module cycles:\n  ${cycles.join("\n\n  ")}`).toEqual([]);
  });
});
