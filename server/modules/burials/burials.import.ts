/**
 * Plots and burial records of a cemetery from an XLSX workbook (exceljs), with a downloadable
 * template. A file imports whole or not at all: every row is checked first, and any problem is
 * reported by sheet, row and column, with nothing written.
 */
import ExcelJS from "exceljs";
import { and, eq, inArray } from "drizzle-orm";
import { foldName, spellName } from "../../../common/search-text.ts";
import { isValidIin } from "../../../common/iin.ts";
import type { Locale } from "../../../common/locale.ts";
import { translate } from "../../../common/i18n.ts";
import type { Db, Queryable } from "../../db/client.ts";
import { AppError, type FieldIssue } from "../../lib/errors.ts";
import { can } from "../../../common/permissions.ts";
import { writeAudit } from "../audit/audit.service.ts";
import { registerReadPolicy } from "../uploads/uploads.service.ts";
import { insideRing, metresToDegrees } from "../cemeteries/cemeteries.layout.ts";
import { yearOf } from "./burials.service.ts";
import { cemeteryRow, PLOT_MAX_EXTENT_DEG, ringOf } from "../cemeteries/cemeteries.service.ts";
import { burials } from "./burials.tables.ts";
import { plots } from "../cemeteries/cemeteries.tables.ts";
import type { Actor } from "../../lib/caller.ts";

/** An imported workbook stays bound to its cemetery under this entity type, the record of what was loaded. */
export const IMPORT_FILES = "cemetery_import";

/** Imported workbooks are read by those who import. */
registerReadPolicy(IMPORT_FILES, async (_db, user) => can(user.role, "cemeteries.manage"));

/** At most this many problems are reported (the first ones, in sheet and row order). */
export const IMPORT_MAX_ERRORS = 200;
export const IMPORT_MAX_ROWS = 50_000;

const PLOT_COLUMNS = ["sector", "row", "number", "lng", "lat", "width", "depth", "status", "notes"] as const;
const BURIAL_COLUMNS = [
  "sector",
  "row",
  "number",
  "surname",
  "name",
  "patronymic",
  "iin",
  "birthDate",
  "deathDate",
  "burialDate",
  "reburial",
] as const;

const header = (locale: Locale, sheet: "plots" | "burials", col: string) =>
  translate(locale, `import.col.${sheet}.${col}`);

/** The template: two sheets with headers in the page's language and one example row each. */
export async function importTemplate(locale: Locale): Promise<Uint8Array<ArrayBuffer>> {
  const wb = new ExcelJS.Workbook();
  const plotSheet = wb.addWorksheet(translate(locale, "import.sheet.plots"));
  plotSheet.columns = PLOT_COLUMNS.map((c) => ({ header: header(locale, "plots", c), key: c, width: 16 }));
  plotSheet.addRow(["A", "1", 1, 76.8925, 43.2187, 1.2, 2.2, translate(locale, "import.status_word.free"), ""]);
  const burialSheet = wb.addWorksheet(translate(locale, "import.sheet.burials"));
  burialSheet.columns = BURIAL_COLUMNS.map((c) => ({ header: header(locale, "burials", c), key: c, width: 16 }));
  burialSheet.addRow(["A", "1", 1, "Жұмабаев", "Ерлан", "Маратұлы", "", "1950-03-12", "2010-06-01", "2010-06-03", ""]);
  for (const ws of [plotSheet, burialSheet]) ws.getRow(1).font = { bold: true };
  return new Uint8Array((await wb.xlsx.writeBuffer()) as ArrayBuffer);
}

type Cell = ExcelJS.CellValue;

/** A cell as plain text (numbers, dates, rich text and formula results included). */
function text(v: Cell): string {
  if (v === null || v === undefined) return "";
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  if (typeof v === "object") {
    if ("richText" in v)
      return v.richText
        .map((r) => r.text)
        .join("")
        .trim();
    if ("result" in v) return text(v.result as Cell);
    if ("text" in v) return String(v.text).trim();
    return "";
  }
  return String(v).trim();
}

