/**
 * The parts of the API's answers that the cases addressed to an akimat share — appeals
 * (`appeal-schemas.ts`) and reburial requests (`reburial-api.ts`): the term's countdown, a person
 * named on the case, the documents asked for, the hearing, the withdrawal and the history. Each
 * case's own answer keeps its own words (statuses, moves, outcomes).
 */
import { z } from "zod";

/** The term on the day asked (`caseCountdown` in `appeal-deadlines.ts`). */
export const ZCaseCountdown = z.object({
  dueDay: z.string().meta({ description: "The due day in force (for an appeal: extended or statutory), YYYY-MM-DD" }),
  daysLeft: z.number().nullable().meta({ description: "Working days left (0 on the due day); null once closed" }),
  isOverdue: z.boolean(),
  isDueSoon: z.boolean(),
});

/** A person named on a case (an assignee, who received it), as the staff and the applicant see them. */
export const ZCasePerson = z.object({ id: z.number(), name: z.string(), position: z.string() }).nullable();

/** What the staff asked the applicant to add, and when. */
export const ZCaseDocumentsRequest = z.object({ text: z.string(), at: z.string() }).nullable();

/** The hearing noticed before a refusal (APPK art. 73). */
export const ZCaseHearing = z
  .object({
    proposal: z.string(),
    date: z.string(),
    time: z.string().nullable(),
    place: z.string().nullable(),
    at: z.string(),
  })
  .nullable();

/** The applicant's withdrawal (or the staff's record of it). */
export const ZCaseWithdrawal = z.object({ at: z.string(), reason: z.string().nullable() }).nullable();

/** The case's history from the audit log, internal notes left out for all but the staff. */
export const ZCaseHistory = z.array(
  z.object({
    at: z.string(),
    action: z.string(),
    from: z.string().nullable(),
    to: z.string().nullable(),
    actorRole: z.string().nullable(),
    reason: z.string().nullable(),
  }),
);
