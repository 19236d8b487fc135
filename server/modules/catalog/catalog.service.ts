import { and, asc, count, desc, eq, ilike, inArray, isNotNull, or, type SQL, sql } from "drizzle-orm";
import {
  CATALOG_CATEGORIES,
  type CatalogCategory,
  EDITABLE_ITEM_STATUSES,
  type ItemKind,
  type ItemStatus,
  LIVE_ITEM_STATUSES,
  SUPPLIER_TABS,
  type SupplierTab,
  MODERATION_TARGET_WORKING_DAYS,
  RATING_PRIOR_WEIGHT,
} from "../../../common/catalog.ts";
import { type TItemInput, ZItemInput } from "../../../common/catalog-forms.ts";
import type {
  TPriceList,
  TPriceRange,
  TPublicItem,
  TSupplierItem,
  TSupplierItemPage,
} from "../../../common/catalog-schemas.ts";
import { almatyDay } from "../../../common/calendar/almaty.ts";
import { addWorkingDays } from "../../../common/calendar/working-days.ts";
import type { Locale } from "../../../common/locale.ts";
import { can } from "../../../common/permissions.ts";
import { searchTokens } from "../../../common/search-text.ts";
import type { Db, Queryable } from "../../db/client.ts";
import type { TSessionUser } from "../../lib/caller.ts";
import { AppError } from "../../lib/errors.ts";
import { pageWindow, type TListQuery, type TPage, toPage } from "../../lib/list.ts";
import { sanitizeRichText } from "../../lib/rich-text.server.ts";
import type { Services } from "../../services.ts";
import { catalogScope, ownSupplierId } from "../access/access.service.ts";
import { writeAudit } from "../audit/audit.service.ts";
import { cemeteries } from "../cemeteries/cemeteries.tables.ts";
import { tell } from "../notifications/notifications.service.ts";
import { registerReadPolicy, toUploadFile } from "../uploads/uploads.service.ts";
import { uploads } from "../uploads/uploads.tables.ts";
import { suppliers } from "../users/organisations.tables.ts";
import { catalogMachine, companyActive, type TItemRow, toModerators } from "./catalog.machine.ts";
import {
  bindPhotos,
  changedFields,
  contentOf,
  contentOfInput,
  diffOf,
  ITEM_FILES,
  REVISION_FILES,
  searchKeyOf,
  type TItemContent,
} from "./catalog.revisions.ts";
import { catalogItems, catalogRevisions } from "./catalog.tables.ts";

type TRevisionRow = typeof catalogRevisions.$inferSelect;

// ——— Files ———

/**
 * An item's photos turn public with it (approval, show) and private again when it is hidden or
 * blocked; until then (and a revision's new photos until approved) the company's people and the
 * moderators read them.
 */
async function readsItem(db: Queryable, user: TSessionUser, itemId: number): Promise<boolean> {
  const scope = catalogScope(user, catalogItems.supplierId);
  const [row] = await db
    .select({ id: catalogItems.id })
    .from(catalogItems)
    .where(and(eq(catalogItems.id, itemId), scope ?? undefined));
  return Boolean(row);
}
registerReadPolicy(ITEM_FILES, (db, user, entityId) => readsItem(db, user, Number(entityId)));
registerReadPolicy(REVISION_FILES, async (db, user, entityId) => {
  const [rev] = await db
    .select({ itemId: catalogRevisions.itemId })
    .from(catalogRevisions)
    .where(eq(catalogRevisions.id, Number(entityId)));
  return rev ? readsItem(db, user, rev.itemId) : false;
});

// ——— Shared reads ———

/** The day the admin aims to have moderated what came in at `submittedAt` (working days, decision 018). */
export function moderationTargetDay(submittedAt: Date): string {
  return addWorkingDays(almatyDay(submittedAt), MODERATION_TARGET_WORKING_DAYS);
}

async function cemeteryNames(db: Queryable, ids: number[], locale: Locale): Promise<Map<number, string>> {
  const wanted = [...new Set(ids)];
  if (!wanted.length) return new Map();
  const rows = await db
    .select({ id: cemeteries.id, nameRu: cemeteries.nameRu, nameKk: cemeteries.nameKk })
    .from(cemeteries)
    .where(inArray(cemeteries.id, wanted));
  return new Map(rows.map((r) => [r.id, locale === "kk" ? r.nameKk : r.nameRu]));
}