const STATUS_WORDS: Record<string, "free" | "reserved" | "unavailable"> = {
  free: "free",
  свободно: "free",
  свободен: "free",
  бос: "free",
  reserved: "reserved",
  забронировано: "reserved",
  брондалған: "reserved",
  unavailable: "unavailable",
  недоступно: "unavailable",
  қолжетімсіз: "unavailable",
};
const YES = new Set(["да", "иә", "yes", "1", "true", "+"]);

type PlotRow = {
  /** The row of the sheet, for messages. */
  line: number;
  sector: string;
  row: string;
  number: number;
  polygon: { type: "Polygon"; coordinates: [number, number][][] };
  minLng: number;
  minLat: number;
  maxLng: number;
  maxLat: number;
  size: string;
  status: "free" | "reserved" | "unavailable";
  notes: string;
};
type BurialRow = {
  line: number;
  place: string;
  surname: string;
  name: string;
  patronymic: string;
  iin: string | null;
  birthDate: string | null;
  deathDate: string | null;
  burialDate: string | null;
  isReburial: boolean;
};

const placeKey = (sector: string, row: string, number: number | string) => `${sector}\u0000${row}\u0000${number}`;

function dateOf(v: Cell): string | null | undefined {
  const s = text(v);
  if (!s) return null;
  if (/^\d{4}-\d{2}-\d{2}$/.test(s) && !Number.isNaN(Date.parse(s))) return s;
  const m = /^(\d{2})\.(\d{2})\.(\d{4})$/.exec(s);
  if (m && !Number.isNaN(Date.parse(`${m[3]}-${m[2]}-${m[1]}`))) return `${m[3]}-${m[2]}-${m[1]}`;
  return undefined;
}

