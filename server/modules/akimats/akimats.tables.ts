import { integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/** A local government body; owns cemeteries and news, employs akimat staff. */
export const akimats = pgTable("akimats", {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  nameRu: text().notNull(),
  nameKk: text().notNull(),
  city: text().notNull(),
  address: text().notNull().default(""),
  phone: text().notNull().default(""),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
