import { can, PERMISSIONS, type Permission } from "../common/permissions.ts";
import { ROLES } from "../common/roles.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHarness, type Harness } from "./test/harness.ts";

/** The time a walk of every operation may take. */
const WALK_TIMEOUT = 180_000;

/**
 * Ids anyone can type: past the database's integer range, negative, zero, not numbers, numbers in
 * other notations. Every operation of the API that takes an id in its path or query answers them
 * with a 4xx (404 or 422), never a 5xx, for every role. The operations come from the OpenAPI
 * document itself, so a new operation is walked without anyone adding it here.
 */
const BAD_IDS = [
  "99999999999",
  "2147483648",
  "9".repeat(400),
  "-1",
  "0",
  "1.5",
  "1e3",
  "0x10",
  "abc",
  "%20",
  "%00",
  "%D0%96",
  "Infinity",
  "NaN",
];

type JsonSchema = {
  $ref?: string;
  type?: string | string[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
};
type Operation = {
  method: string;
  path: string;
  params: { name: string; in: string }[];
  /** Properties of the JSON body that hold ids (`cemeteryId`, `cemeteryIds`). */
  bodyIds: { name: string; isArray: boolean }[];
  /** The operation's access (`x-permission`): the body walk calls it as a role that holds it. */
  permission: string;
};

let h: Harness;
let operations: Operation[];
const tokens: Record<string, string | undefined> = { anonymous: undefined };

beforeAll(async () => {
  h = await createHarness();
  await h.reset();
  for (const role of ["admin", "akimat", "manager", "supplier", "client"] as const) {
    tokens[role] = await h.login(h.phones[role]);
  }
  const doc = (await h.request("GET", "/openapi.json")).json as {
    paths: Record<
      string,
      Record<
        string,
        {
          parameters?: { name: string; in: string }[];
          "x-permission"?: string;
          requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
        }
      >
    >;
    components?: { schemas?: Record<string, JsonSchema> };
  };
  const resolve = (s: JsonSchema | undefined): JsonSchema | undefined =>
    s?.$ref ? doc.components?.schemas?.[s.$ref.split("/").pop() as string] : s;
  operations = Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => {
      const body = resolve(op.requestBody?.content?.["application/json"]?.schema);
      return {
        method: method.toUpperCase(),
        path: path.replace(/^\/api\/v1/, ""),
        permission: op["x-permission"] ?? "public",
        params: (op.parameters ?? []).filter((p) => /id$/i.test(p.name) && (p.in === "path" || p.in === "query")),
        bodyIds: Object.entries(body?.properties ?? {}).flatMap(([name, prop]): Operation["bodyIds"] => {
          const p = resolve(prop);
          const isInt = (x: JsonSchema | undefined): boolean =>
            [x?.type].flat().includes("integer") || [...(x?.anyOf ?? []), ...(x?.oneOf ?? [])].some(isInt);
          if (/Id$/.test(name) && isInt(p)) return [{ name, isArray: false }];
          if (/Ids$/.test(name) && isInt(resolve(p?.items))) return [{ name, isArray: true }];
          return [];
        }),
      };
    }),
  );
});
afterAll(async () => h?.close());

