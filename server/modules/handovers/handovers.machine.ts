import { and, eq } from "drizzle-orm";
import { handoverNumber, type HandoverMove } from "../../../common/handovers.ts";
import { linkTo } from "../../../common/route-table.ts";
import { ZReasonRequired } from "../../../common/schemas.ts";
import type { Queryable } from "../../db/client.ts";
import type { Actor } from "../../lib/caller.ts";
import { AppError } from "../../lib/errors.ts";
import type { Services } from "../../services.ts";
import { handoverScope } from "../access/access.service.ts";
import { holders } from "../access/audiences.ts";
import { writeAudit } from "../audit/audit.service.ts";
import { burials } from "../burials/burials.tables.ts";
import { tellPhone } from "../notifications/notifications.service.ts";
import { users } from "../users/users.tables.ts";
import {
  defineMachine,
  type MoveOf,
  type SameNames,
  type TMoveContext,
  type TNotice,
  type TRefusal,
} from "../workflow/workflow.ts";
import { type HandoverNoticeKind, handoverNotices } from "./handovers.notices.ts";
import { graveHandovers } from "./handovers.tables.ts";

export type THandoverRow = typeof graveHandovers.$inferSelect;
type Ctx = TMoveContext<typeof graveHandovers>;

export const numberOf = (r: Pick<THandoverRow, "id" | "createdAt">) => handoverNumber(r.id, r.createdAt);
const familyLink = (r: Pick<THandoverRow, "id">) => linkTo("client-handover", { id: r.id });
const staffLink = (r: Pick<THandoverRow, "id">) => linkTo("manager-handover", { id: r.id });

/** The relative's name as the sender wrote it. */
export const recipientName = (r: Pick<THandoverRow, "toSurname" | "toName" | "toPatronymic">) =>
  [r.toSurname, r.toName, r.toPatronymic].filter(Boolean).join(" ");

/** The deceased's name, for the notices: read from the grave. */
async function deceasedOf(tx: Queryable, row: THandoverRow): Promise<string> {
  const [b] = await tx
    .select({ surname: burials.surname, name: burials.name, patronymic: burials.patronymic })
    .from(burials)
    .where(eq(burials.id, row.burialId));
  return b ? [b.surname, b.name, b.patronymic].filter(Boolean).join(" ") : "";
}

type Params = Record<string, string>;
function notice(
  kind: HandoverNoticeKind,
  userId: number,
  params: Params,
  link: ReturnType<typeof familyLink>,
  sms = false,
) {
  const make = handoverNotices[kind] as unknown as (
    userId: number,
    params: Params,
    opts: { link: typeof link; sms: boolean },
  ) => TNotice;
  return make(userId, params, { link, sms });
}

/** The account that holds the relative's phone, if one does (a client: only a family takes a grave). */
export async function accountOfPhone(tx: Queryable, phone: string): Promise<number | null> {
  const [u] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.phone, phone), eq(users.role, "client")));
  return u?.id ?? null;
}

/**
 * The relative is told in the app when they have an account, and by SMS either way: one with no
 * account yet signs up with that phone and finds the hand-over waiting. Through the outbox, once.
 */
async function tellRelative(tx: Queryable, s: Services, row: THandoverRow, kind: HandoverNoticeKind, params: Params) {
  const userId = row.toUserId ?? (await accountOfPhone(tx, row.toPhone));
  if (userId !== null) return [notice(kind, userId, params, familyLink(row), true)];
  const content = (handoverNotices[kind] as unknown as { content(p: Params, l: unknown): never }).content(
    params,
    familyLink(row),
  );
  await tellPhone(tx, row.toPhone, content, { publicUrl: s.config.publicUrl, key: `handover:${row.id}:${kind}` });
  return [];
}

/** The cemetery's managers (never the actor). */
async function toStaff(tx: Queryable, row: THandoverRow, kind: HandoverNoticeKind, params: Params, actor: Actor) {
  const ids = await holders(tx, "handovers.decide", { cemeteryId: row.cemeteryId });
  return ids.filter((id) => id !== actor.id).map((id) => notice(kind, id, params, staffLink(row)));
}

const toSender = (row: THandoverRow, kind: HandoverNoticeKind, params: Params, sms = false) =>
  row.fromUserId === null ? [] : [notice(kind, row.fromUserId, params, familyLink(row), sms)];

const paramsOf = async (tx: Queryable, row: THandoverRow) => ({
  number: numberOf(row),
  deceased: await deceasedOf(tx, row),
  from: row.fromName,
  to: recipientName(row),
});

/** The actor is the relative the hand-over names: a family's account holding its phone, not its sender. */
async function isRecipient(tx: Queryable, row: THandoverRow, actor: Actor): Promise<TRefusal | null> {
  if (actor.id === null || actor.id === row.fromUserId) return "handover_not_recipient";
  const [u] = await tx.select({ phone: users.phone }).from(users).where(eq(users.id, actor.id));
  return u?.phone === row.toPhone ? null : "handover_not_recipient";
}

/** The sender is still the grave's responsible person (a grave changes hands once), and the remains are there. */
async function senderStillResponsible(tx: Queryable, row: THandoverRow): Promise<TRefusal | null> {
  const [b] = await tx
    .select({ responsible: burials.responsibleUserId, reburiedAt: burials.reburiedAt })
    .from(burials)
    .where(eq(burials.id, row.burialId));
  return b && b.responsible === row.fromUserId && row.fromUserId !== null && b.reburiedAt === null
    ? null
    : "handover_not_responsible";
}

