/**
 * The report as files, in the reader's language: XLSX (one sheet per section; figures as numbers,
 * words and numbers like a request's `2026-000123` as text) and PDF (landscape A4, DejaVu Sans
 * embedded through `server/lib/pdf.ts`, so Kazakh letters print). Both draw the sections' generic
 * tables, so a section registered later is exported with no change here.
 */
import ExcelJS from "exceljs";
import type { Context } from "hono";
import { formatDate, translate } from "../../../common/i18n.ts";
import type { Locale } from "../../../common/locale.ts";
import type { TReport, TReportCell, TReportSection, TReportTable } from "../../../common/reports.ts";
import type { ApiEnv } from "../../lib/http.ts";
import { drawPdfTable, ensureRoom, PDF_GREY, PDF_MARGIN, startPdf } from "../../lib/pdf.ts";

/**
 * What a report file holds, whichever kind of report it is (a city's, a supplier's): its title
 * (whose report), its period and its sections' generic tables.
 */
export type TReportDoc = { title: string; from: string; to: string; sections: TReportSection[] };

/** The city's report as a file: titled by its akimat. */
export const cityReportDoc = (r: TReport, locale: Locale): TReportDoc => ({
  title: translate(locale, "reports.file.title", { akimat: r.akimat.name }),
  from: r.from,
  to: r.to,
  sections: r.sections,
});

export const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
export const PDF_TYPE = "application/pdf";

/** A file to download, under its name in the reader's language; never cached (a city's or a company's figures). */
export function sendReportFile(c: Context<ApiEnv>, body: Buffer, type: string, name: string, asciiName: string) {
  return c.body(new Uint8Array(body), 200, {
    "Content-Type": type,
    "Content-Disposition": `attachment; filename="${asciiName}"; filename*=UTF-8''${encodeURIComponent(name)}`,
    "Cache-Control": "private, no-store",
  });
}

const cellText = (c: TReportCell | undefined) => (c?.value === null || c?.value === undefined ? "—" : String(c.value));

/** The report's heading lines: what, whose, which period. */
function heading(r: TReportDoc, locale: Locale) {
  return {
    title: r.title,
    period: translate(locale, "reports.file.period", {
      from: formatDate(locale, r.from),
      to: formatDate(locale, r.to),
    }),
  };
}

/** A file name (a catalog's `name` key, given the period) without the characters file systems refuse. */
export function reportFileName(
  r: Pick<TReportDoc, "from" | "to">,
  locale: Locale,
  ext: "xlsx" | "pdf",
  nameKey = "reports.file.name",
) {
  return `${translate(locale, nameKey, { from: r.from, to: r.to })}.${ext}`.replace(/[\\/:*?"<>|]/g, "-");
}

/** An XLSX workbook of the report: one sheet per section. */
export async function reportXlsx(r: TReportDoc, locale: Locale, issuedAt: Date): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.creator = translate(locale, "brand.name");
  wb.created = issuedAt;
  const { title, period } = heading(r, locale);
  const used = new Set<string>();
  for (const section of r.sections) {
    // Sheet names: at most 31 characters, none of []:*?/\, unique.
    let name = section.title.replace(/[[\]:*?/\\]/g, " ").slice(0, 31);
    for (let i = 2; used.has(name); i++) name = `${name.slice(0, 28)} ${i}`;
    used.add(name);
    const ws = wb.addWorksheet(name);
    ws.addRow([title]).font = { bold: true, size: 13 };
    ws.addRow([period]);
    ws.addRow([section.title]).font = { bold: true, size: 12 };
    let widest = 1;
    for (const table of section.tables) {
      ws.addRow([]);
      ws.addRow([table.title]).font = { bold: true };
      const header = ws.addRow(table.columns.map((c) => c.label));
      header.font = { bold: true };
      header.eachCell((cell) => {
        cell.fill = { type: "pattern", pattern: "solid", fgColor: { argb: "FFEEEEEE" } };
      });
      for (const row of table.rows) {
        // Numbers stay numbers; every other value is written as text (never read as a number or a date).
        const added = ws.addRow(row.cells.map((c) => (typeof c.value === "number" ? c.value : cellText(c))));
        if (row.isTotal) added.font = { bold: true };
      }
      if (table.note) ws.addRow([table.note]).font = { italic: true, color: { argb: "FF555555" } };
      widest = Math.max(widest, table.columns.length);
    }
    ws.getColumn(1).width = 34;
    for (let i = 2; i <= widest; i++) ws.getColumn(i).width = 14;
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** The shares of the page's width of a table's columns: the first (names) wider. */
function widths(table: TReportTable): number[] {
  const n = table.columns.length;
  if (n === 1) return [1];
  const first = n > 8 ? 0.16 : 0.34;
  return table.columns.map((_, i) => (i === 0 ? first : (1 - first) / (n - 1)));
}

/** A PDF of the report: landscape A4, each section's tables under its heading. */
export function reportPdf(r: TReportDoc, locale: Locale, issuedAt: Date, opts: { compress?: boolean } = {}) {
  const { title, period } = heading(r, locale);
  const { doc, width, finish } = startPdf({ locale, title, issuedAt, landscape: true, compress: opts.compress });
  doc.font("bold").fontSize(16).fillColor("black").text(title, { width });
  doc.moveDown(0.2);
  doc.font("regular").fontSize(11).text(period, { width });
  for (const section of r.sections) {
    ensureRoom(doc, 80);
    doc.moveDown(1);
    doc.font("bold").fontSize(13).fillColor("black").text(section.title, PDF_MARGIN, doc.y, { width });
    for (const table of section.tables) {
      ensureRoom(doc, 60);
      doc.moveDown(0.5);
      doc.font("bold").fontSize(10.5).fillColor("black").text(table.title, PDF_MARGIN, doc.y, { width });
      doc.moveDown(0.3);
      const shares = widths(table);
      drawPdfTable(
        doc,
        {
          columns: table.columns.map((c, i) => ({
            label: c.label,
            width: shares[i] ?? 0,
            align: c.isNumeric ? "right" : "left",
          })),
          rows: table.rows.map((row) => ({ cells: row.cells.map(cellText), isBold: row.isTotal })),
        },
        table.columns.length > 10 ? 7 : 9,
      );
      if (table.note) {
        doc.moveDown(0.3);
        doc.font("regular").fontSize(8.5).fillColor(PDF_GREY).text(table.note, PDF_MARGIN, doc.y, { width });
      }
    }
  }
  return finish(
    translate(locale, "reports.file.footer", {
      date: formatDate(locale, issuedAt, true),
      brand: translate(locale, "brand.name"),
    }),
  );
}
