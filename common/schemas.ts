import { almatyDay } from "./calendar/almaty.ts";
import { z } from "zod";
import { CEMETERY_STATUSES, NEWS_CATEGORY_VALUES, RELIGIONS } from "./api-types.ts";
import { isValidBin, isValidIin } from "./iin.ts";
import { normalizePhone, normalizePhoneList } from "./phone.ts";
import { BURIAL_KINDS, REMAINS } from "./booking-terms.ts";
import { MAX_SELECTED_PLOTS } from "./plot-selection.ts";
import { COMMENT_MAX_FILES, COMMENT_MAX_LENGTH, COMMENT_VISIBILITIES } from "./threads.ts";

/**
 * Zod schemas shared by the forms and the API. Messages are translation keys (`validation.*`),
 * translated where they are shown.
 */
/** The largest id a database `integer` column holds (2^31 - 1). */
export const MAX_ID = 2_147_483_647;

const ID_TEXT = /^[0-9]{1,10}$/;

/**
 * An id from a path, a query, a form or a JSON body: a whole number from 1 to {@link MAX_ID},
 * written in plain digits (`1e3`, `0x10`, ` 7`, `-1` are not ids); null otherwise.
 *
 * Security note: every id the product reads goes through this or {@link ZId}. An id past the
 * database's `integer` range used to reach PostgreSQL and answer 500; now it is a 404 or a 422.
 */
export function parseId(value: unknown): number | null {
  const n = typeof value === "string" && ID_TEXT.test(value) ? Number(value) : value;
  return typeof n === "number" && Number.isInteger(n) && n >= 1 && n <= MAX_ID ? n : null;
}

/** The one id schema of the API and the forms (see {@link parseId}); `message` names the translation key. */
export const zId = (message = "validation.invalid") =>
  z.preprocess(
    (v) => (typeof v === "string" && ID_TEXT.test(v) ? Number(v) : v),
    z.number({ error: message }).int(message).min(1, message).max(MAX_ID, message),
  );
export const ZId = zId();

export { MAX_PAGE, pageNumber } from "./paging.ts";

/** Stores a typed phone normalised (`+77019990031`), or reports it as not a phone. */
function toStoredPhone(v: string, ctx: z.RefinementCtx): string {
  const phone = normalizePhone(v);
  if (phone) return phone;
  ctx.addIssue({ code: "custom", message: "validation.phone" });
  return z.NEVER;
}

export const ZPhone = z
  .string({ error: "validation.required" })
  .trim()
  .min(1, "validation.required")
  .transform(toStoredPhone);

/** A phone that may be left empty (an office's number): empty, or stored like `ZPhone`. */
export const ZOptionalPhone = z
  .string()
  .trim()
  .max(40, "validation.phone")
  .default("")
  .transform((v, ctx) => (v ? toStoredPhone(v, ctx) : ""));

/** Phones separated by commas, semicolons or lines, stored as `+77272551010, +77011234567`. */
export const ZPhoneList = z
  .string()
  .trim()
  .max(200, "validation.too_long_200")
  .default("")
  .transform((v, ctx) => {
    const list = normalizePhoneList(v);
    if (!list.ok) {
      ctx.addIssue({ code: "custom", message: "validation.phones" });
      return z.NEVER;
    }
    return list.value;
  });

export const ZOtpCode = z
  .string()
  .trim()
  .regex(/^\d{6}$/, "validation.otp_code");

/** The login form's steps: the phone, then the code sent to it. */
export const ZLoginPhone = z.object({ phone: ZPhone });
export const ZLoginCode = z.object({ phone: ZPhone, code: ZOtpCode });

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

export const personName = (max = 80) => z.string().trim().min(1, "validation.required").max(max);

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
  isVatPayer: z.boolean().default(false),
  description: z.string().trim().max(2000).default(""),
  consent: z.literal(true, { error: "validation.consent" }),
});
export type TRegisterSupplierInput = z.input<typeof ZRegisterSupplier>;

