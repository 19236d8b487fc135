import { and, count, desc, eq, isNull } from "drizzle-orm";
import type { TNotificationPage } from "../../../common/api-types.ts";
import { translate } from "../../../common/i18n.ts";
import type { Locale } from "../../../common/locale.ts";
import type { Queryable } from "../../db/client.ts";
import { AppError } from "../../lib/errors.ts";
import { pageWindow } from "../../lib/list.ts";
import { notifications } from "./notifications.tables.ts";

/**
 * Kinds of notification. Each has the text `notifications.kind.<kind>` in both catalogs,
 * with `params` interpolated. Later modules add their kinds here.
 */
export const NOTIFICATION_KINDS = [
  "welcome",
  "akimat_invited",
  "employee_invited",
  "supplier_registered",
  "supplier_needs_review",
  "supplier_activated",
  "supplier_blocked",
  "supplier_unblocked",
  "supplier_documents_updated",
  "registry_found",
  "registry_added",
  "registry_not_found",
  "manager_invited",
  "cemetery_assigned",
  "cemetery_unassigned",
  "burial_booked",
  "burial_paid",
  "burial_paid_online",
  "burial_confirmed",
  "burial_completed",
  "burial_cancelled",
  "burial_cancelled_by_client",
  "burial_expired",
  "burial_expires_soon",
  "comment_added",
  "appeal_registered",
  "appeal_received",
  "appeal_assigned",
  "appeal_in_work",
  "appeal_documents_requested",
  "appeal_documents_added",
  "appeal_hearing",
  "appeal_extended",
  "appeal_redirected",
  "appeal_answered",
  "appeal_withdrawn",
  "appeal_due_soon",
  "appeal_due_today",
  "internal_note_added",
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** Tells a user about a change that concerns them, in the caller's transaction. */
export async function notify(
  tx: Queryable,
  n: {
    userId: number;
    kind: NotificationKind;
    params?: Record<string, string | number>;
    link?: string;
  },
): Promise<void> {
  await tx.insert(notifications).values({
    userId: n.userId,
    kind: n.kind,
    params: n.params ?? {},
    link: n.link ?? null,
  });
}

/**
 * The params of a notification in the reader's language. A value that exists in both languages
 * (a cemetery's name) is stored twice, as `name_ru` and `name_kk`, and read as `name`, so one
 * stored row reads right in Russian and in Kazakh.
 */
export function paramsIn(params: Record<string, string | number>, locale: Locale): Record<string, string | number> {
  const out = { ...params };
  const suffix = `_${locale}`;
  for (const [k, v] of Object.entries(params)) if (k.endsWith(suffix)) out[k.slice(0, -suffix.length)] = v;
  return out;
}

/** The user's notifications, newest first, a page at a time (`listQuery`), all or only the unread. */
export async function listNotifications(
  db: Queryable,
  userId: number,
  locale: Locale,
  opts: { page: number; pageSize: number; unreadOnly: boolean },
): Promise<TNotificationPage> {
  const where = opts.unreadOnly
    ? and(eq(notifications.userId, userId), isNull(notifications.readAt))
    : eq(notifications.userId, userId);
  const rows = await db
    .select()
    .from(notifications)
    .where(where)
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(pageWindow(opts).limit)
    .offset(pageWindow(opts).offset);
  const [totals] = await db.select({ n: count() }).from(notifications).where(where);
  return {
    items: rows.map((r) => ({
      id: r.id,
      kind: r.kind,
      text: translate(locale, `notifications.kind.${r.kind}`, paramsIn(r.params, locale)),
      link: r.link,
      isRead: r.readAt !== null,
      createdAt: r.createdAt.toISOString(),
    })),
    total: totals?.n ?? 0,
    unread: await countUnread(db, userId),
    page: opts.page,
    pageSize: opts.pageSize,
  };
}

export async function countUnread(db: Queryable, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return row?.n ?? 0;
}

/** Marks one of the user's own notifications read; someone else's is "not found". */
export async function markRead(db: Queryable, userId: number, id: number, now: Date): Promise<void> {
  const changed = await db
    .update(notifications)
    .set({ readAt: now })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning({ id: notifications.id });
  if (changed.length === 0) throw new AppError(404, "notification_not_found");
}

export async function markAllRead(db: Queryable, userId: number, now: Date): Promise<number> {
  const changed = await db
    .update(notifications)
    .set({ readAt: now })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)))
    .returning({ id: notifications.id });
  return changed.length;
}
