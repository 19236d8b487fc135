/**
 * The product's printed pages (pdfkit): A4 with the mark and the product's name at the top, DejaVu
 * Sans embedded (every Cyrillic letter of Russian and Kazakh — ә ғ қ ң ө ұ ү һ і —, the tenge sign
 * and №), tables that carry their header onto each new page, and the footer with page numbers
 * once the pages are counted. The burial documents and the city's reports draw on it.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import PDFDocument from "pdfkit";
import { translate } from "../../common/i18n.ts";
import { LANGUAGE_TAGS, type Locale } from "../../common/locale.ts";
import { drawEmblem } from "./emblem.ts";

export const PDF_MARGIN = 50;
export const PDF_GREY = "#555555";
/** The mark's width in the pages' heading, in points. */
const EMBLEM_PT = 14;

const require = createRequire(import.meta.url);
let fonts: { regular: Buffer; bold: Buffer } | null = null;
/** DejaVu Sans, regular and bold, read once. */
export function pdfFonts() {
  fonts ??= {
    regular: readFileSync(require.resolve("dejavu-fonts-ttf/ttf/DejaVuSans.ttf")),
    bold: readFileSync(require.resolve("dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf")),
  };
  return fonts;
}

/** An A4 document begun: fonts `regular` and `bold` registered, the heading drawn; `finish` numbers the pages. */
export type TPdf = {
  doc: PDFKit.PDFDocument;
  /** The width between the margins, in points. */
  width: number;
  /** Draws `footer` and "page N of M" on every page, ends the document and gives its bytes. */
  finish: (footer: string) => Promise<Buffer>;
};

/** Starts a document in a locale: the mark and the product's name at the top of the first page. */
export function startPdf(opts: {
  locale: Locale;
  title: string;
  issuedAt: Date;
  landscape?: boolean;
  compress?: boolean;
}): TPdf {
  const { regular, bold } = pdfFonts();
  const doc = new PDFDocument({
    size: "A4",
    layout: opts.landscape ? "landscape" : "portrait",
    margins: { top: PDF_MARGIN, bottom: PDF_MARGIN + 20, left: PDF_MARGIN, right: PDF_MARGIN },
    compress: opts.compress ?? true,
    bufferPages: true,
    lang: LANGUAGE_TAGS[opts.locale],
    displayTitle: true,
    info: {
      Title: opts.title,
      Author: translate(opts.locale, "brand.name"),
      Creator: translate(opts.locale, "brand.name"),
      CreationDate: opts.issuedAt,
    },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("data", (c: Buffer) => chunks.push(c));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  doc.registerFont("regular", regular);
  doc.registerFont("bold", bold);
  const width = doc.page.width - 2 * PDF_MARGIN;

  // The product's mark beside its name, as in the site's header.
  drawEmblem(doc, PDF_MARGIN, PDF_MARGIN - 2, EMBLEM_PT);
  doc
    .font("regular")
    .fontSize(9)
    .fillColor(PDF_GREY)
    .text(translate(opts.locale, "brand.name"), PDF_MARGIN + EMBLEM_PT + 6, PDF_MARGIN, {
      width: width - EMBLEM_PT - 6,
    });
  doc.x = PDF_MARGIN;
  doc.y = Math.max(doc.y, PDF_MARGIN - 2 + EMBLEM_PT);
  doc.moveDown(0.5);

  const finish = (footer: string) => {
    // The footer and page numbers on every page, once the number of pages is known. Writing below
    // the bottom margin would start a new page: the margin is lifted while the footer is drawn.
    const range = doc.bufferedPageRange();
    for (let i = range.start; i < range.start + range.count; i++) {
      doc.switchToPage(i);
      const bottom = doc.page.margins.bottom;
      doc.page.margins.bottom = 0;
      const y = doc.page.height - PDF_MARGIN;
      const w = doc.page.width - 2 * PDF_MARGIN;
      const page = translate(opts.locale, "documents.page", { page: i + 1, pages: range.count });
      doc.font("regular").fontSize(8).fillColor(PDF_GREY);
      doc.text(footer, PDF_MARGIN, y, { width: w - 90, lineBreak: false });
      doc.text(page, PDF_MARGIN + w - 90, y, { width: 90, align: "right", lineBreak: false });
      doc.page.margins.bottom = bottom;
    }
    doc.end();
    return done;
  };
  return { doc, width, finish };
}

/** Starts a new page unless `height` points still fit above the bottom margin. */
export function ensureRoom(doc: PDFKit.PDFDocument, height: number) {
  if (doc.y + height > doc.page.height - doc.page.margins.bottom) doc.addPage();
}

/** A table to draw: columns with their share of the width (0..1) and alignment, rows of text. */
export type TPdfTable = {
  columns: { label: string; width: number; align?: "left" | "right" }[];
  rows: { cells: string[]; isBold?: boolean }[];
};

/** Draws a table at the left margin, its header repeated on each page it runs onto. */
export function drawPdfTable(doc: PDFKit.PDFDocument, table: TPdfTable, fontSize = 9.5) {
  const left = PDF_MARGIN;
  const width = doc.page.width - 2 * PDF_MARGIN;
  const widths = table.columns.map((c) => c.width * width);
  const pad = 4;
  const rowHeight = (cells: string[], font: "regular" | "bold") =>
    Math.max(
      ...cells.map((text, i) => doc.font(font).heightOfString(text || " ", { width: (widths[i] ?? 0) - 2 * pad })),
    );
  const drawRow = (cells: string[], font: "regular" | "bold", shade: boolean) => {
    doc.fontSize(fontSize);
    const h = rowHeight(cells, font) + 2 * pad;
    const y = doc.y;
    if (shade) doc.rect(left, y, width, h).fillColor("#eeeeee").fill();
    let x = left;
    cells.forEach((text, i) => {
      doc
        .font(font)
        .fillColor("black")
        .text(text, x + pad, y + pad, { width: (widths[i] ?? 0) - 2 * pad, align: table.columns[i]?.align ?? "left" });
      x += widths[i] ?? 0;
    });
    doc.rect(left, y, width, h).lineWidth(0.5).strokeColor("#999999").stroke();
    doc.y = y + h;
  };
  const header = table.columns.map((c) => c.label);
  doc.fontSize(fontSize);
  if (doc.y + 2 * (rowHeight(header, "bold") + 2 * pad) > doc.page.height - doc.page.margins.bottom) doc.addPage();
  drawRow(header, "bold", true);
  for (const row of table.rows) {
    const font = row.isBold ? "bold" : "regular";
    doc.fontSize(fontSize);
    if (doc.y + rowHeight(row.cells, font) + 2 * pad > doc.page.height - doc.page.margins.bottom) {
      doc.addPage();
      drawRow(header, "bold", true);
    }
    drawRow(row.cells, font, false);
  }
  doc.x = left;
}
