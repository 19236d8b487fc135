import { and, asc, count, eq, gt, sql, type SQL } from "drizzle-orm";
import type { z } from "zod";
import type { TBurialSearchPage, TCemeterySummary, TPublicBurial } from "../../../common/api-types.ts";
import type { Locale } from "../../../common/locale.ts";
import { searchTokens } from "../../../common/search-text.ts";
import type { Db } from "../../db/client.ts";
import { AppError } from "../../lib/errors.ts";
import type { ZSearchRequestInput } from "../../../common/schemas.ts";
import { SYSTEM, writeAudit } from "../audit/audit.service.ts";
import { cemeteries, PLOT_STATUSES, plots, registryRequests } from "./registry.tables.ts";

export const SEARCH_PAGE_SIZE = 20;
/**
 * How alike a query word and a word of the name must be (pg_trgm word similarity). 0.5 lets one
 * wrong letter through, even in the middle of a name (Жумобаев → Жумабаев: 6 trigrams shared of
 * 12); near names that also pass (Жумабекова) rank after the exact ones.
 */
export const WORD_SIMILARITY = 0.5;

type Row = {
  id: number;
  surname: string;
  name: string;
  patronymic: string;
  birth_year: number | null;
  death_year: number | null;
  burial_date: string | Date | null;
  cemetery_id: number;
  name_ru: string;
  name_kk: string;
  address: string;
  sector: string;
  row: string;
  number: number;
  min_lng: number;
  max_lng: number;
  min_lat: number;
  max_lat: number;
  total: number | string;
};

const isoDate = (d: string | Date | null) =>
  d === null ? null : typeof d === "string" ? d : d.toISOString().slice(0, 10);

/**
 * The public registry search: every query word must match a word of the name (as a prefix,
 * inside it, or with a small typo), with optional years and cemetery. Exact word starts rank
 * before fuzzy matches. Kazakh and Russian spellings match through `foldName`. The IIN is never
 * searched or returned.
 */
