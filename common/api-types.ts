import type { z } from "zod";
import type * as S from "./api-schemas.ts";
import type { TMoveForms } from "./move-forms.ts";

/**
 * Shapes of the API's answers, shared by the server that builds them and the screens that read
 * them: inferred from the routes' response schemas (`api-schemas.ts`, `booking.ts`), which also
 * describe them in the OpenAPI document. This file is free of zod at run time: screens import its
 * words (statuses, moves, categories) and read the schemas only as types.
 */

/** A signed-in user as the API shows them to themselves. */
export type TSessionUser = z.infer<typeof S.ZSessionUser>;

/** `GET /me`. */
export type TMe = z.infer<typeof S.ZMe>;

/** A staff member of an akimat as their colleagues see them. */
export type TEmployee = z.infer<typeof S.ZEmployee>;

export type TAkimat = z.infer<typeof S.ZAkimat>;

export type TAkimatDetails = z.infer<typeof S.ZAkimatDetails>;

export type TPublicAkimat = z.infer<typeof S.ZPublicAkimat>;

export const SUPPLIER_STATUSES = ["pending", "active", "blocked"] as const;
export type SupplierStatus = (typeof SUPPLIER_STATUSES)[number];
/** The moves of a supplier company (its machine, `suppliers.machine.ts`). */
export const SUPPLIER_MOVES = ["activate", "block", "unblock"] as const;
export type SupplierMove = (typeof SUPPLIER_MOVES)[number];
/** The forms of the moves that ask for something: blocking needs a reason. */
export const SUPPLIER_MOVE_FORMS = { block: "ZBlockSupplier" } as const satisfies TMoveForms<SupplierMove>;

export type TSupplier = z.infer<typeof S.ZSupplier>;

export type TNotification = z.infer<typeof S.ZNotification>;

export type TNotificationPage = z.infer<typeof S.ZNotificationPage>;

/** A stored file as the API hands it out (`POST /uploads` answers this). */
export type TUploadFile = z.infer<typeof S.ZUploadFile>;

/** The news categories; a plain list, so pages that only show news need no schema library. */
export const NEWS_CATEGORY_VALUES = ["announcements", "social_support", "legislation"] as const;
export type NewsCategory = (typeof NEWS_CATEGORY_VALUES)[number];
export const NEWS_STATUSES = ["draft", "published"] as const;
export type NewsStatus = (typeof NEWS_STATUSES)[number];
/** The moves of a news item (its machine, `news.machine.ts`). */
export const NEWS_MOVES = ["publish", "unpublish"] as const;
export type NewsMove = (typeof NEWS_MOVES)[number];
/** News moves ask for nothing: their forms are buttons. */
export const NEWS_MOVE_FORMS = {} as const satisfies TMoveForms<NewsMove>;

/** A published news item in one language, for the public pages. */
export type TPublicNews = z.infer<typeof S.ZPublicNews>;

/** A news item with both languages, for the akimat's staff. */
export type TNewsAdmin = z.infer<typeof S.ZNewsAdmin>;

export const PLOT_STATUSES = ["free", "reserved", "occupied", "unavailable"] as const;
export type PlotStatus = (typeof PLOT_STATUSES)[number];
export const RELIGIONS = ["all", "muslim", "christian", "jewish", "other"] as const;
export type Religion = (typeof RELIGIONS)[number];
export const CEMETERY_STATUSES = ["open", "family_only", "closed"] as const;

/** What a plot on the map carries. */
export type TPlotProps = z.infer<typeof S.ZPlotProps>;

/** A plot as the public map shows it, with the graves in it. */
export type TPublicPlot = z.infer<typeof S.ZPublicPlot>;

/** The plots of a map viewport, as GeoJSON. */
export type TPlotFeatureCollection = z.infer<typeof S.ZPlotFeatureCollection>;

/** A cemetery's sectors with free places (`GET /cemeteries/{id}/free-sectors`). */
export type TFreeSectors = z.infer<typeof S.ZFreeSectors>;

