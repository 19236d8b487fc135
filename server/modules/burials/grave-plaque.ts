/**
 * The printable sheet of a grave's QR plaque (decision 027): an A4 page with the plaque at its real
 * size (7.5 × 7.5 cm, the usual size of a headstone's QR plate) inside cut marks, and a larger copy
 * for an engraver to work from. Each holds the deceased's name and years, the QR code of the
 * grave's short address (level Q, for outdoors) and the address as text under it, so a visitor
 * without a camera can type it. Drawn with the product's PDF layer (DejaVu Sans: every Kazakh letter).
 */
import { translate } from "../../../common/i18n.ts";
import type { Locale } from "../../../common/locale.ts";
import { PDF_GREY, PDF_MARGIN, drawQr, startPdf } from "../../lib/pdf.ts";
import { QR_LEVEL, QR_QUIET_ZONE, qrMatrix } from "../../lib/qr.ts";

/** Points in a millimetre (PDF points are 1/72 inch). */
export const PT_PER_MM = 72 / 25.4;
/** The plaque's real side: 75 mm. */
export const PLAQUE_MM = 75;

/** What a plaque shows. */
export type TPlaque = {
  /** The deceased's full name. */
  name: string;
  /** `1950 – 2020`. */
  years: string;
  /** The short address in full (`https://…/g/0001Z`): what the code holds. */
  url: string;
  /** The same address as printed under the code, without the scheme. */
  address: string;
};

/** Cut marks outside a square's corners: short lines along its edges, clear of the square itself. */
function cutMarks(doc: PDFKit.PDFDocument, x: number, y: number, side: number) {
  const gap = 4;
  const len = 12;
  doc.lineWidth(0.5).strokeColor("#000000");
  for (const [cx, cy, dx, dy] of [
    [x, y, -1, -1],
    [x + side, y, 1, -1],
    [x, y + side, -1, 1],
    [x + side, y + side, 1, 1],
  ] as const) {
    doc
      .moveTo(cx + dx * gap, cy)
      .lineTo(cx + dx * (gap + len), cy)
      .stroke();
    doc
      .moveTo(cx, cy + dy * gap)
      .lineTo(cx, cy + dy * (gap + len))
      .stroke();
  }
}

/** The largest font size (down to `min`) at which `text` fits `lines` lines of `width`. */
function fitSize(doc: PDFKit.PDFDocument, text: string, width: number, start: number, min: number, lines: number) {
  let size = start;
  for (; size > min; size -= 0.5) {
    doc.font("bold").fontSize(size);
    if (doc.heightOfString(text, { width }) <= size * 1.25 * lines) break;
  }
  return size;
}

/** Draws one plaque, `side` points square, at (x, y): a thin frame, the name, the years, the code, the address. */
export function drawPlaque(doc: PDFKit.PDFDocument, p: TPlaque, x: number, y: number, side: number) {
  const k = side / (PLAQUE_MM * PT_PER_MM);
  const pad = 7 * k;
  const inner = side - 2 * pad;
  doc.rect(x, y, side, side).lineWidth(0.4).strokeColor("#999999").stroke();
  const nameSize = fitSize(doc, p.name, inner, 11 * k, 6 * k, 2);
  doc.font("bold").fontSize(nameSize).fillColor("black");
  const nameHeight = Math.min(doc.heightOfString(p.name, { width: inner }), nameSize * 1.25 * 2);
  doc.text(p.name, x + pad, y + pad, { width: inner, align: "center", height: nameHeight, ellipsis: true });
  const yearsY = y + pad + nameHeight + 1 * k;
  doc
    .font("regular")
    .fontSize(9 * k)
    .text(p.years, x + pad, yearsY, { width: inner, align: "center" });
  const addressSize = 7 * k;
  // The code takes the room left, its quiet zone included (white, inside the plaque).
  const codeTop = yearsY + 9 * k * 1.3;
  const codeBottom = y + side - pad - addressSize * 1.4;
  const m = qrMatrix(p.url, QR_LEVEL);
  const total = Math.min(codeBottom - codeTop, inner);
  const module = total / (m.size + 2 * QR_QUIET_ZONE);
  const codeSide = module * m.size;
  drawQr(doc, p.url, x + (side - codeSide) / 2, codeTop + module * QR_QUIET_ZONE, codeSide, QR_LEVEL);
  doc
    .font("regular")
    .fontSize(addressSize)
    .fillColor("black")
    .text(p.address, x + pad, codeTop + total, { width: inner, align: "center", lineBreak: false });
}

/** The A4 sheet: the heading, how to print, the plaque at 75 mm with cut marks, and a larger copy. */
export function renderPlaqueSheet(p: TPlaque, locale: Locale, issuedAt: Date): Promise<Buffer> {
  const t = (key: string, params?: Record<string, string | number>) =>
    translate(locale, `grave_qr.sheet.${key}`, params);
  const { doc, width, finish } = startPdf({ locale, title: t("title", { name: p.name }), issuedAt });
  doc
    .font("bold")
    .fontSize(15)
    .fillColor("black")
    .text(t("title", { name: p.name }), { width });
  doc.moveDown(0.3);
  doc.font("regular").fontSize(9.5).fillColor(PDF_GREY).text(t("how_to_print"), { width });
  const real = PLAQUE_MM * PT_PER_MM;
  const top = doc.y + 22;
  drawPlaque(doc, p, PDF_MARGIN + 20, top, real);
  cutMarks(doc, PDF_MARGIN + 20, top, real);
  const noteX = PDF_MARGIN + 20 + real + 28;
  doc
    .font("bold")
    .fontSize(10)
    .fillColor("black")
    .text(t("real_size"), noteX, top, { width: PDF_MARGIN + width - noteX });
  doc.moveDown(0.3);
  doc
    .font("regular")
    .fontSize(9)
    .fillColor(PDF_GREY)
    .text(t("material"), noteX, doc.y, { width: PDF_MARGIN + width - noteX });
  doc.moveDown(0.3);
  doc.text(t("address", { address: p.address }), noteX, doc.y, { width: PDF_MARGIN + width - noteX });
  // The larger copy: as wide as the page allows under the real one, for the engraver.
  const largeTop = top + real + 40;
  const bottom = doc.page.height - PDF_MARGIN - 40;
  const large = Math.min(width - 40, bottom - largeTop - 16);
  doc
    .font("bold")
    .fontSize(10)
    .fillColor("black")
    .text(t("large_copy"), PDF_MARGIN, largeTop - 18, { width });
  drawPlaque(doc, p, PDF_MARGIN + (width - large) / 2, largeTop, large);
  // No date in the footer: a grave's sheet is the same file whenever it is printed (its ETag holds).
  return finish(t("footer", { brand: translate(locale, "brand.name"), address: p.address }));
}
