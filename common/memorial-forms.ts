import { z } from "zod";
import { appealText } from "./appeal-forms.ts";
import {
  ACCESS_MESSAGE_MAX,
  CLAIM_RELATIONS,
  MAX_CLAIM_DOCUMENTS,
  MEMBER_ROLES,
  MEMORIAL_ACHIEVEMENT_MAX,
  MEMORIAL_ACHIEVEMENTS_MAX,
  MEMORIAL_BIOGRAPHY_MAX,
  MEMORIAL_EPITAPH_MAX,
  MEMORIAL_PHOTOS_MAX,
  MEMORIAL_VIDEOS_MAX,
  MEMORIAL_VISIBILITIES,
  SUGGESTION_KINDS,
  SUGGESTION_TEXT_MAX,
  TRIBUTE_KINDS,
  TRIBUTE_TEXT_MAX,
  textProblem,
} from "./memorials.ts";
import { ZPhone, zId } from "./schemas.ts";

/**
 * The forms of memorial pages, the memorials module's own: the API checks its bodies and the
 * machines their moves' input with them, the screens draw and check the forms with them. Listed
 * with every area's forms in `forms.ts`.
 */

const checkbox = z.preprocess((v) => v === "on" || v === true || v === "true", z.boolean());

/** A short text that may be left empty (stored as ""). */
const shortText = (max: number) =>
  z
    .string()
    .overwrite((v) => v.replace(/\r\n?/g, "\n"))
    .trim()
    .max(max, "validation.memorial_too_long")
    .default("");

/** A list typed one item a line in a form, or sent as an array by the API. */
const lines = <T extends z.ZodType<string>>(item: T, max: number, message: string) =>
  z.preprocess(
    (v) =>
      typeof v === "string"
        ? v
            .split(/\r?\n/)
            .map((s) => s.trim())
            .filter(Boolean)
        : v,
    z.array(item).max(max, message).default([]),
  );

/** A video link: an http(s) address, shown as a plain link with its host (never embedded). */
const videoLink = z
  .string()
  .trim()
  .max(500, "validation.memorial_video")
  .refine((v) => {
    try {
      const u = new URL(v);
      return (u.protocol === "https:" || u.protocol === "http:") && u.host.includes(".");
    } catch {
      return false;
    }
  }, "validation.memorial_video");

const achievement = z.string().trim().max(MEMORIAL_ACHIEVEMENT_MAX, "validation.memorial_too_long");

/** A memorial's content and visibility, in Russian and/or Kazakh (either language may be empty). */
const contentFields = {
  epitaphRu: shortText(MEMORIAL_EPITAPH_MAX),
  epitaphKk: shortText(MEMORIAL_EPITAPH_MAX),
  /** Rich text (the editor's HTML), sanitized by the server when saved. */
  biographyRu: z.string().max(MEMORIAL_BIOGRAPHY_MAX, "validation.memorial_too_long").default(""),
  biographyKk: z.string().max(MEMORIAL_BIOGRAPHY_MAX, "validation.memorial_too_long").default(""),
  achievementsRu: lines(achievement, MEMORIAL_ACHIEVEMENTS_MAX, "validation.memorial_achievements_max"),
  achievementsKk: lines(achievement, MEMORIAL_ACHIEVEMENTS_MAX, "validation.memorial_achievements_max"),
  videoLinks: lines(videoLink, MEMORIAL_VIDEOS_MAX, "validation.memorial_videos_max"),
  visibility: z.enum(MEMORIAL_VISIBILITIES, { error: "validation.memorial_visibility" }),
  noindex: checkbox.default(false),
};

/** `/client/memorial/create`: the memorial of a burial record the caller owns. */
export const ZMemorialCreate = z.object({ burialId: zId("validation.memorial_grave"), ...contentFields });
export type TMemorialCreate = z.input<typeof ZMemorialCreate>;

