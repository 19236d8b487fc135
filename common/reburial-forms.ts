import { z } from "zod";
import { APPEAL_LIMITS } from "./appeals.ts";
import { appealText, optionalId, optionalText } from "./appeal-forms.ts";
import { REBURIAL_DOC_KINDS, REBURIAL_LIMITS, REBURIAL_PLACES } from "./reburials.ts";
import { isoDate, optionalDate, personName, ZIin } from "./schemas.ts";

/**
 * The forms of reburial requests (the family's, the akimat's moves), the reburials module's own;
 * their texts follow the appeals' rules. Listed with every area's forms in `forms.ts`.
 */

const reburialFiles = z
  .array(z.string().uuid("validation.invalid"))
  .max(REBURIAL_LIMITS.filesMax, "validation.appeal_files_max")
  .default([]);
/** The electronic death registration notice's number (service P2.22), as printed: digits and letters. */
const deathNoticeNumber = z.preprocess(
  (v) => (v === "" || v === null ? undefined : v),
  z
    .string()
    .trim()
    .regex(/^[0-9A-Za-zА-Яа-я№\- ]{4,40}$/, "validation.reburial_notice_number")
    .optional(),
);
const optionalIin = z.preprocess((v) => (v === "" || v === null ? undefined : v), ZIin.optional());
const checkbox = z.preprocess((v) => v === "on" || v === true || v === "true", z.boolean());

/**
 * `/client/burial/create`: a reburial request. The grave to move is a record of the registry
 * (`sourceBurialId`) or a grave outside the platform's cemeteries (described, with the country and
 * the city, and the deceased named); the destination a cemetery of the platform or a place outside;
 * the reason (reburial is allowed only in exceptional cases); the documents by kind. The death
 * record is a scan or the electronic notice's number. Kinship proof is asked unless the applicant is
 * the grave's responsible person (checked by the service against the registry); a representative
 * attaches the power of attorney.
 */
export const ZReburialCreate = z
  .object({
    source: z.enum(REBURIAL_PLACES, { error: "validation.required" }),
    sourceBurialId: optionalId,
    sourceCountry: optionalText(100),
    sourceCity: optionalText(100),
    sourceText: optionalText(REBURIAL_LIMITS.placeMax),
    surname: z.preprocess((v) => (v === "" ? undefined : v), personName().optional()),
    name: z.string().trim().max(80).default(""),
    patronymic: z.string().trim().max(80).default(""),
    iin: optionalIin,
    deathDate: optionalDate,
    destination: z.enum(REBURIAL_PLACES, { error: "validation.required" }),
    destinationCemeteryId: optionalId,
    destinationText: optionalText(REBURIAL_LIMITS.placeMax),
    reason: appealText(REBURIAL_LIMITS.reasonMax),
    isRepresentative: checkbox.default(false),
    deathNoticeNumber,
    deathIds: reburialFiles,
    kinshipIds: reburialFiles,
    graveIds: reburialFiles,
    consentIds: reburialFiles,
    powerIds: reburialFiles,
    otherIds: reburialFiles,
  })
  .superRefine((v, ctx) => {
    const need = (path: string, message = "validation.required") =>
      ctx.addIssue({ code: "custom", path: [path], message });
    if (v.source === "platform" && !v.sourceBurialId) need("sourceBurialId", "validation.choose_grave");
    if (v.source === "outside") {
      if (!v.sourceText) need("sourceText");
      if (!v.sourceCountry) need("sourceCountry");
      if (!v.sourceCity) need("sourceCity");
      if (!v.surname) need("surname");
      if (!v.deathDate) need("deathDate");
    }
    if (v.destination === "platform" && !v.destinationCemeteryId)
      need("destinationCemeteryId", "validation.cemetery_id");
    if (v.destination === "outside" && !v.destinationText) need("destinationText");
    if (v.source === "outside" && v.destination === "outside") need("destination", "validation.reburial_no_akimat");
    if (!v.deathIds.length && !v.deathNoticeNumber) need("deathIds", "validation.reburial_death_record");
    if (!v.graveIds.length) need("graveIds");
    if (v.isRepresentative && !v.powerIds.length) need("powerIds");
  });
export type TReburialCreate = z.input<typeof ZReburialCreate>;

/** `approve`: the day the reburial may take place, whether the destination's fee is waived, conditions. */
export const ZReburialApprove = z.object({
  reburialDate: isoDate,
  feeWaived: checkbox.default(false),
  conditions: optionalText(APPEAL_LIMITS.answerPartMax),
});

/** `refuse` (after the hearing): the reasons and legal grounds, and how to complain. */
export const ZReburialRefuse = z.object({
  reason: appealText(APPEAL_LIMITS.answerPartMax),
  howToComplain: appealText(APPEAL_LIMITS.answerPartMax),
});

/** `record_reburied`: a destination outside the platform — the day the remains were moved. */
export const ZReburialRecordDone = z.object({
  reburiedOn: isoDate,
  note: optionalText(),
});

/** `add_documents`: files of one kind (at least one), or the death notice's number, with a note. */
export const ZReburialAddDocuments = z
  .object({
    kind: z.enum(REBURIAL_DOC_KINDS, { error: "validation.required" }),
    attachmentIds: reburialFiles,
    deathNoticeNumber,
    note: optionalText(APPEAL_LIMITS.answerPartMax),
  })
  .superRefine((v, ctx) => {
    if (!v.attachmentIds.length && !(v.kind === "death" && v.deathNoticeNumber)) {
      ctx.addIssue({ code: "custom", path: ["attachmentIds"], message: "validation.appeal_files_required" });
    }
  });
