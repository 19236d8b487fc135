import { randomBytes } from "node:crypto";
import { and, asc, desc, eq, gte, inArray, isNull, type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import { almatyDay } from "../../../common/calendar/almaty.ts";
import type { Locale } from "../../../common/locale.ts";
import type {
  ZAccessRequestCreate,
  ZMemorialClaimCreate,
  ZMemorialCreate,
  ZMemorialInvite,
  ZMemorialUpdate,
  ZSuggestionCreate,
  ZTributeCreate,
} from "../../../common/memorial-forms.ts";
import type {
  TMemorialByCode,
  TMemorialClaim,
  TMemorialGrave,
  TMemorialManage,
  TMemorialPage,
  TMemorialPerson,
  TMyMemorials,
  TTributeShown,
} from "../../../common/memorial-schemas.ts";
import {
  inLocale,
  isRecentDeath,
  linkHost,
  MEMORIAL_CODE_ALPHABET,
  MEMORIAL_CODE_LENGTH,
  type MemorialVisibility,
  memorialShortPath,
  TRIBUTES_PER_AUTHOR_HOUR,
  TRIBUTES_PER_MEMORIAL_DAY,
} from "../../../common/memorials.ts";
import { fullName } from "../../../common/person.ts";
import { linkTo } from "../../../common/route-table.ts";
import type { Queryable } from "../../db/client.ts";
import type { TSessionUser } from "../../lib/caller.ts";
import { AppError, fieldError } from "../../lib/errors.ts";
import { hourBefore, lockQuota } from "../../lib/hourly-quota.ts";
import { sanitizeRichText } from "../../lib/rich-text.server.ts";
import type { Services } from "../../services.ts";
import { writeAudit } from "../audit/audit.service.ts";
import { burials } from "../burials/burials.tables.ts";
import { cemeteries, plots } from "../cemeteries/cemeteries.tables.ts";
import { tell } from "../notifications/notifications.service.ts";
import {
  attachUploads,
  detachUpload,
  listAttached,
  registerReadPolicy,
  setUploadsPublic,
} from "../uploads/uploads.service.ts";
import { users } from "../users/users.tables.ts";
import { managesMemorial, ownsBurial, readsPrivateMemorial } from "./memorials.access.ts";
import {
  accessMachine,
  CLAIM_DOCUMENTS,
  claimMachine,
  MEMORIAL_PHOTOS,
  SUGGESTION_PHOTOS,
  suggestionMachine,
  tributeMachine,
} from "./memorials.machine.ts";
import { memorialNotices } from "./memorials.notices.ts";
import {
  memorialAccessRequests,
  memorialClaims,
  memorialMembers,
  memorials,
  memorialSuggestions,
  memorialTributeReports,
  memorialTributes,
} from "./memorials.tables.ts";

type TMemorialRow = typeof memorials.$inferSelect;
const iso = (d: Date) => d.toISOString();
const PHOTO_RULES = { purposes: ["photo"] as const };

// ---------- Files ----------

// The gallery is public unless the memorial is private; then its readers (managers, viewers, granted requests).
registerReadPolicy(MEMORIAL_PHOTOS, async (db, user, entityId) => {
  const id = Number(entityId);
  if (!Number.isInteger(id)) return false;
  const [m] = await db
    .select({ id: memorials.id })
    .from(memorials)
    .where(and(eq(memorials.id, id), readsPrivateMemorial(user.id, memorials.id, memorials.burialId)));
  return m !== undefined;
});
// A suggested photo: its author and the memorial's managers.
registerReadPolicy(SUGGESTION_PHOTOS, async (db, user, entityId) => {
  const id = Number(entityId);
  if (!Number.isInteger(id)) return false;
  const scope = await suggestionMachine.scopeOf(user, db);
  const [r] = await db
    .select({ id: memorialSuggestions.id })
    .from(memorialSuggestions)
    .where(and(eq(memorialSuggestions.id, id), scope ?? undefined));
  return r !== undefined;
});
// A relative's documents: the relative and the cemetery's staff.
registerReadPolicy(CLAIM_DOCUMENTS, async (db, user, entityId) => {
  const id = Number(entityId);
  if (!Number.isInteger(id)) return false;
  const scope = await claimMachine.scopeOf(user, db);
  const [r] = await db
    .select({ id: memorialClaims.id })
    .from(memorialClaims)
    .where(and(eq(memorialClaims.id, id), scope ?? undefined));
  return r !== undefined;
});

// ---------- Helpers ----------

/** A new short code: 12 base32 characters from the system's random source (60 bits). */
export function newMemorialCode(): string {
  const bytes = randomBytes(MEMORIAL_CODE_LENGTH);
  let out = "";
  for (const b of bytes) out += MEMORIAL_CODE_ALPHABET[b & 31];
  return out;
}

const today = (s: Services) => almatyDay(s.now());

/** The burial, its place and cemetery (a memorial's person and grave). */
async function burialAt(db: Queryable, burialId: number, locale: Locale) {
  const [r] = await db
    .select({
      b: burials,
      sector: plots.sector,
      row: plots.row,
      number: plots.number,
      cemeteryId: cemeteries.id,
      cemeteryRu: cemeteries.nameRu,
      cemeteryKk: cemeteries.nameKk,
    })
    .from(burials)
    .innerJoin(plots, eq(plots.id, burials.plotId))
    .innerJoin(cemeteries, eq(cemeteries.id, plots.cemeteryId))
    .where(eq(burials.id, burialId));
  if (!r) return null;
  return {
    burial: r.b,
    cemeteryId: r.cemeteryId,
    person: personOf(r.b),
    grave: {
      burialId: r.b.id,
      cemetery: locale === "kk" ? r.cemeteryKk : r.cemeteryRu,
      sector: r.sector,
      row: r.row,
      place: String(r.number),
    },
  };
}

function personOf(b: typeof burials.$inferSelect): TMemorialPerson {
  return {
    surname: b.surname,
    name: b.name,
    patronymic: b.patronymic,
    birthDate: b.birthDate,
    deathDate: b.deathDate,
    birthYear: b.birthYear,
    deathYear: b.deathYear,
  };
}

/** Whether the burial's death (or, unknown, burial) date is within the last 40 days. */
const isRecent = (b: typeof burials.$inferSelect, day: string) => isRecentDeath(b.deathDate ?? b.burialDate, day);

/** A person's name as visitors read it: the first name and the surname's initial. */
function authorName(u: { name: string; surname: string }): string {
  const initial = u.surname ? ` ${u.surname.slice(0, 1)}.` : "";
  return `${u.name}${initial}`.trim();
}

/** The memorial `id` managed by `user`, locked for update when asked; 404 otherwise. */
async function managedMemorial(
  tx: Queryable,
  user: TSessionUser,
  id: number,
  forUpdate = false,
): Promise<TMemorialRow> {
  const q = tx
    .select()
    .from(memorials)
    .where(and(eq(memorials.id, id), managesMemorial(user.id, memorials.id, memorials.burialId)));
  const [m] = forUpdate ? await q.for("update", { of: memorials }) : await q;
  if (!m) throw new AppError(404, "memorial_not_found");
  return m;
}

async function isOwner(tx: Queryable, user: TSessionUser, burialId: number): Promise<boolean> {
  const [r] = await tx
    .select({ id: burials.id })
    .from(burials)
    .where(and(eq(burials.id, burialId), ownsBurial(user.id, burials.id)));
  return r !== undefined;
}

/**
 * The 40-day rule: a memorial of a recent death is made public by the grave's responsible person
 * only (a verified relative, a co-manager may keep it by link or private).
 */
function checkRecentRule(
  b: typeof burials.$inferSelect,
  user: TSessionUser,
  visibility: MemorialVisibility,
  day: string,
) {
  if (visibility === "public" && isRecent(b, day) && b.responsibleUserId !== user.id) {
    throw fieldError("visibility", "validation.memorial_recent_public");
  }
}

/** The content's columns from a form (the biography sanitized). */
function contentValues(input: z.output<typeof ZMemorialUpdate> | z.output<typeof ZMemorialCreate>) {
  return {
    epitaphRu: input.epitaphRu,
    epitaphKk: input.epitaphKk,
    biographyRu: sanitizeRichText(input.biographyRu),
    biographyKk: sanitizeRichText(input.biographyKk),
    achievementsRu: input.achievementsRu,
    achievementsKk: input.achievementsKk,
    videoLinks: input.videoLinks,
    visibility: input.visibility,
    noindex: input.noindex,
  };
}

// ---------- The owner's side ----------

/** Creates the memorial of a burial the caller owns: one per burial; the 40-day rule for a public one. */
export async function createMemorial(
  s: Services,
  user: TSessionUser,
  input: z.output<typeof ZMemorialCreate>,
): Promise<{ id: number; shortPath: string }> {
  return s.db.transaction(async (tx) => {
    const [b] = await tx.select().from(burials).where(eq(burials.id, input.burialId)).for("update");
    if (!b || !(await isOwner(tx, user, b.id))) throw new AppError(404, "burial_not_found");
    const [had] = await tx.select({ id: memorials.id }).from(memorials).where(eq(memorials.burialId, b.id));
    if (had) throw new AppError(409, "memorial_exists");
    checkRecentRule(b, user, input.visibility, today(s));
    const now = s.now();
    const [m] = await tx
      .insert(memorials)
      .values({
        burialId: b.id,
        code: newMemorialCode(),
        createdBy: user.id,
        createdAt: now,
        updatedAt: now,
        ...contentValues(input),
      })
      .returning();
    const row = m as TMemorialRow;
    await writeAudit(tx, {
      actor: user,
      entityType: "memorial",
      entityId: row.id,
      action: "create",
      data: { visibility: row.visibility, noindex: row.noindex },
    });
    return { id: row.id, shortPath: memorialShortPath(row.code) };
  });
}

/** The managers edit the content; only the owners change who sees it (and the 40-day rule holds). */
export async function updateMemorial(
  s: Services,
  user: TSessionUser,
  id: number,
  input: z.output<typeof ZMemorialUpdate>,
): Promise<void> {
  await s.db.transaction(async (tx) => {
    const m = await managedMemorial(tx, user, id, true);
    const [b] = await tx.select().from(burials).where(eq(burials.id, m.burialId));
    if (!b) throw new AppError(404, "memorial_not_found");
    const visibilityChanged = input.visibility !== m.visibility || input.noindex !== m.noindex;
    if (visibilityChanged && !(await isOwner(tx, user, m.burialId))) throw new AppError(403, "memorial_not_owner");
    if (input.visibility !== m.visibility) checkRecentRule(b, user, input.visibility, today(s));
    if (input.portraitId) {
      const photos = (await listAttached(tx, MEMORIAL_PHOTOS, [id])).get(String(id)) ?? [];
      if (!photos.some((p) => p.id === input.portraitId))
        throw fieldError("portraitId", "validation.memorial_portrait");
    }
    await tx
      .update(memorials)
      .set({ ...contentValues(input), portraitId: input.portraitId, updatedAt: s.now() })
      .where(eq(memorials.id, id));
    if (input.visibility !== m.visibility)
      await setUploadsPublic(tx, MEMORIAL_PHOTOS, id, input.visibility !== "private");
    await writeAudit(tx, {
      actor: user,
      entityType: "memorial",
      entityId: id,
      action: "update",
      ...(visibilityChanged ? { data: { visibility: input.visibility, noindex: input.noindex } } : {}),
    });
  });
}

/** Adds the manager's uploaded photos to the gallery (public unless the memorial is private). */
export async function addMemorialPhotos(
  s: Services,
  user: TSessionUser,
  id: number,
  photoIds: string[],
): Promise<void> {
  await s.db.transaction(async (tx) => {
    const m = await managedMemorial(tx, user, id, true);
    await attachUploads(tx, {
      ownerId: user.id,
      ids: photoIds,
      entityType: MEMORIAL_PHOTOS,
      entityId: id,
      append: true,
      isPublic: m.visibility !== "private",
      field: { path: "photoIds", key: "validation.memorial_photos" },
      ...PHOTO_RULES,
      now: s.now(),
    });
    await tx.update(memorials).set({ updatedAt: s.now() }).where(eq(memorials.id, id));
    await writeAudit(tx, {
      actor: user,
      entityType: "memorial",
      entityId: id,
      action: "add_photos",
      data: { photoIds },
    });
  });
}

/** Takes a photo out of the gallery (and off the portrait). */
export async function removeMemorialPhoto(s: Services, user: TSessionUser, id: number, photoId: string): Promise<void> {
  await s.db.transaction(async (tx) => {
    const m = await managedMemorial(tx, user, id, true);
    if (!(await detachUpload(tx, MEMORIAL_PHOTOS, id, photoId, s.now()))) throw new AppError(404, "upload_not_found");
    await tx
      .update(memorials)
      .set({ updatedAt: s.now(), ...(m.portraitId === photoId ? { portraitId: null } : {}) })
      .where(eq(memorials.id, id));
    await writeAudit(tx, {
      actor: user,
      entityType: "memorial",
      entityId: id,
      action: "remove_photo",
      data: { photoId },
    });
  });
}

/** An owner invites a co-manager or a viewer by phone; a person with an account is told at once. */
export async function inviteMember(
  s: Services,
  user: TSessionUser,
  id: number,
  input: z.output<typeof ZMemorialInvite>,
): Promise<{ id: number }> {
  return s.db.transaction(async (tx) => {
    const m = await managedMemorial(tx, user, id, true);
    if (!(await isOwner(tx, user, m.burialId))) throw new AppError(403, "memorial_not_owner");
    const [row] = await tx
      .insert(memorialMembers)
      .values({ memorialId: id, phone: input.phone, role: input.role, invitedBy: user.id, createdAt: s.now() })
      .onConflictDoNothing()
      .returning({ id: memorialMembers.id });
    if (!row) throw new AppError(409, "memorial_member_exists");
    await writeAudit(tx, {
      actor: user,
      entityType: "memorial",
      entityId: id,
      action: "invite",
      data: { role: input.role },
    });
    const [invitee] = await tx.select({ id: users.id }).from(users).where(eq(users.phone, input.phone));
    if (invitee && invitee.id !== user.id) {
      const [b] = await tx.select().from(burials).where(eq(burials.id, m.burialId));
      await tell(tx, [
        memorialNotices.memorial_invited(
          invitee.id,
          { name: b ? fullName(b) : "" },
          { link: linkTo("client-memorial", {}) },
        ),
      ]);
    }
    return row;
  });
}

/** An owner takes an invitation back or removes a co-manager or viewer. */
export async function removeMember(s: Services, user: TSessionUser, id: number, memberId: number): Promise<void> {
  await s.db.transaction(async (tx) => {
    const m = await managedMemorial(tx, user, id, true);
    if (!(await isOwner(tx, user, m.burialId))) throw new AppError(403, "memorial_not_owner");
    const gone = await tx
      .delete(memorialMembers)
      .where(and(eq(memorialMembers.id, memberId), eq(memorialMembers.memorialId, id)))
      .returning({ id: memorialMembers.id });
    if (!gone.length) throw new AppError(404, "memorial_invitation_not_found");
    await writeAudit(tx, {
      actor: user,
      entityType: "memorial",
      entityId: id,
      action: "remove_member",
      data: { memberId },
    });
  });
}

/** The invitee, signed in with the invited phone, accepts. */
export async function acceptInvitation(s: Services, user: TSessionUser, invitationId: number): Promise<{ id: number }> {
  return s.db.transaction(async (tx) => {
    const [row] = await tx
      .update(memorialMembers)
      .set({ userId: user.id, acceptedAt: s.now() })
      .where(
        and(
          eq(memorialMembers.id, invitationId),
          eq(memorialMembers.phone, user.phone),
          isNull(memorialMembers.acceptedAt),
        ),
      )
      .returning({ memorialId: memorialMembers.memorialId, role: memorialMembers.role });
    if (!row) throw new AppError(404, "memorial_invitation_not_found");
    await writeAudit(tx, {
      actor: user,
      entityType: "memorial",
      entityId: row.memorialId,
      action: "accept_invitation",
      data: { role: row.role },
    });
    return { id: row.memorialId };
  });
}

// ---------- A relative's verification ----------

/** A relative who is not the responsible person asks the cemetery to verify them (documents, relation). */
export async function createClaim(
  s: Services,
  user: TSessionUser,
  input: z.output<typeof ZMemorialClaimCreate>,
): Promise<{ id: number }> {
  return s.db.transaction(async (tx) => {
    const at = await burialAt(tx, input.burialId, "ru");
    if (!at || at.burial.reburiedAt) throw new AppError(404, "burial_not_found");
    if (await isOwner(tx, user, at.burial.id)) throw new AppError(409, "memorial_claim_open");
    const [open] = await tx
      .select({ id: memorialClaims.id })
      .from(memorialClaims)
      .where(
        and(
          eq(memorialClaims.burialId, at.burial.id),
          eq(memorialClaims.userId, user.id),
          eq(memorialClaims.status, "pending"),
        ),
      );
    if (open) throw new AppError(409, "memorial_claim_open");
    const row = await claimMachine.create(
      tx,
      s,
      {
        burialId: at.burial.id,
        cemeteryId: at.cemeteryId,
        userId: user.id,
        relation: input.relation,
        createdAt: s.now(),
      },
      user,
    );
    await attachUploads(tx, {
      ownerId: user.id,
      ids: input.documentIds,
      entityType: CLAIM_DOCUMENTS,
      entityId: row.id,
      purposes: ["document", "photo"],
      field: { path: "documentIds", key: "validation.memorial_claim_documents" },
      now: s.now(),
    });
    return { id: row.id };
  });
}

/** The cemetery's queue of relatives' requests (its staff's cemeteries), pending first, oldest first. */
export async function listClaims(
  s: Services,
  user: TSessionUser,
  locale: Locale,
): Promise<{ items: TMemorialClaim[] }> {
  const scope = await claimMachine.scopeOf(user, s.db);
  const rows = await s.db
    .select({
      c: memorialClaims,
      u: { name: users.name, surname: users.surname, patronymic: users.patronymic, phone: users.phone },
    })
    .from(memorialClaims)
    .innerJoin(users, eq(users.id, memorialClaims.userId))
    .where(scope ?? undefined)
    .orderBy(sql`${memorialClaims.status} <> 'pending'`, asc(memorialClaims.createdAt))
    .limit(200);
  const files = await listAttached(
    s.db,
    CLAIM_DOCUMENTS,
    rows.map((r) => r.c.id),
  );
  const items: TMemorialClaim[] = [];
  for (const { c, u } of rows) {
    const at = await burialAt(s.db, c.burialId, locale);
    if (!at) continue;
    items.push({
      id: c.id,
      status: c.status,
      relation: c.relation,
      reason: c.reason,
      person: at.person,
      grave: at.grave,
      claimant: { name: fullName(u), phone: u.phone },
      documents: files.get(String(c.id)) ?? [],
      createdAt: iso(c.createdAt),
      moves: await claimMachine.movesFor(s.db, c, user, s.now()),
    });
  }
  return { items };
}

// ---------- Reading, for the owners ----------

/** A grave the caller may own a memorial of: responsible, or verified, or with their claim. */
async function graveOf(
  s: Services,
  user: TSessionUser,
  burialId: number,
  locale: Locale,
): Promise<TMemorialGrave | null> {
  const at = await burialAt(s.db, burialId, locale);
  if (!at) return null;
  const [claim] = await s.db
    .select()
    .from(memorialClaims)
    .where(and(eq(memorialClaims.burialId, burialId), eq(memorialClaims.userId, user.id)))
    .orderBy(desc(memorialClaims.createdAt))
    .limit(1);
  const [m] = await s.db.select({ id: memorials.id }).from(memorials).where(eq(memorials.burialId, burialId));
  const isResponsible = at.burial.responsibleUserId === user.id;
  const isVerified = claim?.status === "approved";
  return {
    burialId,
    person: at.person,
    cemetery: at.grave.cemetery,
    isResponsible,
    isVerified,
    isRecent: isRecent(at.burial, today(s)),
    // Another family's memorial is not named to someone who only asked.
    memorialId: isResponsible || isVerified ? (m?.id ?? null) : null,
    claim: claim ? { id: claim.id, status: claim.status, reason: claim.reason } : null,
  };
}

/** `/client/memorial/create?burial=`: one grave, as the caller may make its memorial (404 for a missing record). */
export async function getMemorialGrave(s: Services, user: TSessionUser, burialId: number, locale: Locale) {
  const g = await graveOf(s, user, burialId, locale);
  if (!g) throw new AppError(404, "burial_not_found");
  return g;
}

/** `/client/memorial`: the caller's memorials, the graves they may make one of, invitations waiting. */
export async function myMemorials(s: Services, user: TSessionUser, locale: Locale): Promise<TMyMemorials> {
  const mine = await s.db
    .select({ m: memorials, b: burials, owns: ownsBurial(user.id, memorials.burialId).mapWith(Boolean) })
    .from(memorials)
    .innerJoin(burials, eq(burials.id, memorials.burialId))
    .where(managesMemorial(user.id, memorials.id, memorials.burialId))
    .orderBy(desc(memorials.updatedAt));
  const ids = mine.map((r) => r.m.id);
  const count = async (table: typeof memorialTributes | typeof memorialSuggestions | typeof memorialAccessRequests) => {
    if (!ids.length) return new Map<number, number>();
    const rows = await s.db
      .select({ id: table.memorialId, n: sql<number>`count(*)::int` })
      .from(table)
      .where(and(inArray(table.memorialId, ids), eq(table.status, "pending")))
      .groupBy(table.memorialId);
    return new Map(rows.map((r) => [r.id, r.n]));
  };
  const [tributes, suggestions, access] = await Promise.all([
    count(memorialTributes),
    count(memorialSuggestions),
    count(memorialAccessRequests),
  ]);
  const graveRows = await s.db
    .select({ id: burials.id })
    .from(burials)
    .where(
      and(
        ownsBurial(user.id, burials.id),
        isNull(burials.reburiedAt),
        sql`not exists (select 1 from memorials mg where mg.burial_id = ${burials.id})`,
      ),
    )
    .orderBy(desc(burials.id))
    .limit(50);
  const claimRows = await s.db
    .select({ burialId: memorialClaims.burialId })
    .from(memorialClaims)
    .where(and(eq(memorialClaims.userId, user.id), sql`${memorialClaims.status} <> 'approved'`));
  const graveIds = [...new Set([...graveRows.map((g) => g.id), ...claimRows.map((c) => c.burialId)])];
  const graves = (await Promise.all(graveIds.map((g) => graveOf(s, user, g, locale)))).filter(
    (g): g is TMemorialGrave => g !== null && g.memorialId === null,
  );
  const invited = await s.db
    .select({ id: memorialMembers.id, role: memorialMembers.role, b: burials })
    .from(memorialMembers)
    .innerJoin(memorials, eq(memorials.id, memorialMembers.memorialId))
    .innerJoin(burials, eq(burials.id, memorials.burialId))
    .where(and(eq(memorialMembers.phone, user.phone), isNull(memorialMembers.acceptedAt)));
  return {
    memorials: mine.map(({ m, b, owns }) => ({
      id: m.id,
      person: personOf(b),
      visibility: m.visibility,
      noindex: m.noindex,
      role: owns ? "owner" : "manager",
      shortPath: memorialShortPath(m.code),
      waiting: {
        tributes: tributes.get(m.id) ?? 0,
        suggestions: suggestions.get(m.id) ?? 0,
        access: access.get(m.id) ?? 0,
      },
    })),
    graves,
    invitations: invited.map((i) => ({ id: i.id, role: i.role, person: personOf(i.b) })),
  };
}

/** `/client/memorial/{id}`: everything the managers edit and decide. */
export async function getManagedMemorial(
  s: Services,
  user: TSessionUser,
  id: number,
  locale: Locale,
): Promise<TMemorialManage> {
  const m = await managedMemorial(s.db, user, id);
  const at = await burialAt(s.db, m.burialId, locale);
  if (!at) throw new AppError(404, "memorial_not_found");
  const owns = await isOwner(s.db, user, m.burialId);
  const now = s.now();
  const tributes = await s.db
    .select({ t: memorialTributes, name: users.name, surname: users.surname })
    .from(memorialTributes)
    .innerJoin(users, eq(users.id, memorialTributes.authorId))
    .where(eq(memorialTributes.memorialId, id))
    .orderBy(
      sql`${memorialTributes.status} <> 'pending'`,
      desc(memorialTributes.reportCount),
      desc(memorialTributes.createdAt),
    )
    .limit(200);
  const suggestions = await s.db
    .select({ r: memorialSuggestions, name: users.name, surname: users.surname })
    .from(memorialSuggestions)
    .innerJoin(users, eq(users.id, memorialSuggestions.authorId))
    .where(eq(memorialSuggestions.memorialId, id))
    .orderBy(sql`${memorialSuggestions.status} <> 'pending'`, desc(memorialSuggestions.createdAt))
    .limit(100);
  const suggestionPhotos = await listAttached(
    s.db,
    SUGGESTION_PHOTOS,
    suggestions.map((r) => r.r.id),
  );
  const requests = await s.db
    .select({ r: memorialAccessRequests, name: users.name, surname: users.surname })
    .from(memorialAccessRequests)
    .innerJoin(users, eq(users.id, memorialAccessRequests.userId))
    .where(eq(memorialAccessRequests.memorialId, id))
    .orderBy(sql`${memorialAccessRequests.status} <> 'pending'`, desc(memorialAccessRequests.createdAt))
    .limit(100);
  const members = await s.db
    .select({ m: memorialMembers, name: users.name, surname: users.surname })
    .from(memorialMembers)
    .leftJoin(users, eq(users.id, memorialMembers.userId))
    .where(eq(memorialMembers.memorialId, id))
    .orderBy(asc(memorialMembers.id));
  const photos = (await listAttached(s.db, MEMORIAL_PHOTOS, [id])).get(String(id)) ?? [];
  const recent = isRecent(at.burial, today(s));
  return {
    id: m.id,
    shortPath: memorialShortPath(m.code),
    visibility: m.visibility,
    noindex: m.noindex,
    role: owns ? "owner" : "manager",
    mayPublish: at.burial.responsibleUserId === user.id || (owns && !recent),
    isRecent: recent,
    person: at.person,
    grave: at.grave,
    epitaphRu: m.epitaphRu,
    epitaphKk: m.epitaphKk,
    biographyRu: m.biographyRu,
    biographyKk: m.biographyKk,
    achievementsRu: m.achievementsRu,
    achievementsKk: m.achievementsKk,
    videoLinks: m.videoLinks,
    portraitId: m.portraitId,
    photos,
    members: owns
      ? members.map((r) => ({
          id: r.m.id,
          phone: r.m.phone,
          name: r.name !== null ? authorName({ name: r.name, surname: r.surname ?? "" }) : null,
          role: r.m.role,
          isAccepted: r.m.acceptedAt !== null,
        }))
      : [],
    tributes: await Promise.all(
      tributes.map(async (r) => ({
        id: r.t.id,
        kind: r.t.kind,
        text: r.t.text,
        author: authorName(r),
        createdAt: iso(r.t.createdAt),
        status: r.t.status,
        reportCount: r.t.reportCount,
        moves: (await tributeMachine.movesFor(s.db, r.t, user, now)).filter((x) => x !== "report"),
      })),
    ),
    suggestions: await Promise.all(
      suggestions.map(async (r) => ({
        id: r.r.id,
        kind: r.r.kind,
        text: r.r.text,
        photos: suggestionPhotos.get(String(r.r.id)) ?? [],
        status: r.r.status,
        author: authorName(r),
        createdAt: iso(r.r.createdAt),
        moves: await suggestionMachine.movesFor(s.db, r.r, user, now),
      })),
    ),
    accessRequests: await Promise.all(
      requests.map(async (r) => ({
        id: r.r.id,
        name: fullName({ surname: r.surname, name: r.name }),
        message: r.r.message,
        status: r.r.status,
        createdAt: iso(r.r.createdAt),
        moves: await accessMachine.movesFor(s.db, r.r, user, now),
      })),
    ),
    updatedAt: iso(m.updatedAt),
  };
}

// ---------- Visitors ----------

/**
 * The memorial behind a short code, as `user` (or an anonymous visitor) may see it: public and
 * by-link ones open; a private one open to its readers, otherwise only "private". Null: no such code.
 */
async function byCode(db: Queryable, code: string, user: TSessionUser | null) {
  const [m] = await db.select().from(memorials).where(eq(memorials.code, code));
  if (!m) return null;
  if (m.visibility !== "private") return { m, isOpen: true };
  if (!user) return { m, isOpen: false };
  const [r] = await db
    .select({ id: memorials.id })
    .from(memorials)
    .where(and(eq(memorials.id, m.id), readsPrivateMemorial(user.id, memorials.id, memorials.burialId)));
  return { m, isOpen: r !== undefined };
}

/**
 * How a visitor names a memorial: by its code (public, by link, or private to its readers), or by its
 * id (public ones only: ids are guessable).
 */
export type TMemorialRef = { code: string } | { id: number };

/** A memorial a visitor can see, or 404 (a private one they cannot read is not found either). */
async function openMemorial(db: Queryable, ref: TMemorialRef, user: TSessionUser): Promise<TMemorialRow> {
  if ("id" in ref) {
    const [m] = await db
      .select()
      .from(memorials)
      .where(and(eq(memorials.id, ref.id), eq(memorials.visibility, "public")));
    if (!m) throw new AppError(404, "memorial_not_found");
    return m;
  }
  const found = await byCode(db, ref.code, user);
  if (!found?.isOpen) throw new AppError(404, "memorial_not_found");
  return found.m;
}

async function pageOf(s: Services, m: TMemorialRow, user: TSessionUser | null, locale: Locale): Promise<TMemorialPage> {
  const at = await burialAt(s.db, m.burialId, locale);
  if (!at) throw new AppError(404, "memorial_not_found");
  const shownRows = await s.db
    .select({ t: memorialTributes, name: users.name, surname: users.surname })
    .from(memorialTributes)
    .innerJoin(users, eq(users.id, memorialTributes.authorId))
    .where(
      and(
        eq(memorialTributes.memorialId, m.id),
        user
          ? sql`(${memorialTributes.status} = 'shown' or ${memorialTributes.authorId} = ${user.id})`
          : eq(memorialTributes.status, "shown"),
      ),
    )
    .orderBy(desc(memorialTributes.createdAt))
    .limit(200);
  const shown = (r: (typeof shownRows)[number]): TTributeShown => ({
    id: r.t.id,
    kind: r.t.kind,
    text: r.t.text,
    author: authorName(r),
    createdAt: iso(r.t.createdAt),
  });
  const reported = user
    ? await s.db
        .select({ id: memorialTributeReports.tributeId })
        .from(memorialTributeReports)
        .innerJoin(memorialTributes, eq(memorialTributes.id, memorialTributeReports.tributeId))
        .where(and(eq(memorialTributeReports.userId, user.id), eq(memorialTributes.memorialId, m.id)))
    : [];
  const photos = (await listAttached(s.db, MEMORIAL_PHOTOS, [m.id])).get(String(m.id)) ?? [];
  const achievementsMine = locale === "kk" ? m.achievementsKk : m.achievementsRu;
  const achievements = achievementsMine.length
    ? { items: achievementsMine, lang: locale }
    : { items: locale === "kk" ? m.achievementsRu : m.achievementsKk, lang: (locale === "kk" ? "ru" : "kk") as Locale };
  const canManage = user
    ? (
        await s.db
          .select({ id: memorials.id })
          .from(memorials)
          .where(and(eq(memorials.id, m.id), managesMemorial(user.id, memorials.id, memorials.burialId)))
      ).length > 0
    : false;
  return {
    access: "open",
    id: m.id,
    visibility: m.visibility,
    isIndexable: m.visibility === "public" && !m.noindex,
    person: at.person,
    grave: at.grave,
    epitaph: inLocale(m.epitaphRu, m.epitaphKk, locale),
    biography: inLocale(m.biographyRu, m.biographyKk, locale),
    achievements,
    videos: m.videoLinks.map((url) => ({ url, host: linkHost(url) })),
    portrait: photos.find((p) => p.id === m.portraitId) ?? null,
    photos,
    tributes: shownRows.filter((r) => r.t.status === "shown").map(shown),
    waiting: shownRows.filter((r) => r.t.status !== "shown").map(shown),
    reported: reported.map((r) => r.id),
    canManage,
    isSignedIn: user !== null,
  };
}

/** `/memorial/{id}`: a public memorial only; anything else is the same 404 as a missing id (ids are guessable). */
export async function getPublicMemorial(s: Services, user: TSessionUser | null, id: number, locale: Locale) {
  const [m] = await s.db
    .select()
    .from(memorials)
    .where(and(eq(memorials.id, id), eq(memorials.visibility, "public")));
  if (!m) throw new AppError(404, "memorial_not_found");
  return pageOf(s, m, user, locale);
}

/** `/m/<code>`: public and by-link memorials; a private one opens to its readers, else "request access". */
export async function getMemorialByCode(
  s: Services,
  user: TSessionUser | null,
  code: string,
  locale: Locale,
): Promise<TMemorialByCode> {
  const found = await byCode(s.db, code, user);
  if (!found) throw new AppError(404, "memorial_not_found");
  if (found.isOpen) return pageOf(s, found.m, user, locale);
  const requested = user
    ? (
        await s.db
          .select({ id: memorialAccessRequests.id })
          .from(memorialAccessRequests)
          .where(and(eq(memorialAccessRequests.memorialId, found.m.id), eq(memorialAccessRequests.userId, user.id)))
          .limit(1)
      ).length > 0
    : false;
  return { access: "private", isSignedIn: user !== null, requested };
}

/**
 * A visitor leaves a tribute (after the filter, which the form's schema applies): counted under the
 * quotas' locks — 5 an hour per author, 20 a day per memorial, every tribute that reached the
 * queue — then queued for the managers.
 */
export async function leaveTribute(
  s: Services,
  user: TSessionUser,
  ref: TMemorialRef,
  input: z.output<typeof ZTributeCreate>,
): Promise<{ id: number }> {
  return s.db.transaction(async (tx) => {
    const m = await openMemorial(tx, ref, user);
    const now = s.now();
    await lockQuota(tx, `memorial_tribute:author:${user.id}`);
    const [byAuthor] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(memorialTributes)
      .where(and(eq(memorialTributes.authorId, user.id), gte(memorialTributes.createdAt, hourBefore(now))));
    if ((byAuthor?.n ?? 0) >= TRIBUTES_PER_AUTHOR_HOUR) throw new AppError(429, "tribute_rate_limited");
    await lockQuota(tx, `memorial_tribute:memorial:${m.id}`);
    const [byMemorial] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(memorialTributes)
      .where(
        and(
          eq(memorialTributes.memorialId, m.id),
          gte(memorialTributes.createdAt, new Date(now.getTime() - 24 * 3600_000)),
        ),
      );
    if ((byMemorial?.n ?? 0) >= TRIBUTES_PER_MEMORIAL_DAY) throw new AppError(429, "tribute_memorial_busy");
    const row = await tributeMachine.create(
      tx,
      s,
      { memorialId: m.id, authorId: user.id, kind: input.kind, text: input.text, createdAt: now, updatedAt: now },
      user,
    );
    return { id: row.id };
  });
}

/** A visitor reports a shown tribute of a memorial they can see (by its code): back to the queue. */
export async function reportTribute(s: Services, user: TSessionUser, ref: TMemorialRef, tributeId: number) {
  return s.db.transaction(async (tx) => {
    const m = await openMemorial(tx, ref, user);
    const [t] = await tx
      .select()
      .from(memorialTributes)
      .where(
        and(
          eq(memorialTributes.id, tributeId),
          eq(memorialTributes.memorialId, m.id),
          eq(memorialTributes.status, "shown"),
        ),
      )
      .for("update");
    if (!t) throw new AppError(404, "tribute_not_found");
    const after = await tributeMachine.move(tx, s, t, "report", user);
    return { id: after.id, status: after.status };
  });
}

/** A visitor suggests a photo or a correction to the managers. */
export async function suggest(
  s: Services,
  user: TSessionUser,
  ref: TMemorialRef,
  input: z.output<typeof ZSuggestionCreate>,
): Promise<{ id: number }> {
  return s.db.transaction(async (tx) => {
    const m = await openMemorial(tx, ref, user);
    const now = s.now();
    await lockQuota(tx, `memorial_suggestion:author:${user.id}`);
    const [recent] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(memorialSuggestions)
      .where(and(eq(memorialSuggestions.authorId, user.id), gte(memorialSuggestions.createdAt, hourBefore(now))));
    if ((recent?.n ?? 0) >= TRIBUTES_PER_AUTHOR_HOUR) throw new AppError(429, "tribute_rate_limited");
    const row = await suggestionMachine.create(
      tx,
      s,
      { memorialId: m.id, authorId: user.id, kind: input.kind, text: input.text, createdAt: now, updatedAt: now },
      user,
    );
    if (input.kind === "photo") {
      await attachUploads(tx, {
        ownerId: user.id,
        ids: input.photoIds,
        entityType: SUGGESTION_PHOTOS,
        entityId: row.id,
        field: { path: "photoIds", key: "validation.memorial_photos" },
        ...PHOTO_RULES,
        now,
      });
    }
    return { id: row.id };
  });
}

/** A signed-in visitor asks to see a private memorial (one open request at a time). */
export async function requestAccess(
  s: Services,
  user: TSessionUser,
  code: string,
  input: z.output<typeof ZAccessRequestCreate>,
): Promise<{ id: number }> {
  return s.db.transaction(async (tx) => {
    const found = await byCode(tx, code, user);
    if (!found) throw new AppError(404, "memorial_not_found");
    if (found.m.visibility !== "private") throw new AppError(404, "memorial_not_found");
    if (found.isOpen) throw new AppError(409, "access_request_open");
    const [had] = await tx
      .select({ id: memorialAccessRequests.id })
      .from(memorialAccessRequests)
      .where(
        and(
          eq(memorialAccessRequests.memorialId, found.m.id),
          eq(memorialAccessRequests.userId, user.id),
          inArray(memorialAccessRequests.status, ["pending", "declined"]),
        ),
      );
    // A declined request stays "waiting" for its author: asking again changes nothing.
    if (had) throw new AppError(409, "access_request_open");
    const now = s.now();
    const row = await accessMachine.create(
      tx,
      s,
      { memorialId: found.m.id, userId: user.id, message: input.message, createdAt: now, updatedAt: now },
      user,
    );
    return { id: row.id };
  });
}

// ---------- The QR code and plaque ----------

/**
 * What a memorial's QR code and plaque hold: its permanent short address in full (from the
 * configured public origin), the deceased's name and years. Its managers only: the code of a by-link
 * or private memorial is its key, so it is never public (404 for anyone else).
 */
export async function memorialPlaqueOf(s: Services, user: TSessionUser, id: number, locale: Locale) {
  const m = await managedMemorial(s.db, user, id);
  const at = await burialAt(s.db, m.burialId, locale);
  if (!at) throw new AppError(404, "memorial_not_found");
  const url = `${s.config.publicUrl}${memorialShortPath(m.code)}`;
  const p = at.person;
  return {
    url,
    address: url.replace(/^https?:\/\//, ""),
    name: [p.surname, p.name, p.patronymic].filter(Boolean).join(" "),
    years: `${p.birthYear ?? "?"} – ${p.deathYear ?? "?"}`,
  };
}

// ---------- Public lists ----------

const isIndexable: SQL = sql`${memorials.visibility} = 'public' and ${memorials.noindex} = false`;

/** The public, indexable memorials of some burials: the grave card's and the search results' links. */
export async function publicLinks(s: Services, burialIds: number[]) {
  if (!burialIds.length) return { items: [] };
  const rows = await s.db
    .select({ burialId: memorials.burialId, id: memorials.id })
    .from(memorials)
    .where(and(inArray(memorials.burialId, burialIds), isIndexable));
  return { items: rows };
}

/**
 * The public memorial a grave's QR code opens, if any (the one its card links): a grave with none
 * opens its card (`server/short-links.ts`).
 */
export async function publicMemorialOf(db: Queryable, burialId: number): Promise<number | null> {
  const [row] = await db
    .select({ id: memorials.id })
    .from(memorials)
    .where(and(eq(memorials.burialId, burialId), isIndexable));
  return row?.id ?? null;
}

/** The sitemap's memorials. */
export async function memorialSitemap(s: Services) {
  const rows = await s.db
    .select({ id: memorials.id, updatedAt: memorials.updatedAt })
    .from(memorials)
    .where(isIndexable)
    .orderBy(asc(memorials.id))
    .limit(45_000);
  return { items: rows.map((r) => ({ id: r.id, updatedAt: iso(r.updatedAt) })) };
}
