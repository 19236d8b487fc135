import { boolean, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

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
