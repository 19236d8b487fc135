import { and, eq, inArray } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import { translate } from "../../../common/i18n.ts";
import { can, type Permission } from "../../../common/permissions.ts";
import type { Queryable } from "../../db/client.ts";
import { AppError, type ErrorCode } from "../../lib/errors.ts";
import type { Services } from "../../services.ts";
import { type Actor, writeAudit } from "../audit/audit.service.ts";
import { queueSms } from "../jobs/outbox.ts";
import { type NotificationKind, notify, paramsIn } from "../notifications/notifications.service.ts";
import { users } from "../users/users.tables.ts";

/**
 * One state machine per entity (decision 016). Each entity declares, in one place, its statuses,
 * the moves between them, who may make each move (a permission, or the system's timers), what a
 * move needs (a reason; a condition on the row), which columns it sets, and who is told. `move`
 * is the one way a status changes: the guarded update (`WHERE status = <the status read>`, so of
 * two concurrent moves one wins and the other gets a 409), the audit row, the notifications and
 * the outgoing SMS (through the outbox), all in the caller's transaction. `movesFor` lists the
 * moves a caller may make now; API answers carry it and screens draw their buttons from it.
 */

/** Whom a move tells: an in-app notification, and an SMS of the same words when `sms` is set. */
export type TNotice = {
  userId: number;
  kind: NotificationKind;
  params?: Record<string, string | number>;
  link?: string;
  sms?: boolean;
};

export type TMoveInput = {
  /** Why (cancellations); stored on the audit row and, when the move says so, on the entity. */
  reason?: string | null;
  /** Anything else the move's `set` reads (a payment's reference). */
  data?: Record<string, unknown>;
};

export type TMoveContext<R> = {
  row: R;
  actor: Actor;
  now: Date;
  reason: string | null;
  data: Record<string, unknown>;
};

export type TMoveDef<S extends string, R> = {
  from: readonly S[];
  to: S;
  /** The permission the actor needs, or `system` for moves only the product's own timers and callbacks make. */
  by: Permission | "system";
  /** What the row must also satisfy for this actor (ownership, what must be done first); else `whenError`. */
  when?: (row: R, actor: Actor, now: Date) => boolean;
  /** The error code (translated as `errors.<code>`) when `when` fails; `invalid_transition` by default. */
  whenError?: ErrorCode;
  /** A reason is required (cancellations). */
  needsReason?: boolean;
  /** Columns set together with the status. */
  set?: (ctx: TMoveContext<R>) => Record<string, unknown>;
  /** Further writes in the same transaction, after the status changed (`row` is the updated row). */
  effects?: (tx: Queryable, s: Services, ctx: TMoveContext<R>) => Promise<void>;
  /** Who is told, given the updated row (may look people up, e.g. a cemetery's staff). */
  tell?: (ctx: TMoveContext<R>, tx: Queryable) => TNotice[] | Promise<TNotice[]>;
};

type TStatusTable = PgTable & { id: PgColumn; status: PgColumn };

export type TMachine<S extends string, R extends { id: number; status: S }, M extends string> = {
  /** The audit log's entity type. */
  entity: string;
  table: TStatusTable;
  statuses: readonly S[];
  moves: Readonly<Record<M, TMoveDef<S, R>>>;
};

/** Declares an entity's machine; the type ties the moves to the statuses and the row. */
export function defineMachine<S extends string, R extends { id: number; status: S }, M extends string>(
  machine: TMachine<S, R, M>,
): TMachine<S, R, M> {
  for (const [name, m] of Object.entries(machine.moves) as [string, TMoveDef<S, R>][]) {
    for (const s of [...m.from, m.to]) {
      if (!machine.statuses.includes(s)) throw new Error(`${machine.entity}.${name}: unknown status ${s}`);
    }
  }
  return machine;
}

function actorMay(by: Permission | "system", actor: Actor): boolean {
  if (by === "system") return actor.role === "system";
  return actor.role !== "system" && can(actor.role as Parameters<typeof can>[0], by);
}