export const ZAkimatInput = z.object({
  nameRu: z.string().trim().min(1, "validation.required").max(200),
  nameKk: z.string().trim().min(1, "validation.required").max(200),
  city: z.string().trim().min(1, "validation.required").max(80),
  address: z.string().trim().max(300).default(""),
  phone: ZOptionalPhone,
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

/** Kept with the other types of the API (pages that only list news need no zod); re-exported here. */
export { NEWS_CATEGORY_VALUES };

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

/** A year that may be left empty (stored as null; null is read back as empty, so a parsed value parses again). */
const optionalYear = z
  .union([z.literal(""), z.null(), z.coerce.number().int().min(1800, "validation.year").max(2100, "validation.year")])
  .optional()
  .transform((v) => (v === "" || v === undefined ? null : v));

/** A number as people type it, with a decimal comma or point (`1,2`). */
const decimal = (schema: z.ZodNumber) =>
  z.preprocess((v) => (typeof v === "string" ? Number(v.trim().replace(",", ".")) : v), schema);

/** A visitor asks the staff to find a burial the search did not show. */
export const ZSearchRequestInput = z.object({
  applicantName: z.string({ error: "validation.required" }).trim().min(2, "validation.required").max(120),
  applicantPhone: ZPhone,
  surname: z.string({ error: "validation.required" }).trim().min(2, "validation.required").max(80),
  name: z.string().trim().max(80).default(""),
  patronymic: z.string().trim().max(80).default(""),
  birthYear: optionalYear,
  deathYear: optionalYear,
  cemeteryId: z.preprocess((v) => (v === "" ? null : v), ZId.nullable().optional()),
  details: z.string().trim().max(2000, "validation.too_long_2000").default(""),
});
export type TSearchRequestInput = z.input<typeof ZSearchRequestInput>;

/** A [lng, lat] point inside Kazakhstan's rough extent (a typo lands far outside). */
const ZLngLat = z.tuple([z.number().min(46).max(88), z.number().min(40).max(56)]);
export const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, "validation.time");

const wholeNumber = (min: number, max: number, fallback: number) =>
  z.coerce.number().int("validation.whole_number").min(min).max(max).default(fallback);
const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/**
 * A cemetery's booking terms (decision 015), set by the admin and applied to bookings made after
 * the change (a booking keeps the hold it was given; slots are counted by the current capacity).
 * Bounds: a hold of 1 hour to 14 days; a family grave's interval of 1 to 50 years; 1 to 50 burials
 * a slot; a slot of 15 minutes to 8 hours that fits in the day's burial hours.
 */
export const CEMETERY_TERMS = {
  holdHours: wholeNumber(1, 336, 72),
  familyGraveYears: wholeNumber(1, 50, 15),
  slotCapacity: wholeNumber(1, 50, 2),
  slotMinutes: wholeNumber(15, 480, 60),
};

/** A cemetery's fields (the API's body and the admin's form check them with `slotFitsTheDay`). */
const ZCemeteryFields = z.object({
  akimatId: zId("validation.required"),
  nameRu: z.string().trim().min(2, "validation.required").max(200, "validation.too_long_200"),
  nameKk: z.string().trim().min(2, "validation.required").max(200, "validation.too_long_200"),
  descriptionRu: z.string().trim().max(2000, "validation.too_long_2000").default(""),
  descriptionKk: z.string().trim().max(2000, "validation.too_long_2000").default(""),
  city: z.string().trim().min(2, "validation.required").max(80),
  religion: z.enum(RELIGIONS),
  address: z.string().trim().max(200, "validation.too_long_200").default(""),
  addressKk: z.string().trim().max(200, "validation.too_long_200").default(""),
  phones: ZPhoneList,
  status: z.enum(CEMETERY_STATUSES),
  capacity: z.coerce
    .number()
    .int("validation.whole_number")
    .min(0, "validation.not_negative")
    .max(10_000_000)
    .default(0),
  burialFee: z.coerce
    .number()
    .int("validation.whole_number")
    .min(0, "validation.not_negative")
    .max(100_000_000)
    .default(0),
  burialSlots: z
    .object({
      days: z.array(z.coerce.number().int().min(1).max(7)).min(1, "validation.days"),
      from: hhmm,
      to: hhmm,
    })
    .refine((s) => s.from < s.to, { message: "validation.time_order", path: ["to"] }),
  /** The boundary ring, not closed: at least 3 points. */
  boundary: z.array(ZLngLat).min(3, "validation.boundary").max(500),
  ...CEMETERY_TERMS,
});

/** A slot no longer than the day's burial hours (otherwise the cemetery offers no slot at all). */
const slotFitsTheDay = (c: { burialSlots: { from: string; to: string }; slotMinutes: number }) =>
  minutesOf(c.burialSlots.to) - minutesOf(c.burialSlots.from) >= c.slotMinutes;
const SLOT_TOO_LONG = { message: "validation.slot_longer_than_day", path: ["slotMinutes"] };

/** A cemetery as the admin creates and edits it. */
export const ZCemeteryInput = ZCemeteryFields.refine(slotFitsTheDay, SLOT_TOO_LONG);
/** Every field of a cemetery, without the checks across fields (the record the admin's form reads). */
export const ZCemeteryRecordFields = ZCemeteryFields;
export type TCemeteryInput = z.input<typeof ZCemeteryInput>;

/** The admin's cemetery form: the boundary drawn on the map travels as JSON text in one field. */
export const ZCemeteryForm = ZCemeteryFields.extend({
  boundary: z.preprocess((v) => {
    if (typeof v !== "string") return v ?? [];
    try {
      return JSON.parse(v);
    } catch {
      return [];
    }
  }, ZCemeteryFields.shape.boundary),
}).refine(slotFitsTheDay, SLOT_TOO_LONG);

/** "Generate plots by ranges": one sector, rows from–to, places per row, plot size in metres. */
export const ZGeneratePlots = z
  .object({
    sector: z.string().trim().min(1, "validation.required").max(20),
    rowFrom: z.coerce.number().int("validation.whole_number").min(1, "validation.too_small").max(500),
    rowTo: z.coerce.number().int("validation.whole_number").min(1, "validation.too_small").max(500),
    perRow: z.coerce.number().int("validation.whole_number").min(1, "validation.too_small").max(500),
    width: decimal(z.number().min(0.5, "validation.plot_size").max(10, "validation.plot_size")),
    depth: decimal(z.number().min(0.5, "validation.plot_size").max(10, "validation.plot_size")),
  })
  .refine((g) => g.rowTo >= g.rowFrom, { message: "validation.row_order", path: ["rowTo"] })
  .refine((g) => (g.rowTo - g.rowFrom + 1) * g.perRow <= 10_000, {
    message: "validation.too_many_plots",
    path: ["perRow"],
  });
export type TGeneratePlots = z.input<typeof ZGeneratePlots>;

/** A manager's change to a plot. */
export const ZPlotUpdate = z.object({
  /** Staff open or close a place; reserved and occupied follow bookings and records (the database's triggers). */
  status: z.enum(["free", "unavailable"], { error: "validation.plot_status_derived" }).optional(),
  notes: z.string().trim().max(2000, "validation.too_long_2000").optional(),
});

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const isRealDate = (d: string) => !Number.isNaN(Date.parse(d));
/** A date as `isoDate` takes it (`YYYY-MM-DD`, a real day), for code that reads URLs without zod. */
export const isIsoDate = (d: string) => ISO_DATE.test(d) && isRealDate(d);

export const isoDate = z.string().trim().regex(ISO_DATE, "validation.date").refine(isRealDate, "validation.date");
export const optionalDate = z.preprocess((v) => (v === "" || v === null ? undefined : v), isoDate.optional());

type WithDates = { birthDate?: string; deathDate?: string; burialDate?: string };

type TPayload = { issues: readonly { path?: readonly PropertyKey[] }[] };

/**
 * Runs a check of two dates whenever those dates are valid, even when another field failed (zod
 * would skip it after, say, a wrong phone), so a person sees every mistake of the form at once.
 */
const parsed =
  (...fields: readonly PropertyKey[]) =>
  (payload: TPayload) =>
    payload.issues.every((i) => i.path?.length && !fields.includes(i.path[0] as PropertyKey));

/** Birth before death before burial, each message next to the later date. */
function inDateOrder<T extends z.ZodType<WithDates>>(schema: T) {
  return schema
    .refine((b) => !b.birthDate || !b.deathDate || b.birthDate <= b.deathDate, {
      message: "validation.death_before_birth",
      path: ["deathDate"],
      when: parsed("birthDate", "deathDate"),
    })
    .refine((b) => !b.deathDate || !b.burialDate || b.deathDate <= b.burialDate, {
      message: "validation.burial_before_death",
      path: ["burialDate"],
      when: parsed("deathDate", "burialDate"),
    });
}

/** A burial record as staff add or correct it. */
export const ZBurialInput = inDateOrder(
  z.object({
    surname: personName(),
    name: z.string().trim().max(80).default(""),
    patronymic: z.string().trim().max(80).default(""),
    iin: z.preprocess((v) => (v === "" || v === null ? undefined : v), ZIin.optional()),
    birthDate: optionalDate,
    deathDate: optionalDate,
    burialDate: optionalDate,
    isReburial: z.coerce.boolean().default(false),
  }),
);
export type TBurialInput = z.input<typeof ZBurialInput>;

const answerFields = {
  answer: z.string().trim().max(2000, "validation.too_long_2000").default(""),
  burialId: z.preprocess((v) => (v === "" || v === null ? undefined : v), ZId.optional()),
};
const ZAnswerStatus = z.enum(["in_progress", "found", "added", "not_found"]);
/** A closing answer says something to the applicant. */
const answered = { message: "validation.answer", path: ["answer"] };

/** Taking a search or add request in progress: a note for the applicant may go with it. */
export const ZRequestTake = z.object(answerFields);
/** Closing a request as found, added or not found: the answer says something to the applicant. */
export const ZRequestClose = z.object({
  ...answerFields,
  answer: z.string({ error: answered.message }).trim().min(1, answered.message).max(2000, "validation.too_long_2000"),
});

/**
 * The answer form: the same answer with its status named `answerStatus`, because the record
 * picker sends the form by GET before hydration and the inbox's own `status` filter is in that URL.
 */
export const ZRequestAnswerForm = z
  .object({ answerStatus: ZAnswerStatus, ...answerFields })
  .refine((a) => a.answerStatus === "in_progress" || a.answer.length > 0, answered);

/** A cemetery manager invited by the admin, with the cemeteries they start in (none is allowed). */
export const ZManagerInvite = ZInvite.omit({ position: true }).extend({
  cemeteryIds: z
    .array(ZId)
    .max(500)
    .default([])
    .transform((ids) => [...new Set(ids)]),
});
export type TManagerInviteInput = z.input<typeof ZManagerInvite>;

/**
 * A date up to today in Almaty, not the server's UTC date: a burial that took place this morning
 * in Almaty is not "in the future" before 05:00 UTC.
 */
const pastDate = z.preprocess(
  (v) => (v === "" || v === null ? undefined : v),
  isoDate.refine((d) => d <= almatyDay(new Date()), "validation.future_date").optional(),
);

/** A visitor asks the staff to add a burial missing from the registry, with photos of the grave. */
export const ZAddRequestInput = inDateOrder(
  z.object({
    applicantName: z.string({ error: "validation.required" }).trim().min(2, "validation.required").max(120),
    applicantPhone: ZPhone,
    surname: z.string({ error: "validation.required" }).trim().min(2, "validation.required").max(80),
    name: z.string().trim().max(80).default(""),
    patronymic: z.string().trim().max(80).default(""),
    birthDate: pastDate,
    deathDate: pastDate,
    burialDate: pastDate,
    cemeteryId: z.preprocess((v) => (v === "" || v === null ? undefined : v), ZId.optional()),
    location: z.string({ error: "validation.location" }).trim().min(3, "validation.location").max(500),
    details: z.string().trim().max(2000, "validation.too_long_2000").default(""),
    photoIds: z.array(z.string().uuid()).max(5, "validation.photos_max").default([]),
  }),
);
export type TAddRequestInput = z.input<typeof ZAddRequestInput>;

// ---- Burial requests (bookings) ----

export const ids = (max: number) =>
  z.array(z.string().uuid("validation.invalid")).max(max, "validation.too_many_files");

/** `/client/reservation/reservation-first`: the deceased and the kind of burial. */
export const ZBookingCreate = z
  .object({
    kind: z.enum(BURIAL_KINDS, { error: "validation.required" }),
    /** New grave or urn: the places chosen on `/reserve` (adjacent, one row). */
    plotIds: z.array(ZId).max(MAX_SELECTED_PLOTS, "validation.too_many_places").default([]),
    /** Family grave: the relative's burial record, and coffin or urn. */
    familyBurialId: ZId.optional(),
    remains: z.enum(REMAINS).default("coffin"),
    surname: personName(),
    name: z.string().trim().max(80).default(""),
    patronymic: z.string().trim().max(80).default(""),
    /** The deceased's IIN: required, but for a reburial of someone who died before IINs existed. */
    iin: z.preprocess((v) => (v === "" || v === null ? undefined : v), ZIin.optional()),
    deathDate: isoDate,
    /** Reburial: the approved reburial request this booking carries out (the deceased is the request's). */
    reburialId: ZId.optional(),
    /** Family grave: proof of kinship and the grave's documents (uploads of the client). */
    kinshipIds: ids(5).default([]),
    graveDocIds: ids(5).default([]),
  })
  .superRefine((b, ctx) => {
    if (b.kind === "family_grave") {
      if (!b.familyBurialId)
        ctx.addIssue({ code: "custom", path: ["familyBurialId"], message: "validation.choose_grave" });
      if (!b.kinshipIds.length) ctx.addIssue({ code: "custom", path: ["kinshipIds"], message: "validation.required" });
      if (!b.graveDocIds.length)
        ctx.addIssue({ code: "custom", path: ["graveDocIds"], message: "validation.required" });
    } else if (!b.plotIds.length) {
      ctx.addIssue({ code: "custom", path: ["plotIds"], message: "validation.choose_place" });
    } else if (b.kind === "urn" && b.plotIds.length > 1) {
      ctx.addIssue({ code: "custom", path: ["plotIds"], message: "validation.urn_one_place" });
    } else if (b.kind === "reburial" && b.plotIds.length > 1) {
      ctx.addIssue({ code: "custom", path: ["plotIds"], message: "validation.reburial_one_place" });
    }
    if (b.kind !== "reburial" && !b.iin) {
      ctx.addIssue({ code: "custom", path: ["iin"], message: "validation.required" });
    }
    if (b.kind === "reburial" && !b.reburialId) {
      ctx.addIssue({ code: "custom", path: ["reburialId"], message: "validation.required" });
    }
  });
export type TBookingCreate = z.input<typeof ZBookingCreate>;

/** `/client/reservation/reservation-complete`: the death certificate and the slot. */
/**
 * `reservation-complete`: the death certificate's files (needed unless already attached, and not for
 * a reburial — the API checks it, knowing the booking) and the slot.
 */
export const ZBookingDetails = z.object({
  certificateIds: ids(5).default([]),
  burialDate: isoDate,
  burialTime: z.string().regex(/^\d{2}:\d{2}$/, "validation.choose_slot"),
});
export type TBookingDetails = z.input<typeof ZBookingDetails>;

/** A form without fields (a move's button): the form layer still shows its refusal. */
export const ZEmpty = z.object({});

/** A move that needs a reason (a cancellation): stored on the record's history and told to the other side. */
export const ZReasonRequired = z.object({
  reason: z.string({ error: "validation.required" }).trim().min(1, "validation.required").max(500),
});

/** The office payment, with the receipt number the cashier gave (optional). */
export const ZOfficePayment = z.object({
  receipt: z.string().trim().max(60).optional(),
});

/**
 * `reservation-complete`'s form: the slot is one choice, `YYYY-MM-DD HH:MM` (sent to the API as date
 * and time); the certificate is asked for in the browser where the page says the booking needs it
 * (`needsCertificate`, "0" for a reburial) — the API decides from the booking itself.
 */
export const ZBookingDetailsForm = z
  .object({
    certificateIds: ZBookingDetails.shape.certificateIds,
    needsCertificate: z.enum(["0", "1"]).default("1"),
    slot: z
      .string({ error: "validation.choose_slot" })
      .regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/, "validation.choose_slot"),
  })
  .superRefine((v, ctx) => {
    if (v.needsCertificate === "1" && !v.certificateIds.length) {
      ctx.addIssue({ code: "custom", path: ["certificateIds"], message: "validation.certificate_required" });
    }
  });

