import type { TMoveForms } from "./move-forms.ts";

/**
 * The words of the suppliers' catalogue (issue 15 §1; PRODUCT.md §3 and §8; research
 * `workflows-2026-11.md` §2.1, Ozon's moderation), shared by the API, its schemas and the screens,
 * free of zod. The machine is `server/modules/catalog/`.
 */

/**
 * Categories, in the order the catalogue shows them (`catalog.category.<category>`): ritual
 * services, monuments and memorials, flowers and wreaths, transport, grave care, other.
 */
export const CATALOG_CATEGORIES = ["ritual", "monuments", "flowers", "transport", "care", "other"] as const;
export type CatalogCategory = (typeof CATALOG_CATEGORIES)[number];

/** A thing delivered, or work done (`catalog.kind.<kind>`). */
export const ITEM_KINDS = ["product", "service"] as const;
export type ItemKind = (typeof ITEM_KINDS)[number];

/** What the price is for (`catalog.unit.<unit>`). */
export const ITEM_UNITS = ["piece", "set", "service", "hour", "km", "sqm", "metre"] as const;
export type ItemUnit = (typeof ITEM_UNITS)[number];

/**
 * An item's statuses (`catalog.status.<status>`):
 * - `draft`: being prepared (a supplier not yet activated can prepare, never publish);
 * - `consideration`: on moderation (the admin's target: {@link MODERATION_TARGET_WORKING_DAYS});
 * - `improvement`: sent back with reason codes and a comment;
 * - `active`: on sale, public;
 * - `inactive`: hidden by the supplier;
 * - `blocked`: blocked by the admin with a reason.
 * An edit of an active (or hidden) item is a revision moderated beside it, the old version staying
 * on sale; the item's status does not change.
 */
export const ITEM_STATUSES = ["draft", "consideration", "improvement", "active", "inactive", "blocked"] as const;
export type ItemStatus = (typeof ITEM_STATUSES)[number];

/** Working days the admin aims to moderate an item or a revision in (Ozon: 1–3 days). */
export const MODERATION_TARGET_WORKING_DAYS = 3;

/** Statuses whose items are on the platform for good (their edits are revisions, moderated beside them). */
export const LIVE_ITEM_STATUSES = ["active", "inactive"] as const satisfies readonly ItemStatus[];
/** Statuses the supplier edits in place (not yet approved, or sent back). */
export const EDITABLE_ITEM_STATUSES = ["draft", "improvement"] as const satisfies readonly ItemStatus[];

/**
 * Why the admin sends an item (or its revision) back (`catalog.reason.<code>`): the supplier reads
 * each code's explanation with the admin's comment.
 */
export const RETURN_REASONS = [
  "photos",
  "description",
  "price",
  "category",
  "language",
  "contacts",
  "prohibited",
  "other",
] as const;
export type ReturnReason = (typeof RETURN_REASONS)[number];

/** A revision's statuses: waiting for the admin, approved (copied onto the item), returned, withdrawn by the supplier. */
export const REVISION_STATUSES = ["pending", "approved", "returned", "withdrawn"] as const;
export type RevisionStatus = (typeof REVISION_STATUSES)[number];

/**
 * An item's moves, by what a person does: the supplier submits, hides, shows and withdraws a
 * revision; the admin approves, returns for improvement, blocks and unblocks, and approves or
 * returns a revision (the item keeps its status and stays on sale meanwhile).
 */
export const ITEM_MOVES = [
  "submit",
  "approve",
  "return",
  "hide",
  "show",
  "block",
  "unblock",
  "approve_revision",
  "return_revision",
  "withdraw_revision",
] as const;
export type ItemMove = (typeof ITEM_MOVES)[number];

/**
 * The supplier's tabs of its items (`/supplier/services/<tab>`) and the statuses each shows: on
 * sale; not on sale (hidden by the company, or blocked by the admin); to work on (drafts, and items
 * sent back); on moderation (new items, and items on sale with a revision waiting).
 */