describe("ids in paths and queries", () => {
  it("walks every operation with an id parameter", () => {
    const withIds = operations.filter((o) => o.params.length);
    // The walk must actually cover the API: news, registry, staff and admin operations.
    expect(withIds.length).toBeGreaterThan(30);
    expect(withIds.some((o) => o.path === "/burials/search" && o.params.some((p) => p.name === "cemeteryId"))).toBe(
      true,
    );
    // A thread's entity id in its path, and the cursor of older comments in its query.
    const thread = withIds.find((o) => o.method === "GET" && o.path === "/threads/{entityType}/{entityId}");
    expect(thread?.params.map((p) => p.name).sort()).toEqual(["beforeId", "entityId"]);
  });

  // Thousands of requests, one after another, growing with the API: bounded by its own time (a
  // machine under load is slower, never wrong), not the default 30 s.
  it(
    "answers a malformed or out-of-range id with a 4xx (404, 422; 400 for a NUL), never 5xx, for every role",
    async () => {
      const failures: string[] = [];
      let calls = 0;
      for (const op of operations) {
        for (const param of op.params) {
          for (const bad of BAD_IDS) {
            // Other path parameters get a plausible id, so only the one under test is wrong.
            let path = op.path.replace(/\{(\w+)\}/g, (_, name: string) => (name === param.name ? bad : "1"));
            if (param.in === "query") path += `${path.includes("?") ? "&" : "?"}${param.name}=${bad}&q=ab`;
            for (const [role, token] of Object.entries(tokens)) {
              // Writes need a body; an empty object reaches validation like any careless client.
              const body = op.method === "GET" || op.method === "DELETE" ? undefined : {};
              const res = await h.request(op.method, path, { token, body });
              calls++;
              if (res.status >= 500 || (param.in === "path" && ![400, 401, 403, 404, 422].includes(res.status))) {
                failures.push(`${role} ${op.method} ${path} → ${res.status} ${JSON.stringify(res.json).slice(0, 120)}`);
              }
            }
          }
        }
      }
      expect(calls).toBeGreaterThan(2000);
      expect(failures).toEqual([]);
    },
    WALK_TIMEOUT,
  );

  it("refuses an out-of-range id in a JSON body as that field's problem (422), never 5xx", async () => {
    const withBodyIds = operations.filter((o) => o.bodyIds.length);
    // Cemetery (akimatId), visitors' requests (cemeteryId), answers (burialId), manager invitations
    // (cemeteryIds).
    expect(withBodyIds.length).toBeGreaterThanOrEqual(6);
    expect(
      withBodyIds.some((o) => o.path.startsWith("/threads/") && o.bodyIds.some((b) => b.name === "lastReadId")),
    ).toBe(true);
    const failures: string[] = [];
    for (const op of withBodyIds) {
      for (const { name, isArray } of op.bodyIds) {
        for (const bad of [99999999999, 2147483648, -1, 0, 1.5, "1e3", "99999999999"]) {
          const path = op.path.replace(/\{\w+\}/g, "1");
          const holder = ROLES.find((r) => op.permission in PERMISSIONS && can(r, op.permission as Permission));
          const res = await h.request(op.method, path, {
            token: tokens[holder ?? "admin"],
            body: { [name]: isArray ? [bad] : bad },
          });
          const fields = ((res.json as { error?: { fields?: { path: string }[] } })?.error?.fields ?? []).map(
            (f) => f.path,
          );
          if (res.status !== 422 || !fields.some((f) => f === name || f.startsWith(`${name}.`))) {
            failures.push(`${op.method} ${path} ${name}=${JSON.stringify(bad)} → ${res.status} ${fields.join(",")}`);
          }
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it("answers a NUL character in any query or JSON body with 400, never 5xx", async () => {
    const failures: string[] = [];
    let calls = 0;
    const doc = (await h.request("GET", "/openapi.json")).json as {
      paths: Record<string, Record<string, { parameters?: { name: string; in: string }[]; requestBody?: unknown }>>;
    };
    for (const [rawPath, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        const path = rawPath.replace(/^\/api\/v1/, "").replace(/\{\w+\}/g, "1");
        const queries = (op.parameters ?? []).filter((p) => p.in === "query").map((p) => p.name);
        const tries: { url: string; body?: unknown }[] = queries.map((q) => ({ url: `${path}?${q}=a%00b` }));
        if (op.requestBody && method !== "get") {
          // Every string field of any body at once: the NUL must be refused wherever it sits.
          tries.push({
            url: path,
            body: { phone: "+7701\u00001234567", name: "a\u0000", surname: "\u0000", q: "\u0000" },
          });
        }
        for (const t of tries) {
          for (const token of [undefined, tokens.admin]) {
            const res = await h.request(method.toUpperCase(), t.url, { token, body: t.body });
            calls++;
            if (res.status !== 400) failures.push(`${method} ${t.url} → ${res.status}`);
          }
        }
      }
    }
    expect(calls).toBeGreaterThan(40);
    expect(failures).toEqual([]);
  });

  it("still finds records by their real id, written in digits", async () => {
    const list = await h.request("GET", "/akimats", { token: tokens.admin });
    const id = (list.json as { items: { id: number }[] }).items[0]?.id;
    expect(id).toBeGreaterThan(0);
    expect((await h.request("GET", `/akimats/${id}`, { token: tokens.admin })).status).toBe(200);
    expect((await h.request("GET", `/akimats/00${id}`, { token: tokens.admin })).status).toBe(200);
    expect((await h.request("GET", "/akimats/2147483647", { token: tokens.admin })).status).toBe(404);
  });
});
