/**
 * Threads: the conversation about one entity (an appeal to the akimat, a reburial request, a
 * review appeal, a grave-care request…) between its applicant and its staff, with the staff's
 * internal notes beside it (decision 019). Comments are plain text with up to 5 files; every post
 * is audited on the entity and told to the other people of the conversation; read markers give
 * each person their unread count.
 *
 * How to give an entity a thread (once, at the import of the entity's service):
 *   registerThread("appeal", {
 *     access: async (tx, caller, id) => …null (404) | { staff, participant, canWrite? },
 *     recipients: async (tx, id) => ({ applicant: [userId], staff: [assigneeId] }),
 *     link: (id, forStaff) => linkTo(forStaff ? "user-ticket" : "client-appeal", { id }),
 *     subject: async (tx, id) => ({ ru: "Обращение № 12", kk: "№ 12 өтініш" }),
 *   });
 * then mount `<Thread>` (`app/components/thread.tsx`) on its pages with `loadThread` and
 * `threadAction` (`app/lib/thread.server.ts`). The API is `/threads/{entityType}/{entityId}`.
 */
import { and, count, desc, eq, gt, inArray, lt, type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import type { TThread, TThreadComment, TThreadRead, TUploadFile } from "../../../common/api-types.ts";
import { translate } from "../../../common/i18n.ts";
import { fullName } from "../../../common/person.ts";
import type { ZCommentInput } from "../../../common/schemas.ts";
import { COMMENTS_PER_HOUR, type ThreadSide, THREAD_PAGE_SIZE } from "../../../common/threads.ts";
import type { Queryable } from "../../db/client.ts";
import { AppError } from "../../lib/errors.ts";
import { hourBefore, lockQuota } from "../../lib/hourly-quota.ts";
import type { Services } from "../../services.ts";
import type { Role } from "../../../common/roles.ts";
import type { TLink } from "../../../common/route-table.ts";
import { writeAudit } from "../audit/audit.service.ts";
import { attachUploads, listAttached, registerReadPolicy } from "../uploads/uploads.service.ts";
import { users } from "../users/users.tables.ts";
import type { TNotice } from "../notifications/notices.ts";
import { tell } from "../notifications/notifications.service.ts";
import { threadNotices } from "./threads.notices.ts";
import { threadComments, threadReads } from "./threads.tables.ts";
import type { TSessionUser } from "../../lib/caller.ts";

/** What a caller may do in an entity's thread; `null` from `access` is "no such entity for you" (404). */
export type TThreadAccess = {
  /** Staff of the entity: reads and writes internal notes too. */
  staff: boolean;
  /** In the conversation (the applicant, a co-applicant): reads and writes the comments for participants. */
  participant: boolean;
  /** False when the entity takes no more comments (closed, withdrawn): the thread is read-only. */
  canWrite?: boolean;
};

/** Who is told of a new comment (user ids): internal notes are told to `staff` only, never to `applicant`. */
export type TThreadRecipients = { applicant: readonly number[]; staff: readonly number[] };

/** How a module plugs its entity in (`registerThread`). */
export type TThreadDefinition = {
  /**
   * What the caller may do in the thread of entity `entityId`; null when the entity does not exist
   * or is not the caller's to see (both answer 404, so ids reveal nothing). Runs inside the
   * transaction of a post.
   */
  access: (tx: Queryable, caller: TSessionUser, entityId: number) => Promise<TThreadAccess | null>;
  /** The people of the conversation, told of new comments (the author never is). */
  recipients: (tx: Queryable, entityId: number) => Promise<TThreadRecipients>;
  /**
   * The page a notification opens: the staff's page of the entity, or the applicant's — in the area
   * of the reader's role (a client's page, a supplier's).
   */
  link: (entityId: number, forStaff: boolean, readerRole: Role) => TLink;
  /** The entity's name in notifications («Обращение № 12»), in both languages; a general one otherwise. */
  subject?: (tx: Queryable, entityId: number) => Promise<{ ru: string; kk: string }>;
};

const definitions = new Map<string, TThreadDefinition>();

/** An entity type as the API's path carries it. */
const ENTITY_TYPE = /^[a-z][a-z0-9_]{0,39}$/;

/**
 * Gives an entity type a thread; each module registers its own entity once, at the import of its
 * service (as `registerReadPolicy`). A type nobody registered has no thread: its API answers 404.
 */
export function registerThread(entityType: string, definition: TThreadDefinition): void {
  if (!ENTITY_TYPE.test(entityType)) throw new Error(`thread entity type "${entityType}" must be snake_case`);
  if (definitions.has(entityType)) throw new Error(`thread of "${entityType}" registered twice`);
  definitions.set(entityType, definition);
}

/** A comment's files are bound to it under this entity type (`attachUploads`). */
export const COMMENT_FILES = "thread_comment";

/** The purposes of files a comment takes: scans and documents (PDF or pictures) and photos. */
const COMMENT_FILE_PURPOSES = ["document", "photo"] as const;

type TOpened = { definition: TThreadDefinition; isStaff: boolean; canWrite: boolean };

/**
 * The caller's access to a thread, or 404 `thread_not_found`: an unknown entity type, an entity
 * that does not exist, and one the caller may not read look the same.
 */
async function openThread(db: Queryable, caller: TSessionUser, entityType: string, entityId: number): Promise<TOpened> {
  const definition = definitions.get(entityType);
  if (!definition) throw new AppError(404, "thread_not_found");
  const access = await definition.access(db, caller, entityId);
  if (!access || !(access.staff || access.participant)) throw new AppError(404, "thread_not_found");
  return { definition, isStaff: access.staff, canWrite: access.canWrite !== false };
}

/**
 * The comments a reader sees. Security: the one condition every read of the comments goes through
 * (list, counts, read markers): internal notes for the entity's staff only.
 */
function visibleTo(isStaff: boolean): SQL | undefined {
  return isStaff ? undefined : eq(threadComments.visibility, "participants");
}

const ofThread = (entityType: string, entityId: number) =>
  and(eq(threadComments.entityType, entityType), eq(threadComments.entityId, entityId));

/** Visible comments after the caller's read marker, not written by the caller: their unread count. */
function unreadOf(callerId: number, lastReadId: number | null) {
  return sql<number>`(count(*) filter (where ${threadComments.id} > ${lastReadId ?? 0} and ${threadComments.authorId} is distinct from ${callerId}))::int`;
}

type TCommentRow = typeof threadComments.$inferSelect;
type TAuthorName = { surname: string | null; name: string | null; patronymic: string | null };

/**
 * A comment as the API shows it: the author's name and side, never their phone (staff's phones
 * stay with the staff; the applicant's are on the entity's own page for whoever may see them).
 */
function toComment(
  row: TCommentRow,
  author: TAuthorName,
  callerId: number,
  attachments: TUploadFile[],
): TThreadComment {
  const name = author.surname === null ? "" : fullName({ ...author, surname: author.surname });
  return {
    id: row.id,
    body: row.body,
    visibility: row.visibility,
    createdAt: row.createdAt.toISOString(),
    author: { name: name || null, side: row.authorSide, isMe: row.authorId === callerId },
    attachments,
  };
}

async function readMarker(db: Queryable, userId: number, entityType: string, entityId: number) {
  const [row] = await db
    .select({ lastReadId: threadReads.lastReadId })
    .from(threadReads)
    .where(
      and(eq(threadReads.userId, userId), eq(threadReads.entityType, entityType), eq(threadReads.entityId, entityId)),
    );
  return row?.lastReadId ?? null;
}

/**
 * An entity's thread as the caller sees it: the newest `limit` comments visible to them (before
 * `beforeId` for older ones), oldest first, with their files; how many there are in all and how
 * many the caller has not read; whether the caller is staff (may write internal notes) and may write.
 */
export async function getThread(
  db: Queryable,
  caller: TSessionUser,
  entityType: string,
  entityId: number,
  opts: { beforeId?: number; limit?: number } = {},
): Promise<TThread> {
  const { isStaff, canWrite } = await openThread(db, caller, entityType, entityId);
  const limit = opts.limit ?? THREAD_PAGE_SIZE;
  const visible = and(ofThread(entityType, entityId), visibleTo(isStaff));
  const rows = await db
    .select({ c: threadComments, surname: users.surname, name: users.name, patronymic: users.patronymic })
    .from(threadComments)
    .leftJoin(users, eq(users.id, threadComments.authorId))
    .where(and(visible, opts.beforeId ? lt(threadComments.id, opts.beforeId) : undefined))
    .orderBy(desc(threadComments.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit).reverse();
  const files = await listAttached(
    db,
    COMMENT_FILES,
    page.map((r) => r.c.id),
  );
  const lastReadId = await readMarker(db, caller.id, entityType, entityId);
  const [counted] = await db
    .select({ total: count(), unread: unreadOf(caller.id, lastReadId) })
    .from(threadComments)
    .where(visible);
  return {
    items: page.map((r) => toComment(r.c, r, caller.id, files.get(String(r.c.id)) ?? [])),
    hasOlder: rows.length > limit,
    total: counted?.total ?? 0,
    unread: Number(counted?.unread ?? 0),
    lastReadId,
    isStaff,
    canWrite,
  };
}

/**
 * Posts a comment, in one transaction with its files, its audit row on the entity (`comment`, or
 * `internal_note`) and its notifications. Refusals: 404 (no thread for the caller), 409 (the
 * entity takes no more comments), 403 (an internal note by someone who is not staff), 429 (the
 * author's {@link COMMENTS_PER_HOUR} an hour, counted in the database across servers), 422 (files
 * that are not the caller's own unattached uploads).
 */
export async function postComment(
  s: Services,
  caller: TSessionUser,
  entityType: string,
  entityId: number,
  input: z.output<typeof ZCommentInput>,
): Promise<TThreadComment> {
  const now = s.now();
  return s.db.transaction(async (tx) => {
    const { definition, isStaff, canWrite } = await openThread(tx, caller, entityType, entityId);
    if (!canWrite) throw new AppError(409, "thread_closed");
    const isInternal = input.visibility === "internal";
    if (isInternal && !isStaff) throw new AppError(403, "forbidden");

    // The count and the insert under the author's lock: two posts at once cannot both take the last place.
    await lockQuota(tx, `threads:${caller.id}`);
    const [recent] = await tx
      .select({ n: count() })
      .from(threadComments)
      .where(and(eq(threadComments.authorId, caller.id), gt(threadComments.createdAt, hourBefore(now))));
    if ((recent?.n ?? 0) >= COMMENTS_PER_HOUR) {
      throw new AppError(429, "comment_rate_limited", { max: COMMENTS_PER_HOUR });
    }

    const side: ThreadSide = isStaff ? "staff" : "applicant";
    const [row] = await tx
      .insert(threadComments)
      .values({
        entityType,
        entityId,
        authorId: caller.id,
        authorSide: side,
        body: input.body,
        visibility: input.visibility,
        createdAt: now,
      })
      .returning();
    const comment = row as TCommentRow;
    await attachUploads(tx, {
      ownerId: caller.id,
      field: { path: "attachmentIds", key: "validation.files_foreign" },
      ids: input.attachmentIds,
      entityType: COMMENT_FILES,
      entityId: comment.id,
      purposes: COMMENT_FILE_PURPOSES,
      now,
    });
    await writeAudit(tx, {
      actor: { id: caller.id, role: caller.role },
      entityType,
      entityId,
      action: isInternal ? "internal_note" : "comment",
      data: { commentId: comment.id, files: input.attachmentIds.length },
    });
    await tell(tx, await noticesOf(tx, definition, entityId, caller.id, isInternal));
    const files = await listAttached(tx, COMMENT_FILES, [comment.id]);
    return toComment(comment, caller, caller.id, files.get(String(comment.id)) ?? []);
  });
}

/**
 * Whom a new comment is told: everyone of the conversation but its author; an internal note only
 * the staff, and never anyone also listed as an applicant. Security: the params name the entity
 * only — no text of the comment — and each person gets the link of their own side.
 */
async function noticesOf(
  tx: Queryable,
  definition: TThreadDefinition,
  entityId: number,
  authorId: number,
  isInternal: boolean,
): Promise<TNotice[]> {
  const people = await definition.recipients(tx, entityId);
  const applicants = new Set(people.applicant);
  const staff = new Set(people.staff.filter((id) => !applicants.has(id)));
  const subject = definition.subject ? await definition.subject(tx, entityId) : null;
  const params = {
    subject: {
      ru: subject?.ru ?? translate("ru", "thread.subject_fallback"),
      kk: subject?.kk ?? translate("kk", "thread.subject_fallback"),
    },
  };
  const notice = isInternal ? threadNotices.internal_note_added : threadNotices.comment_added;
  const notices: TNotice[] = [];
  for (const userId of staff) {
    if (userId !== authorId) notices.push(notice(userId, params, { link: definition.link(entityId, true, "akimat") }));
  }
  if (!isInternal) {
    const readers = [...applicants].filter((id) => id !== authorId);
    const roles = readers.length
      ? await tx.select({ id: users.id, role: users.role }).from(users).where(inArray(users.id, readers))
      : [];
    for (const { id, role } of roles)
      notices.push(notice(id, params, { link: definition.link(entityId, false, role) }));
  }
  return notices;
}

/**
 * Marks the thread read up to a comment the caller sees (the newest shown); a marker never moves
 * back. Another id — of another thread, of an internal note for a non-staff caller, of nothing —
 * is a 422 on `lastReadId`, the same for each, so it reveals nothing.
 */
export async function markThreadRead(
  db: Queryable,
  caller: TSessionUser,
  entityType: string,
  entityId: number,
  lastReadId: number,
  now: Date,
): Promise<TThreadRead> {
  const { isStaff } = await openThread(db, caller, entityType, entityId);
  const [seen] = await db
    .select({ id: threadComments.id })
    .from(threadComments)
    .where(and(ofThread(entityType, entityId), visibleTo(isStaff), eq(threadComments.id, lastReadId)));
  if (!seen) {
    throw new AppError(422, "validation_failed", {}, [{ path: "lastReadId", key: "validation.invalid" }]);
  }
  const [marker] = await db
    .insert(threadReads)
    .values({ userId: caller.id, entityType, entityId, lastReadId, updatedAt: now })
    .onConflictDoUpdate({
      target: [threadReads.userId, threadReads.entityType, threadReads.entityId],
      set: {
        lastReadId: sql`greatest(${threadReads.lastReadId}, excluded.last_read_id)`,
        updatedAt: now,
      },
    })
    .returning({ lastReadId: threadReads.lastReadId });
  const kept = marker?.lastReadId ?? lastReadId;
  const [counted] = await db
    .select({ unread: unreadOf(caller.id, kept) })
    .from(threadComments)
    .where(and(ofThread(entityType, entityId), visibleTo(isStaff)));
  return { lastReadId: kept, unread: Number(counted?.unread ?? 0) };
}

/**
 * Comments and unread comments of many entities of one type for one reader, by entity id: for a
 * list's "3 new" marks. The caller's module has already scoped `entityIds` to what the reader may
 * see, and says whether the reader is their staff (`isStaff`; otherwise internal notes count for nothing).
 */
export async function threadCounts(
  db: Queryable,
  reader: { id: number },
  entityType: string,
  entityIds: readonly number[],
  isStaff: boolean,
): Promise<Map<number, { total: number; unread: number }>> {
  const out = new Map<number, { total: number; unread: number }>();
  if (!entityIds.length) return out;
  const rows = await db
    .select({
      entityId: threadComments.entityId,
      total: count(),
      unread: sql<number>`(count(*) filter (where ${threadComments.id} > coalesce(${threadReads.lastReadId}, 0) and ${threadComments.authorId} is distinct from ${reader.id}))::int`,
    })
    .from(threadComments)
    .leftJoin(
      threadReads,
      and(
        eq(threadReads.userId, reader.id),
        eq(threadReads.entityType, threadComments.entityType),
        eq(threadReads.entityId, threadComments.entityId),
      ),
    )
    .where(
      and(
        eq(threadComments.entityType, entityType),
        inArray(threadComments.entityId, [...entityIds]),
        visibleTo(isStaff),
      ),
    )
    .groupBy(threadComments.entityId);
  for (const r of rows) out.set(r.entityId, { total: r.total, unread: Number(r.unread) });
  return out;
}

/**
 * A comment's files are read by whoever may read the comment: for an internal note, the entity's
 * staff only (its author reads them as the uploader); otherwise the staff and the participants.
 * Anyone else gets the uploads' 404.
 */
registerReadPolicy(COMMENT_FILES, async (db, user, commentId) => {
  const id = Number(commentId);
  if (!Number.isInteger(id) || id < 1) return false;
  const [c] = await db
    .select({
      entityType: threadComments.entityType,
      entityId: threadComments.entityId,
      visibility: threadComments.visibility,
    })
    .from(threadComments)
    .where(eq(threadComments.id, id));
  const definition = c ? definitions.get(c.entityType) : undefined;
  if (!c || !definition) return false;
  const access = await definition.access(db, user, c.entityId);
  if (!access) return false;
  return c.visibility === "internal" ? access.staff : access.staff || access.participant;
});
