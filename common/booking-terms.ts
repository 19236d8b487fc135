import type { Locale } from "./locale.ts";
import type { TMoveForms } from "./move-forms.ts";

/**
 * The words and rules of burial requests that screens need without a schema library (statuses,
 * kinds, moves, local time, numbers, document addresses): `common/booking.ts` re-exports them with
 * the API's zod schemas, which screens only read as types (zod stays out of their first load).
 */
export const BURIAL_KINDS = ["new_grave", "family_grave", "urn", "reburial"] as const;
export type BurialKind = (typeof BURIAL_KINDS)[number];
/**
 * The kinds a family chooses on the booking form; a `reburial` (the remains of a grave moved here,
 * after the akimat approved the reburial request) is booked from its approved request only.
 */
export const CHOSEN_BURIAL_KINDS = ["new_grave", "family_grave", "urn"] as const satisfies readonly BurialKind[];
export const REMAINS = ["coffin", "urn"] as const;
export type Remains = (typeof REMAINS)[number];
/** Burial requests (bookings): statuses, kinds and the shared rules of the forms and the API. */
export const BURIAL_REQUEST_STATUSES = ["pending", "paid", "confirmed", "completed", "cancelled", "expired"] as const;
export type BurialRequestStatus = (typeof BURIAL_REQUEST_STATUSES)[number];
/** Requests still under way (the client's "active" list). */
export const OPEN_STATUSES: readonly BurialRequestStatus[] = ["pending", "paid", "confirmed"];
/** The moves of a burial request (its machine, `burial-requests.machine.ts`). */
export const BURIAL_REQUEST_MOVES = [
  "pay_office",
  "pay_online",
  "settle_free",
  "confirm",
  "complete",
  "cancel_own",
  "cancel",
  "expire",
] as const;
export type BurialRequestMove = (typeof BURIAL_REQUEST_MOVES)[number];
/** The forms of the moves that ask for something: the office receipt, a cancellation's reason. */
export const BURIAL_REQUEST_MOVE_FORMS = {
  pay_office: "ZOfficePayment",
  cancel_own: "ZReasonRequired",
  cancel: "ZReasonRequired",
} as const satisfies TMoveForms<BurialRequestMove>;

/** A request's number as people read it: year of creation and id, `2026-000123`. */
export function requestNumber(id: number, createdAt: Date | string): string {
  return `${new Date(createdAt).getUTCFullYear()}-${String(id).padStart(6, "0")}`;
}

/**
 * The receipt of a request paid online, as people read it (`P-2026-000123`): the family quotes it
 * at the office, the manager's page and the confirmation's PDF show it. One per request (a request
 * is paid once), so it is unique; the provider's own reference stays in the payment's row.
 */
export function onlineReceipt(id: number, createdAt: Date | string): string {
  return `P-${requestNumber(id, createdAt)}`;
}

/** The id inside a typed number (`2026-000123`, `000123`, `123`), or null. */
export function idFromNumber(text: string): number | null {
  const m = /^(?:\d{4}-)?0*(\d{1,9})$/.exec(text.trim());
  return m ? Number(m[1]) : null;
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
