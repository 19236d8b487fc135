import type { Queryable } from "../../db/client.ts";
import { AppError } from "../../lib/errors.ts";
import { auditLog } from "./audit.tables.ts";

/** Who acts: a signed-in user, or the system itself (seeds, timers). */
export type Actor = { id: number; role: string } | { id: null; role: "system" };
export const SYSTEM: Actor = { id: null, role: "system" };

/** The allowed moves of one entity's states: `{pending: ["active", "blocked"], ...}`. */
export type Transitions<S extends string> = Readonly<Record<S, readonly S[]>>;

export function defineTransitions<S extends string>(entityType: string, moves: Transitions<S>) {
  return { entityType, moves };
}

export function canTransition<S extends string>(moves: Transitions<S>, from: S, to: S): boolean {
  return moves[from]?.includes(to) ?? false;
}

/** Appends one row to the audit log, inside the caller's transaction. */
export async function writeAudit(
  tx: Queryable,
  entry: {
    actor: Actor;
    entityType: string;
    entityId: string | number;
    action: string;
    from?: string | null;
    to?: string | null;
    data?: Record<string, unknown>;
  },
): Promise<void> {
  await tx.insert(auditLog).values({
    actorId: entry.actor.id,
    actorRole: entry.actor.role,
    entityType: entry.entityType,
    entityId: String(entry.entityId),
    action: entry.action,
    fromState: entry.from ?? null,
    toState: entry.to ?? null,
    data: entry.data ?? null,
  });
}

/**
 * The one way to change an entity's state: checks the move against the entity's table of
 * allowed moves, runs the update (which must itself guard on the current state and report
 * whether a row changed, so two concurrent moves cannot both win), and writes the audit row,
 * all in the caller's transaction.
 */
export async function applyTransition<S extends string>(
  tx: Queryable,
  machine: { entityType: string; moves: Transitions<S> },
  move: {
    actor: Actor;
    entityId: string | number;
    from: S;
    to: S;
    action?: string;
    data?: Record<string, unknown>;
    update: () => Promise<boolean>;
  },
): Promise<void> {
  if (!canTransition(machine.moves, move.from, move.to)) {
    throw new AppError(409, "invalid_transition", { from: move.from, to: move.to });
  }
  const changed = await move.update();
  if (!changed) throw new AppError(409, "conflict");
  await writeAudit(tx, {
    actor: move.actor,
    entityType: machine.entityType,
    entityId: move.entityId,
    action: move.action ?? `${move.from}->${move.to}`,
    from: move.from,
    to: move.to,
    data: move.data,
  });
}
