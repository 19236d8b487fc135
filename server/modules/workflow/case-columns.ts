/**
 * The handling columns every case a person addresses to an akimat has (an appeal, a reburial
 * request): who handles it, the documents asked for and the hearing noticed (APPK art. 73). A
 * function, so that each table gets columns of its own; the moves that set them are in `cases.ts`.
 */
import { date, integer, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "../users/users.tables.ts";

export const caseHandlingColumns = () => ({
  assigneeId: integer().references(() => users.id, { onDelete: "set null" }),
  assignedAt: timestamp({ withTimezone: true }),
  documentsRequest: text(),
  documentsRequestedAt: timestamp({ withTimezone: true }),
  hearingProposal: text(),
  hearingDate: date(),
  hearingTime: text(),
  hearingPlace: text(),
  hearingNoticedAt: timestamp({ withTimezone: true }),
});