async function filesById(db: Queryable, ids: string[]) {
  const wanted = [...new Set(ids)];
  if (!wanted.length) return new Map<string, ReturnType<typeof toUploadFile>>();
  const rows = await db.select().from(uploads).where(inArray(uploads.id, wanted));
  return new Map(rows.map((r) => [r.id, toUploadFile(r)]));
}

/** A content with its photos' files in place of their ids (the files the caller's page reads). */
function withPhotos(c: TItemContent, files: Map<string, ReturnType<typeof toUploadFile>>) {
  const { photoIds, ...rest } = c;
  return { ...rest, photos: photoIds.flatMap((id) => files.get(id) ?? []) };
}

/** The revision an item's company and the moderators are shown: the pending one, or the latest if it was sent back. */
async function shownRevisions(db: Queryable, itemIds: number[]): Promise<Map<number, TRevisionRow>> {
  if (!itemIds.length) return new Map();
  const rows = await db
    .selectDistinctOn([catalogRevisions.itemId])
    .from(catalogRevisions)
    .where(inArray(catalogRevisions.itemId, itemIds))
    .orderBy(catalogRevisions.itemId, desc(catalogRevisions.id));
  return new Map(rows.filter((r) => r.status === "pending" || r.status === "returned").map((r) => [r.itemId, r]));
}

/** Items as their company and the moderators see them, each with the moves the caller may make now. */
async function toSupplierItems(
  db: Queryable,
  rows: TItemRow[],
  user: TSessionUser,
  locale: Locale,
  now: Date,
): Promise<TSupplierItem[]> {
  const revisions = await shownRevisions(
    db,
    rows.map((r) => r.id),
  );
  const revs = [...revisions.values()];
  const names = await cemeteryNames(
    db,
    [...rows.flatMap((r) => r.cemeteryIds), ...revs.flatMap((r) => r.cemeteryIds)],
    locale,
  );
  const files = await filesById(db, [...rows.flatMap((r) => r.photoIds), ...revs.flatMap((r) => r.photoIds)]);
  const companyIds = [...new Set(rows.map((r) => r.supplierId))];
  const companies = companyIds.length
    ? await db
        .select({ id: suppliers.id, companyName: suppliers.companyName, status: suppliers.status })
        .from(suppliers)
        .where(inArray(suppliers.id, companyIds))
    : [];
  const company = new Map(companies.map((c) => [c.id, c]));
  const moves = await Promise.all(rows.map((r) => catalogMachine.movesFor(db, r, user, now)));
  const cemeteryName = (id: number) => names.get(id) ?? `#${id}`;
  const photoName = (id: string) => files.get(id)?.name ?? id;
  return rows.map((r, i) => {
    const rev = revisions.get(r.id) ?? null;
    const onModeration = r.status === "consideration" || r.pendingRevisionId !== null;
    return {
      id: r.id,
      status: r.status,
      ...withPhotos(contentOf(r), files),
      cemeteries: r.cemeteryIds.map((id) => ({ id, name: cemeteryName(id) })),
      available: r.available,
      returnReasons: r.returnReasons,
      returnComment: r.returnComment,
      blockReason: r.blockReason,
      submittedAt: r.submittedAt?.toISOString() ?? null,
      targetDay: onModeration && r.submittedAt ? moderationTargetDay(r.submittedAt) : null,
      publishedAt: r.publishedAt?.toISOString() ?? null,
      updatedAt: r.updatedAt.toISOString(),
      supplier: company.get(r.supplierId) ?? { id: r.supplierId, companyName: "", status: "pending" },
      revision: rev
        ? {
            content: withPhotos(contentOf(rev), files),
            id: rev.id,
            status: rev.status,
            submittedAt: rev.submittedAt.toISOString(),
            targetDay: moderationTargetDay(rev.submittedAt),
            returnReasons: rev.returnReasons,
            returnComment: rev.returnComment,
            changes: diffOf(contentOf(r), contentOf(rev), cemeteryName, photoName),
          }
        : null,
      moves: moves[i] ?? [],
    };
  });
}

// ——— The company's items ———

function cleanInput(raw: TItemInput) {
  const v = ZItemInput.parse(raw);
  return { ...v, descriptionRu: sanitizeRichText(v.descriptionRu), descriptionKk: sanitizeRichText(v.descriptionKk) };
}

