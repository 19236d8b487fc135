import type { z } from "zod";
import type * as S from "./api-schemas.ts";

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

/** A published news item in one language, for the public pages. */
export type TPublicNews = z.infer<typeof S.ZPublicNews>;

/** A news item with both languages, for the akimat's staff. */
export type TNewsAdmin = z.infer<typeof S.ZNewsAdmin>;

export type PlotStatus = "free" | "reserved" | "occupied" | "unavailable";

/** What a plot on the map carries. */
export type TPlotProps = { id: number; sector: string; row: string; number: number; status: PlotStatus };

/** A plot as the public map shows it, with the graves in it. */
export type TPublicPlot = TPlotProps & { cemeteryId: number; size: string; graves: TPublicBurial[] };

/** The plots of a map viewport, as GeoJSON. */
export type TPlotFeatureCollection = {
  type: "FeatureCollection";
  features: {
    type: "Feature";
    id: number;
    geometry: { type: "Polygon"; coordinates: [number, number][][] };
    properties: TPlotProps;
  }[];
  /** True when the viewport holds more than the limit: nothing is sent, the map asks to zoom in. */
  tooMany: boolean;
  total: number;
};

/** A grave as the public registry shows it: never the IIN. */
export type TPublicBurial = {
  id: number;
  surname: string;
  name: string;
  patronymic: string;
  birthYear: number | null;
  deathYear: number | null;
  burialDate: string | null;
  cemetery: { id: number; name: string; address: string };
  sector: string;
  row: string;
  place: number;
  /** The centre of the plot, [lng, lat]. */
  point: [number, number];
};

export type TBurialSearchPage = {
  items: TPublicBurial[];
  /** Matching records, counted up to 5,000. */
  total: number;
  /** More than `total` records match: the visitor is asked to narrow the search. */
  totalCapped: boolean;
  page: number;
  pageSize: number;
};

/** A cemetery with its place counts, for lists and the home page. */
export type TCemeterySummary = {
  id: number;
  name: string;
  city: string;
  religion: "all" | "muslim" | "christian" | "jewish" | "other";
  status: "open" | "family_only" | "closed";
  address: string;
  counts: Record<PlotStatus, number>;
  center: [number, number] | null;
};

/** Every field of a cemetery in both languages, as the admin's form edits it. */
export type TCemeteryRecord = {
  id: number;
  akimatId: number;
  nameRu: string;
  nameKk: string;
  descriptionRu: string;
  descriptionKk: string;
  city: string;
  religion: TCemeterySummary["religion"];
  address: string;
  phones: string;
  status: TCemeterySummary["status"];
  capacity: number;
  burialFee: number;
  burialSlots: { days: number[]; from: string; to: string };
  boundary: [number, number][];
};

/** One cemetery as its public page and map show it. */
export type TCemeteryDetail = TCemeterySummary & {
  description: string;
  phones: string;
  capacity: number;
  burialFee: number;
  burialSlots: { days: number[]; from: string; to: string };
  /** The boundary ring, [lng, lat] points, not closed. */
  boundary: [number, number][] | null;
};

/** A burial record as the cemetery staff see it (with the IIN). */
export type TStaffBurial = {
  id: number;
  surname: string;
  name: string;
  patronymic: string;
  iin: string | null;
  birthDate: string | null;
  deathDate: string | null;
  burialDate: string | null;
  isReburial: boolean;
};

/** A plot as the cemetery staff see it: notes and records. */
export type TStaffPlot = TPlotProps & { cemeteryId: number; size: string; notes: string; burials: TStaffBurial[] };

export type TRequestStatus = "new" | "in_progress" | "found" | "added" | "not_found";
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

/** A visitor's search or add request, as the staff handle it. */
export type TRegistryRequest = {
  id: number;
  kind: "search" | "add";
  status: TRequestStatus;
  cemeteryId: number | null;
  applicantName: string;
  applicantPhone: string;
  surname: string;
  name: string;
  patronymic: string;
  birthYear: number | null;
  deathYear: number | null;
  birthDate: string | null;
  deathDate: string | null;
  burialDate: string | null;
  location: string;
  details: string;
  answer: string;
  burialId: number | null;
  /** Photos of the grave sent with an add request. */
  photos: TUploadFile[];
  createdAt: string;
  /** The cemetery's name in the request's language; null when the applicant named none. */
  cemeteryName: string | null;
  /** What the caller may do with the request now (none once it is closed). */
  moves: RegistryRequestMove[];
};

/** One page of requests, with how many match in all. */
/** A page of a list: these items, how many match in all, which page of which size (`server/lib/list.ts`). */
export type TPage<T> = { items: T[]; total: number; page: number; pageSize: number };

export type TRegistryRequestPage = TPage<TRegistryRequest>;

/** A cemetery by id and name in the request's language. */
export type TCemeteryRef = z.infer<typeof S.ZCemeteryRef>;

/** A cemetery manager as the admin sees them: status and the cemeteries assigned to them. */
export type TManager = z.infer<typeof S.ZManager>;

/** `GET /managers`: the managers, and every cemetery the admin may assign. */
export type TManagerList = z.infer<typeof S.ZManagerList>;
