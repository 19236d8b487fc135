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
