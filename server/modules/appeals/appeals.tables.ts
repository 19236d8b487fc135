import { sql } from "drizzle-orm";
import { check, date, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import {
  APPEAL_CHANNELS,
  APPEAL_LANGUAGES,
  APPEAL_OUTCOMES,
  APPEAL_STATUSES,
  APPEAL_TYPES,
} from "../../../common/appeals.ts";
import { akimats } from "../users/organisations.tables.ts";
import { cemeteries } from "../cemeteries/cemeteries.tables.ts";
import { users } from "../users/users.tables.ts";
import { caseHandlingColumns } from "../workflow/case-columns.ts";

/**
 * An appeal to an akimat (issue 14 B; `common/appeals.ts`): registered as it is created — never
 * refused at intake (APPK art. 64) — with its number, registration day and due day, then handled
 * through its machine (`appeals.machine.ts`), the only code that changes its status. Days are
 * Almaty's (`date`), instants `timestamptz`.
 *
 * The applicant is who they were when they appealed: their name, phone and IIN are copied onto the
 * row (the appeal as filed, and the receipt, do not change when the account does), and an oral
 * appeal's citizen may have no account at all (`applicantId` null; told by SMS to the phone given).
 * Files: the uploads bound to the appeal (`entityType` `appeal`, `entityId` the appeal's id), the
 * applicant's at creation and those added when documents were asked, each with its owner and time:
 * the uploads table already links them, a table of its own would say it twice.
 */
export const appeals = pgTable(
  "appeals",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    /** The registration number, `<akimat>-<year>-<sequence>` (`appealNumber`), per akimat and year. */
    number: text().notNull(),
    akimatId: integer()
      .notNull()
      .references(() => akimats.id),
    channel: text({ enum: APPEAL_CHANNELS }).notNull(),
    type: text({ enum: APPEAL_TYPES }).notNull(),
    /** The appeal's language; the answer is written in it. */
    language: text({ enum: APPEAL_LANGUAGES }).notNull(),
    status: text({ enum: APPEAL_STATUSES }).notNull().default("registered"),
    text: text().notNull(),
    subject: text().notNull().default(""),
    cemeteryId: integer().references(() => cemeteries.id),

    // The applicant, as filed.
    applicantId: integer().references(() => users.id, { onDelete: "set null" }),
    applicantName: text().notNull(),
    /** The company a supplier appealed for. */
    applicantOrg: text(),
    applicantPhone: text().notNull(),
    /** Private: the applicant and the akimat's staff handling the appeal only. */
    applicantIin: text(),
    applicantAddress: text(),
    /** Who took an oral or phone appeal (its receipt names them); null for one sent through the platform. */
    receivedBy: integer().references(() => users.id, { onDelete: "set null" }),

    // Registration and the term.
    /** The registration's instant: the arrival, or 09:00 of the registration day when deferred. */
    registeredAt: timestamp({ withTimezone: true }).notNull(),
    registrationDay: date().notNull(),
    /** The statutory due day: the 15th working day after registration. */
    dueDay: date().notNull(),
    extendedUntil: date(),
    extensionReason: text(),
    extendedBy: integer().references(() => users.id, { onDelete: "set null" }),
    extendedAt: timestamp({ withTimezone: true }),
    /** When the applicant was told of the extension (at once, by the move: within the law's 3 working days). */
    extensionNotifiedAt: timestamp({ withTimezone: true }),
    /** The due day in force (the extension's when there is one): the inbox's order and the overdue filter. */
    currentDueDay: date().notNull().generatedAlwaysAs(sql`coalesce(extended_until, due_day)`),

    // Handling.
    ...caseHandlingColumns(),

    // Redirection (art. 65): to another akimat of the platform (the appeal registered there) or a body outside.
    redirectedAt: timestamp({ withTimezone: true }),
    redirectToAkimatId: integer().references(() => akimats.id),
    redirectToBody: text(),
    redirectReason: text(),
    /** The appeal this one was redirected from (registered again here). */
    redirectedFromId: integer(),

    // The answer.
    outcome: text({ enum: APPEAL_OUTCOMES }),
    answerFacts: text(),
    answerGrounds: text(),
    answerActions: text(),
    howToComplain: text(),
    signatoryName: text(),
    signatoryPosition: text(),
    answeredAt: timestamp({ withTimezone: true }),
    answeredBy: integer().references(() => users.id, { onDelete: "set null" }),

    withdrawnAt: timestamp({ withTimezone: true }),
    withdrawReason: text(),

    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("appeals_number_uq").on(t.number),
    // The akimat's inbox: its open appeals by the due day in force.
    index("appeals_inbox_idx").on(t.akimatId, t.status, t.currentDueDay),
    // Reports by period (registration day), per akimat.
    index("appeals_period_idx").on(t.akimatId, t.registrationDay),
    index("appeals_assignee_idx").on(t.assigneeId, t.status),
    // The applicant's list, newest first.
    index("appeals_applicant_idx").on(t.applicantId, t.registeredAt),
    index("appeals_redirected_from_idx").on(t.redirectedFromId),
    check("appeals_text_ck", sql`char_length(${t.text}) between 1 and 3500`),
    check("appeals_due_ck", sql`${t.dueDay} > ${t.registrationDay}`),
    check("appeals_redirect_ck", sql`${t.redirectToAkimatId} is null or ${t.redirectToBody} is null`),
  ],
);

/**
 * The last registration number given per akimat and year. The creating transaction takes it with
 * `insert … on conflict do update … returning`, which locks the row until the commit: numbers go
 * out in order, and a rolled-back registration gives its number back (no gaps).
 */
export const appealNumbers = pgTable(
  "appeal_numbers",
  {
    akimatId: integer()
      .notNull()
      .references(() => akimats.id, { onDelete: "cascade" }),
    year: integer().notNull(),
    last: integer().notNull(),
  },
  (t) => [primaryKey({ columns: [t.akimatId, t.year] })],
);