/** The managers edit the content, the visibility (owners only change it) and the portrait. */
export const ZMemorialUpdate = z.object({
  ...contentFields,
  portraitId: z.preprocess(
    (v) => (v === "" ? null : v),
    z.string().uuid("validation.invalid").nullable().default(null),
  ),
});
export type TMemorialUpdate = z.input<typeof ZMemorialUpdate>;

/** Photos added to the gallery (the manager's own uploads). */
export const ZMemorialPhotos = z.object({
  photoIds: z
    .array(z.string().uuid("validation.invalid"))
    .min(1, "validation.memorial_photos")
    .max(MEMORIAL_PHOTOS_MAX, "validation.memorial_photos_max"),
});

/** One photo taken out of the gallery. */
export const ZMemorialPhotoRemove = z.object({ photoId: z.string().uuid("validation.invalid") });

/** An owner invites a co-manager or (of a private memorial) a viewer, by phone. */
export const ZMemorialInvite = z.object({
  phone: ZPhone,
  role: z.enum(MEMBER_ROLES, { error: "validation.required" }),
});

/** A text a visitor writes for the managers: no links, e-mails, phones or IINs (the filter before the queue). */
const visitorText = (max: number) =>
  z
    .string()
    .overwrite((v) => v.replace(/\r\n?/g, "\n"))
    .trim()
    .max(max, "validation.memorial_too_long")
    .superRefine((v, ctx) => {
      const problem = textProblem(v);
      if (problem) ctx.addIssue({ code: "custom", message: `validation.tribute_${problem}` });
    });

/** A flower, a candle or a message (a message needs its text; a flower or a candle may carry a short note). */
export const ZTributeCreate = z
  .object({
    kind: z.enum(TRIBUTE_KINDS, { error: "validation.tribute_kind" }),
    text: visitorText(TRIBUTE_TEXT_MAX).default(""),
  })
  .superRefine((v, ctx) => {
    if (v.kind === "message" && !v.text)
      ctx.addIssue({ code: "custom", path: ["text"], message: "validation.required" });
  });
export type TTributeCreate = z.input<typeof ZTributeCreate>;

/** A visitor's suggestion: a correction (its text) or a photo (the photo, a note). */
export const ZSuggestionCreate = z
  .object({
    kind: z.enum(SUGGESTION_KINDS, { error: "validation.required" }),
    text: visitorText(SUGGESTION_TEXT_MAX).default(""),
    photoIds: z.array(z.string().uuid("validation.invalid")).max(5, "validation.memorial_photos_max").default([]),
  })
  .superRefine((v, ctx) => {
    if (v.kind === "correction" && !v.text)
      ctx.addIssue({ code: "custom", path: ["text"], message: "validation.required" });
    if (v.kind === "photo" && v.photoIds.length === 0)
      ctx.addIssue({ code: "custom", path: ["photoIds"], message: "validation.memorial_photos" });
  });
export type TSuggestionCreate = z.input<typeof ZSuggestionCreate>;

/** A signed-in visitor asks to see a private memorial. */
export const ZAccessRequestCreate = z.object({ message: visitorText(ACCESS_MESSAGE_MAX).default("") });

/** A relative asks the cemetery to verify them as an owner of a burial's memorial: the relation and documents. */
export const ZMemorialClaimCreate = z.object({
  burialId: zId("validation.memorial_grave"),
  relation: z.enum(CLAIM_RELATIONS, { error: "validation.memorial_relation" }),
  documentIds: z
    .array(z.string().uuid("validation.invalid"))
    .min(1, "validation.memorial_claim_documents")
    .max(MAX_CLAIM_DOCUMENTS, "validation.memorial_photos_max"),
});
export type TMemorialClaimCreate = z.input<typeof ZMemorialClaimCreate>;

/** `refuse`: the manager's reason, told to the relative. */
export const ZMemorialClaimRefuse = z.object({ reason: appealText(500) });
