/** The lists of burial requests: the family's own, the cemetery staff's; filters, search and order. */
import { almatyDay } from "../../../common/calendar/almaty.ts";
import { and, asc, count, desc, eq, gte, inArray, lte, type SQL, sql } from "drizzle-orm";
import { addCalendarDays } from "../../../common/calendar/days.ts";
import type { z } from "zod";
import {
  idFromNumber,
  OPEN_STATUSES,
  type TBurialRequestPage,
  BURIAL_KINDS,
  BURIAL_REQUEST_STATUSES,
} from "../../../common/booking.ts";
import { normalizePhone } from "../../../common/phone.ts";
import { isoDate, ZId } from "../../../common/schemas.ts";
import { foldName } from "../../../common/search-text.ts";
import { z as zo } from "@hono/zod-openapi";
import { listQuery, orderOf, pageWindow, toPage } from "../../lib/list.ts";
import type { Locale } from "../../../common/locale.ts";
import type { Services } from "../../services.ts";
import { users } from "../users/users.tables.ts";
import { burialRequests } from "./burial-requests.tables.ts";
import type { TSessionUser } from "../../lib/caller.ts";
import { scopeOf } from "./burial-requests.service.ts";
import { summaries } from "./burial-request-view.service.ts";

export const PAGE_SIZE = 20;

/**
 * The query of the request lists (the family's, the cemetery staff's): every status or one, open
 * ones, kind, cemetery, burial dates, and `q` — a request's number (`2026-000123`, `#123`, `123`),
 * the family's phone as people type it, or the deceased's name (its start: `жолдас`, `Жолдасбеков
 * Сер`, either spelling of the Kazakh letters). Order `agenda` (the default): the burials of today
 * and tomorrow first, by time; then the live holds, the nearest expiry first; then the newest.
 */
export const ZBurialRequestList = listQuery({
  sort: ["agenda", "createdAt", "burialDate"],
  defaultSort: "agenda",
  pageSize: PAGE_SIZE,
  filters: {
    status: zo.enum(BURIAL_REQUEST_STATUSES),
    open: zo.enum(["1"]),
    kind: zo.enum(BURIAL_KINDS),
    cemeteryId: ZId,
    number: zo.string().trim().max(20),
    from: isoDate,
    to: isoDate,
    q: zo.string().trim().max(80),
  },
});
export type TBurialRequestList = z.output<typeof ZBurialRequestList>;

/** A request's number typed with or without its year, `№`, `#` or zeros: `2026-000123`, `#123`, `123`. */
const NUMBER_RE = /^(?:№|#)?\s*((?:\d{4}-)?\d{1,9})$/;

/**
 * What `q` looks for, each through an index: a number (the primary key), a phone (the users'
 * unique phone, then the requests' client index), else a name (a prefix of `deceased_key`, btree
 * with `text_pattern_ops`).
 */
function searchCondition(q: string): SQL {
  const number = NUMBER_RE.exec(q.trim());
  if (number) return eq(burialRequests.id, idFromNumber(number[1] as string) ?? 0);
  const phone = q.replace(/\D/g, "").length >= 10 ? normalizePhone(q) : null;
  if (phone) {
    return inArray(burialRequests.clientId, sql`(select ${users.id} from ${users} where ${users.phone} = ${phone})`);
  }
  const key = foldName(q).replace(/[%_\\]/g, (m) => `\\${m}`);
  if (!key) return sql`false`;
  return sql`${burialRequests.deceasedKey} like ${`${key}%`}`;
}

/** The order of a list: `agenda` (the burials of today and tomorrow, the live holds, the newest) or a column. */
function listOrder(sort: TBurialRequestList["sort"], now: Date): SQL[] {
  const r = burialRequests;
  if (sort.by === "createdAt") return orderOf({ by: "createdAt", desc: sort.desc }, { createdAt: r.createdAt }, r.id);
  if (sort.by === "burialDate") {
    const dir = sql.raw(sort.desc ? "desc" : "asc");
    return [
      sql`${r.burialDate} ${dir} nulls last`,
      sql`${r.burialTime} ${dir} nulls last`,
      sort.desc ? desc(r.id) : asc(r.id),
    ];
  }
  const today = almatyDay(now);
  const soon = sql`${r.status} in ('pending', 'paid', 'confirmed', 'completed') and ${r.burialDate} between ${today} and ${addCalendarDays(today, 1)}`;
  const liveHold = sql`${r.status} = 'pending' and ${r.expiresAt} > ${now.toISOString()}`;
  return [
    sql`case when ${soon} then 0 when ${liveHold} then 1 else 2 end`,
    sql`case when ${soon} then ${r.burialDate} end asc nulls last`,
    sql`case when ${soon} then ${r.burialTime} end asc nulls last`,
    sql`case when ${liveHold} then ${r.expiresAt} end asc nulls last`,
    desc(r.createdAt),
    desc(r.id),
  ];
}

/** A client's requests, or the requests of a manager's cemeteries (all, for the admin), filtered and paged. */
export async function listBurialRequests(
  s: Services,
  user: TSessionUser,
  f: TBurialRequestList,
  locale: Locale,
): Promise<TBurialRequestPage> {
  const conds: (SQL | undefined)[] = [await scopeOf(s.db, user)];
  if (f.status) conds.push(eq(burialRequests.status, f.status));
  if (f.open) conds.push(inArray(burialRequests.status, [...OPEN_STATUSES]));
  if (f.kind) conds.push(eq(burialRequests.kind, f.kind));
  if (f.cemeteryId) conds.push(eq(burialRequests.cemeteryId, f.cemeteryId));
  if (f.number) conds.push(eq(burialRequests.id, idFromNumber(f.number) ?? 0));
  if (f.from) conds.push(gte(burialRequests.burialDate, f.from));
  if (f.to) conds.push(lte(burialRequests.burialDate, f.to));
  if (f.q) conds.push(searchCondition(f.q));
  const where = and(...conds);
  const [total] = await s.db.select({ n: count() }).from(burialRequests).where(where);
  const n = Number(total?.n ?? 0);
  // Past the last page: the last page (a list shrinks while someone pages through it).
  const q = { page: Math.min(f.page, Math.max(1, Math.ceil(n / f.pageSize))), pageSize: f.pageSize };
  const rows = await s.db
    .select()
    .from(burialRequests)
    .where(where)
    .orderBy(...listOrder(f.sort, s.now()))
    .limit(pageWindow(q).limit)
    .offset(pageWindow(q).offset);
  return toPage(await summaries(s.db, rows, locale), n, q);
}
