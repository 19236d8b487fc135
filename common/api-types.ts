import type { Locale } from "./locale.ts";
import type { Role } from "./roles.ts";

/**
 * Shapes of the API's answers, shared by the server that builds them and the screens that read
 * them. The OpenAPI document describes the same shapes for outside clients.
 */

/** A signed-in user as the API shows them to themselves. */
export type TSessionUser = {
  id: number;
  phone: string;
  role: Role;
  surname: string;
  name: string;
  patronymic: string;
  fullName: string;
  akimatId: number | null;
  akimatRole: "admin" | "employee" | null;
  supplierId: number | null;
  locale: Locale;
};

/** `GET /me`. */
export type TMe = {
  user: TSessionUser;
  organisation: { kind: "akimat" | "supplier"; id: number; name: string; status?: string } | null;
  unreadNotifications: number;
};

/** A staff member of an akimat as their colleagues see them. */
export type TEmployee = {
  id: number;
  phone: string;
  surname: string;
  name: string;
  patronymic: string;
  position: string;
  akimatRole: "admin" | "employee";
  status: "invited" | "active";
  lastLoginAt: string | null;
};

export type TAkimat = {
  id: number;
  nameRu: string;
  nameKk: string;
  city: string;
  address: string;
  phone: string;
  employeeCount: number;
  createdAt: string;
};

export type TAkimatDetails = TAkimat & { employees: TEmployee[] };

export type TPublicAkimat = { id: number; name: string; city: string; address: string; phone: string };

export type SupplierStatus = "pending" | "active" | "blocked";
/** The moves of a supplier company (its machine, `suppliers.machine.ts`). */
export const SUPPLIER_MOVES = ["activate", "block", "unblock"] as const;
export type SupplierMove = (typeof SUPPLIER_MOVES)[number];

export type TSupplier = {
  id: number;
  bin: string;
  companyName: string;
  headName: string;
  city: string;
  isVatPayer: boolean;
  description: string;
  status: SupplierStatus;
  blockReason: string | null;
  phone: string | null;
  createdAt: string;
  /** Registration documents the company uploaded (readable by admins and the company). */
  documents: TUploadFile[];
  /** What the caller may do with the company now. */
  moves: SupplierMove[];
};

export type TNotification = {
  id: number;
  kind: string;
  text: string;
  link: string | null;
  isRead: boolean;
  createdAt: string;
};

export type TNotificationPage = {
  items: TNotification[];
  total: number;
  unread: number;
  page: number;
  pageSize: number;
};

/** A stored file as the API hands it out (`POST /uploads` answers this). */
export type TUploadFile = { id: string; url: string; name: string; size: number; type: string };

/** The news categories; a plain list, so pages that only show news need no schema library. */
export const NEWS_CATEGORY_VALUES = ["announcements", "social_support", "legislation"] as const;
export type NewsCategory = (typeof NEWS_CATEGORY_VALUES)[number];
export type NewsStatus = "draft" | "published";
/** The moves of a news item (its machine, `news.machine.ts`). */
export const NEWS_MOVES = ["publish", "unpublish"] as const;
export type NewsMove = (typeof NEWS_MOVES)[number];

/** A published news item in one language, for the public pages. */
export type TPublicNews = {
  id: number;
  category: NewsCategory;
  /** The language the text is in: the page's, or the other one when the page's is missing. */
  locale: "ru" | "kk";
  isFallback: boolean;
  title: string;
  /** Sanitized HTML (list answers carry an empty string). */
  content: string;
  excerpt: string;
  cover: TUploadFile | null;
  attachment: TUploadFile | null;
  publishedAt: string;
  akimatName: string;
};

/** A news item with both languages, for the akimat's staff. */
export type TNewsAdmin = {
  id: number;
  category: NewsCategory;
  status: NewsStatus;
  titleRu: string;
  titleKk: string;
  contentRu: string;
  contentKk: string;
  cover: TUploadFile | null;
  attachment: TUploadFile | null;
  publishedAt: string | null;
  updatedAt: string;
  authorName: string | null;
  /** What the caller may do with the item now. */
  moves: NewsMove[];
};

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
export type TCemeteryRef = { id: number; name: string };

/** A cemetery manager as the admin sees them: status and the cemeteries assigned to them. */
export type TManager = {
  id: number;
  phone: string;
  surname: string;
  name: string;
  patronymic: string;
  status: "invited" | "active";
  lastLoginAt: string | null;
  cemeteries: TCemeteryRef[];
};

/** `GET /managers`: the managers, and every cemetery the admin may assign. */
export type TManagerList = { items: TManager[]; cemeteries: TCemeteryRef[] };
