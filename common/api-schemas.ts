import { z } from "zod";
import {
  CEMETERY_STATUSES,
  NEWS_CATEGORY_VALUES,
  NEWS_MOVES,
  NEWS_STATUSES,
  PLOT_STATUSES,
  REGISTRY_REQUEST_MOVES,
  REQUEST_STATUSES,
  RELIGIONS,
  type RegistryRequestMove,
  SUPPLIER_MOVES,
  SUPPLIER_STATUSES,
} from "./api-types.ts";
import { ZCemeteryRecordFields } from "./schemas.ts";
import { COMMENT_VISIBILITIES, THREAD_SIDES } from "./threads.ts";

/**
 * The API's answers as zod schemas: the routes declare their responses with them (and so the
 * OpenAPI document, where `meta({ id })` names the component), and `api-types.ts` infers the types
 * the server's services and the screens share from them. Answers of the booking module live in
 * `booking.ts`. Screens import these only as types (`api-types.ts`), so no page loads zod for them.
 */

/** A person's name as every answer carries it (`fullName` in `person.ts` joins it). */
export const PERSON_NAME = { surname: z.string(), name: z.string(), patronymic: z.string() };

/** A page of a list's `item`s (`toPage` in `server/lib/list.ts` builds it). */
export const pageSchema = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    total: z.number().meta({ description: "Every matching item, not only this page's" }),
    page: z.number(),
    pageSize: z.number(),
  });

export const ZUploadFile = z
  .object({ id: z.string(), url: z.string(), name: z.string(), size: z.number(), type: z.string() })
  .meta({ id: "UploadFile" });

export const ZSessionUser = z
  .object({
    id: z.number(),
    phone: z.string(),
    role: z.enum(["client", "supplier", "manager", "akimat", "admin"]),
    ...PERSON_NAME,
    fullName: z.string(),
    akimatId: z.number().nullable(),
    akimatRole: z.enum(["admin", "employee"]).nullable(),
    supplierId: z.number().nullable(),
    supplierRole: z.enum(["owner", "employee"]).nullable(),
    locale: z.enum(["ru", "kk"]),
  })
  .meta({ id: "SessionUser" });

export const ZLoginResult = z
  .object({
    role: ZSessionUser.shape.role.nullable(),
    user: ZSessionUser.nullable(),
    registrationToken: z.string().optional().meta({
      description: "Present when the phone has no account: pass it to a registration call.",
    }),
  })
  .meta({ id: "LoginResult" });

/** A registration's answer: the new account, signed in. */
export const ZSignedIn = z.object({ role: ZSessionUser.shape.role, user: ZSessionUser }).meta({ id: "SignedIn" });

export const ZEmployee = z
  .object({
    id: z.number(),
    phone: z.string(),
    ...PERSON_NAME,
    position: z.string(),
    akimatRole: z.enum(["admin", "employee"]),
    status: z.enum(["invited", "active"]),
    lastLoginAt: z.string().nullable(),
  })
  .meta({ id: "Employee" });

export const ZAkimat = z
  .object({
    id: z.number(),
    nameRu: z.string(),
    nameKk: z.string(),
    city: z.string(),
    address: z.string(),
    phone: z.string(),
    employeeCount: z.number(),
    createdAt: z.string(),
  })
  .meta({ id: "Akimat" });

export const ZPublicAkimat = z
  .object({ id: z.number(), name: z.string(), city: z.string(), address: z.string(), phone: z.string() })
  .meta({ id: "PublicAkimat" });

export const ZSupplier = z
  .object({
    id: z.number(),
    bin: z.string(),
    companyName: z.string(),
    headName: z.string(),
    city: z.string(),
    isVatPayer: z.boolean(),
    description: z.string(),
    status: z.enum(SUPPLIER_STATUSES),
    blockReason: z.string().nullable(),
    phone: z.string().nullable(),
    createdAt: z.string(),
    documents: z.array(ZUploadFile),
    moves: z.array(z.enum(SUPPLIER_MOVES)).meta({ description: "What the caller may do with the company now" }),
  })
  .meta({ id: "Supplier" });

export const ZNotification = z
  .object({
    id: z.number(),
    kind: z.string(),
    text: z.string(),
    link: z.string().nullable(),
    isRead: z.boolean(),
    createdAt: z.string(),
  })
  .meta({ id: "Notification" });

