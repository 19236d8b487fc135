import { disposition } from "./file-answer.ts";
import { z } from "@hono/zod-openapi";
import ExcelJS from "exceljs";
import type { Context } from "hono";

/** A column of an exported table: its header (already in the reader's language) and width in characters. */
export type TExportColumn = { header: string; width?: number };
/** A cell: text stays text (an IIN, a phone, a number like `1-2026-000123` is never read as a number). */
export type TExportCell = string | number | null;

/** The most rows one export holds: a year of a city's records fits many times over. */
export const EXPORT_MAX_ROWS = 20_000;

export const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/**
 * One sheet of a list as an XLSX workbook: a bold, frozen header row and the rows under it. Every
 * string is written as text (format `@`), so spreadsheets never turn an IIN into 8.7E+11 or drop a
 * phone's leading `+`; numbers stay numbers for sums.
 */
export async function xlsxTable(sheet: string, columns: TExportColumn[], rows: TExportCell[][]): Promise<Uint8Array> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(sheet.slice(0, 31).replace(/[\\/?*[\]:]/g, " "), {
    views: [{ state: "frozen", ySplit: 1 }],
  });
  ws.columns = columns.map((c) => ({ header: c.header, width: c.width ?? 18 }));
  ws.getRow(1).font = { bold: true };
  for (const values of rows) {
    const row = ws.addRow(values.map((v) => (v === null ? "" : v)));
    row.eachCell((cell) => {
      if (typeof cell.value === "string") cell.numFmt = "@";
    });
  }
  return new Uint8Array((await wb.xlsx.writeBuffer()) as ArrayBuffer);
}

/** The OpenAPI answer of an export operation. */
export const xlsxResponse = { description: "XLSX workbook", content: { [XLSX_TYPE]: { schema: z.string() } } };

/** A workbook as a download under its readable name (and an ASCII one); never cached (personal data). */
export function sendXlsx(c: Context, xlsx: Uint8Array, fileName: string, asciiName: string) {
  return c.body(new Uint8Array(xlsx), 200, {
    "Content-Type": XLSX_TYPE,
    "Content-Disposition": disposition(asciiName, fileName),
    "Cache-Control": "private, no-store",
  });
}
