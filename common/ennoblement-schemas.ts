import { z } from "zod";
import { pageSchema, ZUploadFile } from "./api-schemas.ts";
import {
  CARE_KINDS,
  CARE_MOVES,
  CARE_PAYMENT_STATUSES,
  CARE_STATUSES,
  CARE_UNITS,
  PERMIT_INSTALLERS,
  PERMIT_KINDS,
  PERMIT_MOVES,
  PERMIT_STATUSES,
} from "./ennoblement.ts";

/**
 * Grave care's answers as zod schemas (the routes declare their responses with them, the OpenAPI
 * document names them); the service and the screens share the inferred types.
 */

const ZSeason = z.object({ start: z.string(), end: z.string() }).nullable();

/** A line of a cemetery's price list. */
export const ZCarePriceLine = z.object({
  kind: z.enum(CARE_KINDS),
  price: z.number(),
  unit: z.enum(CARE_UNITS),
  note: z.string(),
});
export type TCarePriceLine = z.infer<typeof ZCarePriceLine>;

/** A cemetery's grave-care settings: its installation season and price list. */
export const ZCareSettingsAnswer = z
  .object({
    cemeteryId: z.number(),
    nameRu: z.string(),
    nameKk: z.string(),
    season: ZSeason,
    prices: z.array(ZCarePriceLine),
  })
  .meta({ id: "CareSettings" });
export type TCareSettingsAnswer = z.infer<typeof ZCareSettingsAnswer>;

/** The grave a request or permit is for: the deceased, the place, its cemetery. */
export const ZCareGrave = z.object({
  burialId: z.number(),
  plotId: z.number(),
  deceased: z.string(),
  years: z.string(),
  sector: z.string(),
  row: z.string(),
  place: z.number(),
  cemetery: z.object({ id: z.number(), nameRu: z.string(), nameKk: z.string() }),
});
export type TCareGrave = z.infer<typeof ZCareGrave>;

/** What the family sees before ordering for one of its graves: the grave, the season, the prices. */
export const ZCareOrderForm = z
  .object({ grave: ZCareGrave, season: ZSeason, prices: z.array(ZCarePriceLine), today: z.string() })
  .meta({ id: "CareOrderForm" });
export type TCareOrderForm = z.infer<typeof ZCareOrderForm>;

/** A permit to install a fence or a headstone. */
export const ZPermit = z
  .object({
    id: z.number(),
    status: z.enum(PERMIT_STATUSES),
    kind: z.enum(PERMIT_KINDS),
    design: z.string(),
    installer: z.enum(PERMIT_INSTALLERS),
    installerName: z.string(),
    plannedDate: z.string(),
    /** The day it must be decided by (one working day). */
    dueDay: z.string(),
    /** Still requested after its due day. */
    overdue: z.boolean(),
    issuedAt: z.string().nullable(),
    validUntil: z.string().nullable(),
    refuseReason: z.string().nullable(),
    refuseComment: z.string().nullable(),
    careRequestId: z.number().nullable(),
    grave: ZCareGrave,
    season: ZSeason,
    createdAt: z.string(),
    moves: z.array(z.enum(PERMIT_MOVES)),
  })
  .meta({ id: "Permit" });
export type TPermit = z.infer<typeof ZPermit>;
export const ZPermitPage = pageSchema(ZPermit).meta({ id: "PermitPage" });

/** A line of an accepted request: its price from the cemetery's list when it was accepted. */
export const ZCareLine = z.object({
  kind: z.enum(CARE_KINDS),
  price: z.number(),
  unit: z.enum(CARE_UNITS),
  note: z.string(),
});

const ZHistoryStep = z.object({
  at: z.string(),
  action: z.string(),
  to: z.string().nullable(),
  reason: z.string().nullable(),
  byStaff: z.boolean(),
});

/** A care request, as the family and the cemetery's staff read it. */
export const ZCareRequest = z
  .object({
    id: z.number(),
    number: z.string(),
    status: z.enum(CARE_STATUSES),
    kinds: z.array(z.enum(CARE_KINDS)),
    comment: z.string(),
    grave: ZCareGrave,
    /** The family who ordered (staff only). */
    family: z.object({ name: z.string(), phone: z.string() }).nullable(),
    lines: z.array(ZCareLine),
    total: z.number().nullable(),
    paymentStatus: z.enum(CARE_PAYMENT_STATUSES),
    paidVia: z.string().nullable(),
    paymentRef: z.string().nullable(),
    paidAt: z.string().nullable(),
    scheduledDate: z.string().nullable(),
    doneAt: z.string().nullable(),
    /** The last day the family may answer done works (then they are confirmed). */
    answerBy: z.string().nullable(),
    confirmedAt: z.string().nullable(),
    disputedAt: z.string().nullable(),
    disputeText: z.string().nullable(),
    closeAnswer: z.string().nullable(),
    rejectReason: z.string().nullable(),
    refundDue: z.number(),
    photos: z.array(ZUploadFile),
    before: z.array(ZUploadFile),
    after: z.array(ZUploadFile),
    permits: z.array(ZPermit),
    /** Online payment is offered now (accepted, unpaid, a provider configured). */
    canPayOnline: z.boolean(),
    createdAt: z.string(),
    history: z.array(ZHistoryStep),
    moves: z.array(z.enum(CARE_MOVES)),
  })
  .meta({ id: "CareRequest" });
export type TCareRequest = z.infer<typeof ZCareRequest>;

/** A request in a list. */
export const ZCareRequestItem = z.object({
  id: z.number(),
  number: z.string(),
  status: z.enum(CARE_STATUSES),
  kinds: z.array(z.enum(CARE_KINDS)),
  grave: ZCareGrave,
  total: z.number().nullable(),
  paymentStatus: z.enum(CARE_PAYMENT_STATUSES),
  scheduledDate: z.string().nullable(),
  /** Its permit still requested past its due day. */
  permitOverdue: z.boolean(),
  createdAt: z.string(),
});
export type TCareRequestItem = z.infer<typeof ZCareRequestItem>;
export const ZCareRequestPage = pageSchema(ZCareRequestItem).meta({ id: "CareRequestPage" });

/** A grave's care history: its requests (with their photos) and permits, newest first. */
export const ZGraveCare = z
  .object({
    requests: z.array(
      ZCareRequestItem.extend({
        doneAt: z.string().nullable(),
        before: z.array(ZUploadFile),
        after: z.array(ZUploadFile),
      }),
    ),
    permits: z.array(
      z.object({
        id: z.number(),
        status: z.enum(PERMIT_STATUSES),
        kind: z.enum(PERMIT_KINDS),
        validUntil: z.string().nullable(),
        createdAt: z.string(),
      }),
    ),
  })
  .meta({ id: "GraveCare" });
export type TGraveCare = z.infer<typeof ZGraveCare>;