export const ZPublicNews = z
  .object({
    id: z.number(),
    category: z.enum(NEWS_CATEGORY_VALUES),
    locale: z.enum(["ru", "kk"]),
    isFallback: z.boolean().meta({ description: "True when the text is in the other language (no translation)" }),
    title: z.string(),
    content: z.string().meta({ description: "Sanitized HTML; empty in lists" }),
    excerpt: z.string(),
    cover: ZUploadFile.nullable(),
    attachment: ZUploadFile.nullable(),
    publishedAt: z.string(),
    akimatName: z.string(),
  })
  .meta({ id: "PublicNews" });

export const ZNewsAdmin = z
  .object({
    id: z.number(),
    category: z.enum(NEWS_CATEGORY_VALUES),
    status: z.enum(NEWS_STATUSES),
    titleRu: z.string(),
    titleKk: z.string(),
    contentRu: z.string(),
    contentKk: z.string(),
    cover: ZUploadFile.nullable(),
    attachment: ZUploadFile.nullable(),
    publishedAt: z.string().nullable(),
    updatedAt: z.string(),
    authorName: z.string().nullable(),
    moves: z.array(z.enum(NEWS_MOVES)).meta({ description: "What the caller may do with the item now" }),
  })
  .meta({ id: "NewsAdmin" });

export const ZCemeteryRef = z.object({ id: z.number(), name: z.string() }).meta({ id: "CemeteryRef" });

export const ZManager = z
  .object({
    id: z.number(),
    phone: z.string(),
    ...PERSON_NAME,
    status: z.enum(["invited", "active"]).meta({ description: "`invited` until the first sign-in" }),
    lastLoginAt: z.string().nullable(),
    cemeteries: z.array(ZCemeteryRef).meta({ description: "Assigned cemeteries, names in the request's language" }),
  })
  .meta({ id: "Manager" });

/** `GET /me`: the signed-in user, their organisation and the unread notifications. */
export const ZMe = z.object({
  user: ZSessionUser,
  organisation: z
    .object({
      kind: z.enum(["akimat", "supplier"]),
      id: z.number(),
      name: z.string(),
      status: z.string().optional(),
    })
    .nullable(),
  unreadNotifications: z.number(),
});

/** One akimat with its staff, as the admin edits it. */
export const ZAkimatDetails = ZAkimat.extend({ employees: z.array(ZEmployee) });

/** A page of the caller's notifications, with how many are unread. */
export const ZNotificationPage = pageSchema(ZNotification).extend({ unread: z.number() });

/** `GET /managers`: the managers, and every cemetery the admin may assign. */
export const ZManagerList = z.object({ items: z.array(ZManager), cemeteries: z.array(ZCemeteryRef) });

// ---- The registry: cemeteries, plots, burials, the visitors' requests ----

/** What a plot on the map carries. */
export const ZPlotProps = z.object({
  id: z.number(),
  sector: z.string(),
  row: z.string(),
  number: z.number(),
  status: z.enum(PLOT_STATUSES),
});

/** What every view of a plot shows (see `plotFacts`). */
export const ZPlotFacts = ZPlotProps.extend({ cemeteryId: z.number(), size: z.string() });

/** The plots of a map viewport, as GeoJSON. */
export const ZPlotFeatureCollection = z.object({
  type: z.literal("FeatureCollection"),
  features: z.array(
    z.object({
      type: z.literal("Feature"),
      id: z.number(),
      geometry: z.object({
        type: z.literal("Polygon"),
        coordinates: z.array(z.array(z.tuple([z.number(), z.number()]))),
      }),
      properties: ZPlotProps,
    }),
  ),
  tooMany: z.boolean().meta({ description: "More plots than the limit: none are sent, the map asks to zoom in" }),
  total: z.number(),
});

/**
 * The way to a free place on a phone, where the map's plots are too small to tap: a cemetery's
 * sectors with free places, a sector's rows with free places, a row's free places. Sectors and
 * rows in natural order (2 before 10).
 */
export const ZFreeSectors = z
  .object({ items: z.array(z.object({ sector: z.string(), free: z.number().meta({ description: "Free places" }) })) })
  .meta({ id: "FreeSectors" });