/** The condition of a supplier's tab: its statuses; on moderation also the items with a revision waiting. */
function tabCondition(tab: SupplierTab): SQL {
  const statuses = inArray(catalogItems.status, [...SUPPLIER_TABS[tab]]);
  return tab === "consideration" ? (or(statuses, isNotNull(catalogItems.pendingRevisionId)) as SQL) : statuses;
}

/** The company's items of one tab (all when none), newest change first, with each tab's count. */
export async function listSupplierItems(
  db: Db,
  user: TSessionUser,
  q: TListQuery<"updatedAt", { tab?: SupplierTab }>,
  locale: Locale,
  now: Date,
): Promise<TSupplierItemPage> {
  const supplierId = ownSupplierId(user);
  const own = eq(catalogItems.supplierId, supplierId);
  const where = and(own, q.tab ? tabCondition(q.tab) : undefined);
  const { limit, offset } = pageWindow(q);
  const tabCount = (tab: SupplierTab) => sql<number>`count(*) filter (where ${tabCondition(tab)})`.mapWith(Number);
  const [[counted], rows, [counts], active] = await Promise.all([
    db.select({ n: count() }).from(catalogItems).where(where),
    db
      .select()
      .from(catalogItems)
      .where(where)
      .orderBy(q.sort.desc ? desc(catalogItems.updatedAt) : asc(catalogItems.updatedAt), desc(catalogItems.id))
      .limit(limit)
      .offset(offset),
    db
      .select({
        active: tabCount("active"),
        inactive: tabCount("inactive"),
        improvement: tabCount("improvement"),
        consideration: tabCount("consideration"),
      })
      .from(catalogItems)
      .where(own),
    companyActive(db, supplierId),
  ]);
  return {
    ...toPage(await toSupplierItems(db, rows, user, locale, now), counted?.n ?? 0, q),
    counts: counts ?? { active: 0, inactive: 0, improvement: 0, consideration: 0 },
    companyActive: active,
  };
}

/** One item of the caller's company (or any, for a moderator), or 404. */
export async function getSupplierItem(
  db: Db,
  user: TSessionUser,
  id: number,
  locale: Locale,
  now: Date,
): Promise<TSupplierItem> {
  const row = await catalogMachine.load(db, user, id);
  return (await toSupplierItems(db, [row], user, locale, now))[0] as TSupplierItem;
}

/** Checks the cemeteries served exist (a wrong one is the field's 422). */
async function checkCemeteries(tx: Queryable, ids: number[]) {
  if (!ids.length) return;
  const found = await tx.select({ id: cemeteries.id }).from(cemeteries).where(inArray(cemeteries.id, ids));
  if (found.length !== ids.length) {
    throw new AppError(422, "validation_failed", {}, [{ path: "cemeteryIds", key: "validation.cemetery_id" }]);
  }
}

/** A new item of the caller's company, as a draft (the screen submits it next when asked). */
export async function createItem(
  s: Services,
  user: TSessionUser,
  raw: TItemInput,
  locale: Locale,
): Promise<TSupplierItem> {
  const supplierId = ownSupplierId(user);
  const v = cleanInput(raw);
  const now = s.now();
  return s.db.transaction(async (tx) => {
    await checkCemeteries(tx, v.cemeteryIds);
    const content = contentOfInput(v);
    const row = await catalogMachine.create(
      tx,
      s,
      {
        ...content,
        supplierId,
        available: v.available,
        searchKey: searchKeyOf(content),
        createdAt: now,
        updatedAt: now,
      },
      user,
    );
    await bindPhotos(tx, user.id, row.id, content.photoIds, { type: "item", isPublic: false }, now);
    return (await toSupplierItems(tx, [row], user, locale, now))[0] as TSupplierItem;
  });
}

/**
 * Saves an edit. A draft or an item sent back changes in place. An item on sale (or hidden) stays
 * as it is: the edit becomes its pending revision (replacing one already pending), moderated while
 * the old version stays on sale; only its availability changes at once. An edit back to the
 * version on sale withdraws the pending revision. An item on moderation or blocked is not edited.
 */
