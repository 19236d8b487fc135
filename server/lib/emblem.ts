import { readFileSync } from "node:fs";

/**
 * The product's mark, read from its one source, `public/favicon.svg` (the header draws it through CSS,
 * the browser tab shows it, the icons are made from it), so that the PDFs draw the same mark.
 * Only what the file uses is understood — a `viewBox`, `<rect>` and `<path>` with fill, stroke,
 * stroke width and line cap — and anything else is refused (`emblem.test.ts`): a mark changed in a way
 * the PDFs cannot draw fails the tests, never the PDFs quietly.
 */
export const EMBLEM_FILE = new URL("../../public/favicon.svg", import.meta.url);

export type TEmblemShape =
  | { kind: "rect"; x: number; y: number; width: number; height: number; rx: number; fill: string }
  | {
      kind: "path";
      d: string;
      fill: string | null;
      stroke: string | null;
      strokeWidth: number;
      lineCap: "butt" | "round" | "square";
    };

export type TEmblem = { size: number; shapes: TEmblemShape[] };

const DRAWN = new Set(["rect", "path"]);
const IGNORED = new Set(["svg", "title", "desc"]);

/** The shapes of an SVG mark (see above for what it may use). */
export function parseEmblem(svg: string): TEmblem {
  const text = svg.replace(/<!--[\s\S]*?-->/g, "");
  const viewBox = /<svg\b[^>]*\bviewBox="0 0 ([\d.]+) ([\d.]+)"/.exec(text);
  if (!viewBox || viewBox[1] !== viewBox[2]) throw new Error("the mark must have a square viewBox from 0 0");
  const shapes: TEmblemShape[] = [];
  for (const el of text.matchAll(/<([a-zA-Z][\w-]*)\b([^>]*)>/g)) {
    const [, name = "", rest = ""] = el;
    if (IGNORED.has(name)) continue;
    if (!DRAWN.has(name)) throw new Error(`the mark uses <${name}>, which the PDFs cannot draw`);
    const attrs = Object.fromEntries([...rest.matchAll(/([\w-]+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
    const color = (v: string | undefined) => (v === undefined || v === "none" ? null : v);
    if (name === "rect") {
      shapes.push({
        kind: "rect",
        x: Number(attrs.x ?? 0),
        y: Number(attrs.y ?? 0),
        width: Number(attrs.width),
        height: Number(attrs.height),
        rx: Number(attrs.rx ?? 0),
        fill: color(attrs.fill) ?? "#000000",
      });
    } else {
      const cap = attrs["stroke-linecap"] ?? "butt";
      if (cap !== "butt" && cap !== "round" && cap !== "square") throw new Error(`unknown line cap ${cap}`);
      shapes.push({
        kind: "path",
        d: attrs.d ?? "",
        // SVG fills a path black when it says nothing.
        fill: attrs.fill === undefined ? "#000000" : color(attrs.fill),
        stroke: color(attrs.stroke),
        strokeWidth: Number(attrs["stroke-width"] ?? 1),
        lineCap: cap,
      });
    }
  }
  return { size: Number(viewBox[1]), shapes };
}

let cached: TEmblem | null = null;

/** The mark, read once. */
export function emblem(): TEmblem {
  cached ??= parseEmblem(readFileSync(EMBLEM_FILE, "utf8"));
  return cached;
}

/** What the PDFs need of pdfkit's document to draw the mark. */
type TCanvas = {
  save(): TCanvas;
  restore(): TCanvas;
  translate(x: number, y: number): TCanvas;
  scale(f: number): TCanvas;
  roundedRect(x: number, y: number, w: number, h: number, r: number): TCanvas;
  path(d: string): TCanvas;
  fill(color: string): TCanvas;
  stroke(color: string): TCanvas;
  lineWidth(w: number): TCanvas;
  lineCap(c: "butt" | "round" | "square"): TCanvas;
};

/** Draws the mark `size` points wide with its top left corner at (x, y). */
export function drawEmblem(doc: TCanvas, x: number, y: number, size: number, mark: TEmblem = emblem()): void {
  doc
    .save()
    .translate(x, y)
    .scale(size / mark.size);
  for (const s of mark.shapes) {
    if (s.kind === "rect") {
      doc.roundedRect(s.x, s.y, s.width, s.height, s.rx).fill(s.fill);
      continue;
    }
    if (s.fill) doc.path(s.d).fill(s.fill);
    if (s.stroke) doc.path(s.d).lineWidth(s.strokeWidth).lineCap(s.lineCap).stroke(s.stroke);
  }
  doc.restore();
}
