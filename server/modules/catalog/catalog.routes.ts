import { z } from "@hono/zod-openapi";
import {
  CATALOG_CATEGORIES,
  CATALOG_PAGE_SIZE,
  ITEM_KINDS,
  ITEM_STATUSES,
  SUPPLIER_TAB_NAMES,
  type SupplierTab,
} from "../../../common/catalog.ts";
import { ZItemBulkApprove, ZItemInput } from "../../../common/catalog-forms.ts";
import {
  ZBulkApproveAnswer,
  ZCatalogFacets,
  ZPriceList,
  ZPublicItem,
  ZPublicItemPage,
  ZSupplierItem,
  ZSupplierItemPage,
} from "../../../common/catalog-schemas.ts";
import { ZId } from "../../../common/schemas.ts";
import { apiRoute, callerOf } from "../../lib/api-route.ts";
import { createRouter } from "../../lib/http.ts";
import { listQuery, pageSchema } from "../../lib/list.ts";
import { errorResponses, jsonBody, jsonResponse, ZIdParam } from "../../lib/openapi.ts";
import { pdfAnswer, renderPdf } from "../../lib/pdf.ts";
import { translate } from "../../../common/i18n.ts";
import { moveRoute } from "../workflow/move-route.ts";
import { priceListDoc } from "./catalog.price-list.ts";
import { catalogMachine } from "./catalog.machine.ts";
import {
  bulkApprove,
  catalogCities,
  catalogSitemap,
  createItem,
  getPublicItem,
  getSupplierItem,
  listModeration,
  listPublicItems,
  listSupplierItems,
  priceList,
  updateItem,
} from "./catalog.service.ts";

/** A whole number of tenge in a query (`12000`). */
const ZQueryPrice = z
  .string()
  .regex(/^[0-9]{1,9}$/, "validation.whole_number")
  .transform(Number);

/** The public catalogue: by city, cemetery, category, kind, price and text; by price, rating or newest. */
const ZPublicList = listQuery({
  sort: ["price", "rating", "publishedAt"],
  defaultSort: "-publishedAt",
  pageSize: CATALOG_PAGE_SIZE,
  maxPageSize: 60,
  filters: {
    city: z.string().trim().min(1).max(80),
    cemeteryId: ZId,
    category: z.enum(CATALOG_CATEGORIES),
    kind: z.enum(ITEM_KINDS),
    priceFrom: ZQueryPrice,
    priceTo: ZQueryPrice,
    q: z.string().trim().max(100),
    supplierId: ZId,
  },
});

/** The company's items: one tab (all when none), newest change first. */
const ZSupplierList = listQuery({
  sort: ["updatedAt"],
  defaultSort: "-updatedAt",
  filters: { tab: z.enum(SUPPLIER_TAB_NAMES as [SupplierTab, ...SupplierTab[]]) },
});

/** The moderators' list: the queue (oldest first) or one status; by company and name. */
const ZModerationList = listQuery({
  sort: ["submittedAt"],
  defaultSort: "submittedAt",
  filters: {
    view: z.enum(["queue", ...ITEM_STATUSES]).default("queue"),
    supplierId: ZId,
    q: z.string().trim().max(100),
  },
});

