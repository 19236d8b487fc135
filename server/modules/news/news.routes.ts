import { z } from "@hono/zod-openapi";
import { ZNewsAdmin, ZPublicNews } from "../../../common/api-schemas.ts";
import { NEWS_CATEGORY_VALUES, ZNewsInput } from "../../../common/schemas.ts";
import { apiRoute, callerOf } from "../../lib/api-route.ts";
import { createRouter } from "../../lib/http.ts";
import { listQuery, pageSchema } from "../../lib/list.ts";
import { errorResponses, jsonBody, jsonResponse, ZIdParam, ZOk } from "../../lib/openapi.ts";
import {
  createNews,
  deleteNews,
  getAkimatNews,
  getPublicNews,
  listAkimatNews,
  listPublicNews,
  listPublishedIds,
  NEWS_PAGE_SIZE,
  updateNews,
} from "./news.service.ts";
import { newsMachine } from "./news.machine.ts";
import { moveRoute } from "../workflow/move-route.ts";

const ZCategory = z.enum(NEWS_CATEGORY_VALUES);
const ZStatus = z.enum(["draft", "published"]);

/** Published news: newest first, 12 a page (at most 48), by category. */
const ZPublicNewsList = listQuery({
  sort: ["publishedAt"],
  defaultSort: "-publishedAt",
  pageSize: NEWS_PAGE_SIZE,
  maxPageSize: 48,
  filters: { category: ZCategory },
});

/** The akimat's news: newest change first, 20 a page, by status, category and words of the title. */
const ZAkimatNewsList = listQuery({
  sort: ["updatedAt", "publishedAt"],
  defaultSort: "-updatedAt",
  filters: { status: ZStatus, category: ZCategory, q: z.string().trim().max(100) },
});

export const newsRoutes = createRouter()
  .openapi(
    apiRoute({
      method: "get",
      permission: "public",
      path: "/news",
      tags: ["News"],
      summary: "Published news, newest first, 12 a page, in the language of Accept-Language",
      request: { query: ZPublicNewsList },
      responses: { 200: jsonResponse(pageSchema(ZPublicNews), "News") },
    }),
    async (c) => {
      const q = c.req.valid("query");
      const { page, pageSize, category } = q;
      return c.json(
        await listPublicNews(c.get("services").db, { page, pageSize, category, locale: c.get("locale") }),
        200,
      );
    },
  )
  .openapi(
    apiRoute({
      method: "get",
      permission: "public",
      path: "/news/sitemap",
      tags: ["News"],
      summary: "Ids of all published news, for sitemaps",
      responses: {
        200: jsonResponse(z.object({ items: z.array(z.object({ id: z.number(), updatedAt: z.string() })) }), "Ids"),
      },
    }),
    async (c) => c.json({ items: await listPublishedIds(c.get("services").db) }, 200),
  )
  .openapi(
    apiRoute({
      method: "get",
      permission: "public",
      path: "/news/{id}",
      tags: ["News"],
      summary: "One published news item",
      request: { params: ZIdParam },
      responses: { 200: jsonResponse(ZPublicNews, "The item"), ...errorResponses(404) },
    }),
    async (c) => c.json(await getPublicNews(c.get("services").db, c.req.valid("param").id, c.get("locale")), 200),
  )
  .openapi(
    apiRoute({
      method: "get",
      permission: "news.manage",
      path: "/akimat/news",
      tags: ["News"],
      summary: "The caller's akimat's news, with filters (akimat staff)",
      request: { query: ZAkimatNewsList },
      responses: { 200: jsonResponse(pageSchema(ZNewsAdmin), "News"), ...errorResponses(401, 403) },
    }),
    async (c) => {
      const user = callerOf(c);
      const s = c.get("services");
      return c.json(await listAkimatNews(s.db, user, c.req.valid("query"), s.now()), 200);
    },
  )
  .openapi(
    apiRoute({
      method: "get",
      permission: "news.manage",
      path: "/akimat/news/{id}",
      tags: ["News"],
      summary: "One news item of the caller's akimat, both languages",
      request: { params: ZIdParam },
      responses: { 200: jsonResponse(ZNewsAdmin, "The item"), ...errorResponses(401, 403, 404) },
    }),
    async (c) => {
      const user = callerOf(c);
      const s = c.get("services");
      return c.json(await getAkimatNews(s.db, user, c.req.valid("param").id, s.now()), 200);
    },
  )
  .openapi(
    apiRoute({
      method: "post",
      permission: "news.manage",
      path: "/akimat/news",
      tags: ["News"],
      summary: "Create a news item as a draft; content HTML is sanitized",
      request: { body: jsonBody(ZNewsInput) },
      responses: { 201: jsonResponse(ZNewsAdmin, "Created"), ...errorResponses(401, 403, 422) },
    }),
    async (c) => {
      const user = callerOf(c);
      const s = c.get("services");
      return c.json(await createNews(s, user, c.req.valid("json")), 201);
    },
  )
  .openapi(
    apiRoute({
      method: "put",
      permission: "news.manage",
      path: "/akimat/news/{id}",
      tags: ["News"],
      summary: "Edit a news item",
      request: { params: ZIdParam, body: jsonBody(ZNewsInput) },
      responses: { 200: jsonResponse(ZNewsAdmin, "Saved"), ...errorResponses(401, 403, 404, 422) },
    }),
    async (c) => {
      const user = callerOf(c);
      const s = c.get("services");
      return c.json(await updateNews(s.db, user, c.req.valid("param").id, c.req.valid("json"), s.now()), 200);
    },
  )
  .openapi(
    ...moveRoute(newsMachine, {
      path: "/akimat/news/{id}/moves/{move}",
      permission: "news.manage",
      tags: ["News"],
      summary: "Publish a news item, or withdraw it to drafts",
    }),
  )
  .openapi(
    apiRoute({
      method: "delete",
      permission: "news.manage",
      path: "/akimat/news/{id}",
      tags: ["News"],
      summary: "Delete a news item",
      request: { params: ZIdParam },
      responses: { 200: jsonResponse(ZOk, "Deleted"), ...errorResponses(401, 403, 404) },
    }),
    async (c) => {
      const user = callerOf(c);
      const s = c.get("services");
      await deleteNews(s.db, user, c.req.valid("param").id, s.now());
      return c.json({ ok: true as const }, 200);
    },
  );
