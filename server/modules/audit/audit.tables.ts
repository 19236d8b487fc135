import { bigint, index, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/** Who changed which entity, when, and from which state to which. Append-only. */
export const auditLog = pgTable(
  "audit_log",
  {
    id: bigint({ mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** No foreign key: the trail outlives the accounts it mentions. */
    actorId: integer(),
    actorRole: text(),
    entityType: text().notNull(),
    entityId: text().notNull(),
    action: text().notNull(),
    fromState: text(),
    toState: text(),
    data: jsonb().$type<Record<string, unknown>>(),
  },
  (t) => [index("audit_entity_idx").on(t.entityType, t.entityId, t.at)],
);
