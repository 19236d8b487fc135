import { sql } from "drizzle-orm";
import { index, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { HANDOVER_RELATIONS, HANDOVER_STATUSES } from "../../../common/handovers.ts";
import { burials } from "../burials/burials.tables.ts";
import { cemeteries } from "../cemeteries/cemeteries.tables.ts";
import { users } from "../users/users.tables.ts";

/**
 * A grave's hand-over to another relative (issue 16 §3; `common/handovers.ts`), changed only by its
 * machine (`handovers.machine.ts`). The responsible person who sends it is `from_user_id` (with the
 * name and phone they had); the relative is named by phone and name (`to_phone`, …) until they agree
 * in their account (`to_user_id`); the cemetery (copied from the grave's place) decides. Approved, the
 * grave's `burials.responsible_user_id` becomes `to_user_id`. One hand-over under way per grave (the
 * partial unique index). Files: uploads bound under `handover.kinship` and `handover.other`.
 */
export const graveHandovers = pgTable(
  "grave_handovers",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    burialId: integer()
      .notNull()
      .references(() => burials.id),
    cemeteryId: integer()
      .notNull()
      .references(() => cemeteries.id),
    status: text({ enum: HANDOVER_STATUSES }).notNull().default("awaiting_consent"),
    fromUserId: integer().references(() => users.id, { onDelete: "set null" }),
    fromName: text().notNull(),
    fromPhone: text().notNull(),
    /** The relative, as the responsible person named them. */
    toPhone: text().notNull(),
    toSurname: text().notNull(),
    toName: text().notNull(),
    toPatronymic: text().notNull().default(""),
    /** The relative's account, once they agreed. */
    toUserId: integer().references(() => users.id, { onDelete: "set null" }),
    relation: text({ enum: HANDOVER_RELATIONS }).notNull(),
    comment: text().notNull().default(""),
    /** Until when the relative may agree; then the hand-over expires. */
    consentBy: timestamp({ withTimezone: true }).notNull(),
    refusalReason: text(),
    decidedBy: integer().references(() => users.id, { onDelete: "set null" }),
    decidedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("grave_handovers_open_uq").on(t.burialId).where(sql`${t.status} in ('awaiting_consent', 'submitted')`),
    index("grave_handovers_cemetery_idx").on(t.cemeteryId, t.status, t.createdAt),
    index("grave_handovers_from_idx").on(t.fromUserId),
    index("grave_handovers_to_phone_idx").on(t.toPhone),
    index("grave_handovers_burial_idx").on(t.burialId, t.decidedAt),
  ],
);
