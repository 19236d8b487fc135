import { sql } from "drizzle-orm";
import { check, date, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import {
  CARE_KINDS,
  CARE_PAID_VIA,
  CARE_PAYMENT_STATUSES,
  CARE_STATUSES,
  CARE_UNITS,
  type CareKind,
  type CareUnit,
  PERMIT_INSTALLERS,
  PERMIT_KINDS,
  PERMIT_REFUSE_REASONS,
  PERMIT_STATUSES,
} from "../../../common/ennoblement.ts";
import { burials } from "../burials/burials.tables.ts";
import { cemeteries } from "../cemeteries/cemeteries.tables.ts";
import { users } from "../users/users.tables.ts";

/**
 * A cemetery's grave-care settings: its installation season (`MM-DD` to `MM-DD`, both null: all
 * year). Its managers set it with the price list.
 */
export const careSettings = pgTable("care_settings", {
  cemeteryId: integer()
    .primaryKey()
    .references(() => cemeteries.id, { onDelete: "cascade" }),
  seasonStart: text(),
  seasonEnd: text(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** A cemetery's price list of care works: one line per kind (a kind without a line is not offered). */
export const carePrices = pgTable(
  "care_prices",
  {
    cemeteryId: integer()
      .notNull()
      .references(() => cemeteries.id, { onDelete: "cascade" }),
    kind: text({ enum: CARE_KINDS }).notNull(),
    /** Tenge. */
    price: integer().notNull(),
    unit: text({ enum: CARE_UNITS }).notNull().default("service"),
    note: text().notNull().default(""),
  },
  (t) => [primaryKey({ columns: [t.cemeteryId, t.kind] }), check("care_prices_price_ck", sql`${t.price} >= 0`)],
);

/** A line of an accepted request: the price list's line as it was when the cemetery accepted it. */
export type TCareLineRow = { kind: CareKind; price: number; unit: CareUnit; note: string };

/**
 * A family's request for works on a grave (issue 16 §3). `client_id` is who ordered it; who may
 * follow it is the grave's responsible person at the time of each read (`burials.responsible_user_id`,
 * which a hand-over changes), never cached here. Payment is kept apart from the works.
 */
export const careRequests = pgTable(
  "care_requests",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    cemeteryId: integer()
      .notNull()
      .references(() => cemeteries.id),
    burialId: integer()
      .notNull()
      .references(() => burials.id),
    /** Who ordered it ("ordered by"): not who may see it now. */
    clientId: integer()
      .notNull()
      .references(() => users.id),
    status: text({ enum: CARE_STATUSES }).notNull().default("new"),
    kinds: text({ enum: CARE_KINDS }).array().notNull(),
    comment: text().notNull().default(""),
    /** Set on acceptance from the price list; the total computed on the server. */
    lines: jsonb().$type<TCareLineRow[]>().notNull().default([]),
    total: integer(),
    acceptedAt: timestamp({ withTimezone: true }),
    acceptedBy: integer().references(() => users.id),
    paymentStatus: text({ enum: CARE_PAYMENT_STATUSES }).notNull().default("unpaid"),
    paidVia: text({ enum: CARE_PAID_VIA }),
    paidAt: timestamp({ withTimezone: true }),
    paymentRef: text(),
    refundDue: integer().notNull().default(0),
    scheduledDate: date(),
    doneAt: timestamp({ withTimezone: true }),
    doneNote: text(),
    confirmedAt: timestamp({ withTimezone: true }),
    disputedAt: timestamp({ withTimezone: true }),
    disputeText: text(),
    closeAnswer: text(),
    rejectReason: text(),
    cancelledAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("care_requests_cemetery_idx").on(t.cemeteryId, t.status, t.createdAt),
    index("care_requests_burial_idx").on(t.burialId, t.createdAt),
  ],
);

/**
 * A permit to install a fence or a headstone on a grave: with a care request when the cemetery
 * installs, or on its own (`care_request_id` null) when the family's own supplier does. Decided by
 * `due_day` (one working day); valid until `valid_until` once issued.
 */
export const carePermits = pgTable(
  "care_permits",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    cemeteryId: integer()
      .notNull()
      .references(() => cemeteries.id),
    burialId: integer()
      .notNull()
      .references(() => burials.id),
    careRequestId: integer().references(() => careRequests.id),
    clientId: integer()
      .notNull()
      .references(() => users.id),
    status: text({ enum: PERMIT_STATUSES }).notNull().default("requested"),
    kind: text({ enum: PERMIT_KINDS }).notNull(),
    /** The design: dimensions, materials, what is written. */
    design: text().notNull(),
    installer: text({ enum: PERMIT_INSTALLERS }).notNull(),
    installerName: text().notNull().default(""),
    plannedDate: date().notNull(),
    dueDay: date().notNull(),
    issuedAt: timestamp({ withTimezone: true }),
    issuedBy: integer().references(() => users.id),
    validUntil: date(),
    refuseReason: text({ enum: PERMIT_REFUSE_REASONS }),
    refuseComment: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("care_permits_cemetery_idx").on(t.cemeteryId, t.status, t.dueDay),
    index("care_permits_request_idx").on(t.careRequestId),
    index("care_permits_burial_idx").on(t.burialId),
  ],
);