export const SUPPLIER_TABS = {
  active: ["active"],
  inactive: ["inactive", "blocked"],
  improvement: ["draft", "improvement"],
  consideration: ["consideration"],
} as const satisfies Record<string, readonly ItemStatus[]>;
export type SupplierTab = keyof typeof SUPPLIER_TABS;
export const SUPPLIER_TAB_NAMES = Object.keys(SUPPLIER_TABS) as SupplierTab[];

/** The moves the admin makes on the moderation screen. */
export const MODERATOR_MOVES = [
  "approve",
  "return",
  "block",
  "unblock",
  "approve_revision",
  "return_revision",
] as const satisfies readonly ItemMove[];
/** The moves the supplier makes on its screens. */
export const SUPPLIER_ITEM_MOVES = [
  "submit",
  "hide",
  "show",
  "withdraw_revision",
] as const satisfies readonly ItemMove[];

/** The forms of the moves that ask for something (`common/catalog-forms.ts`). */
export const ITEM_MOVE_FORMS = {
  return: "ZItemReturn",
  return_revision: "ZItemReturn",
  block: "ZItemBlock",
} as const satisfies TMoveForms<ItemMove>;

/** Limits of an item. */
export const CATALOG_LIMITS = {
  nameMax: 160,
  descriptionMax: 20_000,
  commentMax: 2000,
  priceMax: 100_000_000,
  leadHoursMax: 24 * 90,
  photosMax: 8,
  cemeteriesMax: 50,
} as const;

/** The content fields of an item a revision carries (and the moderation's diff compares). */
export const ITEM_CONTENT_FIELDS = [
  "category",
  "kind",
  "nameRu",
  "nameKk",
  "descriptionRu",
  "descriptionKk",
  "price",
  "unit",
  "leadHours",
  "city",
  "cemeteryIds",
  "photos",
] as const;
export type ItemContentField = (typeof ITEM_CONTENT_FIELDS)[number];

/** The public list's orders the screen offers: price up or down, rating (Bayesian) and newest first. */
export const CATALOG_SORTS = ["price", "-price", "-rating", "-publishedAt"] as const;
export type CatalogSort = (typeof CATALOG_SORTS)[number];

/** Items on a public page. */
export const CATALOG_PAGE_SIZE = 20;

/** The prior weight (m) of the Bayesian average (research §2.1: 5–10 for a small city's market). */
export const RATING_PRIOR_WEIGHT = 5;

/**
 * The Bayesian average used to order items and suppliers — never shown (people see the plain mean
 * and the count): WR = (v·R + m·C) / (v + m) = (sum + m·C) / (count + m), where `sum` and `count`
 * are the approved, counted reviews' stars and number, `cityMean` (C) the mean of the city's
 * counted reviews (weighted by reviews, as `cityMeanRating` computes it), and `m` the prior's
 * weight. With no reviews it is the city's mean; one 5★ review does not outrank a hundred 4.8s as
 * long as the city's mean is below 4.76 (m = 5: (5 + 5C) / 6 < 4.8 ⇔ C < 4.76) — a city where
 * everything is rated 4.8 has nothing to tell them apart. A city without reviews has no mean: 0 is
 * given, and the order is by the plain sum. The catalogue's SQL order computes the same formula.
 */
export function bayesianRating(sum: number, count: number, cityMean: number, m: number = RATING_PRIOR_WEIGHT): number {
  if (count <= 0 && m <= 0) return 0;
  return (sum + m * cityMean) / (count + m);
}

/** The median of prices (the mean of the two middle ones for an even count), or null for none. */
export function medianOf(prices: readonly number[]): number | null {
  if (!prices.length) return null;
  const s = [...prices].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? (s[mid] as number) : Math.round(((s[mid - 1] as number) + (s[mid] as number)) / 2);
}

/** A whole number of tenge, as people read it: `12 500 ₸`. */
export function formatTenge(n: number): string {
  return `${String(Math.round(n)).replace(/\B(?=(\d{3})+(?!\d))/g, "\u00a0")}\u00a0₸`;
}