/** A sector's rows with free places (`GET /cemeteries/{id}/free-rows?sector=`). */
export type TFreeRows = z.infer<typeof S.ZFreeRows>;

/** A free place of a row with its box (`GET /cemeteries/{id}/free-places?sector=&row=`). */
export type TFreePlace = z.infer<typeof S.ZFreePlace>;
export type TFreePlaces = z.infer<typeof S.ZFreePlaces>;

/** A grave as the public registry shows it: never the IIN. */
export type TPublicBurial = z.infer<typeof S.ZPublicBurial>;
export type TGraveWalk = z.infer<typeof S.ZGraveWalk>;

export type TBurialSearchPage = z.infer<typeof S.ZBurialSearchPage>;

/** A cemetery with its place counts, for lists and the home page. */
export type TCemeterySummary = z.infer<typeof S.ZCemeterySummary>;

/** Every field of a cemetery in both languages, as the admin's form edits it. */
export type TCemeteryRecord = z.infer<typeof S.ZCemeteryRecord>;

/** One cemetery as its public page and map show it. */
export type TCemeteryDetail = z.infer<typeof S.ZCemeteryDetail>;

/** A burial record as the cemetery staff see it (with the IIN). */
export type TStaffBurial = z.infer<typeof S.ZStaffBurial>;

/** A plot as the cemetery staff see it: notes and records. */
export type TStaffPlot = z.infer<typeof S.ZStaffPlot>;

export const REQUEST_STATUSES = ["new", "in_progress", "found", "added", "not_found"] as const;
export type TRequestStatus = (typeof REQUEST_STATUSES)[number];
/**
 * The moves of a registry request (its machine, `registry-requests.machine.ts`), each with the
 * status it leads to: the answer form posts that status.
 */
export const REGISTRY_REQUEST_MOVES = {
  take: "in_progress",
  answer_found: "found",
  answer_added: "added",
  answer_not_found: "not_found",
} as const satisfies Record<string, TRequestStatus>;
export type RegistryRequestMove = keyof typeof REGISTRY_REQUEST_MOVES;
/** Taking a request may carry a note; closing it needs an answer to the applicant. */
export const REGISTRY_REQUEST_MOVE_FORMS = {
  take: "ZRequestTake",
  answer_found: "ZRequestClose",
  answer_added: "ZRequestClose",
  answer_not_found: "ZRequestClose",
} as const satisfies TMoveForms<RegistryRequestMove>;
/** The move that leads a request to the status the answer form chose. */
export const REGISTRY_MOVE_TO = Object.fromEntries(
  Object.entries(REGISTRY_REQUEST_MOVES).map(([m, to]) => [to, m as RegistryRequestMove]),
) as Record<(typeof REGISTRY_REQUEST_MOVES)[RegistryRequestMove], RegistryRequestMove>;

/** A visitor's search or add request, as the staff handle it. */
export type TRegistryRequest = z.infer<typeof S.ZRegistryRequest>;

/** A page of a list: these items, how many match in all, which page of which size (`server/lib/list.ts`). */
export type TPage<T> = { items: T[]; total: number; page: number; pageSize: number };

export type TRegistryRequestPage = z.infer<typeof S.ZRegistryRequestPage>;

/** A cemetery by id and name in the request's language. */
export type TCemeteryRef = z.infer<typeof S.ZCemeteryRef>;

/** A cemetery manager as the admin sees them: status and the cemeteries assigned to them. */
export type TManager = z.infer<typeof S.ZManager>;

/** `GET /managers`: the managers, and every cemetery the admin may assign. */
export type TManagerList = z.infer<typeof S.ZManagerList>;

/** One comment of a thread, as its reader sees it. */
export type TThreadComment = z.infer<typeof S.ZThreadComment>;

/** An entity's thread as the caller sees it: the newest comments, counts, what the caller may do. */
export type TThread = z.infer<typeof S.ZThread>;

/** A read marker and the unread count after it. */
export type TThreadRead = z.infer<typeof S.ZThreadRead>;
