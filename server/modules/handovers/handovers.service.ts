/**
 * A grave's hand-over to another relative (issue 16 §3): sent by the grave's responsible person
 * with the kinship's documents, agreed by the relative in their account, decided by the cemetery's
 * staff (`handovers.machine.ts`). The lists and the page of each side; the documents are read by
 * whom the hand-over is visible to.
 */
import { and, count, desc, eq, inArray, type SQL } from "drizzle-orm";
import type { z } from "zod";
import type { ZHandoverCreate } from "../../../common/handover-forms.ts";
import type { THandover, THandoverListItem } from "../../../common/handover-schemas.ts";
import { HANDOVER_LIMITS, OPEN_HANDOVER_STATUSES } from "../../../common/handovers.ts";
import type { Locale } from "../../../common/locale.ts";
import { fullName } from "../../../common/person.ts";
import type { Queryable } from "../../db/client.ts";
import type { TSessionUser } from "../../lib/caller.ts";
import { AppError, fieldError } from "../../lib/errors.ts";
import { pageWindow, type TPage, toPage } from "../../lib/list.ts";
import { pgErrorCode } from "../../lib/pg-errors.ts";
import type { Services } from "../../services.ts";
import { handoverScope } from "../access/access.service.ts";
import { burials } from "../burials/burials.tables.ts";
import { cemeteries, plots } from "../cemeteries/cemeteries.tables.ts";
import { tell } from "../notifications/notifications.service.ts";
import { attachUploads, listAttached, registerReadPolicy } from "../uploads/uploads.service.ts";
import { users } from "../users/users.tables.ts";
import { caseHistory } from "../workflow/cases.ts";
import { askRelative, handoverMachine, numberOf, recipientName, type THandoverRow } from "./handovers.machine.ts";
import { graveHandovers } from "./handovers.tables.ts";

const DOC_KINDS = ["kinship", "other"] as const;
const fileType = (kind: (typeof DOC_KINDS)[number]) => `handover.${kind}`;
const FILE_RULES = {
  purposes: ["document", "photo"] as const,
  accept: { types: HANDOVER_LIMITS.fileTypes, maxBytes: HANDOVER_LIMITS.fileBytesMax },
};

const scopeOf = (user: TSessionUser) =>
  handoverScope(user, {
    from: graveHandovers.fromUserId,
    toPhone: graveHandovers.toPhone,
    cemetery: graveHandovers.cemeteryId,
  });

// A hand-over's documents are read by whom the hand-over is visible to: both sides, the cemetery's staff.
for (const kind of DOC_KINDS) {
  registerReadPolicy(fileType(kind), async (db, user, entityId) => {
    const id = Number(entityId);
    if (!Number.isInteger(id)) return false;
    const [row] = await db
      .select({ id: graveHandovers.id })
      .from(graveHandovers)
      .where(and(eq(graveHandovers.id, id), scopeOf(user) ?? undefined));
    return row !== undefined;
  });
}

/** The grave of a hand-over as both sides and the cemetery read it. */
async function gravesOf(db: Queryable, ids: readonly number[], locale: Locale) {
  const out = new Map<number, THandover["grave"]>();
  if (!ids.length) return out;
  const rows = await db
    .select({ b: burials, p: plots, c: cemeteries })
    .from(burials)
    .innerJoin(plots, eq(plots.id, burials.plotId))
    .innerJoin(cemeteries, eq(cemeteries.id, plots.cemeteryId))
    .where(inArray(burials.id, [...new Set(ids)]));
  for (const { b, p, c } of rows) {
    out.set(b.id, {
      burialId: b.id,
      deceased: fullName(b),
      years: `${b.birthYear ?? "?"} – ${b.deathYear ?? "?"}`,
      cemetery: { id: c.id, name: locale === "kk" ? c.nameKk : c.nameRu },
      sector: p.sector,
      row: p.row,
      place: p.number,
    });
  }
  return out;
}

const sideOf = (row: THandoverRow, user: TSessionUser): THandover["side"] =>
  user.role !== "client" ? "staff" : row.fromUserId === user.id ? "from" : "to";

/**
 * Sends a hand-over: only the grave's responsible person, to a relative named by a phone that is
 * not their own nor a staff member's, with at least one document of kinship; one at a time per
 * grave. The relative is asked at once (in the app and by SMS).
 */
