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
