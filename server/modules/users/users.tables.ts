import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { akimats, suppliers } from "./organisations.tables.ts";

/** One account per phone. The role decides the area; akimat staff carry their akimat and akimat role. */
export const users = pgTable(
  "users",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    phone: text().notNull(),
    role: text({ enum: ["client", "supplier", "manager", "akimat", "admin"] }).notNull(),
    /** `invited` until the first login, then `active`. */
    status: text({ enum: ["invited", "active"] })
      .notNull()
      .default("active"),
    surname: text().notNull().default(""),
    name: text().notNull().default(""),
    patronymic: text().notNull().default(""),
    /** Individual identification number of a client. Private: never leaves the server but to its owner. */
    iin: text(),
    akimatId: integer().references(() => akimats.id, { onDelete: "cascade" }),
    akimatRole: text({ enum: ["admin", "employee"] }),
    position: text().notNull().default(""),
    supplierId: integer().references(() => suppliers.id, { onDelete: "cascade" }),
    /** A supplier's person: the company's owner (manages its people) or an employee (works the catalogue). */
    supplierRole: text({ enum: ["owner", "employee"] }),
    locale: text({ enum: ["ru", "kk"] })
      .notNull()
      .default("ru"),
    consentAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastLoginAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex("users_phone_uq").on(t.phone),
    uniqueIndex("users_iin_uq").on(t.iin),
    index("users_akimat_idx").on(t.akimatId),
    check(
      "users_akimat_role_ck",
      sql`(${t.role} = 'akimat') = (${t.akimatId} is not null and ${t.akimatRole} is not null)`,
    ),
    check("users_supplier_ck", sql`(${t.role} = 'supplier') = (${t.supplierId} is not null)`),
  ],
);