/** The grave becomes the relative's: its responsible person changes, audited on the grave. */
async function handOver(tx: Queryable, _s: Services, { row, actor }: Ctx): Promise<void> {
  if (row.toUserId === null) throw new AppError(409, "handover_not_recipient");
  await tx.update(burials).set({ responsibleUserId: row.toUserId }).where(eq(burials.id, row.burialId));
  await writeAudit(tx, {
    actor,
    entityType: "burial",
    entityId: row.burialId,
    action: "handed_over",
    data: { handoverId: row.id, from: row.fromUserId, to: row.toUserId },
  });
}

/**
 * A grave's hand-over (`common/handovers.ts`): sent by the grave's responsible person, it waits for
 * the relative to agree in their account (`consent`, or `decline`) within 14 days (`expire`); agreed,
 * the cemetery's staff check the documents and `approve` it — the grave becomes the relative's, its
 * certificate is re-issued in their name — or `refuse` it with a reason. The sender may `withdraw`
 * it until the decision. Both sides are told of every step that concerns them; the relative by SMS
 * too, even before they have an account.
 */
export const handoverMachine = defineMachine({
  entity: "handover",
  table: graveHandovers,
  statuses: ["awaiting_consent", "submitted", "approved", "refused", "declined", "withdrawn", "expired"],
  initial: "awaiting_consent",
  scope: (caller) =>
    handoverScope(caller, {
      from: graveHandovers.fromUserId,
      toPhone: graveHandovers.toPhone,
      cemetery: graveHandovers.cemeteryId,
    }),
  notFound: "handover_not_found",
  moves: {
    consent: {
      from: ["awaiting_consent"],
      to: "submitted",
      by: "handovers.create",
      requires: async (tx, row, actor) => (await isRecipient(tx, row, actor)) ?? senderStillResponsible(tx, row),
      set: ({ actor, now }: Ctx) => ({ toUserId: actor.id, updatedAt: now }),
      tell: async ({ row, actor }, tx) => {
        const p = await paramsOf(tx, row);
        return [...toSender(row, "handover_consented", p), ...(await toStaff(tx, row, "handover_received", p, actor))];
      },
    },
    decline: {
      from: ["awaiting_consent"],
      to: "declined",
      by: "handovers.create",
      requires: (tx, row, actor) => isRecipient(tx, row, actor),
      set: ({ now }: Ctx) => ({ updatedAt: now }),
      tell: async ({ row }, tx) => toSender(row, "handover_declined", await paramsOf(tx, row)),
    },
    withdraw: {
      from: ["awaiting_consent", "submitted"],
      to: "withdrawn",
      by: "handovers.create",
      when: (row, actor) => row.fromUserId === actor.id,
      whenError: "handover_not_responsible",
      set: ({ now }: Ctx) => ({ updatedAt: now }),
      tell: async ({ row, actor }, tx) => {
        const p = await paramsOf(tx, row);
        return [
          ...(row.toUserId === null ? [] : [notice("handover_withdrawn", row.toUserId, p, familyLink(row))]),
          ...(await toStaff(tx, row, "handover_withdrawn", p, actor)),
        ];
      },
    },
    approve: {
      from: ["submitted"],
      to: "approved",
      by: "handovers.decide",
      requires: (tx, row) => senderStillResponsible(tx, row),
      set: ({ actor, now }: Ctx) => ({ decidedBy: actor.id, decidedAt: now, updatedAt: now }),
      effects: handOver,
      tell: async ({ row }, tx) => {
        const p = await paramsOf(tx, row);
        return [
          ...toSender(row, "handover_approved", p, true),
          ...(row.toUserId === null ? [] : [notice("handover_approved", row.toUserId, p, familyLink(row), true)]),
        ];
      },
    },
    refuse: {
      from: ["submitted"],
      to: "refused",
      by: "handovers.decide",
      input: ZReasonRequired,
      set: ({ actor, now, input }: Ctx) => ({
        refusalReason: String(input.reason),
        decidedBy: actor.id,
        decidedAt: now,
        updatedAt: now,
      }),
      tell: async ({ row }, tx) => {
        const p = await paramsOf(tx, row);
        return [
          ...toSender(row, "handover_refused", p, true),
          ...(row.toUserId === null ? [] : [notice("handover_refused", row.toUserId, p, familyLink(row), true)]),
        ];
      },
    },
    expire: {
      from: ["awaiting_consent"],
      to: "expired",
      by: "system",
      set: ({ now }: Ctx) => ({ updatedAt: now }),
      tell: async ({ row }, tx) => toSender(row, "handover_expired", await paramsOf(tx, row)),
    },
  },
  timers: [{ name: "consent_deadline", on: "awaiting_consent", at: (r) => r.consentBy, move: "expire" }],
});

/** Tells the relative of a new hand-over (in the create's transaction, after the machine's `create`). */
export async function askRelative(tx: Queryable, s: Services, row: THandoverRow): Promise<TNotice[]> {
  return tellRelative(tx, s, row, "handover_asked", await paramsOf(tx, row));
}

/** The machine's moves are the ones the API's schemas and the screens name. */
const _sameMoves: SameNames<MoveOf<typeof handoverMachine>, HandoverMove> = true;