/** A sector's rows that have free places. */
export const ZFreeRows = z
  .object({ items: z.array(z.object({ row: z.string(), free: z.number().meta({ description: "Free places" }) })) })
  .meta({ id: "FreeRows" });

/** A free place of a row, with its box so the map can show it. */
export const ZFreePlace = ZPlotProps.extend({
  box: z
    .tuple([z.number(), z.number(), z.number(), z.number()])
    .meta({ description: "[minLng, minLat, maxLng, maxLat]" }),
}).meta({ id: "FreePlace" });

/** The free places of one row, by number. */
export const ZFreePlaces = z.object({ items: z.array(ZFreePlace) }).meta({ id: "FreePlaces" });

/** A cemetery with its place counts, for lists and the home page. */
export const ZCemeterySummary = z
  .object({
    id: z.number(),
    name: z.string(),
    city: z.string(),
    religion: z.enum(RELIGIONS),
    status: z.enum(CEMETERY_STATUSES),
    address: z.string(),
    counts: z.object({ free: z.number(), reserved: z.number(), occupied: z.number(), unavailable: z.number() }),
    center: z.tuple([z.number(), z.number()]).nullable(),
  })
  .meta({ id: "CemeterySummary" });

/** One cemetery as its public page and map show it. */
export const ZCemeteryDetail = ZCemeterySummary.extend({
  description: z.string(),
  phones: z.string(),
  capacity: z.number(),
  burialFee: z.number().meta({ description: "KZT" }),
  burialSlots: z.object({ days: z.array(z.number()), from: z.string(), to: z.string() }),
  holdHours: z.number().meta({ description: "How long a new booking holds its places unpaid" }),
  familyGraveYears: z
    .number()
    .meta({ description: "Years after a family grave's last burial before it takes another coffin" }),
  boundary: z
    .array(z.tuple([z.number(), z.number()]))
    .nullable()
    .meta({ description: "The boundary ring, [lng, lat] points, not closed" }),
}).meta({ id: "CemeteryDetail" });

/** Every field of a cemetery in both languages, as the admin's form edits it. */
export const ZCemeteryRecord = ZCemeteryRecordFields.extend({ id: z.number() }).meta({ id: "CemeteryRecord" });

/** A grave as the public registry shows it: never the IIN. */
export const ZPublicBurial = z
  .object({
    id: z.number(),
    ...PERSON_NAME,
    birthYear: z.number().nullable(),
    deathYear: z.number().nullable(),
    burialDate: z.string().nullable(),
    cemetery: z.object({ id: z.number(), name: z.string(), address: z.string() }),
    sector: z.string(),
    row: z.string(),
    place: z.number(),
    point: z.tuple([z.number(), z.number()]).meta({ description: "[lng, lat] of the plot's centre" }),
    /** The remains were moved (a reburial): when, and the record at the new place (or the place outside). */
    reburied: z
      .object({ at: z.string(), burialId: z.number().nullable(), to: z.string().nullable() })
      .nullable()
      .default(null)
      .meta({ description: "Set once the remains were moved away: the grave's record at the new place" }),
  })
  .meta({ id: "PublicBurial" });

/** A ring of [lng, lat] points, not closed. */
const ZRing = z.array(z.tuple([z.number(), z.number()]));

/**
 * What the walking page needs to lead a visitor to a grave with no map tiles and no network once
 * opened (decision 027): the grave, its plot's outline, the cemetery's boundary and centre (its
 * entrance as the plan knows it), and the outlines of the plots around the grave.
 */
export const ZGraveWalk = z
  .object({
    grave: ZPublicBurial,
    outline: ZRing.meta({ description: "The grave's plot, [lng, lat] points, not closed" }),
    cemetery: z.object({
      id: z.number(),
      name: z.string(),
      boundary: ZRing.nullable().meta({ description: "The cemetery's boundary, not closed" }),
      center: z.tuple([z.number(), z.number()]).nullable(),
    }),
    nearby: z
      .array(z.object({ outline: ZRing, sector: z.string(), row: z.string(), number: z.number() }))
      .meta({ description: "Plots around the grave (at most 300, nearest first), for the plan" }),
  })
  .meta({ id: "GraveWalk" });