export async function createHandover(
  s: Services,
  user: TSessionUser,
  input: z.output<typeof ZHandoverCreate>,
): Promise<{ id: number; number: string }> {
  try {
    return await s.db.transaction(async (tx) => {
      const [b] = await tx
        .select({ b: burials, cemeteryId: plots.cemeteryId })
        .from(burials)
        .innerJoin(plots, eq(plots.id, burials.plotId))
        .where(eq(burials.id, input.burialId))
        .for("update", { of: burials });
      if (!b || b.b.responsibleUserId !== user.id || b.b.reburiedAt !== null) {
        throw fieldError("burialId", "validation.handover_not_yours");
      }
      if (input.recipientPhone === user.phone) throw fieldError("recipientPhone", "validation.handover_self");
      const [other] = await tx.select({ role: users.role }).from(users).where(eq(users.phone, input.recipientPhone));
      if (other && other.role !== "client") throw fieldError("recipientPhone", "validation.handover_not_family");
      const [open] = await tx
        .select({ id: graveHandovers.id })
        .from(graveHandovers)
        .where(and(eq(graveHandovers.burialId, b.b.id), inArray(graveHandovers.status, [...OPEN_HANDOVER_STATUSES])));
      if (open) throw fieldError("burialId", "validation.handover_open");
      const [me] = await tx.select().from(users).where(eq(users.id, user.id));
      if (!me) throw new AppError(401, "unauthorized");
      const now = s.now();
      const row = await handoverMachine.create(
        tx,
        s,
        {
          burialId: b.b.id,
          cemeteryId: b.cemeteryId,
          fromUserId: user.id,
          fromName: fullName(me),
          fromPhone: me.phone,
          toPhone: input.recipientPhone,
          toSurname: input.recipientSurname,
          toName: input.recipientName,
          toPatronymic: input.recipientPatronymic,
          relation: input.relation,
          comment: input.comment,
          consentBy: new Date(now.getTime() + HANDOVER_LIMITS.consentDays * 86_400_000),
          createdAt: now,
          updatedAt: now,
        },
        user,
      );
      for (const kind of DOC_KINDS) {
        await attachUploads(tx, {
          ownerId: user.id,
          ids: kind === "kinship" ? input.kinshipIds : input.otherIds,
          entityType: fileType(kind),
          entityId: row.id,
          ...FILE_RULES,
          field: { path: `${kind}Ids`, key: "validation.appeal_files" },
          now,
        });
      }
      await tell(tx, await askRelative(tx, s, row));
      return { id: row.id, number: numberOf(row) };
    });
  } catch (e) {
    // Two sent at once for one grave: the second meets the first (the partial unique index).
    if (pgErrorCode(e) === "23505") throw fieldError("burialId", "validation.handover_open");
    throw e;
  }
}

export type THandoverListQuery = { page: number; pageSize: number; status: "open" | "closed" | "all" };

/**
 * Hand-overs a page at a time, newest first: a family those it sent and those naming its phone; the
 * cemetery's staff those of their cemeteries (open: under way — for the staff, agreed and waiting
 * for them first).
 */
export async function listHandovers(
  s: Services,
  user: TSessionUser,
  q: THandoverListQuery,
  locale: Locale,
): Promise<TPage<THandoverListItem>> {
  const t = graveHandovers;
  const conds: (SQL | undefined)[] = [scopeOf(user) ?? undefined];
  if (q.status === "open") conds.push(inArray(t.status, [...OPEN_HANDOVER_STATUSES]));
  if (q.status === "closed") conds.push(inArray(t.status, ["approved", "refused", "declined", "withdrawn", "expired"]));
  const where = and(...conds);
  const { limit, offset } = pageWindow(q);
  const [[counted], rows] = await Promise.all([
    s.db.select({ n: count() }).from(t).where(where),
    s.db.select().from(t).where(where).orderBy(desc(t.createdAt), desc(t.id)).limit(limit).offset(offset),
  ]);
  const graves = await gravesOf(
    s.db,
    rows.map((r) => r.burialId),
    locale,
  );
  const items = rows.flatMap((r) => {
    const grave = graves.get(r.burialId);
    return grave
      ? [
          {
            id: r.id,
            number: numberOf(r),
            status: r.status,
            grave,
            fromName: r.fromName,
            toName: recipientName(r),
            relation: r.relation,
            createdAt: r.createdAt.toISOString(),
            side: sideOf(r, user),
          },
        ]
      : [];
  });
  return toPage(items, counted?.n ?? 0, q);
}

/** One hand-over with its documents, history and the caller's moves (404 outside the caller's scope). */
export async function getHandover(s: Services, user: TSessionUser, id: number, locale: Locale): Promise<THandover> {
  const row = await handoverMachine.load(s.db, user, id);
  const grave = (await gravesOf(s.db, [row.burialId], locale)).get(row.burialId);
  if (!grave) throw new AppError(404, "handover_not_found");
  const docs = async (kind: (typeof DOC_KINDS)[number]) =>
    (await listAttached(s.db, fileType(kind), [row.id])).get(String(row.id)) ?? [];
  const side = sideOf(row, user);
  return {
    id: row.id,
    number: numberOf(row),
    status: row.status,
    grave,
    from: { name: row.fromName, phone: row.fromPhone },
    to: { name: recipientName(row), phone: row.toPhone },
    relation: row.relation,
    comment: row.comment,
    createdAt: row.createdAt.toISOString(),
    consentBy: row.status === "awaiting_consent" ? row.consentBy.toISOString() : null,
    refusal: row.refusalReason,
    decidedAt: row.decidedAt?.toISOString() ?? null,
    documents: { kinship: await docs("kinship"), other: await docs("other") },
    history: caseHistory(await handoverMachine.history(s.db, row.id), side === "staff"),
    moves: await handoverMachine.movesFor(s.db, row, user, s.now()),
    side,
  };
}

/**
 * The last approved hand-over of a grave: the grave's certificate is re-issued from it (its number
 * and day), in the new responsible person's name.
 */
export async function lastHandoverOf(db: Queryable, burialId: number) {
  const [row] = await db
    .select({ id: graveHandovers.id, createdAt: graveHandovers.createdAt, decidedAt: graveHandovers.decidedAt })
    .from(graveHandovers)
    .where(and(eq(graveHandovers.burialId, burialId), eq(graveHandovers.status, "approved")))
    .orderBy(desc(graveHandovers.decidedAt), desc(graveHandovers.id))
    .limit(1);
  return row?.decidedAt ? { number: numberOf(row), on: row.decidedAt } : null;
}
