import { z } from "zod";
import { CATALOG_CATEGORIES, CATALOG_LIMITS, ITEM_KINDS, ITEM_UNITS, RETURN_REASONS } from "./catalog.ts";
import { COMMENT_DROPPED, personName, ZId, ZPhone } from "./schemas.ts";

/**
 * The forms of the catalogue (issue 15 §1), the catalog module's own: an item as the supplier
 * writes it, the admin's moves that ask for something (`ITEM_MOVE_FORMS`), the bulk approval and the
 * company's people. Listed with every area's forms in `forms.ts`.
 */

/** A whole number as people type it: spaces between thousands are dropped (`12 500`). */
const wholeNumber = (max: number) =>
  z.preprocess(
    (v) =>
      typeof v === "string"
        ? v.replace(/[\s\u00a0]/g, "") === ""
          ? undefined
          : Number(v.replace(/[\s\u00a0]/g, ""))
        : v,
    z
      .number({ error: "validation.required" })
      .int("validation.whole_number")
      .min(0, "validation.not_negative")
      .max(max, "validation.too_big"),
  );

/** A plain-text comment (line breaks kept, control characters dropped, a NUL refused). */
const comment = (max: number) =>
  z
    .string()
    .refine((v) => !v.includes("\0"), "validation.invalid")
    .overwrite((v) => v.replace(/\r\n?/g, "\n").replace(COMMENT_DROPPED, ""))
    .trim()
    .max(max);

/**
 * An item as its supplier writes it (`/supplier/services/add-service`): both names, both
 * descriptions (rich text, sanitized on the server), the price in whole tenge for a unit, the lead
 * time in hours, the city or cemeteries served, availability and up to 8 photos (the supplier's own
 * uploads, or the item's).
 */
export const ZItemInput = z.object({
  category: z.enum(CATALOG_CATEGORIES, { error: "validation.required" }),
  kind: z.enum(ITEM_KINDS, { error: "validation.required" }),
  nameRu: z.string({ error: "validation.required" }).trim().min(2, "validation.required").max(CATALOG_LIMITS.nameMax),
  nameKk: z.string({ error: "validation.required" }).trim().min(2, "validation.required").max(CATALOG_LIMITS.nameMax),
  descriptionRu: z.string().max(CATALOG_LIMITS.descriptionMax, "validation.too_long").default(""),
  descriptionKk: z.string().max(CATALOG_LIMITS.descriptionMax, "validation.too_long").default(""),
  price: wholeNumber(CATALOG_LIMITS.priceMax).refine((n) => n > 0, "validation.catalog_price"),
  unit: z.enum(ITEM_UNITS, { error: "validation.required" }),
  leadHours: wholeNumber(CATALOG_LIMITS.leadHoursMax).default(0),
  city: z.string({ error: "validation.required" }).trim().min(2, "validation.required").max(80),
  cemeteryIds: z
    .array(ZId)
    .max(CATALOG_LIMITS.cemeteriesMax)
    .default([])
    .transform((ids) => [...new Set(ids)]),
  available: z.boolean().default(false),
  photoIds: z
    .array(z.string().uuid("validation.invalid"))
    .max(CATALOG_LIMITS.photosMax, "validation.photos_max")
    .default([])
    .transform((ids) => [...new Set(ids)]),
});
export type TItemInput = z.input<typeof ZItemInput>;
export type TItemValues = z.output<typeof ZItemInput>;

/** The admin sends an item or its revision back: at least one reason, and a comment (required with «other»). */
export const ZItemReturn = z
  .object({
    reasons: z
      .array(z.enum(RETURN_REASONS, { error: "validation.catalog_reasons" }))
      .min(1, "validation.catalog_reasons")
      .transform((r) => [...new Set(r)]),
    comment: comment(CATALOG_LIMITS.commentMax).default(""),
  })
  .refine((v) => !v.reasons.includes("other") || v.comment.length > 0, {
    path: ["comment"],
    message: "validation.catalog_comment",
  });

/** The admin blocks an item: the reason the supplier reads. */
export const ZItemBlock = z.object({
  reason: z.string({ error: "validation.required" }).trim().min(3, "validation.required").max(1000),
});

/** The admin approves several items (or their revisions) at once from the queue. */
export const ZItemBulkApprove = z.object({
  ids: z
    .array(ZId)
    .min(1, "validation.catalog_choose")
    .max(100)
    .transform((ids) => [...new Set(ids)]),
});

/** The owner invites a person of the company by phone. */
export const ZSupplierPersonInvite = z.object({
  phone: ZPhone,
  surname: personName(),
  name: personName(),
  patronymic: z.string().trim().max(80).default(""),
});
