import { z } from "zod";
import { isValidBin, isValidIin } from "./iin.ts";
import { normalizePhone } from "./phone.ts";

/**
 * Zod schemas shared by the forms and the API. Messages are translation keys (`validation.*`),
 * translated where they are shown.
 */
export const ZPhone = z
  .string({ error: "validation.required" })
  .trim()
  .min(1, "validation.required")
  .transform((v, ctx) => {
    const phone = normalizePhone(v);
    if (!phone) {
      ctx.addIssue({ code: "custom", message: "validation.phone" });
      return z.NEVER;
    }
    return phone;
  });

export const ZOtpCode = z
  .string()
  .trim()
  .regex(/^\d{6}$/, "validation.otp_code");

export const ZIin = z
  .string()
  .trim()
  .regex(/^\d{12}$/, "validation.iin_format")
  .refine(isValidIin, "validation.iin_invalid");

export const ZBin = z
  .string()
  .trim()
  .regex(/^\d{12}$/, "validation.bin_format")
  .refine(isValidBin, "validation.bin_invalid");

const personName = (max = 80) => z.string().trim().min(1, "validation.required").max(max);

export const ZLocale = z.enum(["ru", "kk"]);

export const ZRegisterClient = z.object({
  registrationToken: z.string().min(10),
  iin: ZIin,
  surname: personName(),
  name: personName(),
  patronymic: z.string().trim().max(80).default(""),
  consent: z.literal(true, { error: "validation.consent" }),
});
export type TRegisterClientInput = z.input<typeof ZRegisterClient>;

export const ZRegisterSupplier = z.object({
  registrationToken: z.string().min(10),
  bin: ZBin,
  companyName: z.string().trim().min(1, "validation.required").max(200),
  headName: z.string().trim().min(3, "validation.required").max(160),
  city: z.string().trim().min(1, "validation.required").max(80),
  isVatPayer: z.boolean(),
  description: z.string().trim().max(2000).default(""),
  consent: z.literal(true, { error: "validation.consent" }),
});
export type TRegisterSupplierInput = z.input<typeof ZRegisterSupplier>;

export const ZAkimatInput = z.object({
  nameRu: z.string().trim().min(1, "validation.required").max(200),
  nameKk: z.string().trim().min(1, "validation.required").max(200),
  city: z.string().trim().min(1, "validation.required").max(80),
  address: z.string().trim().max(300).default(""),
  phone: z.string().trim().max(40).default(""),
});
export type TAkimatInput = z.input<typeof ZAkimatInput>;

/** A person invited by phone to a staff role. */
export const ZInvite = z.object({
  phone: ZPhone,
  surname: personName(),
  name: personName(),
  patronymic: z.string().trim().max(80).default(""),
  position: z.string().trim().max(120).default(""),
});

export const ZCreateAkimat = ZAkimatInput.extend({ admin: ZInvite });

export const ZEmployeeInput = ZInvite.extend({ akimatRole: z.enum(["admin", "employee"]) });
export const ZEmployeeUpdate = ZEmployeeInput.omit({ phone: true });

export const ZBlockSupplier = z.object({
  reason: z.string().trim().min(3, "validation.required").max(1000),
});

export const NEWS_CATEGORY_VALUES = ["announcements", "social_support", "legislation"] as const;

/** Plain text of rich-text HTML, enough to tell whether a language's content is empty. */
const textOf = (html: string) =>
  html
    .replace(/<[^>]*>/g, " ")
    .replace(/&nbsp;/g, " ")
    .trim();

/**
 * A news item as the akimat writes it. Either language may be left out, but a language that is
 * started needs both its title and its text, and at least one language must be complete.
 */
export const ZNewsInput = z
  .object({
    category: z.enum(NEWS_CATEGORY_VALUES, { error: "validation.required" }),
    titleRu: z.string().trim().max(200, "validation.too_long_200").default(""),
    titleKk: z.string().trim().max(200, "validation.too_long_200").default(""),
    contentRu: z.string().max(100_000).default(""),
    contentKk: z.string().max(100_000).default(""),
    coverId: z.string().uuid().nullable().default(null),
    attachmentId: z.string().uuid().nullable().default(null),
  })
  .superRefine((v, ctx) => {
    const langs = [
      ["Ru", v.titleRu, textOf(v.contentRu)],
      ["Kk", v.titleKk, textOf(v.contentKk)],
    ] as const;
    let complete = 0;
    for (const [lang, title, text] of langs) {
      if (title && !text)
        ctx.addIssue({ code: "custom", path: [`content${lang}`], message: "validation.news_content" });
      if (!title && text) ctx.addIssue({ code: "custom", path: [`title${lang}`], message: "validation.news_title" });
      if (title && text) complete++;
    }
    if (complete === 0 && langs.every(([, t, x]) => !t && !x)) {
      ctx.addIssue({ code: "custom", path: ["titleRu"], message: "validation.news_one_language" });
    }
  });
export type TNewsInput = z.input<typeof ZNewsInput>;

const optionalYear = z
  .union([z.literal(""), z.coerce.number().int().min(1800, "validation.year").max(2100, "validation.year")])
  .optional()
  .transform((v) => (v === "" || v === undefined ? null : v));

/** A visitor asks the staff to find a burial the search did not show. */
export const ZSearchRequestInput = z.object({
  applicantName: z.string({ error: "validation.required" }).trim().min(2, "validation.required").max(120),
  applicantPhone: ZPhone,
  surname: z.string({ error: "validation.required" }).trim().min(2, "validation.required").max(80),
  name: z.string().trim().max(80).default(""),
  patronymic: z.string().trim().max(80).default(""),
  birthYear: optionalYear,
  deathYear: optionalYear,
  cemeteryId: z.coerce.number().int().positive().nullable().optional(),
  details: z.string().trim().max(2000, "validation.too_long_2000").default(""),
});
export type TSearchRequestInput = z.input<typeof ZSearchRequestInput>;
