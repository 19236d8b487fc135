/**
 * The product's printed pages (pdfkit), the one PDF layer: A4 with the mark and the product's name
 * at the top, DejaVu Sans embedded (every Cyrillic letter of Russian and Kazakh — ә ғ қ ң ө ұ ү һ і
 * —, the tenge sign and №), tables that carry their header onto each new page, and the footer with
 * page numbers once the pages are counted (`startPdf`, `drawPdfTable`). The city's reports draw on
 * it directly; a printed document — the burial requests' confirmation, certificate and schedule,
 * the appeal's receipt — is first described as a {@link TPrintDoc} (title, sections of labelled
 * fields, a table, a QR code, a note), which the tests can read, then laid out by `renderPdf`.
 */
import { disposition } from "./file-answer.ts";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import PDFDocument from "pdfkit";
import { formatDate, translate } from "../../common/i18n.ts";
import { LANGUAGE_TAGS, type Locale } from "../../common/locale.ts";
import { drawEmblem } from "./emblem.ts";
import { qrMatrix, type TQrLevel } from "./qr.ts";

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

/**
 * Draws a table at the left margin, its header repeated on each page it runs onto; the header is
 * not left alone at a page's foot (it moves on with the first row).
 */
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

// ---------- Printed documents ----------

/** One labelled line of a document. */
export type TPrintField = { label: string; value: string };
/** A printable document, before layout: what the tests check and `renderPdf` draws. */
export type TPrintDoc = {
  locale: Locale;
  title: string;
  subtitle: string;
  sections: { heading: string; fields: TPrintField[] }[];
  table?: { columns: { label: string; width: number }[]; rows: string[][]; empty: string; total: string };
  qr?: { url: string; caption: string; hint: string };
  note?: string;
  footer: string;
  landscape?: boolean;
  issuedAt: Date;
};

/** The footer of every printed document: when and where it was made. */
export function printFooter(locale: Locale, issuedAt: Date): string {
  return translate(locale, "documents.issued", {
    date: formatDate(locale, issuedAt, true),
    brand: translate(locale, "brand.name"),
  });
}

/**
 * Draws a QR code of `url` (`server/lib/qr.ts`) as vector squares (sharp at any print size), `size`
 * points wide, at (x, y), without its quiet zone (the caller leaves it white). Documents read
 * indoors take level M; a plaque's sheet asks for the outdoor level.
 */
export function drawQr(
  doc: PDFKit.PDFDocument,
  url: string,
  x: number,
  y: number,
  size: number,
  level: TQrLevel = "M",
) {
  const m = qrMatrix(url, level);
  const cell = size / m.size;
  for (let r = 0; r < m.size; r++) {
    for (let c = 0; c < m.size; c++) {
      if (m.isDark(r, c)) doc.rect(x + c * cell, y + r * cell, cell, cell);
    }
  }
  doc.fillColor("black").fill();
}

function drawFields(doc: PDFKit.PDFDocument, sections: TPrintDoc["sections"]) {
  const left = PDF_MARGIN;
  const width = doc.page.width - 2 * PDF_MARGIN;
  const labelWidth = 170;
  const valueWidth = width - labelWidth - 10;
  for (const s of sections) {
    ensureRoom(doc, 40);
    doc.moveDown(0.6);
    doc.font("bold").fontSize(12).fillColor("black").text(s.heading, left, doc.y, { width });
    doc
      .moveTo(left, doc.y + 2)
      .lineTo(left + width, doc.y + 2)
      .lineWidth(0.5)
      .strokeColor("#999999")
      .stroke();
    doc.moveDown(0.4);
    for (const f of s.fields) {
      doc.fontSize(10.5);
      const h = Math.max(
        doc.font("regular").heightOfString(f.label, { width: labelWidth }),
        doc.font("bold").heightOfString(f.value, { width: valueWidth }),
      );
      ensureRoom(doc, h + 4);
      const y = doc.y;
      doc.font("regular").fillColor(PDF_GREY).text(f.label, left, y, { width: labelWidth });
      doc
        .font("bold")
        .fillColor("black")
        .text(f.value, left + labelWidth + 10, y, { width: valueWidth });
      doc.y = y + h + 4;
    }
  }
}

/** A document's table (`drawPdfTable`), then its total, or what is said when it has no rows. */
function drawDocTable(doc: PDFKit.PDFDocument, table: NonNullable<TPrintDoc["table"]>) {
  doc.moveDown(0.8);
  drawPdfTable(doc, { columns: table.columns, rows: table.rows.map((cells) => ({ cells })) });
  doc.moveDown(0.8);
  doc
    .font("regular")
    .fontSize(10.5)
    .fillColor("black")
    .text(table.rows.length ? table.total : table.empty, PDF_MARGIN, doc.y, {
      width: doc.page.width - 2 * PDF_MARGIN,
    });
}

function drawQrBlock(doc: PDFKit.PDFDocument, qr: NonNullable<TPrintDoc["qr"]>) {
  const size = 110;
  ensureRoom(doc, size + 20);
  doc.moveDown(1);
  const y = doc.y;
  drawQr(doc, qr.url, PDF_MARGIN, y, size);
  const textX = PDF_MARGIN + size + 16;
  const textWidth = doc.page.width - PDF_MARGIN - textX;
  doc
    .font("bold")
    .fontSize(10.5)
    .fillColor("black")
    .text(qr.caption, textX, y + 8, { width: textWidth });
  doc.moveDown(0.3);
  doc.font("regular").fontSize(9.5).fillColor(PDF_GREY).text(qr.hint, textX, doc.y, { width: textWidth });
  doc.fontSize(8).text(qr.url, textX, doc.y + 4, { width: textWidth, link: qr.url });
  doc.y = Math.max(doc.y, y + size);
}

/** Lays a document out on A4 pages (`startPdf`: the mark, numbered pages with the footer), as a PDF file. */
export function renderPdf(d: TPrintDoc, opts: { compress?: boolean } = {}): Promise<Buffer> {
  const { doc, width, finish } = startPdf({
    locale: d.locale,
    title: d.title,
    issuedAt: d.issuedAt,
    landscape: d.landscape,
    compress: opts.compress,
  });
  doc.font("bold").fontSize(17).fillColor("black").text(d.title, { width });
  doc.moveDown(0.2);
  doc.font("regular").fontSize(12).text(d.subtitle, { width });
  drawFields(doc, d.sections);
  if (d.table) drawDocTable(doc, d.table);
  if (d.qr) drawQrBlock(doc, d.qr);
  if (d.note) {
    ensureRoom(doc, 30);
    doc.moveDown(1);
    doc.font("regular").fontSize(9.5).fillColor(PDF_GREY).text(d.note, PDF_MARGIN, doc.y, { width });
  }
  return finish(d.footer);
}

/**
 * A PDF answer of an operation, shown in the browser under its readable name (`name`, any
 * letters; `asciiName` for old clients). Never cached unless `cache` says so (a document of a
 * person's data is private; a public price list may be kept briefly).
 */
export function pdfAnswer(
  c: { body: (data: Uint8Array, status: 200, headers: Record<string, string>) => Response },
  body: Buffer,
  asciiName: string,
  name: string,
  cache = "private, no-store",
): Response {
  return c.body(new Uint8Array(body), 200, {
    "Content-Type": "application/pdf",
    "Content-Disposition": disposition(`${asciiName}.pdf`, `${name}.pdf`, true),
    "Cache-Control": cache,
  });
}
