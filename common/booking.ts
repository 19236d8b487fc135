import { z } from "zod";
import type { Locale } from "./locale.ts";
import { BURIAL_KINDS, isoDate, REMAINS, ZId } from "./schemas.ts";

/** Burial requests (bookings): statuses, kinds and the shared rules of the forms and the API. */
export const BURIAL_REQUEST_STATUSES = ["pending", "paid", "confirmed", "completed", "cancelled", "expired"] as const;
export type BurialRequestStatus = (typeof BURIAL_REQUEST_STATUSES)[number];
/** Requests still under way (the client's "active" list). */
export const OPEN_STATUSES: readonly BurialRequestStatus[] = ["pending", "paid", "confirmed"];
// The kinds, the remains and the forms' schemas live with the other forms' schemas (common/schemas.ts).
export {
  BURIAL_KINDS,
  type BurialKind,
  REMAINS,
  type Remains,
  type TBookingCreate,
  type TBookingDetails,
  ZBookingCreate,
  ZBookingDetails,
  ZMoveInput,
} from "./schemas.ts";
/** The moves of a burial request (its machine, `burial-requests.machine.ts`). */
export const BURIAL_REQUEST_MOVES = [
  "pay_office",
  "pay_online",
  "confirm",
  "complete",
  "cancel_own",
  "cancel",
  "expire",
] as const;
export type BurialRequestMove = (typeof BURIAL_REQUEST_MOVES)[number];

/** The cemeteries' local time: Kazakhstan keeps one zone, UTC+5, since March 2024, with no summer time. */
export const CEMETERY_TIME_ZONE = "Asia/Almaty";
const OFFSET_MS = 5 * 3600_000;

/** A request's number as people read it: year of creation and id, `2026-000123`. */
export function requestNumber(id: number, createdAt: Date | string): string {
  return `${new Date(createdAt).getUTCFullYear()}-${String(id).padStart(6, "0")}`;
}

/** The id inside a typed number (`2026-000123`, `000123`, `123`), or null. */
export function idFromNumber(text: string): number | null {
  const m = /^(?:\d{4}-)?0*(\d{1,9})$/.exec(text.trim());
  return m ? Number(m[1]) : null;
}

/** The local date (`YYYY-MM-DD`) of an instant in the cemeteries' zone. */
export function localDate(at: Date): string {
  return new Date(at.getTime() + OFFSET_MS).toISOString().slice(0, 10);
}

/** The instant of a local date and time (`10:00`) in the cemeteries' zone. */
export function localInstant(date: string, time: string): Date {
  return new Date(Date.parse(`${date}T${time}:00Z`) - OFFSET_MS);
}

/** Adds days to a local date. */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** 1 = Monday … 7 = Sunday, as the cemeteries' burial days are written. */
export function isoWeekday(date: string): number {
  const d = new Date(`${date}T00:00:00Z`).getUTCDay();
  return d === 0 ? 7 : d;
}

function minutes(hhmm: string): number {
  const [h, m] = hhmm.split(":").map(Number);
  return (h ?? 0) * 60 + (m ?? 0);
}

function hhmm(total: number): string {
  return `${String(Math.floor(total / 60)).padStart(2, "0")}:${String(total % 60).padStart(2, "0")}`;
}

/** The start times of a cemetery's slots on a day it buries (`from` inclusive, the last slot ending by `to`). */
export function slotTimes(hours: { from: string; to: string }, slotMinutes: number): string[] {
  const out: string[] = [];
  const end = minutes(hours.to);
  for (let t = minutes(hours.from); t + slotMinutes <= end; t += slotMinutes) out.push(hhmm(t));
  return out;
}

/** The end of a slot that starts at `time` (`10:00`) and lasts `slotMinutes`. */
export function slotEnd(time: string, slotMinutes: number): string {
  return hhmm(minutes(time) + slotMinutes);
}

/** How far ahead a burial can be booked, and how long before a slot it closes. */
export const SLOT_DAYS_AHEAD = 14;
export const SLOT_LEAD_MINUTES = 180;

