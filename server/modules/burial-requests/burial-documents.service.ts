/**
 * What the printed documents and the crew's calendar read: the booking's confirmation (through the
 * request's own scoped read), the grave's certificate, a cemetery's day schedule, and the calendar
 * feeds addressed by a secret token.
 */
import { almatyDay } from "../../../common/calendar/almaty.ts";
import { addCalendarDays } from "../../../common/calendar/days.ts";
import { createHash, randomBytes } from "node:crypto";
import { fullName } from "../../../common/person.ts";
import { and, asc, desc, eq, gte, inArray, isNull, lte } from "drizzle-orm";
import {
  CALENDAR_DAYS_AHEAD,
  CALENDAR_DAYS_BACK,
  CALENDAR_STATUSES,
  requestNumber,
  SCHEDULE_STATUSES,
  slotEnd,
  type TCalendarFeed,
  type TCalendarFeedCreated,
  type TSchedule,
} from "../../../common/booking.ts";
import type { Locale } from "../../../common/locale.ts";
import type { Queryable } from "../../db/client.ts";
import { AppError } from "../../lib/errors.ts";
import type { Services } from "../../services.ts";
import { writeAudit } from "../audit/audit.service.ts";
import { assertManagesCemetery, worksInCemetery } from "../access/access.service.ts";
import { cemeteryAddressIn, cemeteryNameIn, cemeteryRow } from "../cemeteries/cemeteries.service.ts";
import { burials } from "../burials/burials.tables.ts";
import { cemeteries, plots } from "../cemeteries/cemeteries.tables.ts";
import { users } from "../users/users.tables.ts";
import { lastHandoverOf } from "../handovers/handovers.service.ts";
import type { TCalendarData, TCalendarEvent, TCertificateData, TConfirmationData } from "./burial-documents.ts";
import { getBurialRequest, placesOf } from "./burial-request-view.service.ts";
import { familyGraveOf } from "./family-graves.service.ts";
import { burialRequests, calendarFeeds } from "./burial-requests.tables.ts";
import type { TSessionUser } from "../../lib/caller.ts";

/**
 * The request as its confirmation prints it, for whoever may read the request (its family, the
 * cemetery's managers, the admin; 404 for anyone else, through the request's own scoped read).
 * A cancelled or expired booking confirms nothing: 409, also for a hold past its expiry that the
 * timer has not ended yet.
 */
export async function confirmationData(
  s: Services,
  user: TSessionUser,
  id: number,
  locale: Locale,
): Promise<TConfirmationData> {
  const r = await getBurialRequest(s, user, id, locale);
  const lapsed = r.status === "pending" && new Date(r.expiresAt) <= s.now();
  if (r.status === "cancelled" || r.status === "expired" || lapsed) {
    throw new AppError(409, "booking_document_unavailable");
  }
  return r;
}

/**
 * A grave's certificate: only for a burial record a request completed (it names its responsible
 * person), and only for that person, the cemetery's managers and the admin. Anyone else, and a
 * record entered by the cemetery without a request, gets 404: the record's existence and its
 * family are not revealed. After a hand-over the certificate is re-issued: it names the new
 * responsible person and the hand-over it was re-issued on (the previous person no longer reads it).
 */
export async function certificateData(
  s: Services,
  user: TSessionUser,
  burialId: number,
  locale: Locale,
): Promise<TCertificateData> {
  const [b] = await s.db
    .select({
      burial: burials,
      plot: plots,
      cemetery: cemeteries,
      responsible: { surname: users.surname, name: users.name, patronymic: users.patronymic },
    })
    .from(burials)
    .innerJoin(plots, eq(plots.id, burials.plotId))
    .innerJoin(cemeteries, eq(cemeteries.id, plots.cemeteryId))
    .innerJoin(users, eq(users.id, burials.responsibleUserId))
    .where(eq(burials.id, burialId));
  const may = !!b && (b.burial.responsibleUserId === user.id || (await worksInCemetery(s.db, user, b.cemetery.id)));
  if (!b || !may) throw new AppError(404, "burial_not_found");
  const [request] = await s.db
    .select({ id: burialRequests.id, createdAt: burialRequests.createdAt })
    .from(burialRequests)
    .where(and(eq(burialRequests.burialId, burialId), eq(burialRequests.status, "completed")));
  if (!request) throw new AppError(404, "burial_not_found");
  const { burial, plot, cemetery } = b;
  return {
    number: requestNumber(request.id, request.createdAt),
    surname: burial.surname,
    name: burial.name,
    patronymic: burial.patronymic,
    birthDate: burial.birthDate,
    deathDate: burial.deathDate,
    burialDate: burial.burialDate,
    cemeteryName: cemeteryNameIn(cemetery, locale),
    cemeteryAddress: cemeteryAddressIn(cemetery, locale),
    place: {
      sector: plot.sector,
      row: plot.row,
      number: plot.number,
      lat: (plot.minLat + plot.maxLat) / 2,
      lng: (plot.minLng + plot.maxLng) / 2,
    },
    responsible: fullName(b.responsible),
    reissued: await lastHandoverOf(s.db, burialId),
  };
}

