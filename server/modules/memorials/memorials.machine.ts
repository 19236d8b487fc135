import { and, eq, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { z } from "zod";
import { ZMemorialClaimRefuse } from "../../../common/memorial-forms.ts";
import {
  ACCESS_STATUSES,
  type AccessMove,
  CLAIM_STATUSES,
  type ClaimMove,
  SUGGESTION_STATUSES,
  type SuggestionMove,
  TRIBUTE_STATUSES,
  type TributeMove,
} from "../../../common/memorials.ts";
import { fullName } from "../../../common/person.ts";
import { linkTo } from "../../../common/route-table.ts";
import type { Queryable } from "../../db/client.ts";
import { AppError } from "../../lib/errors.ts";
import type { Actor } from "../../lib/caller.ts";
import { cemeteryScope, worksInCemetery } from "../access/access.service.ts";
import { holders } from "../access/audiences.ts";
import { auditLog } from "../audit/audit.tables.ts";
import { burials } from "../burials/burials.tables.ts";
import { rebindUploads } from "../uploads/uploads.service.ts";
import { defineMachine, type MoveOf, type SameNames, type TMoveContext, type TNotice } from "../workflow/workflow.ts";
import { isManager, managedBy, managersOf, memorialName } from "./memorials.access.ts";
import { memorialNotices } from "./memorials.notices.ts";
import {
  memorialAccessRequests,
  memorialClaims,
  memorials,
  memorialSuggestions,
  memorialTributeReports,
  memorialTributes,
} from "./memorials.tables.ts";

/** The uploads of a memorial's gallery, of a visitor's suggested photo, of a relative's documents. */
export const MEMORIAL_PHOTOS = "memorial_photo";
export const SUGGESTION_PHOTOS = "memorial_suggestion";
export const CLAIM_DOCUMENTS = "memorial_claim";

const notManager = () => new AppError(403, "forbidden");
/** A move of a manager: `requires` that the actor manages the row's memorial. */
const byManager = async (tx: Queryable, row: { memorialId: number }, actor: Actor) =>
  (await isManager(tx, actor, row.memorialId)) ? null : notManager();

const manageLink = (memorialId: number) => linkTo("client-memorial-item", { id: memorialId });

/**
 * What a visitor's new tribute, suggestion or access request tells: the memorial's managers (not
 * the visitor, when they manage it too), linked to the memorial's management page.
 */
const toManagers =
  (kind: "memorial_tribute_new" | "memorial_suggestion_new" | "memorial_access_requested") =>
  async ({ row, actor }: { row: { memorialId: number }; actor: Actor }, tx: Queryable): Promise<TNotice[]> => {
    const name = await memorialName(tx, row.memorialId);
    return (await managersOf(tx, row.memorialId))
      .filter((id) => id !== actor.id)
      .map((id) => memorialNotices[kind](id, { name }, { link: manageLink(row.memorialId) }));
  };
const codeLink = async (tx: Queryable, memorialId: number) => {
  const [m] = await tx.select({ code: memorials.code }).from(memorials).where(eq(memorials.id, memorialId));
  return linkTo("memorial-code", { code: m?.code ?? "" });
};

/** Rows a visitor reaches of a memorial's queue: the managers all of them, an author their own. */
function queueScope(userId: number, memorialId: AnyPgColumn, authorId: AnyPgColumn) {
  return sql`(${managedBy(userId, memorialId)} or ${authorId} = ${userId})`;
}

// ---------- Tributes ----------

/** How often a tribute was approved (this move's audit row included). */
async function timesApproved(tx: Queryable, id: number): Promise<number> {
  const [r] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.entityType, "memorial_tribute"),
        eq(auditLog.entityId, String(id)),
        eq(auditLog.action, "approve"),
      ),
    );
  return r?.n ?? 0;
}

/**
 * A tribute's life (`common/memorials.ts`): left `pending` (the managers told); a manager approves
 * it (`shown`, the author told) or hides it (`hidden`: the author is not told, and still sees it as
 * waiting); a hidden one may be approved later; a visitor reports a shown one, which sends it back
 * to the queue with its report count (one report per person).
 */