/** Reads and checks a workbook: the rows to write, or every problem found. */
export function readWorkbook(
  wb: ExcelJS.Workbook,
  ring: [number, number][],
): { plots: PlotRow[]; burials: BurialRow[]; issues: FieldIssue[] } {
  const issues: FieldIssue[] = [];
  const problem = (
    sheet: string,
    row: number,
    column: string,
    key: string,
    params?: Record<string, string | number>,
  ) => {
    if (issues.length < IMPORT_MAX_ERRORS) issues.push({ path: `${sheet}:${row}:${column}`, key, params });
  };
  const [plotSheet, burialSheet] = [wb.worksheets[0], wb.worksheets[1]];
  if (!plotSheet) {
    problem("plots", 1, "sector", "import.no_sheets");
    return { plots: [], burials: [], issues };
  }
  const rows = plotSheet.actualRowCount + (burialSheet?.actualRowCount ?? 0);
  if (rows > IMPORT_MAX_ROWS) {
    problem("plots", 1, "sector", "import.too_many_rows", { max: IMPORT_MAX_ROWS });
    return { plots: [], burials: [], issues };
  }

  const outPlots: PlotRow[] = [];
  const seen = new Set<string>();
  plotSheet.eachRow({ includeEmpty: false }, (r, n) => {
    if (n === 1) return;
    const v = (c: (typeof PLOT_COLUMNS)[number]) => r.getCell(PLOT_COLUMNS.indexOf(c) + 1).value;
    const sector = text(v("sector"));
    const row = text(v("row"));
    const number = Number(text(v("number")));
    if (!sector && !row && !text(v("number"))) return;
    if (!sector) problem("plots", n, "sector", "validation.required");
    if (!row) problem("plots", n, "row", "validation.required");
    if (!Number.isInteger(number) || number < 1) problem("plots", n, "number", "import.place_number");
    const lng = Number(text(v("lng")));
    const lat = Number(text(v("lat")));
    const width = text(v("width")) ? Number(text(v("width"))) : 1.2;
    const depth = text(v("depth")) ? Number(text(v("depth"))) : 2.2;
    const okSize = (x: number) => Number.isFinite(x) && x >= 0.5 && x <= 10;
    if (!okSize(width)) problem("plots", n, "width", "validation.plot_size");
    if (!okSize(depth)) problem("plots", n, "depth", "validation.plot_size");
    const okPoint = Number.isFinite(lng) && Number.isFinite(lat) && text(v("lng")) !== "" && text(v("lat")) !== "";
    if (!okPoint) problem("plots", n, "lng", "import.coordinates");
    else if (!insideRing([lng, lat], ring)) problem("plots", n, "lng", "import.outside");
    const statusText = text(v("status")).toLowerCase();
    const status = statusText ? STATUS_WORDS[statusText] : "free";
    if (!status) problem("plots", n, "status", "import.status");
    const key = placeKey(sector, row, number);
    if (seen.has(key)) problem("plots", n, "number", "import.duplicate_place");
    seen.add(key);
    if (!okPoint || !okSize(width) || !okSize(depth)) return;
    const deg = metresToDegrees(lat);
    const [dx, dy] = [(width / 2) * deg.lng, (depth / 2) * deg.lat];
    if (dx * 2 > PLOT_MAX_EXTENT_DEG || dy * 2 > PLOT_MAX_EXTENT_DEG)
      problem("plots", n, "width", "validation.plot_size");
    const [w, e, s, no] = [lng - dx, lng + dx, lat - dy, lat + dy];
    outPlots.push({
      line: n,
      sector,
      row,
      number,
      polygon: {
        type: "Polygon",
        coordinates: [
          [
            [w, s],
            [e, s],
            [e, no],
            [w, no],
            [w, s],
          ],
        ],
      },
      minLng: w,
      maxLng: e,
      minLat: s,
      maxLat: no,
      size: `${width} × ${depth} м`.replace(/\./g, ","),
      status: status ?? "free",
      notes: text(v("notes")).slice(0, 2000),
    });
  });

  const outBurials: BurialRow[] = [];
  burialSheet?.eachRow({ includeEmpty: false }, (r, n) => {
    if (n === 1) return;
    const v = (c: (typeof BURIAL_COLUMNS)[number]) => r.getCell(BURIAL_COLUMNS.indexOf(c) + 1).value;
    const surname = text(v("surname"));
    if (!surname && !text(v("sector"))) return;
    if (!surname) problem("burials", n, "surname", "validation.required");
    const iin = text(v("iin"));
    if (iin && !(/^\d{12}$/.test(iin) && isValidIin(iin))) problem("burials", n, "iin", "validation.iin_invalid");
    const dates = {
      birthDate: dateOf(v("birthDate")),
      deathDate: dateOf(v("deathDate")),
      burialDate: dateOf(v("burialDate")),
    };
    for (const [k, d] of Object.entries(dates)) if (d === undefined) problem("burials", n, k, "import.date");
    if (dates.birthDate && dates.deathDate && dates.birthDate > dates.deathDate)
      problem("burials", n, "deathDate", "validation.death_before_birth");
    if (dates.deathDate && dates.burialDate && dates.deathDate > dates.burialDate)
      problem("burials", n, "burialDate", "validation.burial_before_death");
    outBurials.push({
      line: n,
      place: placeKey(text(v("sector")), text(v("row")), text(v("number"))),
      surname: surname.slice(0, 80),
      name: text(v("name")).slice(0, 80),
      patronymic: text(v("patronymic")).slice(0, 80),
      iin: iin || null,
      birthDate: dates.birthDate ?? null,
      deathDate: dates.deathDate ?? null,
      burialDate: dates.burialDate ?? null,
      isReburial: YES.has(text(v("reburial")).toLowerCase()),
    });
  });
  return { plots: outPlots, burials: outBurials, issues };
}

/**
 * Imports a workbook into a cemetery in one transaction: new plots (a place already in the
 * cemetery is an error), then burial records in plots of the file or of the cemetery (the same
 * person twice in one place is an error). Plots with records become occupied by the database.
 */