export async function updateItem(
  s: Services,
  user: TSessionUser,
  id: number,
  raw: TItemInput,
  locale: Locale,
): Promise<TSupplierItem> {
  const v = cleanInput(raw);
  const now = s.now();
  return s.db.transaction(async (tx) => {
    const row = await catalogMachine.load(tx, user, id, { forUpdate: true });
    if (!can(user.role, "catalog.manage")) throw new AppError(403, "forbidden");
    await checkCemeteries(tx, v.cemeteryIds);
    const content = contentOfInput(v);
    if ((EDITABLE_ITEM_STATUSES as readonly string[]).includes(row.status)) {
      await tx
        .update(catalogItems)
        .set({ ...content, available: v.available, searchKey: searchKeyOf(content), updatedAt: now })
        .where(eq(catalogItems.id, row.id));
      await bindPhotos(tx, user.id, row.id, content.photoIds, { type: "item", isPublic: false }, now);
      await writeAudit(tx, { actor: user, entityType: "catalog_item", entityId: row.id, action: "update" });
    } else if ((LIVE_ITEM_STATUSES as readonly string[]).includes(row.status)) {
      await reviseItem(tx, s, user, row, content, v.available, now);
    } else {
      throw new AppError(409, "catalog_item_not_editable");
    }
    const [fresh] = await tx.select().from(catalogItems).where(eq(catalogItems.id, row.id));
    return (await toSupplierItems(tx, [fresh as TItemRow], user, locale, now))[0] as TSupplierItem;
  });
}

async function reviseItem(
  tx: Queryable,
  s: Services,
  user: TSessionUser,
  row: TItemRow,
  content: TItemContent,
  available: boolean,
  now: Date,
) {
  if (available !== row.available) {
    await tx.update(catalogItems).set({ available, updatedAt: now }).where(eq(catalogItems.id, row.id));
    await writeAudit(tx, {
      actor: user,
      entityType: "catalog_item",
      entityId: row.id,
      action: "availability",
      data: { available },
    });
  }
  const changed = changedFields(contentOf(row), content);
  if (!changed.length) {
    // Back to the version on sale: nothing is left to moderate.
    if (row.pendingRevisionId !== null) await catalogMachine.move(tx, s, row, "withdraw_revision", user);
    return;
  }
  if (!(await companyActive(tx, row.supplierId))) throw new AppError(409, "catalog_company_not_active");
  let revisionId = row.pendingRevisionId;
  if (revisionId !== null) {
    await tx
      .update(catalogRevisions)
      .set({ ...content, authorId: user.id, submittedAt: now })
      .where(eq(catalogRevisions.id, revisionId));
  } else {
    const [rev] = await tx
      .insert(catalogRevisions)
      .values({ ...content, itemId: row.id, authorId: user.id, submittedAt: now })
      .returning({ id: catalogRevisions.id });
    revisionId = (rev as { id: number }).id;
  }
  await bindPhotos(tx, user.id, row.id, content.photoIds, { type: "revision", revisionId }, now);
  await tx
    .update(catalogItems)
    .set({ pendingRevisionId: revisionId, submittedAt: now, updatedAt: now })
    .where(eq(catalogItems.id, row.id));
  await writeAudit(tx, {
    actor: user,
    entityType: "catalog_item",
    entityId: row.id,
    action: "revise",
    data: { revisionId, fields: changed },
  });
  await tell(tx, await toModerators(tx, row, "catalog_revision_submitted"));
}

// ——— Moderation ———

/** What the moderation screen lists: the queue (new items and revisions, oldest first), or items of a status. */
export type TModerationView = "queue" | ItemStatus;

/** The moderators' list: the queue oldest first, or one status newest change first; by company and name. */
export async function listModeration(
  db: Db,
  user: TSessionUser,
  q: TListQuery<"submittedAt", { view: TModerationView; supplierId?: number; q?: string }>,
  locale: Locale,
  now: Date,
): Promise<TPage<TSupplierItem>> {
  const conds: SQL[] = [];
  const scope = await catalogMachine.scopeOf(user, db);
  if (scope) conds.push(scope);
  if (q.view === "queue") {
    conds.push(or(eq(catalogItems.status, "consideration"), isNotNull(catalogItems.pendingRevisionId)) as SQL);
  } else conds.push(eq(catalogItems.status, q.view));
  if (q.supplierId) conds.push(eq(catalogItems.supplierId, q.supplierId));
  if (q.q) {
    const like = `%${q.q.replace(/[%_\\]/g, (m) => `\\${m}`)}%`;
    conds.push(or(ilike(catalogItems.nameRu, like), ilike(catalogItems.nameKk, like)) as SQL);
  }
  const where = and(...conds);
  const { limit, offset } = pageWindow(q);
  const order =
    q.view === "queue"
      ? [asc(catalogItems.submittedAt), asc(catalogItems.id)]
      : [desc(catalogItems.updatedAt), desc(catalogItems.id)];
  const [[counted], rows] = await Promise.all([
    db.select({ n: count() }).from(catalogItems).where(where),
    db
      .select()
      .from(catalogItems)
      .where(where)
      .orderBy(...order)
      .limit(limit)
      .offset(offset),
  ]);
  return toPage(await toSupplierItems(db, rows, user, locale, now), counted?.n ?? 0, q);
}