export const tributeMachine = defineMachine({
  entity: "memorial_tribute",
  table: memorialTributes,
  statuses: [...TRIBUTE_STATUSES],
  initial: "pending",
  scope: (caller) =>
    sql`(${queueScope(caller.id, memorialTributes.memorialId, memorialTributes.authorId)}
      or (${memorialTributes.status} = 'shown' and exists (select 1 from memorials mp
        where mp.id = ${memorialTributes.memorialId} and mp.visibility = 'public')))`,
  notFound: "tribute_not_found",
  created: toManagers("memorial_tribute_new"),
  moves: {
    approve: {
      from: ["pending", "hidden"],
      to: "shown",
      by: "memorials.manage",
      requires: byManager,
      set: ({ actor, now }) => ({ decidedBy: actor.id, decidedAt: now }),
      // The author is told the first time only (not again after a report or a hide).
      tell: async ({ row, actor }, tx) =>
        row.authorId === actor.id || (await timesApproved(tx, row.id)) > 1
          ? []
          : [
              memorialNotices.memorial_tribute_shown(
                row.authorId,
                { name: await memorialName(tx, row.memorialId) },
                { link: await codeLink(tx, row.memorialId) },
              ),
            ],
    },
    hide: {
      from: ["pending", "shown"],
      to: "hidden",
      by: "memorials.manage",
      requires: byManager,
      set: ({ actor, now }) => ({ decidedBy: actor.id, decidedAt: now }),
    },
    report: {
      from: ["shown"],
      to: "pending",
      by: "memorials.visit",
      requires: async (tx, row, actor) => {
        const [had] = await tx
          .select({ id: memorialTributeReports.tributeId })
          .from(memorialTributeReports)
          .where(and(eq(memorialTributeReports.tributeId, row.id), eq(memorialTributeReports.userId, actor.id ?? 0)));
        return had ? "tribute_reported" : null;
      },
      set: ({ row }) => ({ reportCount: row.reportCount + 1 }),
      effects: async (tx, s, { row, actor }) => {
        await tx
          .insert(memorialTributeReports)
          .values({ tributeId: row.id, userId: actor.id as number, createdAt: s.now() });
      },
      tell: async ({ row, actor }, tx) => {
        const name = await memorialName(tx, row.memorialId);
        return (await managersOf(tx, row.memorialId))
          .filter((id) => id !== actor.id)
          .map((id) => memorialNotices.memorial_tribute_new(id, { name }, { link: manageLink(row.memorialId) }));
      },
    },
  },
});
const _sameTributeMoves: SameNames<MoveOf<typeof tributeMachine>, TributeMove> = true;

// ---------- Suggestions ----------

/**
 * A visitor's suggestion: `pending` (the managers told) until a manager accepts it — a suggested
 * photo joins the gallery, a correction is for the managers to make in the text — or declines it
 * (the author is not told).
 */
export const suggestionMachine = defineMachine({
  entity: "memorial_suggestion",
  table: memorialSuggestions,
  statuses: [...SUGGESTION_STATUSES],
  initial: "pending",
  scope: (caller) => queueScope(caller.id, memorialSuggestions.memorialId, memorialSuggestions.authorId),
  notFound: "suggestion_not_found",
  created: toManagers("memorial_suggestion_new"),
  moves: {
    accept: {
      from: ["pending"],
      to: "accepted",
      by: "memorials.manage",
      requires: byManager,
      set: ({ actor, now }) => ({ decidedBy: actor.id, decidedAt: now }),
      effects: async (tx, _s, { row, now }) => {
        if (row.kind !== "photo") return;
        const [m] = await tx
          .select({ visibility: memorials.visibility })
          .from(memorials)
          .where(eq(memorials.id, row.memorialId));
        await rebindUploads(
          tx,
          { entityType: SUGGESTION_PHOTOS, entityId: row.id },
          { entityType: MEMORIAL_PHOTOS, entityId: row.memorialId, isPublic: m?.visibility !== "private" },
          now,
        );
      },
      tell: async ({ row, actor }, tx) =>
        row.authorId === actor.id
          ? []
          : [
              memorialNotices.memorial_suggestion_accepted(
                row.authorId,
                { name: await memorialName(tx, row.memorialId) },
                { link: await codeLink(tx, row.memorialId) },
              ),
            ],
    },
    decline: {
      from: ["pending"],
      to: "declined",
      by: "memorials.manage",
      requires: byManager,
      set: ({ actor, now }) => ({ decidedBy: actor.id, decidedAt: now }),
    },
  },
});
const _sameSuggestionMoves: SameNames<MoveOf<typeof suggestionMachine>, SuggestionMove> = true;

// ---------- Access requests ----------

