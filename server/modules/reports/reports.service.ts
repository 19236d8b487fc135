/**
 * The city's reports: the caller's akimat (the access module decides which), its cemeteries, the
 * period, and the registered sections (`reports.registry.ts`) run for them.
 */
import { asc, eq } from "drizzle-orm";
import { almatyDay } from "../../../common/calendar/almaty.ts";
import type { Locale } from "../../../common/locale.ts";
import type { TPeriod, TReport, TReportRows, TReportSection } from "../../../common/reports.ts";
import type { Queryable } from "../../db/client.ts";
import { AppError } from "../../lib/errors.ts";
import { akimatCityOf } from "../access/access.service.ts";
import { akimats } from "../users/organisations.tables.ts";
import type { TSessionUser } from "../../lib/caller.ts";
import { cemeteries } from "../cemeteries/cemeteries.tables.ts";
import { cemeteryNameIn } from "../cemeteries/cemeteries.service.ts";
import { cityReport, periodWithInstants, type TReportScope, translatorOf } from "./reports.registry.ts";
// The sections of the registry and the bookings register themselves here; other modules' sections
// register from their own routes.
import "./reports.sections.ts";

/** What a report is asked for: the period, and the admin's choice of akimat. */
export type TReportRequest = TPeriod & { akimatId?: number };

/**
 * The scope of a caller's report: their akimat (the admin's choice, or the first akimat when they
 * name none), its name, its cemeteries, the period with its instants.
 */
export async function reportScope(
  db: Queryable,
  user: TSessionUser,
  q: TReportRequest,
  locale: Locale,
  now: Date,
): Promise<TReportScope & { akimatName: string }> {
  const requested = akimatCityOf(user, q.akimatId);
  const [akimat] = await db
    .select({ id: akimats.id, nameRu: akimats.nameRu, nameKk: akimats.nameKk })
    .from(akimats)
    .where(requested === undefined ? undefined : eq(akimats.id, requested))
    .orderBy(asc(akimats.id))
    .limit(1);
  if (!akimat) throw new AppError(404, "akimat_not_found");
  const city = await db
    .select({ id: cemeteries.id, nameRu: cemeteries.nameRu, nameKk: cemeteries.nameKk })
    .from(cemeteries)
    .where(eq(cemeteries.akimatId, akimat.id))
    .orderBy(asc(cemeteries.id));
  return {
    db,
    akimatId: akimat.id,
    akimatName: locale === "kk" ? akimat.nameKk || akimat.nameRu : akimat.nameRu,
    cemeteries: city.map((c) => ({ id: c.id, name: cemeteryNameIn(c, locale) })),
    period: periodWithInstants({ from: q.from, to: q.to }),
    today: almatyDay(now),
    locale,
    t: translatorOf(locale),
  };
}

/** The whole report: every registered section, in order. */
export async function buildReport(
  db: Queryable,
  user: TSessionUser,
  q: TReportRequest,
  locale: Locale,
  now: Date,
): Promise<TReport> {
  const scope = await reportScope(db, user, q, locale, now);
  const sections = await cityReport.build(scope);
  return { akimat: { id: scope.akimatId, name: scope.akimatName }, from: q.from, to: q.to, sections };
}

/** One section of the report. */
export async function buildSection(
  db: Queryable,
  user: TSessionUser,
  id: string,
  q: TReportRequest,
  locale: Locale,
  now: Date,
): Promise<TReportSection> {
  return cityReport.buildOne(() => reportScope(db, user, q, locale, now), id);
}

/** A page of the rows behind one figure of a section (its `drill` key); 422 for a key the section never gives. */
export async function reportRows(
  db: Queryable,
  user: TSessionUser,
  id: string,
  q: TReportRequest & { drill: string; page: number; pageSize: number },
  locale: Locale,
  now: Date,
): Promise<TReportRows> {
  return cityReport.rows(() => reportScope(db, user, q, locale, now), id, q);
}
