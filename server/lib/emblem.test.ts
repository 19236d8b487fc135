import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import "../../common/catalogs.ts";
import { drawEmblem, EMBLEM_FILE, emblem, parseEmblem } from "./emblem.ts";

/** The straight segments of a path's `M`, `H`, `V`, `L` commands (absolute or relative); curves are skipped. */
function straightSegments(d: string): [number, number, number, number][] {
  const out: [number, number, number, number][] = [];
  let x = 0;
  let y = 0;
  for (const [, cmd = "", args = ""] of d.matchAll(/([a-zA-Z])([^a-zA-Z]*)/g)) {
    const n = (args.match(/-?\d*\.?\d+/g) ?? []).map(Number);
    const rel = cmd === cmd.toLowerCase();
    const to = (nx: number, ny: number, draw: boolean) => {
      if (draw) out.push([x, y, nx, ny]);
      x = nx;
      y = ny;
    };
    switch (cmd.toUpperCase()) {
      case "M":
        to(rel ? x + (n[0] ?? 0) : (n[0] ?? 0), rel ? y + (n[1] ?? 0) : (n[1] ?? 0), false);
        break;
      case "L":
        to(rel ? x + (n[0] ?? 0) : (n[0] ?? 0), rel ? y + (n[1] ?? 0) : (n[1] ?? 0), true);
        break;
      case "H":
        to(rel ? x + (n[0] ?? 0) : (n[0] ?? 0), y, true);
        break;
      case "V":
        to(x, rel ? y + (n[0] ?? 0) : (n[0] ?? 0), true);
        break;
      case "C":
        // A curve moves the pen to its last point.
        to(rel ? x + (n[4] ?? 0) : (n[4] ?? 0), rel ? y + (n[5] ?? 0) : (n[5] ?? 0), false);
        break;
      default:
        break;
    }
  }
  return out;
}

/** Two strokes crossing each other inside both (a cross, a plus), not meeting at an end (a T, an L). */
function crosses(a: [number, number, number, number], b: [number, number, number, number]): boolean {
  const inside = (v: number, p: number, q: number) => v > Math.min(p, q) + 0.01 && v < Math.max(p, q) - 0.01;
  const [ax1, ay1, ax2, ay2] = a;
  const [bx1, by1, bx2, by2] = b;
  const aHorizontal = ay1 === ay2;
  const bVertical = bx1 === bx2;
  if (aHorizontal && bVertical) return inside(bx1, ax1, ax2) && inside(ay1, by1, by2);
  if (ax1 === ax2 && by1 === by2) return crosses(b, a);
  return false;
}

describe("the product's mark", () => {
  it("is one SVG file that the PDFs can draw", () => {
    const mark = emblem();
    expect(mark.size).toBe(32);
    expect(mark.shapes.length).toBeGreaterThan(1);
    expect(() => parseEmblem('<svg viewBox="0 0 32 32"><circle r="4"/></svg>')).toThrow(/circle/);
  });

  it("carries no religious sign: no two strokes cross as a cross does", () => {
    const strokes = emblem().shapes.flatMap((s) => (s.kind === "path" && s.stroke ? straightSegments(s.d) : []));
    const svg = readFileSync(EMBLEM_FILE, "utf8");
    expect(svg).not.toMatch(/[✝☦☨☩✞✟☪✡☸]/u);
    for (const a of strokes) for (const b of strokes) expect(crosses(a, b), `${a} × ${b}`).toBe(false);
    // The check itself finds the old mark's cross.
    const old = straightSegments("M13 15h6M16 12v8");
    expect(crosses(old[0] as never, old[1] as never)).toBe(true);
  });

  it("is drawn shape by shape, scaled to the size asked", () => {
    const calls: string[] = [];
    const canvas = new Proxy(
      {},
      {
        get:
          (_, name: string) =>
          (...args: unknown[]) => {
            calls.push(`${name}(${args.join(",")})`);
            return canvas;
          },
      },
    ) as Parameters<typeof drawEmblem>[0];
    drawEmblem(canvas, 50, 48, 16);
    expect(calls[0]).toBe("save()");
    expect(calls).toContain("scale(0.5)");
    expect(calls).toContain("roundedRect(0,0,32,32,8)");
    const drawn = emblem().shapes.reduce(
      (n, s) => n + (s.kind === "path" ? Number(!!s.fill) + Number(!!s.stroke) : 0),
      0,
    );
    expect(calls.filter((c) => c.startsWith("path(")).length).toBe(drawn);
    expect(calls.at(-1)).toBe("restore()");
  });
});

describe("the PDFs", () => {
  it("draw the mark in their heading, in its colours", async () => {
    const { renderPdf } = await import("../modules/burial-requests/burial-documents.ts");
    const pdf = await renderPdf(
      { locale: "ru", title: "Т", subtitle: "С", sections: [], footer: "Ф", issuedAt: new Date(0) },
      { compress: false },
    );
    const ops = Buffer.from(pdf).toString("latin1");
    // pdfkit sets a colour as its RGB components (0..1) before `scn` (fill) or `SCN` (stroke).
    const colours = [...ops.matchAll(/([\d.]+) ([\d.]+) ([\d.]+) (?:scn|SCN)\b/g)].map((m) =>
      [m[1], m[2], m[3]].map((v) => Math.round(Number(v) * 255)),
    );
    const rgb = (hex: string) => [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16));
    expect(colours).toContainEqual(rgb("#1f5c5a"));
    expect(colours).toContainEqual(rgb("#f4efe6"));
  });
});