/**
 * Approves several items at once: each new item (`approve`) or pending revision
 * (`approve_revision`), each in its own transaction, so one refused (moved meanwhile) leaves the
 * others approved.
 */
export async function bulkApprove(
  s: Services,
  user: TSessionUser,
  ids: number[],
): Promise<{ approved: number[]; refused: { id: number; code: string }[] }> {
  const approved: number[] = [];
  const refused: { id: number; code: string }[] = [];
  for (const id of ids) {
    try {
      await s.db.transaction(async (tx) => {
        const row = await catalogMachine.load(tx, user, id, { forUpdate: true });
        const move = row.status === "consideration" ? "approve" : "approve_revision";
        await catalogMachine.move(tx, s, row, move, user);
      });
      approved.push(id);
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      refused.push({ id, code: err.code });
    }
  }
  return { approved, refused };
}

// ——— Public ———

/** Active items of active companies: what visitors see. */
const PUBLIC = sql`i.status = 'active' and s.status = 'active'`;

export type TPublicQuery = {
  locale: Locale;
  city?: string;
  cemeteryId?: number;
  category?: CatalogCategory;
  kind?: ItemKind;
  priceFrom?: number;
  priceTo?: number;
  q?: string;
  supplierId?: number;
  sort: { by: "price" | "rating" | "publishedAt"; desc: boolean };
  page: number;
  pageSize: number;
};

/** Every query word must be inside the folded names, by one of its keys (its own spelling folded, its Latin readings). */
function textCondition(query: string): SQL | null {
  const tokens = searchTokens(query);
  if (!tokens.length) return null;
  const like = (k: string) => `%${k.replace(/[%_\\]/g, (m) => `\\${m}`)}%`;
  return sql.join(
    tokens.map(
      (t) =>
        sql`(${sql.join(
          t.keys.map((k) => sql`i.search_key like ${like(k.key)}`),
          sql` or `,
        )})`,
    ),
    sql` and `,
  );
}

function publicConditions(q: Omit<TPublicQuery, "sort" | "page" | "pageSize" | "locale">): SQL {
  const conds: SQL[] = [PUBLIC];
  if (q.city) conds.push(sql`i.city = ${q.city}`);
  if (q.cemeteryId) {
    // Served there: named, or every cemetery of the item's city.
    conds.push(sql`(i.cemetery_ids @> array[${q.cemeteryId}::int] or (cardinality(i.cemetery_ids) = 0
      and i.city = (select c.city from cemeteries c where c.id = ${q.cemeteryId})))`);
  }
  if (q.category) conds.push(sql`i.category = ${q.category}`);
  if (q.kind) conds.push(sql`i.kind = ${q.kind}`);
  if (q.priceFrom !== undefined) conds.push(sql`i.price >= ${q.priceFrom}`);
  if (q.priceTo !== undefined) conds.push(sql`i.price <= ${q.priceTo}`);
  if (q.supplierId) conds.push(sql`i.supplier_id = ${q.supplierId}`);
  const text = q.q ? textCondition(q.q) : null;
  if (text) conds.push(text);
  return sql.join(conds, sql` and `);
}

/**
 * The Bayesian average (`bayesianRating` of `common/catalog.ts`), in SQL: an item's reviews pulled
 * towards its city's mean of counted reviews by `RATING_PRIOR_WEIGHT` reviews.
 */
const WEIGHTED = sql`(i.rating_sum::float8 + ${RATING_PRIOR_WEIGHT} * coalesce(cm.mean, 0))
  / (i.rating_count + ${RATING_PRIOR_WEIGHT})`;

function orderSql(sort: TPublicQuery["sort"]): SQL {
  if (sort.by === "price") return sort.desc ? sql`i.price desc, i.id desc` : sql`i.price asc, i.id asc`;
  if (sort.by === "rating")
    return sort.desc
      ? sql`${WEIGHTED} desc, i.rating_count desc, i.id desc`
      : sql`${WEIGHTED} asc, i.rating_count asc, i.id asc`;
  return sort.desc ? sql`i.published_at desc, i.id desc` : sql`i.published_at asc, i.id asc`;
}