// ---- Threads (the conversation about an appeal, a request…) ----

/**
 * Characters a comment never keeps: C0 controls but the tab and the line feed, DEL, and the
 * bidirectional overrides and isolates. Security note: an override can make a message read
 * differently from what it says (a phone number or a sum reversed); the product's languages
 * need none of them.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: dropping control characters is the point
export const COMMENT_DROPPED = /[\u0001-\u0008\u000b\u000c\u000e-\u001f\u007f\u202a-\u202e\u2066-\u2069]/g;

/**
 * A comment of a thread as its author writes it: plain text with line breaks (stored and shown as
 * text, never as HTML: `<script>` stays those eight characters), for everyone in the conversation
 * or, by the entity's staff, as an internal note; with up to {@link COMMENT_MAX_FILES} files the
 * author uploaded. A NUL is refused (the API refuses it at its edge, a form here).
 */
export const ZCommentInput = z.object({
  // No schema-wide message: it would stand for the length's too ("validation.too_long" with its max).
  body: z
    .string()
    .refine((v) => !v.includes("\0"), "validation.invalid")
    .overwrite((v) => v.replace(/\r\n?/g, "\n").replace(COMMENT_DROPPED, ""))
    .trim()
    .min(1, "validation.required")
    .max(COMMENT_MAX_LENGTH),
  visibility: z.enum(COMMENT_VISIBILITIES).default("participants"),
  attachmentIds: z
    .array(z.string().uuid("validation.invalid"))
    .max(COMMENT_MAX_FILES, "validation.comment_files_max")
    .default([]),
});
export type TCommentInput = z.input<typeof ZCommentInput>;

/** Marks a thread read up to one of its comments (the newest shown). */
export const ZMarkThreadRead = z.object({ lastReadId: ZId });