/**
 * A request to see a private memorial: `pending` (the managers told) until a manager grants it
 * (the requester told, and reads the memorial from then on) or declines it (nobody told: the
 * requester keeps seeing "waiting").
 */
export const accessMachine = defineMachine({
  entity: "memorial_access",
  table: memorialAccessRequests,
  statuses: [...ACCESS_STATUSES],
  initial: "pending",
  scope: (caller) => queueScope(caller.id, memorialAccessRequests.memorialId, memorialAccessRequests.userId),
  notFound: "access_request_not_found",
  created: toManagers("memorial_access_requested"),
  moves: {
    grant: {
      from: ["pending", "declined"],
      to: "granted",
      by: "memorials.manage",
      requires: byManager,
      set: ({ actor, now }) => ({ decidedBy: actor.id, decidedAt: now }),
      tell: async ({ row }, tx) => [
        memorialNotices.memorial_access_granted(
          row.userId,
          { name: await memorialName(tx, row.memorialId) },
          { link: await codeLink(tx, row.memorialId) },
        ),
      ],
    },
    decline: {
      from: ["pending"],
      to: "declined",
      by: "memorials.manage",
      requires: byManager,
      set: ({ actor, now }) => ({ decidedBy: actor.id, decidedAt: now }),
    },
  },
});
const _sameAccessMoves: SameNames<MoveOf<typeof accessMachine>, AccessMove> = true;

// ---------- A relative's verification ----------

async function burialName(tx: Queryable, burialId: number): Promise<string> {
  const [b] = await tx
    .select({ surname: burials.surname, name: burials.name, patronymic: burials.patronymic })
    .from(burials)
    .where(eq(burials.id, burialId));
  return b ? fullName(b) : "";
}

const claimLink = (burialId: number) => linkTo("client-memorial-create", {}, { burial: burialId });

/**
 * A relative asks to be verified as an owner of a burial's memorial: `pending` (the cemetery's
 * managers told) until a manager of that cemetery approves it — the relative then owns the
 * memorial with the responsible person — or refuses it with a reason (told to the relative).
 */
export const claimMachine = defineMachine({
  entity: "memorial_claim",
  table: memorialClaims,
  statuses: [...CLAIM_STATUSES],
  initial: "pending",
  scope: (caller) =>
    caller.role === "client" ? eq(memorialClaims.userId, caller.id) : cemeteryScope(caller, memorialClaims.cemeteryId),
  notFound: "memorial_claim_not_found",
  created: async ({ row }, tx) => {
    const name = await burialName(tx, row.burialId);
    return (await holders(tx, "cemetery.work", { cemeteryId: row.cemeteryId })).map((id) =>
      memorialNotices.memorial_claim_new(id, { name }, { link: linkTo("manager-requests", {}, { tab: "memorials" }) }),
    );
  },
  moves: {
    approve: {
      from: ["pending"],
      to: "approved",
      by: "cemetery.work",
      requires: async (tx, row, actor) =>
        actor.id !== null &&
        (await worksInCemetery(tx, { id: actor.id, role: actor.role as "manager" }, row.cemeteryId))
          ? null
          : new AppError(403, "cemetery_not_assigned"),
      set: ({ actor, now }) => ({ decidedBy: actor.id, decidedAt: now, reason: null }),
      tell: async ({ row }, tx) => [
        memorialNotices.memorial_claim_approved(
          row.userId,
          { name: await burialName(tx, row.burialId) },
          { link: claimLink(row.burialId), sms: true },
        ),
      ],
    },
    refuse: {
      from: ["pending"],
      to: "refused",
      by: "cemetery.work",
      input: ZMemorialClaimRefuse,
      requires: async (tx, row, actor) =>
        actor.id !== null &&
        (await worksInCemetery(tx, { id: actor.id, role: actor.role as "manager" }, row.cemeteryId))
          ? null
          : new AppError(403, "cemetery_not_assigned"),
      set: ({ actor, now, input }: TMoveContext<typeof memorialClaims, z.output<typeof ZMemorialClaimRefuse>>) => ({
        decidedBy: actor.id,
        decidedAt: now,
        reason: input.reason,
      }),
      tell: async ({ row }, tx) => [
        memorialNotices.memorial_claim_refused(
          row.userId,
          { name: await burialName(tx, row.burialId), reason: row.reason ?? "" },
          { link: claimLink(row.burialId) },
        ),
      ],
    },
  },
});
const _sameClaimMoves: SameNames<MoveOf<typeof claimMachine>, ClaimMove> = true;