export const catalogRoutes = createRouter()
  .openapi(
    apiRoute({
      method: "get",
      permission: "public",
      path: "/catalog",
      tags: ["Catalogue"],
      summary:
        "Active items of active companies, filtered (city, cemetery served, category, kind, price, text in Kazakh, " +
        "Russian or Latin spellings), by price, weighted rating or newest, in the language of Accept-Language",
      request: { query: ZPublicList },
      responses: { 200: jsonResponse(ZPublicItemPage, "Items"), ...errorResponses(422) },
    }),
    async (c) => {
      const q = c.req.valid("query");
      return c.json(await listPublicItems(c.get("services").db, { ...q, locale: c.get("locale") }), 200);
    },
  )
  .openapi(
    apiRoute({
      method: "get",
      permission: "public",
      path: "/catalog/facets",
      tags: ["Catalogue"],
      summary: "The cities with active items",
      responses: { 200: jsonResponse(ZCatalogFacets, "Facets") },
    }),
    async (c) => c.json({ cities: await catalogCities(c.get("services").db) }, 200),
  )
  .openapi(
    apiRoute({
      method: "get",
      permission: "public",
      path: "/catalog/sitemap",
      tags: ["Catalogue"],
      summary: "Ids of active items and of the companies selling them, for sitemaps",
      responses: {
        200: jsonResponse(
          z.object({
            items: z.array(z.object({ id: z.number(), updatedAt: z.string() })),
            suppliers: z.array(z.number()),
          }),
          "Ids",
        ),
      },
    }),
    async (c) => c.json(await catalogSitemap(c.get("services").db), 200),
  )
  .openapi(
    apiRoute({
      method: "get",
      permission: "public",
      path: "/catalog/suppliers/{id}/price-list",
      tags: ["Catalogue"],
      summary: "A company's itemised price list: its active items by category, with the city's price ranges",
      request: { params: ZIdParam },
      responses: { 200: jsonResponse(ZPriceList, "Price list"), ...errorResponses(404) },
    }),
    async (c) => {
      const s = c.get("services");
      return c.json(await priceList(s.db, c.req.valid("param").id, c.get("locale"), s.now()), 200);
    },
  )
  .openapi(
    apiRoute({
      method: "get",
      permission: "public",
      path: "/catalog/suppliers/{id}/price-list.pdf",
      tags: ["Catalogue"],
      summary: "A company's itemised price list as a PDF, in the language of Accept-Language",
      request: { params: ZIdParam },
      responses: {
        200: { description: "PDF document", content: { "application/pdf": { schema: z.string() } } },
        ...errorResponses(404, 422),
      },
    }),
    async (c) => {
      const s = c.get("services");
      const { id } = c.req.valid("param");
      const locale = c.get("locale");
      const list = await priceList(s.db, id, locale, s.now());
      const file = await renderPdf(priceListDoc(list, locale, s.now()));
      const name = translate(locale, "catalog_price_list.file_name", { company: list.supplier.name });
      // Public prices: kept briefly by browsers, like the public pages.
      return pdfAnswer(c, file, `price-list-${id}`, name, "public, max-age=300") as never;
    },
  )
  .openapi(
    apiRoute({
      method: "get",
      permission: "catalog.manage",
      path: "/catalog/own",
      tags: ["Catalogue"],
      summary:
        "The caller's company's items of one tab (on sale, not on sale, to work on, on moderation), with each tab's count",
      request: { query: ZSupplierList },
      responses: { 200: jsonResponse(ZSupplierItemPage, "Items"), ...errorResponses(401, 403, 404) },
    }),
    async (c) => {
      const s = c.get("services");
      return c.json(await listSupplierItems(s.db, callerOf(c), c.req.valid("query"), c.get("locale"), s.now()), 200);
    },
  )
  .openapi(
    apiRoute({
      method: "post",
      permission: "catalog.manage",
      path: "/catalog/own",
      tags: ["Catalogue"],
      summary: "Create an item of the caller's company as a draft (descriptions sanitized)",
      request: { body: jsonBody(ZItemInput) },
      responses: { 201: jsonResponse(ZSupplierItem, "Created"), ...errorResponses(401, 403, 404, 422) },
    }),
    async (c) => c.json(await createItem(c.get("services"), callerOf(c), c.req.valid("json"), c.get("locale")), 201),
  )
  .openapi(
    apiRoute({
      method: "get",
      permission: "catalog.manage",
      path: "/catalog/own/{id}",
      tags: ["Catalogue"],
      summary: "One item of the caller's company, with its pending (or returned) revision",
      request: { params: ZIdParam },
      responses: { 200: jsonResponse(ZSupplierItem, "The item"), ...errorResponses(401, 403, 404) },
    }),
    async (c) => {
      const s = c.get("services");
      return c.json(await getSupplierItem(s.db, callerOf(c), c.req.valid("param").id, c.get("locale"), s.now()), 200);
    },
  )
  .openapi(
    apiRoute({
      method: "put",
      permission: "catalog.manage",
      path: "/catalog/own/{id}",
      tags: ["Catalogue"],
      summary:
        "Edit an item: a draft or an item sent back in place; an item on sale or hidden through a revision " +
        "moderated while the old version stays on sale",
      request: { params: ZIdParam, body: jsonBody(ZItemInput) },
      responses: { 200: jsonResponse(ZSupplierItem, "Saved"), ...errorResponses(401, 403, 404, 409, 422) },
    }),
    async (c) =>
      c.json(
        await updateItem(c.get("services"), callerOf(c), c.req.valid("param").id, c.req.valid("json"), c.get("locale")),
        200,
      ),
  )
  .openapi(
    ...moveRoute(catalogMachine, {
      path: "/catalog/items/{id}/moves/{move}",
      permission: "signed-in",
      tags: ["Catalogue"],
      summary:
        "The company submits, hides, shows an item or withdraws its revision; the moderators approve, return, " +
        "block, unblock an item and approve or return its revision",
    }),
  )
  .openapi(
    apiRoute({
      method: "get",
      permission: "catalog.moderate",
      path: "/catalog/moderation",
      tags: ["Catalogue"],
      summary: "The moderation queue (new items and revisions, oldest first), or the items of one status",
      request: { query: ZModerationList },
      responses: { 200: jsonResponse(pageSchema(ZSupplierItem), "Items"), ...errorResponses(401, 403, 422) },
    }),
    async (c) => {
      const s = c.get("services");
      return c.json(await listModeration(s.db, callerOf(c), c.req.valid("query"), c.get("locale"), s.now()), 200);
    },
  )
  .openapi(
    apiRoute({
      method: "post",
      permission: "catalog.moderate",
      path: "/catalog/moderation/approve",
      tags: ["Catalogue"],
      summary: "Approve several items or their revisions at once",
      request: { body: jsonBody(ZItemBulkApprove) },
      responses: { 200: jsonResponse(ZBulkApproveAnswer, "Approved and refused"), ...errorResponses(401, 403, 422) },
    }),
    async (c) => c.json(await bulkApprove(c.get("services"), callerOf(c), c.req.valid("json").ids), 200),
  )
  .openapi(
    apiRoute({
      method: "get",
      permission: "public",
      path: "/catalog/{id}",
      tags: ["Catalogue"],
      summary: "One active item, with its photos, description, company, rating and the city's price range",
      request: { params: ZIdParam },
      responses: { 200: jsonResponse(ZPublicItem, "The item"), ...errorResponses(404) },
    }),
    async (c) => c.json(await getPublicItem(c.get("services").db, c.req.valid("param").id, c.get("locale")), 200),
  );
