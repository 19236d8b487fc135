import { index, integer, pgTable, primaryKey, timestamp } from "drizzle-orm/pg-core";
import { cemeteries } from "../cemeteries/cemeteries.tables.ts";
import { users } from "../users/users.tables.ts";

/** Which cemeteries a manager works in: assigned and unassigned by the admin. */
export const managerCemeteries = pgTable(
  "manager_cemeteries",
  {
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    cemeteryId: integer()
      .notNull()
      .references(() => cemeteries.id, { onDelete: "cascade" }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.cemeteryId] }), index("manager_cemeteries_cemetery_idx").on(t.cemeteryId)],
);
