/**
 * The product's printed documents as PDF (pdfkit): a document is first described as a
 * {@link TPrintDoc} — a title, sections of labelled fields, a table, a QR code, a note — which the
 * tests can read, then `renderPdf` lays it out on A4 pages with the product's mark, numbered pages
 * and a footer. The fonts are DejaVu Sans, embedded (subset): every letter of Russian and Kazakh
 * (ә ғ қ ң ө ұ ү һ і), the tenge sign and №. Used by the burial requests' confirmation, certificate
 * and schedule and by the appeal's receipt.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import PDFDocument from "pdfkit";
import QRCode from "qrcode";
import { formatDate, translate } from "../../common/i18n.ts";
import { LANGUAGE_TAGS, type Locale } from "../../common/locale.ts";
import { drawEmblem } from "./emblem.ts";

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

const tr = (locale: Locale) => (key: string, params?: Record<string, string | number>) =>
  translate(locale, `documents.${key}`, params);

/** The footer of every printed document: when and where it was made. */
export function printFooter(locale: Locale, issuedAt: Date): string {
  return tr(locale)("issued", {
    date: formatDate(locale, issuedAt, true),
    brand: translate(locale, "brand.name"),
  });
}

const require = createRequire(import.meta.url);
let fonts: { regular: Buffer; bold: Buffer } | null = null;
/** DejaVu Sans: every Cyrillic letter of Russian and Kazakh (ә ғ қ ң ө ұ ү һ і), the tenge sign and №. */
function loadFonts() {
  fonts ??= {
    regular: readFileSync(require.resolve("dejavu-fonts-ttf/ttf/DejaVuSans.ttf")),
    bold: readFileSync(require.resolve("dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf")),
  };
  return fonts;
}

const MARGIN = 50;
const GREY = "#555555";
/** The mark's width in the PDFs' heading, in points. */
const EMBLEM_PT = 14;

/** Draws a QR code of `url` as vector squares (sharp at any print size), `size` points wide, at (x, y). */
function drawQr(doc: PDFKit.PDFDocument, url: string, x: number, y: number, size: number) {
  const { modules } = QRCode.create(url, { errorCorrectionLevel: "M" });
  const cell = size / modules.size;
  for (let r = 0; r < modules.size; r++) {
    for (let c = 0; c < modules.size; c++) {
      if (modules.get(r, c)) doc.rect(x + c * cell, y + r * cell, cell, cell);
    }
  }
  doc.fillColor("black").fill();
}

function ensureRoom(doc: PDFKit.PDFDocument, height: number) {
  if (doc.y + height > doc.page.height - doc.page.margins.bottom) doc.addPage();
}

function drawFields(doc: PDFKit.PDFDocument, sections: TPrintDoc["sections"]) {
  const left = MARGIN;
  const width = doc.page.width - 2 * MARGIN;
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
      doc.font("regular").fillColor(GREY).text(f.label, left, y, { width: labelWidth });
      doc
        .font("bold")
        .fillColor("black")
        .text(f.value, left + labelWidth + 10, y, { width: valueWidth });
      doc.y = y + h + 4;
    }
  }
}

function drawTable(doc: PDFKit.PDFDocument, table: NonNullable<TPrintDoc["table"]>) {
  const left = MARGIN;
  const width = doc.page.width - 2 * MARGIN;
  const widths = table.columns.map((c) => c.width * width);
  const pad = 4;
  const rowHeight = (cells: string[], font: "regular" | "bold") =>
    Math.max(
      ...cells.map((text, i) => doc.font(font).heightOfString(text || " ", { width: (widths[i] ?? 0) - 2 * pad })),
    );
  const drawRow = (cells: string[], font: "regular" | "bold", shade: boolean) => {
    doc.fontSize(9.5);
    const h = rowHeight(cells, font) + 2 * pad;
    const y = doc.y;
    if (shade) doc.rect(left, y, width, h).fillColor("#eeeeee").fill();
    let x = left;
    cells.forEach((text, i) => {
      doc
        .font(font)
        .fillColor("black")
        .text(text, x + pad, y + pad, { width: (widths[i] ?? 0) - 2 * pad });
      x += widths[i] ?? 0;
    });
    doc.rect(left, y, width, h).lineWidth(0.5).strokeColor("#999999").stroke();
    doc.y = y + h;
  };
  const header = table.columns.map((c) => c.label);
  doc.moveDown(0.8);
  drawRow(header, "bold", true);
  for (const row of table.rows) {
    doc.fontSize(9.5);
    if (doc.y + rowHeight(row, "regular") + 2 * pad > doc.page.height - doc.page.margins.bottom) {
      doc.addPage();
      drawRow(header, "bold", true);
    }
    drawRow(row, "regular", false);
  }
  doc.moveDown(0.8);
  doc
    .font("regular")
    .fontSize(10.5)
    .fillColor("black")
    .text(table.rows.length ? table.total : table.empty, left, doc.y, { width });
}