export async function importWorkbook(
  db: Db,
  actor: Actor,
  cemeteryId: number,
  data: Uint8Array,
  /** Runs in the import's transaction once it succeeded (e.g. to keep the file). */
  onImported?: (tx: Queryable) => Promise<unknown>,
): Promise<{ plots: number; burials: number }> {
  const c = await cemeteryRow(db, cemeteryId);
  const ring = ringOf(c.boundary);
  if (!ring) throw new AppError(422, "validation_failed", {}, [{ path: "file", key: "validation.no_boundary" }]);
  const wb = new ExcelJS.Workbook();
  try {
    await wb.xlsx.load(data as unknown as ExcelJS.Buffer);
  } catch {
    throw new AppError(422, "validation_failed", {}, [{ path: "file", key: "import.unreadable" }]);
  }
  const read = readWorkbook(wb, ring);
  return db.transaction(async (tx) => {
    const issues = [...read.issues];
    const problem = (path: string, key: string) => {
      if (issues.length < IMPORT_MAX_ERRORS) issues.push({ path, key });
    };
    // Places already in the cemetery.
    const sectors = [...new Set([...read.plots.map((p) => p.sector)])];
    const existing = sectors.length
      ? await tx
          .select({ id: plots.id, sector: plots.sector, row: plots.row, number: plots.number })
          .from(plots)
          .where(and(eq(plots.cemeteryId, cemeteryId), inArray(plots.sector, sectors)))
      : [];
    const existingKeys = new Set(existing.map((p) => placeKey(p.sector, p.row, p.number)));
    for (const p of read.plots) {
      if (existingKeys.has(placeKey(p.sector, p.row, p.number)))
        problem(`plots:${p.line}:number`, "import.place_exists");
    }
    // Places the records point to: in the file or in the cemetery.
    const inFile = new Set(read.plots.map((p) => placeKey(p.sector, p.row, p.number)));
    const wanted = [...new Set(read.burials.map((b) => b.place))].filter((k) => !inFile.has(k));
    const known = new Map<string, number>();
    if (wanted.length) {
      const rows = await tx
        .select({ id: plots.id, sector: plots.sector, row: plots.row, number: plots.number })
        .from(plots)
        .where(
          and(
            eq(plots.cemeteryId, cemeteryId),
            inArray(
              plots.sector,
              wanted.map((k) => k.split("\u0000")[0] as string),
            ),
          ),
        );
      for (const p of rows) known.set(placeKey(p.sector, p.row, p.number), p.id);
    }
    const people = new Set<string>();
    for (const b of read.burials) {
      if (!inFile.has(b.place) && !known.has(b.place)) problem(`burials:${b.line}:number`, "import.no_place");
      const person = `${b.place}\u0000${foldName(`${b.surname} ${b.name} ${b.patronymic}`)}\u0000${b.deathDate}`;
      if (people.has(person)) problem(`burials:${b.line}:surname`, "import.duplicate_person");
      people.add(person);
    }
    if (issues.length) {
      issues.sort((a, b) => a.path.localeCompare(b.path, "en", { numeric: true }));
      throw new AppError(422, "import_failed", {}, issues);
    }
    const ids = new Map(known);
    for (let i = 0; i < read.plots.length; i += 500) {
      const batch = read.plots.slice(i, i + 500);
      const inserted = await tx
        .insert(plots)
        .values(batch.map(({ line: _, ...p }) => ({ ...p, cemeteryId })))
        .returning({ id: plots.id, sector: plots.sector, row: plots.row, number: plots.number });
      for (const p of inserted) ids.set(placeKey(p.sector, p.row, p.number), p.id);
    }
    for (let i = 0; i < read.burials.length; i += 500) {
      await tx.insert(burials).values(
        read.burials.slice(i, i + 500).map((b) => ({
          plotId: ids.get(b.place) as number,
          surname: b.surname,
          name: b.name,
          patronymic: b.patronymic,
          iin: b.iin,
          birthDate: b.birthDate,
          deathDate: b.deathDate,
          burialDate: b.burialDate,
          birthYear: yearOf(b.birthDate),
          deathYear: yearOf(b.deathDate),
          isReburial: b.isReburial,
          searchName: spellName(`${b.surname} ${b.name} ${b.patronymic}`),
        })),
      );
    }
    const counts = { plots: read.plots.length, burials: read.burials.length };
    await writeAudit(tx, { actor, entityType: "cemetery", entityId: cemeteryId, action: "import", data: counts });
    await onImported?.(tx);
    return counts;
  });
}
