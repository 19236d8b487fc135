import { z } from "zod";
import { pageSchema, ZUploadFile } from "./api-schemas.ts";
import {
  ZCaseCountdown,
  ZCaseDocumentsRequest,
  ZCaseHearing,
  ZCaseHistory,
  ZCasePerson,
  ZCaseWithdrawal,
} from "./case-schemas.ts";
import {
  APPEAL_CHANNELS,
  APPEAL_LANGUAGES,
  APPEAL_MOVES,
  APPEAL_OUTCOMES,
  APPEAL_STATUSES,
  APPEAL_TYPES,
} from "./appeals.ts";

/**
 * The appeals' answers as zod schemas (the routes declare their responses with them, the OpenAPI
 * document names them); the service and the screens share the inferred types. Screens import the
 * types only, so no page loads zod for them.
 */

export const ZAppeal = z
  .object({
    id: z.number(),
    number: z.string(),
    status: z.enum(APPEAL_STATUSES),
    type: z.enum(APPEAL_TYPES),
    channel: z.enum(APPEAL_CHANNELS),
    language: z.enum(APPEAL_LANGUAGES),
    akimat: z.object({ id: z.number(), name: z.string() }),
    text: z.string(),
    subject: z.string(),
    cemetery: z.object({ id: z.number(), name: z.string() }).nullable(),
    applicant: z.object({
      name: z.string(),
      org: z.string().nullable(),
      phone: z.string(),
      iin: z.string().nullable(),
      address: z.string().nullable(),
    }),
    receivedBy: ZCasePerson,
    registeredAt: z.string(),
    registrationDay: z.string(),
    dueDay: z.string().meta({ description: "The statutory due day (15 working days); countdown.dueDay is in force" }),
    countdown: ZCaseCountdown,
    extension: z.object({ until: z.string(), reason: z.string(), at: z.string().nullable() }).nullable(),
    assignee: ZCasePerson,
    documentsRequest: ZCaseDocumentsRequest,
    hearing: ZCaseHearing,
    redirect: z
      .object({
        at: z.string(),
        toAkimat: z.object({ id: z.number(), name: z.string() }).nullable(),
        toBody: z.string().nullable(),
        reason: z.string(),
      })
      .nullable(),
    redirectedFrom: z.object({ id: z.number(), number: z.string() }).nullable(),
    answer: z
      .object({
        outcome: z.enum(APPEAL_OUTCOMES),
        facts: z.string(),
        grounds: z.string(),
        actions: z.string(),
        howToComplain: z.string(),
        signatoryName: z.string(),
        signatoryPosition: z.string(),
        at: z.string(),
      })
      .nullable(),
    withdrawal: ZCaseWithdrawal,
    files: z.array(ZUploadFile),
    history: ZCaseHistory,
    moves: z.array(z.enum(APPEAL_MOVES)),
    isStaff: z.boolean(),
  })
  .meta({ id: "Appeal" });
export type TAppeal = z.infer<typeof ZAppeal>;

export const ZAppealListItem = z
  .object({
    id: z.number(),
    number: z.string(),
    status: z.enum(APPEAL_STATUSES),
    type: z.enum(APPEAL_TYPES),
    channel: z.enum(APPEAL_CHANNELS),
    subject: z.string(),
    akimatName: z.string(),
    applicantName: z.string(),
    applicantPhone: z.string(),
    applicantIin: z.string().nullable(),
    assigneeName: z.string().nullable(),
    registeredAt: z.string(),
    countdown: ZCaseCountdown,
  })
  .meta({ id: "AppealListItem" });
export type TAppealListItem = z.infer<typeof ZAppealListItem>;

export const ZAppealPage = pageSchema(ZAppealListItem).meta({ id: "AppealPage" });
export type TAppealPage = z.infer<typeof ZAppealPage>;

/** What registering an appeal answers: its id and registration number. */
export const ZAppealCreated = z.object({ id: z.number(), number: z.string() }).meta({ id: "AppealCreated" });