/** The family grave a request goes into: whose it is and its last burial. */
async function familyGraves(db: Queryable, rows: readonly { id: number; familyBurialId: number | null }[]) {
  const out = new Map<number, { name: string; lastBurial: string | null }>();
  for (const r of rows) {
    if (!r.familyBurialId) continue;
    const grave = await familyGraveOf(db, r.familyBurialId);
    if (grave) out.set(r.id, { name: grave.name, lastBurial: grave.lastBurial });
  }
  return out;
}

/**
 * A cemetery's burials of one local day (paid, confirmed or completed), by time: the crew's work
 * list. Only the cemetery's managers and the admin (403 `cemetery_not_assigned` for another
 * cemetery's manager).
 */
export async function daySchedule(
  s: Services,
  user: TSessionUser,
  cemeteryId: number,
  date: string,
  locale: Locale,
): Promise<TSchedule> {
  await assertManagesCemetery(s.db, user, cemeteryId);
  const cemetery = await cemeteryRow(s.db, cemeteryId);
  const rows = await s.db
    .select()
    .from(burialRequests)
    .where(
      and(
        eq(burialRequests.cemeteryId, cemeteryId),
        eq(burialRequests.burialDate, date),
        inArray(burialRequests.status, [...SCHEDULE_STATUSES]),
      ),
    )
    .orderBy(asc(burialRequests.burialTime), asc(burialRequests.id));
  const places = await placesOf(
    s.db,
    rows.map((r) => r.id),
  );
  const graves = await familyGraves(s.db, rows);
  return {
    cemeteryId,
    cemeteryName: cemeteryNameIn(cemetery, locale),
    date,
    slotMinutes: cemetery.slotMinutes,
    items: rows.map((r) => {
      const time = r.burialTime ?? "";
      return {
        id: r.id,
        number: requestNumber(r.id, r.createdAt),
        time,
        endTime: time ? slotEnd(time, cemetery.slotMinutes) : "",
        status: r.status as TSchedule["items"][number]["status"],
        kind: r.kind,
        remains: r.remains,
        deceased: fullName(r),
        places: places.get(r.id) ?? [],
        familyGrave: graves.get(r.id) ?? null,
      };
    }),
  };
}

// ---------- Calendar feeds ----------

/**
 * Security note: a feed's address is its only key (calendar apps send no cookies). The token is 32
 * random bytes; the database keeps only its SHA-256, as sessions do, so neither a copy of the
 * database nor the staff's list of feeds can open one. Revoking is final.
 */
const hashFeedToken = (token: string) => createHash("sha256").update(`calendar:${token}`).digest("hex");
/** 32 bytes in base64url: 43 characters. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

const feedSelect = {
  id: calendarFeeds.id,
  cemeteryId: calendarFeeds.cemeteryId,
  createdAt: calendarFeeds.createdAt,
  revokedAt: calendarFeeds.revokedAt,
  surname: users.surname,
  name: users.name,
  patronymic: users.patronymic,
};

function presentFeed(r: {
  id: number;
  cemeteryId: number;
  createdAt: Date;
  revokedAt: Date | null;
  surname: string;
  name: string;
  patronymic: string;
}): TCalendarFeed {
  return {
    id: r.id,
    cemeteryId: r.cemeteryId,
    createdAt: r.createdAt.toISOString(),
    createdBy: fullName(r),
    revokedAt: r.revokedAt?.toISOString() ?? null,
  };
}

/** Makes a calendar feed of one of the caller's cemeteries; its address is returned this once. */
export async function createCalendarFeed(
  s: Services,
  user: TSessionUser,
  cemeteryId: number,
): Promise<TCalendarFeedCreated> {
  await assertManagesCemetery(s.db, user, cemeteryId);
  await cemeteryRow(s.db, cemeteryId);
  const token = randomBytes(32).toString("base64url");
  const now = s.now();
  const id = await s.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(calendarFeeds)
      .values({ cemeteryId, tokenHash: hashFeedToken(token), createdBy: user.id, createdAt: now })
      .returning({ id: calendarFeeds.id });
    const feedId = (row as { id: number }).id;
    await writeAudit(tx, {
      actor: user,
      entityType: "calendar_feed",
      entityId: feedId,
      action: "create",
      data: { cemeteryId },
    });
    return feedId;
  });
  const [feed] = await s.db
    .select(feedSelect)
    .from(calendarFeeds)
    .innerJoin(users, eq(users.id, calendarFeeds.createdBy))
    .where(eq(calendarFeeds.id, id));
  return { ...presentFeed(feed as Parameters<typeof presentFeed>[0]), url: calendarUrl(s, token) };
}

