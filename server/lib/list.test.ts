import { OpenAPIHono, z } from "@hono/zod-openapi";
import { describe, expect, it } from "vitest";
import { MAX_PAGE } from "../../common/paging.ts";
import { apiRoute } from "./api-route.ts";
import { listQuery, pageWindow, parseList, toPage } from "./list.ts";

const ZInbox = listQuery({
  sort: ["createdAt", "surname"],
  defaultSort: "-createdAt",
  pageSize: 20,
  maxPageSize: 50,
  filters: {
    status: z.enum(["open", "closed"]).default("open"),
    kind: z.enum(["search", "add"]),
    cemeteryId: z.coerce.number().int().positive().max(2_147_483_647),
  },
});

const read = (query: string) => parseList(ZInbox, new URLSearchParams(query));

describe("listQuery: a list's page, order and filters from its URL", () => {
  it("starts at the first page of the default size, in the default order, with the filters' defaults", () => {
    expect(read("")).toEqual({
      page: 1,
      pageSize: 20,
      sort: { by: "createdAt", desc: true },
      status: "open",
    });
  });

  it("reads a page and a size, and clamps odd ones instead of failing the page", () => {
    expect(read("page=3&pageSize=10")).toMatchObject({ page: 3, pageSize: 10 });
    for (const [query, page] of [
      ["page=0", 1],
      ["page=-2", 1],
      ["page=abc", 1],
      ["page=2.5", 1],
      ["page=1e3", 1],
      ["page=99999999999999999999", MAX_PAGE],
      [`page=${MAX_PAGE + 1}`, MAX_PAGE],
    ] as const) {
      expect(read(query).page, query).toBe(page);
    }
    expect(read("pageSize=100000").pageSize).toBe(50);
    expect(read("pageSize=0").pageSize).toBe(1);
    expect(read("pageSize=many").pageSize).toBe(20);
  });

  it("sorts by an allowlisted column, `-` for descending; anything else is the default order", () => {
    expect(read("sort=surname").sort).toEqual({ by: "surname", desc: false });
    expect(read("sort=-surname").sort).toEqual({ by: "surname", desc: true });
    expect(read("sort=createdAt").sort).toEqual({ by: "createdAt", desc: false });
    for (const odd of ["password", "-password", "surname;drop", "--surname", "", "SURNAME"]) {
      expect(read(`sort=${encodeURIComponent(odd)}`).sort, odd).toEqual({ by: "createdAt", desc: true });
    }
  });

  it("checks each filter by its schema: a wrong value is refused with its field, never silently dropped", () => {
    expect(read("status=closed&kind=add&cemeteryId=7")).toMatchObject({ status: "closed", kind: "add", cemeteryId: 7 });
    for (const [query, field] of [
      ["status=lost", "status"],
      ["kind=other", "kind"],
      ["cemeteryId=0", "cemeteryId"],
      ["cemeteryId=99999999999", "cemeteryId"],
    ] as const) {
      const result = ZInbox.safeParse(Object.fromEntries(new URLSearchParams(query)));
      expect(result.success, query).toBe(false);
      expect(result.error?.issues[0]?.path, query).toEqual([field]);
    }
  });

  it("is described in the API reference with its bounds, order and filters", () => {
    const app = new OpenAPIHono().openapi(
      apiRoute({
        method: "get",
        permission: "public",
        path: "/inbox",
        request: { query: ZInbox },
        responses: { 200: { description: "ok" } },
      }),
      (c) => c.json({}, 200),
    );
    const doc = app.getOpenAPI31Document({ openapi: "3.1.0", info: { title: "t", version: "1" } });
    const params = Object.fromEntries(
      (doc.paths?.["/inbox"]?.get?.parameters ?? []).map((p) => {
        const param = p as unknown as { name: string; schema: Record<string, unknown> };
        return [param.name, param.schema];
      }),
    );
    expect(params.page).toMatchObject({ type: "integer", minimum: 1, maximum: MAX_PAGE });
    expect(params.pageSize).toMatchObject({ maximum: 50, default: 20 });
    expect(params.sort).toMatchObject({
      enum: ["createdAt", "-createdAt", "surname", "-surname"],
      default: "-createdAt",
    });
    expect(params.kind).toMatchObject({ enum: ["search", "add"] });
  });
});

describe("a page of a list", () => {
  it("takes its window from the page and size, and says how many match in all", () => {
    expect(pageWindow({ page: 1, pageSize: 20 })).toEqual({ limit: 20, offset: 0 });
    expect(pageWindow({ page: 3, pageSize: 50 })).toEqual({ limit: 50, offset: 100 });
    expect(toPage(["a"], 230, { page: 5, pageSize: 50 })).toEqual({ items: ["a"], total: 230, page: 5, pageSize: 50 });
  });
});
