import { sql } from "drizzle-orm";
import { boolean, check, date, index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { APPEAL_LANGUAGES } from "../../../common/appeals.ts";
import { REBURIAL_STATUSES } from "../../../common/reburials.ts";
import { burials } from "../burials/burials.tables.ts";
import { cemeteries } from "../cemeteries/cemeteries.tables.ts";
import { akimats } from "../users/organisations.tables.ts";
import { users } from "../users/users.tables.ts";
import { caseHandlingColumns } from "../workflow/case-columns.ts";

/**
 * A request to move a deceased's remains (issue 14 C; `common/reburials.ts`), addressed to the
 * akimat of the source grave's cemetery (or of the destination's, when the grave is outside the
 * platform) and handled through its machine (`reburials.machine.ts`), the only code that changes its
 * status. Its term is an appeal's: registered on the day it arrives (the next working day after
 * hours), due on the 15th working day after (`common/appeal-deadlines.ts`).
 *
 * The grave to move is a burial record of the registry (`source_burial_id`, its cemetery copied) or
 * a grave outside (`source_country`, `source_city`, `source_text`, the deceased named here); the
 * destination a cemetery of the platform (`destination_cemetery_id`: the family books a place there
 * once approved, a burial request of kind `reburial` pointing here) or a place outside
 * (`destination_text`). Files: the uploads bound under `reburial.<kind>` (death, kinship, grave,
 * consent, power, other) with the request's id.
 */
export const reburialRequests = pgTable(
  "reburial_requests",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    akimatId: integer()
      .notNull()
      .references(() => akimats.id),
    status: text({ enum: REBURIAL_STATUSES }).notNull().default("submitted"),
    /** The request's language: the akimat answers in it. */
    language: text({ enum: APPEAL_LANGUAGES }).notNull(),

    // The applicant, as they were when they applied.
    applicantId: integer().references(() => users.id, { onDelete: "set null" }),
    applicantName: text().notNull(),
    applicantPhone: text().notNull(),
    /** The applicant is the source grave's responsible person in the registry (no kinship proof needed). */
    isResponsible: boolean().notNull().default(false),
    /** A representative applies for the family (the power of attorney is among the files). */
    isRepresentative: boolean().notNull().default(false),

    // The grave to move.
    sourceBurialId: integer().references(() => burials.id),
    sourceCemeteryId: integer().references(() => cemeteries.id),
    sourceCountry: text(),
    sourceCity: text(),
    sourceText: text(),
    // The deceased (copied from the record, or as the applicant wrote for a grave outside).
    surname: text().notNull(),
    name: text().notNull().default(""),
    patronymic: text().notNull().default(""),
    /** Private: the applicant and the akimat's staff only. */
    iin: text(),
    deathDate: date(),
    /** The electronic death registration notice's number, when no certificate scan is attached. */
    deathNoticeNumber: text(),

    // Where the remains go.
    destinationCemeteryId: integer().references(() => cemeteries.id),
    destinationText: text(),
    reason: text().notNull(),

    // Registration and the term (an appeal's).
    registeredAt: timestamp({ withTimezone: true }).notNull(),
    registrationDay: date().notNull(),
    dueDay: date().notNull(),

    // Handling.
    ...caseHandlingColumns(),

    // The decision.
    decidedAt: timestamp({ withTimezone: true }),
    decidedBy: integer().references(() => users.id, { onDelete: "set null" }),
    /** Approved: the day from which the reburial may take place. */
    reburialDate: date(),
    /** Approved: the destination's booking carries no fee (the akimat's decision). */
    feeWaived: boolean().notNull().default(false),
    conditions: text(),
    refusalReason: text(),
    howToComplain: text(),
    withdrawnAt: timestamp({ withTimezone: true }),
    withdrawReason: text(),

    // Done.
    reburiedAt: timestamp({ withTimezone: true }),
    /** The day the remains were moved (recorded by the akimat for a destination outside). */
    reburiedOn: date(),
    /** The burial record at the destination, written when its booking completed. */
    newBurialId: integer().references(() => burials.id),

    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The akimat's inbox: its open requests by the due day.
    index("reburial_requests_inbox_idx").on(t.akimatId, t.status, t.dueDay),
    index("reburial_requests_period_idx").on(t.akimatId, t.registrationDay),
    index("reburial_requests_assignee_idx").on(t.assigneeId, t.status),
    index("reburial_requests_applicant_idx").on(t.applicantId, t.registeredAt),
    index("reburial_requests_source_idx").on(t.sourceBurialId),
    check("reburial_requests_source_ck", sql`${t.sourceBurialId} is not null or ${t.sourceText} is not null`),
    check(
      "reburial_requests_destination_ck",
      sql`${t.destinationCemeteryId} is not null or ${t.destinationText} is not null`,
    ),
    check("reburial_requests_due_ck", sql`${t.dueDay} > ${t.registrationDay}`),
  ],
);
