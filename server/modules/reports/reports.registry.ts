/**
 * Report kinds and their sections. A report is about one subject — an akimat's city (`/user/reports`)
 * or one supplier company (`/supplier/reports`, the supplier-reports module) — and each kind keeps
 * its own registry of sections (`reportKind`), computed for its own scope. Every section computes
 * its tables for a scope and a period, and lists the rows behind any figure it drew (the figure's
 * `drill` key, which only the section reads). The report, its page, its charts and its XLSX and PDF
 * files draw whatever is registered, in `order`; a new section (appeals, reburials) is one
 * `register` call beside its module's code, imported by the module's routes, with no central list
 * to edit.
 */
import { almatyInstant } from "../../../common/calendar/almaty.ts";
import { addCalendarDays, type TDay } from "../../../common/calendar/days.ts";
import { translate } from "../../../common/i18n.ts";
import type { Locale } from "../../../common/locale.ts";
import type { TPeriod, TReportRows, TReportSection, TReportTable } from "../../../common/reports.ts";
import type { Queryable } from "../../db/client.ts";
import { AppError } from "../../lib/errors.ts";

/** What every kind's scope carries: the database, a period, Almaty's day of the request, the reader's language. */
export type TBaseReportScope = {
  db: Queryable;
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

/** What the city's sections compute for: one akimat's city, a period and the reader's language. */
export type TReportScope = TBaseReportScope & {
  akimatId: number;
  /** The city's cemeteries, by name in the reader's language. */
  cemeteries: { id: number; name: string }[];
};

/** A page of the rows behind a figure, before the answer's paging fields. */
export type TDrillPage = Omit<TReportRows, "page" | "pageSize">;

export type TReportSectionDef<S extends TBaseReportScope = TReportScope> = {
  /** In URLs and answers (`burials`); letters, digits and `-`. */
  id: string;
  /** Where it stands in the report: lower first. */
  order: number;
  /** The catalog key of its heading. */
  titleKey: string;
  tables: (scope: S) => Promise<TReportTable[]>;
  /**
   * The rows behind the figure whose `drill` key is `key`, one page of them; null for a key the
   * section never gives (the API answers 422).
   */
  rows: (scope: S, key: string, page: { limit: number; offset: number }) => Promise<TDrillPage | null>;
};

/** A kind of report: its sections, and building them for a scope of its own. */
export type TReportKind<S extends TBaseReportScope> = {
  /** Adds a section to the kind. A second section with the same id is a programming error. */
  register: (section: TReportSectionDef<S>) => void;
  /** Every registered section, in report order. */
  sections: () => TReportSectionDef<S>[];
  section: (id: string) => TReportSectionDef<S> | undefined;
  /** Every section's tables for a scope, in order. */
  build: (scope: S) => Promise<TReportSection[]>;
  /**
   * One section for a scope (404 for an id nobody registered, before the scope is asked for: its
   * own refusals come second).
   */
  buildOne: (scope: () => Promise<S>, id: string) => Promise<TReportSection>;
  /** A page of the rows behind one figure of a section; 404 for an unknown section, 422 for a key it never gives. */
  rows: (
    scope: () => Promise<S>,
    id: string,
    q: { drill: string; page: number; pageSize: number },
  ) => Promise<TReportRows>;
};

/** A new kind of report with an empty registry of sections. */
export function reportKind<S extends TBaseReportScope>(name: string): TReportKind<S> {
  const registry = new Map<string, TReportSectionDef<S>>();
  const sectionOf = async (scope: S, def: TReportSectionDef<S>): Promise<TReportSection> => ({
    id: def.id,
    title: scope.t(def.titleKey),
    tables: await def.tables(scope),
  });
  const byId = (id: string) => {
    const def = registry.get(id);
    if (!def) throw new AppError(404, "not_found");
    return def;
  };
  const sections = () => [...registry.values()].sort((a, b) => a.order - b.order || a.id.localeCompare(b.id));
  return {
    register(section) {
      if (!/^[a-z][a-z0-9-]*$/.test(section.id)) throw new Error(`report section id ${section.id}`);
      if (registry.has(section.id)) throw new Error(`${name} report section ${section.id} registered twice`);
      registry.set(section.id, section);
    },
    sections,
    section: (id) => registry.get(id),
    async build(scope) {
      const out: TReportSection[] = [];
      for (const def of sections()) out.push(await sectionOf(scope, def));
      return out;
    },
    async buildOne(scope, id) {
      const def = byId(id);
      return sectionOf(await scope(), def);
    },
    async rows(scope, id, q) {
      const def = byId(id);
      const rows = await def.rows(await scope(), q.drill, { limit: q.pageSize, offset: (q.page - 1) * q.pageSize });
      if (!rows) throw new AppError(422, "validation_failed", {}, [{ path: "drill", key: "validation.invalid" }]);
      return { ...rows, page: q.page, pageSize: q.pageSize };
    },
  };
}

/** The city's report (`/user/reports`): an akimat's city. */
export const cityReport = reportKind<TReportScope>("city");

/** Adds a section to the city's report. */
export const registerReportSection = cityReport.register;
/** Every section of the city's report, in report order. */
export const reportSections = cityReport.sections;
export const reportSection = cityReport.section;

/** The scope's period with its instants: from 00:00 of `from` to 00:00 after `to`, Almaty time. */
export function periodWithInstants(p: TPeriod): TReportScope["period"] {
  return { ...p, start: almatyInstant(p.from, "00:00"), end: almatyInstant(addCalendarDays(p.to, 1), "00:00") };
}

/** The translator of a locale, as sections take it. */
export const translatorOf =
  (locale: Locale) =>
  (key: string, params?: Record<string, string | number>): string =>
    translate(locale, key, params);
