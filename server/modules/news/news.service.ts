import { and, count, desc, eq, ilike, inArray, or, type SQL, sql } from "drizzle-orm";
import type { NewsStatus, TNewsAdmin, TPublicNews, TUploadFile } from "../../../common/api-types.ts";
import type { Locale } from "../../../common/locale.ts";
import { can } from "../../../common/permissions.ts";
import { htmlToText } from "../../../common/rich-text.ts";
import { type TNewsInput, ZNewsInput } from "../../../common/schemas.ts";
import type { Db, Queryable } from "../../db/client.ts";
import { coalesced } from "../../lib/coalesce.ts";
import { AppError } from "../../lib/errors.ts";
import { orderOf, pageWindow, type TListQuery, type TPage, toPage } from "../../lib/list.ts";
import { sanitizeRichText } from "../../lib/rich-text.server.ts";
import { akimatIdOf, worksForAkimat } from "../access/access.service.ts";
import { akimats } from "../users/organisations.tables.ts";
import { writeAudit } from "../audit/audit.service.ts";
import type { Services } from "../../services.ts";
import { attachUploads, registerReadPolicy, toUploadFile } from "../uploads/uploads.service.ts";
import { uploads } from "../uploads/uploads.tables.ts";
import { users } from "../users/users.tables.ts";
import { NEWS_FILES, newsMachine } from "./news.machine.ts";
import { news } from "./news.tables.ts";
import type { TSessionUser } from "../../lib/caller.ts";

/** Public list pages hold 12 items. */
export const NEWS_PAGE_SIZE = 12;

/**
 * A news item's files turn public with it (`setUploadsPublic`); until then its akimat's staff read
 * them, whoever of them uploaded the file.
 */
registerReadPolicy(NEWS_FILES, async (db, user, entityId) => {
  if (!can(user.role, "news.manage")) return false;
  const [row] = await db
    .select({ akimatId: news.akimatId })
    .from(news)
    .where(eq(news.id, Number(entityId)));
  return row ? worksForAkimat(user, row.akimatId) : false;
});

type NewsRow = typeof news.$inferSelect;

const escapeLike = (q: string) => `%${q.replace(/[%_\\]/g, (m) => `\\${m}`)}%`;

async function filesById(db: Db | Queryable, ids: (string | null)[]): Promise<Map<string, TUploadFile>> {
  const wanted = ids.filter((x): x is string => Boolean(x));
  if (!wanted.length) return new Map();
  const rows = await db.select().from(uploads).where(inArray(uploads.id, wanted));
  return new Map(rows.map((r) => [r.id, toUploadFile(r)]));
}

/** The text of an item in a language, falling back to the other when the page's is missing. */
function inLocale(row: NewsRow, locale: Locale) {
  const has = (l: Locale) => Boolean(l === "ru" ? row.titleRu : row.titleKk);
  const lang: Locale = has(locale) ? locale : locale === "ru" ? "kk" : "ru";
  return {
    locale: lang,
    isFallback: lang !== locale,
    title: lang === "ru" ? row.titleRu : row.titleKk,
    content: lang === "ru" ? row.contentRu : row.contentKk,
  };
}

function excerptOf(html: string, max = 220): string {
  const text = htmlToText(html);
  return text.length <= max
    ? text
    : `${text
        .slice(0, max)
        .replace(/\s+\S*$/, "")
        .replace(/[.,;:!?]+$/, "")}…`;
}

function toPublic(
  row: NewsRow,
  akimatName: string,
  files: Map<string, TUploadFile>,
  locale: Locale,
  withContent: boolean,
): TPublicNews {
  const l = inLocale(row, locale);
  return {
    id: row.id,
    category: row.category,
    locale: l.locale,
    isFallback: l.isFallback,
    title: l.title,
    content: withContent ? l.content : "",
    excerpt: excerptOf(l.content),
    cover: (row.coverId && files.get(row.coverId)) || null,
    attachment: (row.attachmentId && files.get(row.attachmentId)) || null,
    publishedAt: (row.publishedAt ?? row.createdAt).toISOString(),
    akimatName,
  };
}

/**
 * Published news, newest first, 12 a page, in the page's language. Overlapping identical reads
 * share one query (the home page asks for the first page on every visit).
 */
export const listPublicNews = coalesced(listPublicNewsNow);

