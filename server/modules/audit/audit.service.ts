import type { Queryable } from "../../db/client.ts";
import type { Actor } from "../../lib/caller.ts";
import { auditLog } from "./audit.tables.ts";

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
