/**
 * The sections of the city's report, registered by the modules that own their data: each section
 * computes its tables for an akimat's city and a period, and lists the rows behind any figure it
 * drew (the figure's `drill` key, which only the section reads). The report, its page, its charts
 * and its XLSX and PDF files draw whatever is registered, in `order`; a new section (appeals,
 * reburials) is one `registerReportSection` call beside its module's code, imported by the
 * module's routes, with no central list to edit.
 */
import { almatyInstant } from "../../../common/calendar/almaty.ts";
import { addCalendarDays, type TDay } from "../../../common/calendar/days.ts";
import { translate } from "../../../common/i18n.ts";
import type { Locale } from "../../../common/locale.ts";
import type { TPeriod, TReportRows, TReportTable } from "../../../common/reports.ts";
import type { Queryable } from "../../db/client.ts";

/** What a section computes for: one akimat's city, a period and the reader's language. */
export type TReportScope = {
  db: Queryable;
  akimatId: number;
  /** The city's cemeteries, by name in the reader's language. */
  cemeteries: { id: number; name: string }[];
  period: TPeriod & {
    /** The first instant of `from` and the first instant after `to`, in Almaty: for timestamps. */
    start: Date;
    end: Date;
  };
  /**
   * Almaty's day of the request (the services' clock): what "now" means for the figures that are
   * not of the period (appeals overdue today).
   */
  today: TDay;
  locale: Locale;
  /** The catalog in the reader's language. */
  t: (key: string, params?: Record<string, string | number>) => string;
};

/** A page of the rows behind a figure, before the answer's paging fields. */
export type TDrillPage = Omit<TReportRows, "page" | "pageSize">;

export type TReportSectionDef = {
  /** In URLs and answers (`burials`); letters, digits and `-`. */
  id: string;
  /** Where it stands in the report: lower first. */
  order: number;
  /** The catalog key of its heading. */
  titleKey: string;
  tables: (scope: TReportScope) => Promise<TReportTable[]>;
  /**
   * The rows behind the figure whose `drill` key is `key`, one page of them; null for a key the
   * section never gives (the API answers 422).
   */
  rows: (scope: TReportScope, key: string, page: { limit: number; offset: number }) => Promise<TDrillPage | null>;
};

const SECTIONS = new Map<string, TReportSectionDef>();

/** Adds a section to the report. A second section with the same id is a programming error. */
export function registerReportSection(section: TReportSectionDef): void {
  if (!/^[a-z][a-z0-9-]*$/.test(section.id)) throw new Error(`report section id ${section.id}`);
  if (SECTIONS.has(section.id)) throw new Error(`report section ${section.id} registered twice`);
  SECTIONS.set(section.id, section);
}

/** Every registered section, in report order. */
export function reportSections(): TReportSectionDef[] {
  return [...SECTIONS.values()].sort((a, b) => a.order - b.order || a.id.localeCompare(b.id));
}

export function reportSection(id: string): TReportSectionDef | undefined {
  return SECTIONS.get(id);
}

/** The scope's period with its instants: from 00:00 of `from` to 00:00 after `to`, Almaty time. */
export function periodWithInstants(p: TPeriod): TReportScope["period"] {
  return { ...p, start: almatyInstant(p.from, "00:00"), end: almatyInstant(addCalendarDays(p.to, 1), "00:00") };
}

/** The translator of a locale, as sections take it. */
export const translatorOf =
  (locale: Locale) =>
  (key: string, params?: Record<string, string | number>): string =>
    translate(locale, key, params);
