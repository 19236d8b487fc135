import { REQUEST_STATUSES } from "../../../common/api-types.ts";
import { date, index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { burials } from "../burials/burials.tables.ts";
import { cemeteries } from "../cemeteries/cemeteries.tables.ts";

/**
 * A visitor's request to cemetery staff: find a burial the search did not show (`search`), or
 * add one missing from the registry (`add`). Contacts are private to the staff handling it.
 */
export const registryRequests = pgTable(
  "registry_requests",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    kind: text({ enum: ["search", "add"] }).notNull(),
    status: text({ enum: REQUEST_STATUSES }).notNull().default("new"),
    cemeteryId: integer().references(() => cemeteries.id, { onDelete: "set null" }),
    /** Set when a signed-in person asked, so they are notified of the answer. */
    applicantId: integer(),
    applicantName: text().notNull(),
    applicantPhone: text().notNull(),
    surname: text().notNull(),
    name: text().notNull().default(""),
    patronymic: text().notNull().default(""),
    birthYear: integer(),
    deathYear: integer(),
    /** Add requests: the dates as the applicant knows them, and where the grave is. */
    birthDate: date(),
    deathDate: date(),
    burialDate: date(),
    location: text().notNull().default(""),
    details: text().notNull().default(""),
    answer: text().notNull().default(""),
    /** The staff member who answered. */
    answeredBy: integer(),
    /** The burial record the answer points to (found or added). */
    burialId: integer().references(() => burials.id, { onDelete: "set null" }),
    ip: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("registry_requests_status_idx").on(t.cemeteryId, t.status, t.createdAt),
    index("registry_requests_ip_idx").on(t.ip, t.createdAt),
  ],
);