/** A page of the public search. */
export const ZBurialSearchPage = z.object({
  items: z.array(ZPublicBurial),
  total: z.number().meta({ description: "Matching records, counted up to 5,000" }),
  totalCapped: z.boolean().meta({ description: "More records match than `total`" }),
  page: z.number(),
  pageSize: z.number(),
});

/** A plot as the public map shows it, with the graves in it. */
export const ZPublicPlot = ZPlotFacts.extend({
  graves: z.array(ZPublicBurial),
  familyHoldSince: z.string().nullable().meta({
    description:
      "A reserved place kept for a family after a burial in its neighbour (decision 015): the burial's completion; null otherwise",
  }),
}).meta({ id: "PublicPlot" });

/** A burial record as the cemetery staff see it (with the IIN). */
export const ZStaffBurial = z
  .object({
    id: z.number(),
    ...PERSON_NAME,
    iin: z.string().nullable(),
    birthDate: z.string().nullable(),
    deathDate: z.string().nullable(),
    burialDate: z.string().nullable(),
    isReburial: z.boolean(),
  })
  .meta({ id: "StaffBurial" });

/** A plot as the cemetery staff see it: notes and records. */
export const ZStaffPlot = ZPlotFacts.extend({ notes: z.string(), burials: z.array(ZStaffBurial) }).meta({
  id: "StaffPlot",
});

/** A visitor's search or add request, as the staff handle it. */
export const ZRegistryRequest = z
  .object({
    id: z.number(),
    kind: z.enum(["search", "add"]),
    status: z.enum(REQUEST_STATUSES),
    cemeteryId: z.number().nullable(),
    applicantName: z.string(),
    applicantPhone: z.string(),
    ...PERSON_NAME,
    birthYear: z.number().nullable(),
    deathYear: z.number().nullable(),
    birthDate: z.string().nullable(),
    deathDate: z.string().nullable(),
    burialDate: z.string().nullable(),
    location: z.string(),
    details: z.string(),
    answer: z.string(),
    burialId: z.number().nullable(),
    photos: z.array(ZUploadFile).meta({ description: "Photos of the grave sent with an add request" }),
    createdAt: z.string(),
    cemeteryName: z.string().nullable().meta({ description: "In the request's language; null: named none" }),
    moves: z
      .array(z.enum(Object.keys(REGISTRY_REQUEST_MOVES) as [RegistryRequestMove, ...RegistryRequestMove[]]))
      .meta({ description: "What the caller may do with the request now (none once closed)" }),
  })
  .meta({ id: "RegistryRequest" });

/** One page of requests, with how many match in all. */
export const ZRegistryRequestPage = pageSchema(ZRegistryRequest).meta({ id: "RegistryRequestPage" });

/** One comment of a thread (`server/modules/threads/`): its author's name and side, never a phone. */
export const ZThreadComment = z
  .object({
    id: z.number(),
    body: z.string().meta({ description: "Plain text with line breaks; never HTML" }),
    visibility: z.enum(COMMENT_VISIBILITIES).meta({
      description: "`internal`: a note among the entity's staff, never shown to anyone else",
    }),
    createdAt: z.string(),
    author: z.object({
      name: z.string().nullable().meta({ description: "Null once the author's account is removed" }),
      side: z.enum(THREAD_SIDES),
      isMe: z.boolean(),
    }),
    attachments: z.array(ZUploadFile),
  })
  .meta({ id: "ThreadComment" });

/** An entity's thread as the caller sees it (`GET /threads/{entityType}/{entityId}`). */
export const ZThread = z
  .object({
    items: z.array(ZThreadComment).meta({ description: "The newest comments visible to the caller, oldest first" }),
    hasOlder: z
      .boolean()
      .meta({ description: "Older comments exist: ask again with `beforeId` = the first item's id" }),
    total: z.number().meta({ description: "Comments visible to the caller in all" }),
    unread: z.number().meta({ description: "Visible comments of others after the caller's read marker" }),
    lastReadId: z.number().nullable(),
    isStaff: z.boolean().meta({ description: "The caller may read and write internal notes" }),
    canWrite: z.boolean(),
  })
  .meta({ id: "Thread" });

/** The caller's read marker after `POST /threads/{entityType}/{entityId}/read`. */
export const ZThreadRead = z.object({ lastReadId: z.number(), unread: z.number() }).meta({ id: "ThreadRead" });