function drawQrBlock(doc: PDFKit.PDFDocument, qr: NonNullable<TPrintDoc["qr"]>) {
  const size = 110;
  ensureRoom(doc, size + 20);
  doc.moveDown(1);
  const y = doc.y;
  drawQr(doc, qr.url, MARGIN, y, size);
  const textX = MARGIN + size + 16;
  const textWidth = doc.page.width - MARGIN - textX;
  doc
    .font("bold")
    .fontSize(10.5)
    .fillColor("black")
    .text(qr.caption, textX, y + 8, { width: textWidth });
  doc.moveDown(0.3);
  doc.font("regular").fontSize(9.5).fillColor(GREY).text(qr.hint, textX, doc.y, { width: textWidth });
  doc.fontSize(8).text(qr.url, textX, doc.y + 4, { width: textWidth, link: qr.url });
  doc.y = Math.max(doc.y, y + size);
}

/** Lays a document out on A4 pages (DejaVu Sans, numbered pages with the footer), as a PDF file. */
export function renderPdf(d: TPrintDoc, opts: { compress?: boolean } = {}): Promise<Buffer> {
  const { regular, bold } = loadFonts();
  const doc = new PDFDocument({
    size: "A4",
    layout: d.landscape ? "landscape" : "portrait",
    margins: { top: MARGIN, bottom: MARGIN + 20, left: MARGIN, right: MARGIN },
    compress: opts.compress ?? true,
    bufferPages: true,
    lang: LANGUAGE_TAGS[d.locale],
    displayTitle: true,
    info: {
      Title: d.title,
      Author: translate(d.locale, "brand.name"),
      Creator: translate(d.locale, "brand.name"),
      CreationDate: d.issuedAt,
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
  const width = doc.page.width - 2 * MARGIN;

  // The product's mark beside its name, as in the site's header.
  drawEmblem(doc, MARGIN, MARGIN - 2, EMBLEM_PT);
  doc
    .font("regular")
    .fontSize(9)
    .fillColor(GREY)
    .text(translate(d.locale, "brand.name"), MARGIN + EMBLEM_PT + 6, MARGIN, { width: width - EMBLEM_PT - 6 });
  doc.x = MARGIN;
  doc.y = Math.max(doc.y, MARGIN - 2 + EMBLEM_PT);
  doc.moveDown(0.5);
  doc.font("bold").fontSize(17).fillColor("black").text(d.title, { width });
  doc.moveDown(0.2);
  doc.font("regular").fontSize(12).text(d.subtitle, { width });
  drawFields(doc, d.sections);
  if (d.table) drawTable(doc, d.table);
  if (d.qr) drawQrBlock(doc, d.qr);
  if (d.note) {
    ensureRoom(doc, 30);
    doc.moveDown(1);
    doc.font("regular").fontSize(9.5).fillColor(GREY).text(d.note, MARGIN, doc.y, { width });
  }

  // The footer and page numbers on every page, once the number of pages is known. Writing below
  // the bottom margin would start a new page: the margin is lifted while the footer is drawn.
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    const y = doc.page.height - MARGIN;
    const page = tr(d.locale)("page", { page: i + 1, pages: range.count });
    doc.font("regular").fontSize(8).fillColor(GREY);
    doc.text(d.footer, MARGIN, y, { width: width - 90, lineBreak: false });
    doc.text(page, MARGIN + width - 90, y, { width: 90, align: "right", lineBreak: false });
    doc.page.margins.bottom = bottom;
  }
  doc.end();
  return done;
}