/** The birth date an IIN carries (first six digits YYMMDD, century from the seventh), or null. */
export function birthDateFromIin(iin: string): string | null {
  if (!/^\d{12}$/.test(iin)) return null;
  const century = Number(iin[6]);
  const base = century === 1 || century === 2 ? 1800 : century === 3 || century === 4 ? 1900 : 2000;
  if (century < 1 || century > 6) return null;
  const date = `${base + Number(iin.slice(0, 2))}-${iin.slice(2, 4)}-${iin.slice(4, 6)}`;
  const parsed = new Date(`${date}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === date ? date : null;
}

// ---- The API's answers (the routes' OpenAPI schemas; the app reads their types) ----

const ZDoc = z.object({ id: z.string(), url: z.string(), name: z.string(), size: z.number(), type: z.string() });

export const ZBurialRequestPlace = z.object({
  plotId: z.number(),
  sector: z.string(),
  row: z.string(),
  number: z.number(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
});

export const ZBurialRequestEvent = z.object({
  at: z.string(),
  action: z.string(),
  from: z.string().nullable(),
  to: z.string().nullable(),
  byRole: z.string().nullable(),
  reason: z.string().nullable(),
});

export const ZBurialRequestSummary = z.object({
  id: z.number(),
  number: z.string(),
  status: z.enum(BURIAL_REQUEST_STATUSES),
  kind: z.enum(BURIAL_KINDS),
  remains: z.enum(REMAINS),
  cemeteryId: z.number(),
  cemeteryName: z.string(),
  deceased: z.string(),
  places: z.array(ZBurialRequestPlace),
  fee: z.number(),
  expiresAt: z.string(),
  burialDate: z.string().nullable(),
  burialTime: z.string().nullable(),
  createdAt: z.string(),
});
export type TBurialRequestSummary = z.infer<typeof ZBurialRequestSummary>;

export const ZBurialRequest = ZBurialRequestSummary.extend({
  surname: z.string(),
  name: z.string(),
  patronymic: z.string(),
  iin: z.string(),
  birthDate: z.string().nullable(),
  deathDate: z.string(),
  paymentMethod: z.enum(["office", "online"]).nullable(),
  paidAt: z.string().nullable(),
  paymentRef: z.string().nullable(),
  confirmedAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  cancelReason: z.string().nullable(),
  burialId: z.number().nullable(),
  cemeteryAddress: z.string(),
  documents: z.object({ certificate: z.array(ZDoc), kinship: z.array(ZDoc), grave: z.array(ZDoc) }),
  /** Into a family grave: the relative's record and the grave's last burial. */
  familyGrave: z
    .object({ burialId: z.number(), name: z.string(), lastBurial: z.string().nullable(), burials: z.number() })
    .nullable(),
  /** The client (the grave's responsible person), shown to the cemetery's staff only. */
  client: z.object({ name: z.string(), phone: z.string() }).nullable(),
  /** What the family must still do before paying. */
  todo: z.array(z.enum(["certificate", "slot", "payment"])),
  /** The moves the caller may make now; screens draw their buttons from it. */
  moves: z.array(z.enum(BURIAL_REQUEST_MOVES)),
  onlinePayment: z.boolean(),
  history: z.array(ZBurialRequestEvent),
});
export type TBurialRequest = z.infer<typeof ZBurialRequest>;

export const ZBurialRequestPage = z.object({
  items: z.array(ZBurialRequestSummary),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export type TBurialRequestPage = z.infer<typeof ZBurialRequestPage>;

export const ZSlotDay = z.object({
  date: z.string(),
  slots: z.array(z.object({ time: z.string(), left: z.number(), capacity: z.number() })),
});
export const ZSlots = z.object({ days: z.array(ZSlotDay), fee: z.number() });
export type TSlots = z.infer<typeof ZSlots>;

/** Filters of the staff's and the client's lists, in the URL. */
export const ZBurialRequestFilter = z.object({
  status: z.enum(BURIAL_REQUEST_STATUSES).optional(),
  open: z.enum(["1"]).optional(),
  kind: z.enum(BURIAL_KINDS).optional(),
  cemeteryId: ZId.optional(),
  number: z.string().trim().max(20).optional(),
  from: isoDate.optional(),
  to: isoDate.optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export type TBurialRequestFilter = z.input<typeof ZBurialRequestFilter>;

/** `/client/cemetery`: where the family has graves or bookings. */
export const ZClientCemeteries = z.object({
  items: z.array(
    z.object({
      id: z.number(),
      name: z.string(),
      address: z.string(),
      phones: z.string(),
      center: z.tuple([z.number(), z.number()]).nullable(),
      openRequests: z.number(),
      graves: z.array(
        z.object({ burialId: z.number(), name: z.string(), sector: z.string(), row: z.string(), place: z.number() }),
      ),
    }),
  ),
});
export type TClientCemeteries = z.infer<typeof ZClientCemeteries>;

// ---- Printed documents, the day's schedule and the crew's calendar (burial-documents.routes.ts) ----

/**
 * Addresses of the printable documents (PDF, in the language given), for the screens' links:
 * the booking's confirmation (its family and the cemetery's staff; not once cancelled or expired),
 * the grave's certificate (once the burial is completed: the request's `burialId`), and a
 * cemetery's day schedule (its staff).
 */
export const documentUrls = {
  confirmation: (requestId: number, lang: Locale) =>
    `/api/v1/burial-requests/${requestId}/confirmation.pdf?lang=${lang}`,
  certificate: (burialId: number, lang: Locale) => `/api/v1/burials/${burialId}/certificate.pdf?lang=${lang}`,
  schedule: (cemeteryId: number, date: string, lang: Locale) =>
    `/api/v1/manager/schedule.pdf?cemeteryId=${cemeteryId}&date=${date}&lang=${lang}`,
};

/** The statuses a day's schedule lists (the burials that will happen or happened), and those the calendar feed carries. */
export const SCHEDULE_STATUSES = ["paid", "confirmed", "completed"] as const;
export const CALENDAR_STATUSES = ["paid", "confirmed"] as const;
/** The calendar feed's window, in days around today. */
export const CALENDAR_DAYS_AHEAD = 60;
export const CALENDAR_DAYS_BACK = 7;

/** `GET /manager/schedule` and `/manager/schedule.pdf`: one of the caller's cemeteries and a local date. */
export const ZScheduleQuery = z.object({ cemeteryId: ZId, date: isoDate });
export type TScheduleQuery = z.input<typeof ZScheduleQuery>;

export const ZScheduleItem = z.object({
  id: z.number(),
  number: z.string(),
  /** The slot, local time: `10:00`–`11:00`. */
  time: z.string(),
  endTime: z.string(),
  status: z.enum(SCHEDULE_STATUSES),
  kind: z.enum(BURIAL_KINDS),
  remains: z.enum(REMAINS),
  deceased: z.string(),
  places: z.array(ZBurialRequestPlace),
  /** Into a family grave: whose grave it is, and its last burial. */
  familyGrave: z.object({ name: z.string(), lastBurial: z.string().nullable() }).nullable(),
});
export type TScheduleItem = z.infer<typeof ZScheduleItem>;

/** A cemetery's burials of one day, by time. */
export const ZSchedule = z.object({
  cemeteryId: z.number(),
  cemeteryName: z.string(),
  date: z.string(),
  slotMinutes: z.number(),
  items: z.array(ZScheduleItem),
});
export type TSchedule = z.infer<typeof ZSchedule>;

/** `POST /manager/calendar-feeds`: a calendar feed of one of the caller's cemeteries. */
export const ZCalendarFeedCreate = z.object({ cemeteryId: ZId });
export type TCalendarFeedCreate = z.input<typeof ZCalendarFeedCreate>;

/** A cemetery's calendar feed as its staff see it: never its token (only shown once, when made). */
export const ZCalendarFeed = z.object({
  id: z.number(),
  cemeteryId: z.number(),
  createdAt: z.string(),
  createdBy: z.string(),
  revokedAt: z.string().nullable(),
});
export type TCalendarFeed = z.infer<typeof ZCalendarFeed>;
export const ZCalendarFeedList = z.object({ items: z.array(ZCalendarFeed) });
export type TCalendarFeedList = z.infer<typeof ZCalendarFeedList>;
/** The feed just made, with its address: shown this once, for a calendar app's "subscribe by URL". */
export const ZCalendarFeedCreated = ZCalendarFeed.extend({ url: z.string() });
export type TCalendarFeedCreated = z.infer<typeof ZCalendarFeedCreated>;
