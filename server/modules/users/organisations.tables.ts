/**
 * The organisations people belong to: an akimat (its staff: `users.akimat_id`, `akimat_role`) and a
 * supplier company (its people: `users.supplier_id`). They are defined here, beside `users`, because
 * the users table references them (foreign keys and checks of the database): the accounts and their
 * organisations are the bottom layer that every other module builds on. What an organisation *does*
 * lives in its own module above: `akimats/` (its card, its staff), `suppliers/` (the company's
 * profile and review machine).
 */
import { boolean, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

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

/** A funeral goods or services company. Starts `pending` until an admin activates it. */
export const suppliers = pgTable(
  "suppliers",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    bin: text().notNull(),
    companyName: text().notNull(),
    headName: text().notNull(),
    city: text().notNull(),
    isVatPayer: boolean().notNull().default(false),
    description: text().notNull().default(""),
    status: text({ enum: ["pending", "active", "blocked"] })
      .notNull()
      .default("pending"),
    blockReason: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("suppliers_bin_uq").on(t.bin)],
);