export function calendarUrl(s: Services, token: string): string {
  return `${s.config.publicUrl}/api/v1/calendar/${token}.ics`;
}

/** A cemetery's feeds, newest first, revoked ones too (never their tokens). */
export async function listCalendarFeeds(s: Services, user: TSessionUser, cemeteryId: number): Promise<TCalendarFeed[]> {
  await assertManagesCemetery(s.db, user, cemeteryId);
  const rows = await s.db
    .select(feedSelect)
    .from(calendarFeeds)
    .innerJoin(users, eq(users.id, calendarFeeds.createdBy))
    .where(eq(calendarFeeds.cemeteryId, cemeteryId))
    .orderBy(desc(calendarFeeds.createdAt), desc(calendarFeeds.id));
  return rows.map(presentFeed);
}

/** Revokes a feed of one of the caller's cemeteries: its address answers 404 from now on. Revoking twice changes nothing. */
export async function revokeCalendarFeed(s: Services, user: TSessionUser, id: number): Promise<void> {
  const now = s.now();
  await s.db.transaction(async (tx) => {
    const [feed] = await tx.select().from(calendarFeeds).where(eq(calendarFeeds.id, id)).for("update");
    if (!feed) throw new AppError(404, "not_found");
    await assertManagesCemetery(tx, user, feed.cemeteryId);
    if (feed.revokedAt) return;
    await tx.update(calendarFeeds).set({ revokedAt: now }).where(eq(calendarFeeds.id, id));
    await writeAudit(tx, {
      actor: user,
      entityType: "calendar_feed",
      entityId: id,
      action: "revoke",
      data: { cemeteryId: feed.cemeteryId },
    });
  });
}

/**
 * The burials a feed carries: its cemetery's paid and confirmed requests from
 * {@link CALENDAR_DAYS_BACK} days ago to {@link CALENDAR_DAYS_AHEAD} days ahead (local dates). An
 * unknown or revoked token is a 404, the same for both.
 */
export async function calendarData(s: Services, token: string): Promise<TCalendarData> {
  if (!TOKEN_SHAPE.test(token)) throw new AppError(404, "not_found");
  const [feed] = await s.db
    .select()
    .from(calendarFeeds)
    .where(and(eq(calendarFeeds.tokenHash, hashFeedToken(token)), isNull(calendarFeeds.revokedAt)));
  if (!feed) throw new AppError(404, "not_found");
  const cemetery = await cemeteryRow(s.db, feed.cemeteryId);
  const today = almatyDay(s.now());
  const rows = await s.db
    .select()
    .from(burialRequests)
    .where(
      and(
        eq(burialRequests.cemeteryId, feed.cemeteryId),
        inArray(burialRequests.status, [...CALENDAR_STATUSES]),
        gte(burialRequests.burialDate, addCalendarDays(today, -CALENDAR_DAYS_BACK)),
        lte(burialRequests.burialDate, addCalendarDays(today, CALENDAR_DAYS_AHEAD)),
      ),
    )
    .orderBy(asc(burialRequests.burialDate), asc(burialRequests.burialTime), asc(burialRequests.id));
  const places = await placesOf(
    s.db,
    rows.map((r) => r.id),
  );
  const graves = await familyGraves(s.db, rows);
  const events: TCalendarEvent[] = rows
    .filter((r) => r.burialDate && r.burialTime)
    .map((r) => ({
      id: r.id,
      number: requestNumber(r.id, r.createdAt),
      status: r.status as TCalendarEvent["status"],
      kind: r.kind,
      remains: r.remains,
      surname: r.surname,
      deceased: fullName(r),
      burialDate: r.burialDate as string,
      burialTime: r.burialTime as string,
      places: places.get(r.id) ?? [],
      familyGrave: graves.get(r.id) ?? null,
      updatedAt: r.updatedAt,
    }));
  return {
    cemeteryName: cemeteryNameIn(cemetery, "ru"),
    slotMinutes: cemetery.slotMinutes,
    publicUrl: s.config.publicUrl,
    events,
  };
}
