import { and, count, desc, eq, inArray, isNull } from "drizzle-orm";
import type { TNotificationPage } from "../../../common/api-types.ts";
import { translate } from "../../../common/i18n.ts";
import type { Locale } from "../../../common/locale.ts";
import type { Queryable } from "../../db/client.ts";
import { AppError } from "../../lib/errors.ts";
import { pageWindow } from "../../lib/list.ts";
import { queueSms } from "../jobs/outbox.ts";
import { users } from "../users/users.tables.ts";
import type { TNotice, TNoticeContent } from "./notices.ts";
import { notifications } from "./notifications.tables.ts";

/**
 * Tells people about a change, in the caller's transaction: each notice becomes a notification
 * in the app, and an SMS of the same words in the reader's language when the notice asks for one
 * (`sms`). Notices come from each module's kinds (`defineNotices`, `./notices.ts`).
 */
export async function tell(tx: Queryable, notices: readonly TNotice[]): Promise<void> {
  if (!notices.length) return;
  await tx
    .insert(notifications)
    .values(notices.map((n) => ({ userId: n.userId, kind: n.kind, params: n.params, link: n.link })));
  const ids = [...new Set(notices.filter((n) => n.sms).map((n) => n.userId))];
  if (!ids.length) return;
  const people = await tx
    .select({ id: users.id, phone: users.phone, locale: users.locale })
    .from(users)
    .where(inArray(users.id, ids));
  for (const n of notices) {
    const person = n.sms ? people.find((p) => p.id === n.userId) : undefined;
    if (person) await queueSms(tx, { phone: person.phone, text: noticeText(person.locale, n) });
  }
}

/**
 * Tells a phone with no account (a visitor's request by phone): one SMS in both languages, as the
 * reader's language is not known, with the page's address. Through the outbox, once per `key`.
 */
export async function tellPhone(
  tx: Queryable,
  phone: string,
  n: TNoticeContent,
  opts: { publicUrl: string; key?: string },
): Promise<void> {
  const link = n.link ? ` ${opts.publicUrl}${n.link}` : "";
  await queueSms(tx, { phone, text: `${noticeText("ru", n)} / ${noticeText("kk", n)}${link}`, key: opts.key });
}

/** A notice's words in a language (the notification's text, and its SMS). */
export function noticeText(locale: Locale, n: Pick<TNotice, "kind" | "params">): string {
  return translate(locale, `notifications.kind.${n.kind}`, paramsIn(n.params, locale));
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
      text: noticeText(locale, { kind: r.kind as TNotice["kind"], params: r.params }),
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