type TPublicRow = {
  id: number;
  total: number | string;
};

/** The price ranges of the (city, category) pairs asked for: lowest, median, highest of active items. */
export async function priceRanges(
  db: Queryable,
  pairs: { city: string; category: CatalogCategory }[],
): Promise<Map<string, TPriceRange>> {
  const keys = [...new Map(pairs.map((p) => [`${p.city}\u0000${p.category}`, p])).values()];
  if (!keys.length) return new Map();
  const wanted = sql.join(
    keys.map((p) => sql`(${p.city}, ${p.category})`),
    sql`, `,
  );
  const rows = (
    await db.execute(sql`
      select i.city, i.category, min(i.price)::int as min, max(i.price)::int as max, count(*)::int as n,
        percentile_cont(0.5) within group (order by i.price) as median
      from catalog_items i join suppliers s on s.id = i.supplier_id
      where ${PUBLIC} and (i.city, i.category) in (${wanted})
      group by i.city, i.category`)
  ).rows as { city: string; category: string; min: number; max: number; n: number; median: number | string }[];
  return new Map(
    rows.map((r) => [
      `${r.city}\u0000${r.category}`,
      { min: Number(r.min), median: Math.round(Number(r.median)), max: Number(r.max), count: Number(r.n) },
    ]),
  );
}
const rangeKey = (r: { city: string; category: string }) => `${r.city}\u0000${r.category}`;

/** Items as visitors see them, in the page's language (the other when the page's is empty). */
async function toPublicItems(
  db: Queryable,
  rows: (TItemRow & { companyName: string; companyCity: string })[],
  locale: Locale,
  full: boolean,
): Promise<TPublicItem[]> {
  const [names, files, ranges] = await Promise.all([
    cemeteryNames(
      db,
      rows.flatMap((r) => r.cemeteryIds),
      locale,
    ),
    filesById(
      db,
      rows.flatMap((r) => (full ? r.photoIds : r.photoIds.slice(0, 1))),
    ),
    priceRanges(db, rows),
  ]);
  const pick = (ru: string, kk: string) => (locale === "kk" ? kk || ru : ru || kk);
  return rows.map((r) => ({
    id: r.id,
    category: r.category,
    kind: r.kind,
    name: pick(r.nameRu, r.nameKk),
    description: full ? pick(r.descriptionRu, r.descriptionKk) : "",
    price: r.price,
    unit: r.unit,
    leadHours: r.leadHours,
    city: r.city,
    cemeteries: r.cemeteryIds.map((id) => ({ id, name: names.get(id) ?? `#${id}` })),
    available: r.available,
    photos: (full ? r.photoIds : r.photoIds.slice(0, 1)).flatMap((id) => files.get(id) ?? []),
    supplier: { id: r.supplierId, name: r.companyName, city: r.companyCity },
    rating: { mean: r.ratingCount ? Math.round((r.ratingSum / r.ratingCount) * 10) / 10 : null, count: r.ratingCount },
    range: ranges.get(rangeKey(r)) ?? null,
    publishedAt: (r.publishedAt ?? r.createdAt).toISOString(),
  }));
}