async function listPublicNewsNow(
  db: Db,
  q: { locale: Locale; category?: TPublicNews["category"]; page: number; pageSize?: number },
): Promise<TPage<TPublicNews>> {
  const { limit, offset } = pageWindow({ page: q.page, pageSize: q.pageSize ?? NEWS_PAGE_SIZE });
  const where = and(eq(news.status, "published"), q.category ? eq(news.category, q.category) : undefined);
  // The total comes with the page's rows (one query, not two: the home page asks on every visit);
  // only a page past the end, which has no rows to carry it, counts apart.
  const rows = await db
    .select({ n: news, akimat: akimats, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(news)
    .innerJoin(akimats, eq(akimats.id, news.akimatId))
    .where(where)
    .orderBy(desc(news.publishedAt), desc(news.id))
    .limit(limit)
    .offset(offset);
  const [total] = rows.length ? [{ n: rows[0]?.total ?? 0 }] : await db.select({ n: count() }).from(news).where(where);
  const files = await filesById(
    db,
    rows.flatMap((r) => [r.n.coverId]),
  );
  return {
    items: rows.map((r) =>
      toPublic(r.n, q.locale === "kk" ? r.akimat.nameKk : r.akimat.nameRu, files, q.locale, false),
    ),
    total: total?.n ?? 0,
    page: q.page,
    pageSize: limit,
  };
}

export async function getPublicNews(db: Db, id: number, locale: Locale): Promise<TPublicNews> {
  const [row] = await db
    .select({ n: news, akimat: akimats })
    .from(news)
    .innerJoin(akimats, eq(akimats.id, news.akimatId))
    .where(and(eq(news.id, id), eq(news.status, "published")));
  if (!row) throw new AppError(404, "news_not_found");
  const files = await filesById(db, [row.n.coverId, row.n.attachmentId]);
  return toPublic(row.n, locale === "kk" ? row.akimat.nameKk : row.akimat.nameRu, files, locale, true);
}

/** Ids of published news for the sitemaps. */
export async function listPublishedIds(db: Db): Promise<{ id: number; updatedAt: string }[]> {
  const rows = await db
    .select({ id: news.id, updatedAt: news.updatedAt })
    .from(news)
    .where(eq(news.status, "published"))
    .orderBy(desc(news.publishedAt))
    .limit(5000);
  return rows.map((r) => ({ id: r.id, updatedAt: r.updatedAt.toISOString() }));
}

/** Items as the akimat's staff see them, each with the moves `user` may make on it now. */
async function toAdmin(db: Db | Queryable, rows: NewsRow[], user: TSessionUser, now: Date): Promise<TNewsAdmin[]> {
  const files = await filesById(
    db,
    rows.flatMap((r) => [r.coverId, r.attachmentId]),
  );
  const authorIds = [...new Set(rows.map((r) => r.authorId).filter((x): x is number => x !== null))];
  const authors = authorIds.length
    ? await db
        .select({ id: users.id, surname: users.surname, name: users.name })
        .from(users)
        .where(inArray(users.id, authorIds))
    : [];
  const authorName = new Map(authors.map((a) => [a.id, `${a.surname} ${a.name}`.trim()]));
  const moves = await Promise.all(rows.map((r) => newsMachine.movesFor(db, r, user, now)));
  return rows.map((r, i) => ({
    id: r.id,
    category: r.category,
    status: r.status,
    titleRu: r.titleRu,
    titleKk: r.titleKk,
    contentRu: r.contentRu,
    contentKk: r.contentKk,
    cover: (r.coverId && files.get(r.coverId)) || null,
    attachment: (r.attachmentId && files.get(r.attachmentId)) || null,
    publishedAt: r.publishedAt?.toISOString() ?? null,
    updatedAt: r.updatedAt.toISOString(),
    authorName: r.authorId ? (authorName.get(r.authorId) ?? null) : null,
    moves: moves[i] ?? [],
  }));
}

/** The akimat's news with filters, newest change first (or by publication), a page at a time. */
export async function listAkimatNews(
  db: Db,
  user: TSessionUser,
  q: TListQuery<"updatedAt" | "publishedAt", { status?: NewsStatus; category?: TPublicNews["category"]; q?: string }>,
  now: Date,
): Promise<TPage<TNewsAdmin>> {
  const akimatId = akimatIdOf(user);
  const conds: SQL[] = [eq(news.akimatId, akimatId)];
  if (q.status) conds.push(eq(news.status, q.status));
  if (q.category) conds.push(eq(news.category, q.category));
  if (q.q) conds.push(or(ilike(news.titleRu, escapeLike(q.q)), ilike(news.titleKk, escapeLike(q.q))) as SQL);
  const { limit, offset } = pageWindow(q);
  const [total] = await db
    .select({ n: count() })
    .from(news)
    .where(and(...conds));
  const rows = await db
    .select()
    .from(news)
    .where(and(...conds))
    .orderBy(...orderOf(q.sort, { updatedAt: news.updatedAt, publishedAt: news.publishedAt }, news.id))
    .limit(limit)
    .offset(offset);
  return toPage(await toAdmin(db, rows, user, now), total?.n ?? 0, q);
}

/** An item of the caller's akimat (the machine's scope), or 404. */
const ownRow = (tx: Db | Queryable, user: TSessionUser, id: number) => newsMachine.load(tx, user, id);

export async function getAkimatNews(db: Db, user: TSessionUser, id: number, now: Date): Promise<TNewsAdmin> {
  return (await toAdmin(db, [await ownRow(db, user, id)], user, now))[0] as TNewsAdmin;
}

/** Checks the cover is a photo and the attachment a PDF, both the author's, and binds them to the item. */
async function bindFiles(
  tx: Queryable,
  user: TSessionUser,
  row: { id: number; status: NewsStatus },
  input: { coverId: string | null; attachmentId: string | null },
  now: Date,
) {
  const ids = [input.coverId, input.attachmentId].filter((x): x is string => Boolean(x));
  if (input.attachmentId) {
    const [att] = await tx.select({ type: uploads.type }).from(uploads).where(eq(uploads.id, input.attachmentId));
    if (att && att.type !== "application/pdf") {
      throw new AppError(422, "validation_failed", {}, [{ path: "attachmentId", key: "validation.news_pdf" }]);
    }
  }
  // Files already bound to this item stay usable even when another staff member edits it.
  const bound = await tx
    .select({ id: uploads.id, ownerId: uploads.ownerId })
    .from(uploads)
    .where(and(eq(uploads.entityType, NEWS_FILES), eq(uploads.entityId, String(row.id))));
  const keepForeign = bound.filter((b) => ids.includes(b.id) && b.ownerId !== user.id).map((b) => b.id);
  await attachUploads(tx, {
    ownerId: user.id,
    ids: ids.filter((id) => !keepForeign.includes(id)),
    entityType: NEWS_FILES,
    entityId: row.id,
    purposes: ["photo", "document"],
    isPublic: row.status === "published",
    now,
  });
  if (keepForeign.length) {
    await tx
      .update(uploads)
      .set({ entityType: NEWS_FILES, entityId: String(row.id), isPublic: row.status === "published" })
      .where(inArray(uploads.id, keepForeign));
  }
}

function cleanInput(raw: TNewsInput) {
  const input = ZNewsInput.parse(raw);
  return {
    ...input,
    contentRu: input.titleRu ? sanitizeRichText(input.contentRu) : "",
    contentKk: input.titleKk ? sanitizeRichText(input.contentKk) : "",
  };
}

export async function createNews(s: Services, user: TSessionUser, raw: TNewsInput): Promise<TNewsAdmin> {
  const akimatId = akimatIdOf(user);
  const input = cleanInput(raw);
  const now = s.now();
  return s.db.transaction(async (tx) => {
    const created = await newsMachine.create(
      tx,
      s,
      { ...input, akimatId, authorId: user.id, createdAt: now, updatedAt: now },
      user,
    );
    await bindFiles(tx, user, created, input, now);
    return (await toAdmin(tx, [created], user, now))[0] as TNewsAdmin;
  });
}

export async function updateNews(
  db: Db,
  user: TSessionUser,
  id: number,
  raw: TNewsInput,
  now: Date,
): Promise<TNewsAdmin> {
  const input = cleanInput(raw);
  return db.transaction(async (tx) => {
    const row = await ownRow(tx, user, id);
    const [updated] = await tx
      .update(news)
      .set({ ...input, updatedAt: now })
      .where(eq(news.id, row.id))
      .returning();
    await bindFiles(tx, user, row, input, now);
    await writeAudit(tx, { actor: user, entityType: "news", entityId: id, action: "update" });
    return (await toAdmin(tx, [updated as NewsRow], user, now))[0] as TNewsAdmin;
  });
}

/** Deletes an item; its files are let go (removed with the other unattached files). */
export async function deleteNews(db: Db, user: TSessionUser, id: number, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await ownRow(tx, user, id);
    await tx
      .update(uploads)
      .set({ entityType: null, entityId: null, attachedAt: null, isPublic: false, createdAt: now })
      .where(and(eq(uploads.entityType, NEWS_FILES), eq(uploads.entityId, String(id))));
    await tx.delete(news).where(eq(news.id, id));
    await writeAudit(tx, { actor: user, entityType: "news", entityId: id, action: "delete", from: row.status });
  });
}