export async function searchBurials(
  db: Db,
  q: { q?: string; birthYear?: number; deathYear?: number; cemeteryId?: number; page: number; locale: Locale },
): Promise<TBurialSearchPage> {
  const tokens = searchTokens(q.q ?? "");
  if (tokens.length === 0 && !q.birthYear && !q.deathYear) {
    return { items: [], total: 0, page: q.page, pageSize: SEARCH_PAGE_SIZE };
  }
  const conds: SQL[] = [];
  for (const t of tokens) {
    const like = `%${t.replace(/[%_\\]/g, (m) => `\\${m}`)}%`;
    conds.push(sql`(b.search_name like ${like} or ${t} <% b.search_name)`);
  }
  if (q.birthYear) conds.push(sql`b.birth_year = ${q.birthYear}`);
  if (q.deathYear) conds.push(sql`b.death_year = ${q.deathYear}`);
  if (q.cemeteryId) conds.push(sql`p.cemetery_id = ${q.cemeteryId}`);
  const where = sql.join(conds, sql` and `);
  // Per query word: a whole word of the name scores 3, the start of one 2, found inside 1, a
  // fuzzy match its similarity; equal scores go by the folded name, so both spellings of one
  // name stand together. Without words, the most recent deaths come first.
  const padded = sql`(' ' || b.search_name || ' ')`;
  const order = tokens.length
    ? sql`${sql.join(
        tokens.map(
          (t) =>
            sql`(case when ${padded} like ${`% ${t} %`} then 3 when ${padded} like ${`% ${t}%`} then 2 when b.search_name like ${`%${t}%`} then 1 else word_similarity(${t}, b.search_name) end)`,
        ),
        sql` + `,
      )} desc, b.search_name, b.id`
    : sql`b.death_year desc nulls last, b.surname, b.id`;
  const offset = (q.page - 1) * SEARCH_PAGE_SIZE;
  const result = await db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('pg_trgm.word_similarity_threshold', ${String(WORD_SIMILARITY)}, true)`);
    return tx.execute(sql`
      select b.id, b.surname, b.name, b.patronymic, b.birth_year, b.death_year, b.burial_date,
             c.id as cemetery_id, c.name_ru, c.name_kk, c.address,
             p.sector, p.row, p.number, p.min_lng, p.max_lng, p.min_lat, p.max_lat,
             count(*) over () as total
      from burials b
      join plots p on p.id = b.plot_id
      join cemeteries c on c.id = p.cemetery_id
      where ${where}
      order by ${order}
      limit ${SEARCH_PAGE_SIZE} offset ${offset}`);
  });
  const rows = result.rows as Row[];
  return {
    items: rows.map((r) => toPublicBurial(r, q.locale)),
    total: rows.length ? Number(rows[0]?.total) : 0,
    page: q.page,
    pageSize: SEARCH_PAGE_SIZE,
  };
}

function toPublicBurial(r: Row, locale: Locale): TPublicBurial {
  return {
    id: r.id,
    surname: r.surname,
    name: r.name,
    patronymic: r.patronymic,
    birthYear: r.birth_year,
    deathYear: r.death_year,
    burialDate: isoDate(r.burial_date),
    cemetery: { id: r.cemetery_id, name: locale === "kk" ? r.name_kk : r.name_ru, address: r.address },
    sector: r.sector,
    row: r.row,
    place: r.number,
    point: [(Number(r.min_lng) + Number(r.max_lng)) / 2, (Number(r.min_lat) + Number(r.max_lat)) / 2],
  };
}

/** One grave of the public registry. */
export async function getPublicBurial(db: Db, id: number, locale: Locale): Promise<TPublicBurial> {
  const result = await db.execute(sql`
    select b.id, b.surname, b.name, b.patronymic, b.birth_year, b.death_year, b.burial_date,
           c.id as cemetery_id, c.name_ru, c.name_kk, c.address,
           p.sector, p.row, p.number, p.min_lng, p.max_lng, p.min_lat, p.max_lat, 1 as total
    from burials b join plots p on p.id = b.plot_id join cemeteries c on c.id = p.cemetery_id
    where b.id = ${id}`);
  const row = result.rows[0] as Row | undefined;
  if (!row) throw new AppError(404, "burial_not_found");
  return toPublicBurial(row, locale);
}

/** Cemeteries with their free / reserved / occupied / unavailable counts. */
export async function listCemeteries(
  db: Db,
  q: { locale: Locale; city?: string; religion?: TCemeterySummary["religion"] },
): Promise<TCemeterySummary[]> {
  const conds: SQL[] = [];
  if (q.city) conds.push(eq(cemeteries.city, q.city));
  if (q.religion) conds.push(eq(cemeteries.religion, q.religion));
  const rows = await db
    .select()
    .from(cemeteries)
    .where(conds.length ? and(...conds) : undefined)
    .orderBy(asc(cemeteries.nameRu));
  const counts = await db
    .select({ cemeteryId: plots.cemeteryId, status: plots.status, n: count() })
    .from(plots)
    .groupBy(plots.cemeteryId, plots.status);
  return rows.map((c) => {
    const byStatus = Object.fromEntries(PLOT_STATUSES.map((s) => [s, 0])) as TCemeterySummary["counts"];
    for (const k of counts) if (k.cemeteryId === c.id) byStatus[k.status] = Number(k.n);
    return {
      id: c.id,
      name: q.locale === "kk" ? c.nameKk : c.nameRu,
      city: c.city,
      religion: c.religion,
      status: c.status,
      address: c.address,
      counts: byStatus,
      center: c.centerLng !== null && c.centerLat !== null ? [c.centerLng, c.centerLat] : null,
    };
  });
}

/** Requests one IP address may send in an hour (the form is open to anonymous visitors). */
export const REQUESTS_PER_IP_HOUR = 5;

/**
 * Stores a visitor's request to find a burial. Open to anonymous visitors, so it is limited per
 * IP; the staff of the cemetery (or of all cemeteries when none was chosen) answer it.
 */
export async function createSearchRequest(
  db: Db,
  who: { userId: number | null; role: string | null; ip: string; now: Date },
  input: z.output<typeof ZSearchRequestInput>,
): Promise<{ id: number }> {
  const since = new Date(who.now.getTime() - 3600_000);
  const [recent] = await db
    .select({ n: count() })
    .from(registryRequests)
    .where(and(eq(registryRequests.ip, who.ip), gt(registryRequests.createdAt, since)));
  if ((recent?.n ?? 0) >= REQUESTS_PER_IP_HOUR) throw new AppError(429, "rate_limited");
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(registryRequests)
      .values({
        kind: "search",
        ...input,
        cemeteryId: input.cemeteryId ?? null,
        applicantId: who.userId,
        ip: who.ip,
        createdAt: who.now,
        updatedAt: who.now,
      })
      .returning({ id: registryRequests.id });
    const id = (row as { id: number }).id;
    await writeAudit(tx, {
      actor: who.userId ? { id: who.userId, role: who.role ?? "client" } : SYSTEM,
      entityType: "registry_request",
      entityId: id,
      action: "create",
      to: "new",
    });
    return { id };
  });
}

/** At most this many plots in one viewport answer; more means "zoom in". */
export const VIEWPORT_LIMIT = 2000;

export type TPlotFeatureCollection = {
  type: "FeatureCollection";
  features: {
    type: "Feature";
    id: number;
    geometry: { type: "Polygon"; coordinates: [number, number][][] };
    properties: { id: number; sector: string; row: string; number: number; status: string };
  }[];
  /** True when the viewport holds more than the limit: nothing is sent, the map asks to zoom in. */
  tooMany: boolean;
  total: number;
};

/**
 * The plots of a cemetery that touch a viewport (`[minLng, minLat, maxLng, maxLat]`), as GeoJSON.
 * Bounding boxes are compared in plain indexed columns, the same on PGlite and PostgreSQL.
 */
export async function plotsInViewport(
  db: Db,
  cemeteryId: number,
  bbox: [number, number, number, number],
): Promise<TPlotFeatureCollection> {
  const [minLng, minLat, maxLng, maxLat] = bbox;
  const touches = and(
    eq(plots.cemeteryId, cemeteryId),
    sql`${plots.maxLng} >= ${minLng} and ${plots.minLng} <= ${maxLng} and ${plots.maxLat} >= ${minLat} and ${plots.minLat} <= ${maxLat}`,
  );
  const rows = await db
    .select({
      id: plots.id,
      sector: plots.sector,
      row: plots.row,
      number: plots.number,
      status: plots.status,
      polygon: plots.polygon,
    })
    .from(plots)
    .where(touches)
    .limit(VIEWPORT_LIMIT + 1);
  if (rows.length > VIEWPORT_LIMIT) {
    const [n] = await db.select({ n: count() }).from(plots).where(touches);
    return { type: "FeatureCollection", features: [], tooMany: true, total: Number(n?.n ?? 0) };
  }
  return {
    type: "FeatureCollection",
    features: rows.map((p) => ({
      type: "Feature",
      id: p.id,
      geometry: p.polygon,
      properties: { id: p.id, sector: p.sector, row: p.row, number: p.number, status: p.status },
    })),
    tooMany: false,
    total: rows.length,
  };
}
