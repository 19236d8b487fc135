/**
 * The API's answers about reburial requests (`server/modules/reburials/reburials.routes.ts`): the
 * routes' OpenAPI schemas, whose types the screens read through the shared client.
 */
import { z } from "zod";
import { BURIAL_REQUEST_STATUSES } from "./booking-terms.ts";
import { PERSON_NAME, pageSchema, ZUploadFile } from "./api-schemas.ts";
import {
  ZCaseCountdown,
  ZCaseDocumentsRequest,
  ZCaseHearing,
  ZCaseHistory,
  ZCasePerson,
  ZCaseWithdrawal,
} from "./case-schemas.ts";
import { REBURIAL_MOVES, REBURIAL_STATUSES } from "./reburials.ts";

const ZRef = z.object({ id: z.number(), name: z.string() });

/** A place of the platform: the cemetery and the grave's sector, row and number. */
export const ZReburialPlace = z.object({
  burialId: z.number(),
  cemetery: ZRef,
  sector: z.string(),
  row: z.string(),
  number: z.number(),
});

export const ZReburialListItem = z.object({
  id: z.number(),
  number: z.string(),
  status: z.enum(REBURIAL_STATUSES),
  /** The deceased's full name. */
  deceased: z.string(),
  akimatName: z.string(),
  /** The source grave in one line: the cemetery (or country, city) and the place. */
  from: z.string(),
  /** The destination in one line. */
  to: z.string(),
  applicantName: z.string(),
  applicantPhone: z.string(),
  /** The deceased's IIN, when known. */
  iin: z.string().nullable(),
  assigneeName: z.string().nullable(),
  registeredAt: z.string(),
  countdown: ZCaseCountdown,
});
export type TReburialListItem = z.infer<typeof ZReburialListItem>;
export const ZReburialPage = pageSchema(ZReburialListItem);
export type TReburialPage = z.infer<typeof ZReburialPage>;

export const ZReburial = z.object({
  id: z.number(),
  number: z.string(),
  status: z.enum(REBURIAL_STATUSES),
  language: z.enum(["ru", "kk"]),
  akimat: ZRef,
  deceased: z.object({
    ...PERSON_NAME,
    /** The deceased's IIN: to the applicant and the akimat's staff only (both read this answer). */
    iin: z.string().nullable(),
    deathDate: z.string().nullable(),
  }),
  /** The grave to move: a record of the registry, or a grave outside the platform. */
  source: z.object({
    place: ZReburialPlace.nullable(),
    country: z.string().nullable(),
    city: z.string().nullable(),
    text: z.string().nullable(),
  }),
  destination: z.object({ cemetery: ZRef.nullable(), text: z.string().nullable() }),
  reason: z.string(),
  applicant: z.object({ name: z.string(), phone: z.string() }),
  isResponsible: z.boolean(),
  isRepresentative: z.boolean(),
  deathNoticeNumber: z.string().nullable(),
  registeredAt: z.string(),
  countdown: ZCaseCountdown,
  assignee: ZCasePerson,
  documentsRequest: ZCaseDocumentsRequest,
  hearing: ZCaseHearing,
  approval: z
    .object({ date: z.string(), feeWaived: z.boolean(), conditions: z.string().nullable(), at: z.string() })
    .nullable(),
  refusal: z.object({ reason: z.string(), howToComplain: z.string(), at: z.string() }).nullable(),
  withdrawal: ZCaseWithdrawal,
  /** Done: when, and the new place (a record of the platform) or the day recorded for a place outside. */
  done: z.object({ at: z.string(), on: z.string().nullable(), place: ZReburialPlace.nullable() }).nullable(),
  /** The bookings of the destination made for this request (kind `reburial`). */
  bookings: z.array(z.object({ id: z.number(), number: z.string(), status: z.enum(BURIAL_REQUEST_STATUSES) })),
  /** The applicant may book the destination now (approved, a cemetery of the platform, no live booking). */
  canBook: z.boolean(),
  documents: z.object({
    death: z.array(ZUploadFile),
    kinship: z.array(ZUploadFile),
    grave: z.array(ZUploadFile),
    consent: z.array(ZUploadFile),
    power: z.array(ZUploadFile),
    other: z.array(ZUploadFile),
  }),
  history: ZCaseHistory,
  moves: z.array(z.enum(REBURIAL_MOVES)),
  isStaff: z.boolean(),
});
export type TReburial = z.infer<typeof ZReburial>;
