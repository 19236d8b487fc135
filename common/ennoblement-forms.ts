import { z } from "zod";
import { optionalText, shortText } from "./appeal-forms.ts";
import { CARE_KINDS, CARE_LIMITS, CARE_UNITS, isMonthDay, needsPermit, PERMIT_REFUSE_REASONS } from "./ennoblement.ts";
import { isoDate, zId } from "./schemas.ts";

/**
 * The forms of grave care, the ennoblement module's own: the family's order (works and permits),
 * the cemetery's settings (season and price list), and the moves of both machines
 * (`CARE_MOVE_FORMS`, `PERMIT_MOVE_FORMS`). Prices are never the family's or the accept move's:
 * the server reads them from the cemetery's price list.
 */

const checkbox = z.preprocess((v) => v === "on" || v === true || v === "true", z.boolean());
const photos = z
  .array(z.string().uuid("validation.invalid"))
  .max(CARE_LIMITS.photosMax, "validation.care_photos_max")
  .default([]);
const optionalDate = z.preprocess((v) => (v === "" || v === null ? undefined : v), isoDate.optional());

/**
 * The family orders works for one of its graves, or only the permit to install (its own supplier
 * installs): the kinds, a comment, photos; for a fence or a headstone the design with its
 * dimensions, who installs, and the day it is planned for (the season is checked on the server).
 */
export const ZCareOrder = z
  .object({
    burialId: zId("validation.required"),
    kinds: z
      .array(z.enum(CARE_KINDS, { error: "validation.care_kinds" }))
      .min(1, "validation.care_kinds")
      .max(CARE_KINDS.length),
    comment: optionalText(CARE_LIMITS.commentMax),
    photoIds: photos,
    permitOnly: checkbox.default(false),
    design: optionalText(1000),
    installer: optionalText(200),
    plannedDate: optionalDate,
  })
  .superRefine((v, ctx) => {
    const permits = v.kinds.filter(needsPermit);
    if (v.permitOnly && permits.length !== v.kinds.length) {
      ctx.addIssue({ code: "custom", message: "validation.care_permit_only_kinds", path: ["kinds"] });
    }
    if (permits.length) {
      if (!v.design) ctx.addIssue({ code: "custom", message: "validation.care_design", path: ["design"] });
      if (!v.plannedDate) ctx.addIssue({ code: "custom", message: "validation.required", path: ["plannedDate"] });
    }
    if (v.permitOnly && !v.installer) {
      ctx.addIssue({ code: "custom", message: "validation.care_installer", path: ["installer"] });
    }
  });
export type TCareOrder = z.input<typeof ZCareOrder>;

/** One line of a cemetery's price list: the work, its price in tenge, how it is counted, a note. */
export const ZCarePrice = z.object({
  kind: z.enum(CARE_KINDS, { error: "validation.care_kinds" }),
  price: z.coerce
    .number({ error: "validation.care_price" })
    .int("validation.care_price")
    .min(0, "validation.care_price")
    .max(100_000_000, "validation.care_price"),
  unit: z.enum(CARE_UNITS, { error: "validation.required" }).default("service"),
  note: z.string().trim().max(300).default(""),
});

const monthDay = z.preprocess(
  (v) => (v === "" || v === null ? undefined : v),
  z.string().refine(isMonthDay, "validation.care_season").optional(),
);

/**
 * The cemetery's grave-care settings, set by its managers: the installation season (both ends or
 * neither: all year) and the price list, one line per kind of work (a kind left out is not offered).
 */
export const ZCareSettings = z
  .object({
    seasonStart: monthDay,
    seasonEnd: monthDay,
    // A kind left without a price is not offered: its row of the form is dropped.
    prices: z.preprocess(
      (v) =>
        Array.isArray(v)
          ? v.filter(
              (x) =>
                x &&
                typeof x === "object" &&
                (x as { price?: unknown }).price !== undefined &&
                (x as { price?: unknown }).price !== "",
            )
          : v,
      z.array(ZCarePrice).max(CARE_KINDS.length).default([]),
    ),
  })
  .superRefine((v, ctx) => {
    if ((v.seasonStart === undefined) !== (v.seasonEnd === undefined)) {
      const path = [v.seasonStart === undefined ? "seasonStart" : "seasonEnd"];
      ctx.addIssue({ code: "custom", message: "validation.care_season", path });
    }
    const kinds = v.prices.map((p) => p.kind);
    if (new Set(kinds).size !== kinds.length) {
      ctx.addIssue({ code: "custom", message: "validation.care_price_twice", path: ["prices"] });
    }
  });
export type TCareSettings = z.input<typeof ZCareSettings>;

/** The manager records a payment taken at the office, with its receipt number if any. */
export const ZCareRecordPayment = z.object({ paymentRef: optionalText(60) });

/** The day the works are done (set again when redone after a dispute). */
export const ZCareSchedule = z.object({ date: isoDate });

/** The works are done: at least one photo before and one after. */
export const ZCareComplete = z.object({
  beforeIds: photos.refine((v) => v.length > 0, "validation.care_photo_before"),
  afterIds: photos.refine((v) => v.length > 0, "validation.care_photo_after"),
  note: optionalText(1000),
});

/** The family disputes the works (within 7 days), saying what is wrong. */
export const ZCareDispute = z.object({ text: shortText(CARE_LIMITS.commentMax) });

/** The cemetery closes a dispute with its answer. */
export const ZCareClose = z.object({ answer: shortText(CARE_LIMITS.commentMax) });

/** The cemetery rejects a request with a reason the family reads. */
export const ZCareReject = z.object({ reason: shortText(1000) });

/** The cemetery refuses a permit: a reason of the dictionary and a comment. */
export const ZPermitRefuse = z
  .object({
    reason: z.enum(PERMIT_REFUSE_REASONS, { error: "validation.permit_reason" }),
    comment: optionalText(1000),
  })
  .refine((v) => v.reason !== "other" || v.comment !== undefined, {
    message: "validation.required",
    path: ["comment"],
  });
