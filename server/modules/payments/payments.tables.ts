import { sql } from "drizzle-orm";
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { users } from "../users/users.tables.ts";

export const PAYMENT_STATUSES = ["pending", "paid", "failed", "refund_due"] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/**
 * An online payment through a provider, of any payable record: a booking (`burial_request`), a
 * family's order of goods and services (`order`)… — `subject` names the payable
 * (`registerPayable`, `payments.service.ts`), `subject_id` its row. One pending payment per record,
 * reused when the payer comes back. The provider's callback is signed and may arrive more than
 * once: only the first that finds the payment `pending` settles the record. Money that arrives when
 * the record can no longer take it is `refund_due` as a whole.
 */
export const payments = pgTable(
  "payments",
  {
    id: text().primaryKey(),
    subject: text().notNull(),
    subjectId: integer().notNull(),
    provider: text().notNull(),
    amount: integer().notNull(),
    status: text({ enum: PAYMENT_STATUSES }).notNull().default("pending"),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp({ withTimezone: true }),
    /** The callbacks received, for the operator (their count shows repeats). */
    callbacks: integer().notNull().default(0),
    testMode: boolean().notNull().default(false),
  },
  (t) => [
    uniqueIndex("payments_subject_pending_uq").on(t.subject, t.subjectId).where(sql`${t.status} = 'pending'`),
    index("payments_subject_idx").on(t.subject, t.subjectId),
  ],
);

/**
 * Money to give back from a paid payment, in part or whole: a line of an order its supplier
 * cancelled after the family paid. Recorded in the transaction of the cancellation; the office
 * (or, in production, the provider's refund call) settles it (`settled_at`).
 */
export const refunds = pgTable(
  "refunds",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    paymentId: text()
      .notNull()
      .references(() => payments.id),
    /** The record the money was for (a supplier's order inside a family's order…), as `payments` names one. */
    subject: text().notNull(),
    subjectId: integer().notNull(),
    amount: integer().notNull(),
    reason: text().notNull(),
    createdBy: integer().references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp({ withTimezone: true }),
  },
  (t) => [index("refunds_payment_idx").on(t.paymentId), index("refunds_subject_idx").on(t.subject, t.subjectId)],
);