async function rowsByIds(db: Queryable, ids: number[]) {
  if (!ids.length) return [];
  const rows = await db
    .select({ i: catalogItems, companyName: suppliers.companyName, companyCity: suppliers.city })
    .from(catalogItems)
    .innerJoin(suppliers, eq(suppliers.id, catalogItems.supplierId))
    .where(inArray(catalogItems.id, ids));
  const byId = new Map(rows.map((r) => [r.i.id, { ...r.i, companyName: r.companyName, companyCity: r.companyCity }]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/**
 * The public catalogue (`/services`): active items of active companies, by city, cemetery served,
 * category, kind, price from and to, and text (the registry's spellings: Kazakh letters as their
 * Russian look-alikes, Latin readings); by price, weighted rating or newest; a page at a time.
 * One query reads the page's ids with the total; the rows, their photos and price ranges follow.
 */
export async function listPublicItems(db: Db, q: TPublicQuery): Promise<TPage<TPublicItem>> {
  const { limit, offset } = pageWindow(q);
  const where = publicConditions(q);
  const cityMeans =
    q.sort.by === "rating"
      ? sql`left join (select i.city, sum(i.rating_sum)::float8 / sum(i.rating_count) as mean
          from catalog_items i join suppliers s on s.id = i.supplier_id
          where ${PUBLIC} and i.rating_count > 0 group by i.city) cm on cm.city = i.city`
      : sql``;
  const rows = (
    await db.execute(sql`
      select i.id, count(*) over () as total
      from catalog_items i join suppliers s on s.id = i.supplier_id ${cityMeans}
      where ${where}
      order by ${orderSql(q.sort)}
      limit ${limit} offset ${offset}`)
  ).rows as TPublicRow[];
  let total = Number(rows[0]?.total ?? 0);
  if (!rows.length && q.page > 1) {
    const [c] = (
      await db.execute(sql`select count(*)::int as n from catalog_items i join suppliers s on s.id = i.supplier_id
        where ${where}`)
    ).rows as { n: number }[];
    total = Number(c?.n ?? 0);
  }
  const items = await toPublicItems(
    db,
    await rowsByIds(
      db,
      rows.map((r) => Number(r.id)),
    ),
    q.locale,
    false,
  );
  return { items, total, page: q.page, pageSize: limit };
}

/** One active item of an active company, with every photo and its description; else 404. */
export async function getPublicItem(db: Db, id: number, locale: Locale): Promise<TPublicItem> {
  const [row] = await rowsByIds(db, [id]);
  if (row?.status !== "active") throw new AppError(404, "catalog_item_not_found");
  const [s] = await db.select({ status: suppliers.status }).from(suppliers).where(eq(suppliers.id, row.supplierId));
  if (s?.status !== "active") throw new AppError(404, "catalog_item_not_found");
  return (await toPublicItems(db, [row], locale, true))[0] as TPublicItem;
}

/** The cities with active items (the public filter's choices). */
export async function catalogCities(db: Db): Promise<string[]> {
  const rows = (
    await db.execute(sql`select distinct i.city from catalog_items i join suppliers s on s.id = i.supplier_id
      where ${PUBLIC} order by i.city`)
  ).rows as { city: string }[];
  return rows.map((r) => r.city);
}

/** Ids of active items and of the companies selling them, for the sitemaps. */
export async function catalogSitemap(
  db: Db,
): Promise<{ items: { id: number; updatedAt: string }[]; suppliers: number[] }> {
  const rows = (
    await db.execute(sql`select i.id, i.supplier_id, i.updated_at from catalog_items i
      join suppliers s on s.id = i.supplier_id where ${PUBLIC} order by i.id limit 20000`)
  ).rows as { id: number; supplier_id: number; updated_at: string | Date }[];
  return {
    items: rows.map((r) => ({ id: Number(r.id), updatedAt: new Date(r.updated_at).toISOString() })),
    suppliers: [...new Set(rows.map((r) => Number(r.supplier_id)))],
  };
}

/**
 * A company's itemised price list: its active items by category (the catalogue's order), by name,
 * each with the city's price range of its category. 404 for a company not active.
 */
export async function priceList(db: Db, supplierId: number, locale: Locale, now: Date): Promise<TPriceList> {
  const [s] = await db.select().from(suppliers).where(eq(suppliers.id, supplierId));
  if (s?.status !== "active") throw new AppError(404, "supplier_not_found");
  const rows = await db
    .select()
    .from(catalogItems)
    .where(and(eq(catalogItems.supplierId, supplierId), eq(catalogItems.status, "active")))
    .orderBy(asc(catalogItems.nameRu), asc(catalogItems.id));
  const ranges = await priceRanges(db, rows);
  const name = (r: TItemRow) => (locale === "kk" ? r.nameKk || r.nameRu : r.nameRu || r.nameKk);
  const groups = CATALOG_CATEGORIES.map((category) => ({
    category,
    items: rows
      .filter((r) => r.category === category)
      .sort((a, b) => name(a).localeCompare(name(b), locale))
      .map((r) => ({
        id: r.id,
        name: name(r),
        kind: r.kind,
        price: r.price,
        unit: r.unit,
        leadHours: r.leadHours,
        available: r.available,
        range: ranges.get(rangeKey(r)) ?? null,
      })),
  })).filter((g) => g.items.length > 0);
  return {
    supplier: { id: s.id, name: s.companyName, city: s.city, bin: s.bin },
    groups,
    date: almatyDay(now),
  };
}