/** The moves `actor` may make on `row` now: the status allows it, the actor holds the permission, the row's condition holds. */
export function movesFor<S extends string, R extends { id: number; status: S }, M extends string>(
  machine: TMachine<S, R, M>,
  row: R,
  actor: Actor,
  now: Date,
): M[] {
  return (Object.entries(machine.moves) as [M, TMoveDef<S, R>][])
    .filter(([, m]) => m.from.includes(row.status) && actorMay(m.by, actor) && (m.when?.(row, actor, now) ?? true))
    .map(([name]) => name);
}

/**
 * Makes one move: checks it (status, permission, condition, reason), runs the guarded update, writes
 * the audit row, runs the move's further writes, and tells whom it says — all in `tx`, the caller's
 * transaction. Returns the updated row.
 */
export async function move<S extends string, R extends { id: number; status: S }, M extends string>(
  tx: Queryable,
  s: Services,
  machine: TMachine<S, R, M>,
  row: R,
  name: M,
  actor: Actor,
  input: TMoveInput = {},
): Promise<R> {
  const def = machine.moves[name];
  if (!def) throw new AppError(409, "invalid_transition", { from: row.status, to: String(name) });
  if (!actorMay(def.by, actor)) throw new AppError(403, "forbidden");
  if (!def.from.includes(row.status)) throw new AppError(409, "invalid_transition", { from: row.status, to: def.to });
  const now = s.now();
  if (def.when && !def.when(row, actor, now)) {
    throw new AppError(409, def.whenError ?? "invalid_transition", { from: row.status, to: def.to });
  }
  const reason = input.reason?.trim() || null;
  if (def.needsReason && !reason) {
    throw new AppError(422, "validation_failed", {}, [{ path: "reason", key: "validation.required" }]);
  }
  const ctx: TMoveContext<R> = { row, actor, now, reason, data: input.data ?? {} };
  const table = machine.table;
  const values: Record<string, unknown> = { ...(def.set?.(ctx) ?? {}), status: def.to };
  if ("updatedAt" in table) values.updatedAt = now;
  const updated = (await tx
    .update(table)
    .set(values as never)
    .where(and(eq(table.id, row.id), eq(table.status, row.status)))
    .returning()) as unknown as R[];
  const after = updated[0];
  if (!after) throw new AppError(409, "conflict");
  await writeAudit(tx, {
    actor,
    entityType: machine.entity,
    entityId: row.id,
    action: String(name),
    from: row.status,
    to: def.to,
    data: { ...(reason ? { reason } : {}), ...ctx.data },
  });
  let afterCtx = { ...ctx, row: after };
  if (def.effects) {
    await def.effects(tx, s, afterCtx);
    // The further writes may have filled columns of the row (the burial record's id): read it again.
    const [fresh] = (await tx.select().from(table).where(eq(table.id, row.id))) as unknown as R[];
    afterCtx = { ...ctx, row: fresh ?? after };
  }
  await tellAll(tx, (await def.tell?.(afterCtx, tx)) ?? []);
  return afterCtx.row;
}

/** Writes the notifications and queues the SMS of a move, each in its reader's language. */
export async function tellAll(tx: Queryable, notices: readonly TNotice[]): Promise<void> {
  if (!notices.length) return;
  const ids = [...new Set(notices.filter((n) => n.sms).map((n) => n.userId))];
  const people = ids.length
    ? await tx
        .select({ id: users.id, phone: users.phone, locale: users.locale })
        .from(users)
        .where(inArray(users.id, ids))
    : [];
  for (const n of notices) {
    await notify(tx, { userId: n.userId, kind: n.kind, params: n.params, link: n.link });
    const person = n.sms ? people.find((p) => p.id === n.userId) : undefined;
    if (person) {
      const text = translate(person.locale, `notifications.kind.${n.kind}`, paramsIn(n.params ?? {}, person.locale));
      await queueSms(tx, { phone: person.phone, text });
    }
  }
}
