import { z } from "zod";
import {
  BURIAL_KINDS,
  BURIAL_REQUEST_MOVES,
  BURIAL_REQUEST_STATUSES,
  REMAINS,
  SCHEDULE_STATUSES,
} from "./booking-terms.ts";
import { PERSON_NAME, pageSchema, ZUploadFile } from "./api-schemas.ts";
import { isoDate, ZId } from "./schemas.ts";

export * from "./booking-terms.ts";
// The kinds, the remains and the forms' schemas live with the other forms' schemas (common/schemas.ts).
export {
  type TBookingCreate,
  type TBookingDetails,
  ZBookingCreate,
  ZBookingDetails,
} from "./schemas.ts";

// ---- The API's answers (the routes' OpenAPI schemas; the app reads their types) ----

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
  ...PERSON_NAME,
  iin: z.string(),
  birthDate: z.string().nullable(),
  deathDate: z.string(),
  paymentMethod: z.enum(["office", "online", "free"]).nullable(),
  paidAt: z.string().nullable(),
  paymentRef: z.string().nullable(),
  confirmedAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  cancelReason: z.string().nullable(),
  burialId: z.number().nullable(),
  cemeteryAddress: z.string(),
  /**
   * After the burial: the further booked places, which stay reserved for the family's next burial
   * (decision 015) — «Забронировано для семейного захоронения» from `completedAt`.
   */
  keptForFamily: z.array(ZBurialRequestPlace),
  documents: z.object({
    certificate: z.array(ZUploadFile),
    kinship: z.array(ZUploadFile),
    grave: z.array(ZUploadFile),
  }),
  /** Into a family grave: the relative's record and the grave's last burial. */
  familyGrave: z
    .object({ burialId: z.number(), name: z.string(), lastBurial: z.string().nullable(), burials: z.number() })
    .nullable(),
  /** A reburial: the akimat's approved reburial request this booking carries out. */
  reburial: z.object({ id: z.number(), number: z.string() }).nullable(),
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

export const ZBurialRequestPage = pageSchema(ZBurialRequestSummary);
export type TBurialRequestPage = z.infer<typeof ZBurialRequestPage>;

export const ZSlotDay = z.object({
  date: z.string(),
  slots: z.array(z.object({ time: z.string(), left: z.number(), capacity: z.number() })),
});
export const ZSlots = z.object({ days: z.array(ZSlotDay), fee: z.number() });
export type TSlots = z.infer<typeof ZSlots>;

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
