import { z } from "zod";
import { pageSchema, ZUploadFile } from "./api-schemas.ts";
import {
  CATALOG_CATEGORIES,
  ITEM_CONTENT_FIELDS,
  ITEM_KINDS,
  ITEM_MOVES,
  ITEM_STATUSES,
  ITEM_UNITS,
  RETURN_REASONS,
  REVISION_STATUSES,
} from "./catalog.ts";

/**
 * The catalogue's answers as zod schemas (the routes declare their responses with them, the
 * OpenAPI document names them); the service and the screens share the inferred types. Screens
 * import the types only, so no page loads zod for them.
 */

const ZCategory = z.enum(CATALOG_CATEGORIES);
const ZReasons = z.array(z.enum(RETURN_REASONS));

/** One field of a revision against the version on sale, as text (codes for category, kind and unit). */
export const ZItemChange = z
  .object({ field: z.enum(ITEM_CONTENT_FIELDS), before: z.string(), after: z.string() })
  .meta({ id: "CatalogItemChange" });

/** An edit of an active or hidden item, waiting for the admin (or the last one sent back). */
export const ZItemRevision = z
  .object({
    id: z.number(),
    status: z.enum(REVISION_STATUSES),
    submittedAt: z.string(),
    targetDay: z.string().meta({ description: "The day the admin aims to decide by (working days)" }),
    returnReasons: ZReasons,
    returnComment: z.string().nullable(),
    changes: z.array(ZItemChange),
    content: z
      .object({
        category: ZCategory,
        kind: z.enum(ITEM_KINDS),
        nameRu: z.string(),
        nameKk: z.string(),
        descriptionRu: z.string(),
        descriptionKk: z.string(),
        price: z.number(),
        unit: z.enum(ITEM_UNITS),
        leadHours: z.number(),
        city: z.string(),
        cemeteryIds: z.array(z.number()),
        photos: z.array(ZUploadFile),
      })
      .meta({ description: "The revision's whole content: what the company's edit form starts from" }),
  })
  .meta({ id: "CatalogItemRevision" });

/** An item as its company and the moderators see it, with the moves the caller may make now. */
export const ZSupplierItem = z
  .object({
    id: z.number(),
    status: z.enum(ITEM_STATUSES),
    category: ZCategory,
    kind: z.enum(ITEM_KINDS),
    nameRu: z.string(),
    nameKk: z.string(),
    descriptionRu: z.string(),
    descriptionKk: z.string(),
    price: z.number(),
    unit: z.enum(ITEM_UNITS),
    leadHours: z.number(),
    city: z.string(),
    cemeteryIds: z.array(z.number()),
    cemeteries: z.array(z.object({ id: z.number(), name: z.string() })),
    available: z.boolean(),
    photos: z.array(ZUploadFile),
    returnReasons: ZReasons,
    returnComment: z.string().nullable(),
    blockReason: z.string().nullable(),
    submittedAt: z.string().nullable(),
    targetDay: z.string().nullable().meta({ description: "While on moderation: the day the admin aims to decide by" }),
    publishedAt: z.string().nullable(),
    updatedAt: z.string(),
    supplier: z.object({ id: z.number(), companyName: z.string(), status: z.enum(["pending", "active", "blocked"]) }),
    revision: ZItemRevision.nullable().meta({ description: "The pending revision, or the last one sent back" }),
    moves: z.array(z.enum(ITEM_MOVES)).meta({ description: "What the caller may do with the item now" }),
  })
  .meta({ id: "CatalogSupplierItem" });

/** The company's items of one tab, with the count of each status (the tabs' figures). */
export const ZSupplierItemPage = pageSchema(ZSupplierItem)
  .extend({
    counts: z.object({
      active: z.number(),
      inactive: z.number(),
      improvement: z.number(),
      consideration: z.number(),
    }),
    companyActive: z.boolean(),
  })
  .meta({ id: "CatalogSupplierItemPage" });

/** A city's price range of a category: the lowest, median and highest price of its active items. */
export const ZPriceRange = z
  .object({ min: z.number(), median: z.number(), max: z.number(), count: z.number() })
  .meta({ id: "CatalogPriceRange" });

/** The rating shown: the plain mean of approved reviews' stars and their count. */
export const ZRating = z.object({ mean: z.number().nullable(), count: z.number() }).meta({ id: "CatalogRating" });

/** An active item as visitors see it, in the page's language. */
export const ZPublicItem = z
  .object({
    id: z.number(),
    category: ZCategory,
    kind: z.enum(ITEM_KINDS),
    name: z.string(),
    description: z.string().meta({ description: "Sanitized HTML (empty in lists)" }),
    price: z.number(),
    unit: z.enum(ITEM_UNITS),
    leadHours: z.number(),
    city: z.string(),
    cemeteries: z.array(z.object({ id: z.number(), name: z.string() })),
    available: z.boolean(),
    photos: z.array(ZUploadFile).meta({ description: "The first only in lists" }),
    supplier: z.object({ id: z.number(), name: z.string(), city: z.string() }),
    rating: ZRating,
    range: ZPriceRange.nullable(),
    publishedAt: z.string(),
  })
  .meta({ id: "CatalogPublicItem" });

export const ZPublicItemPage = pageSchema(ZPublicItem).meta({ id: "CatalogPublicItemPage" });

/** What the public list's filters offer: the cities with active items. */
export const ZCatalogFacets = z.object({ cities: z.array(z.string()) }).meta({ id: "CatalogFacets" });

/** A supplier's printable price list: its active items by category. */
export const ZPriceList = z
  .object({
    supplier: z.object({ id: z.number(), name: z.string(), city: z.string(), bin: z.string() }),
    groups: z.array(
      z.object({
        category: ZCategory,
        items: z.array(
          z.object({
            id: z.number(),
            name: z.string(),
            kind: z.enum(ITEM_KINDS),
            price: z.number(),
            unit: z.enum(ITEM_UNITS),
            leadHours: z.number(),
            available: z.boolean(),
            range: ZPriceRange.nullable(),
          }),
        ),
      }),
    ),
    date: z.string().meta({ description: "The day (Almaty) the list was read" }),
  })
  .meta({ id: "CatalogPriceList" });

/** The bulk approval's answer: what was approved, and what was refused with the error code. */
export const ZBulkApproveAnswer = z
  .object({
    approved: z.array(z.number()),
    refused: z.array(z.object({ id: z.number(), code: z.string() })),
  })
  .meta({ id: "CatalogBulkApproveAnswer" });

/** A person of a supplier company. */
export const ZSupplierPerson = z
  .object({
    id: z.number(),
    phone: z.string(),
    surname: z.string(),
    name: z.string(),
    patronymic: z.string(),
    supplierRole: z.enum(["owner", "employee"]),
    status: z.enum(["invited", "active"]),
    lastLoginAt: z.string().nullable(),
  })
  .meta({ id: "SupplierPerson" });

export type TItemChange = z.infer<typeof ZItemChange>;
export type TItemRevision = z.infer<typeof ZItemRevision>;
export type TSupplierItem = z.infer<typeof ZSupplierItem>;
export type TSupplierItemPage = z.infer<typeof ZSupplierItemPage>;
export type TPriceRange = z.infer<typeof ZPriceRange>;
export type TPublicItem = z.infer<typeof ZPublicItem>;
export type TPriceList = z.infer<typeof ZPriceList>;
export type TSupplierPerson = z.infer<typeof ZSupplierPerson>;
