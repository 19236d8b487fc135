import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { can, isPermission, type Permission } from "../common/permissions.ts";
import { ROLES } from "../common/roles.ts";
import { ACCESS_EXTENSION } from "./lib/api-route.ts";
import { DEMO_CEMETERIES, ensureRegistryCemetery } from "./modules/burials/burials.seed.ts";
import { managerCemeteries } from "./modules/access/access.tables.ts";
import { users } from "./modules/users/users.tables.ts";
import { createHarness, type Harness } from "./test/harness.ts";

/**
 * The permission walk: every operation of the OpenAPI document, called by an anonymous visitor
 * and by each role, against the access it declares (`x-permission`). Anonymous on anything but a
 * public operation is 401; a role without the permission is 403; a role holding it is never
 * 401 or 403 (404, 409, 422 … show it got past the gate). The operations come from the document
 * itself, so a new operation is walked, and must declare its access, without anyone adding it here.
 */

type Op = { method: string; path: string; access: unknown; body: "json" | "multipart" | null };
type Caller = "anonymous" | (typeof ROLES)[number];

let h: Harness;
let operations: Op[];
const tokens: Partial<Record<Caller, string>> = {};

/** A path with its parameters filled: records that exist (id 1 of each table, the manager's cemetery). */
const fill = (path: string) =>
  path.replace(/\{\w+\}/g, path.startsWith("/uploads/") ? "00000000-0000-4000-8000-000000000000" : "1");

beforeAll(async () => {
  h = await createHarness();
  await h.reset();
  // The demo manager works in cemetery 1, so the staff's operations on id 1 are in their scope.
  const [akimat] = (await h.db.execute("select id from akimats order by id limit 1")).rows as { id: number }[];
  const cemetery = await ensureRegistryCemetery(h.db, akimat?.id as number, DEMO_CEMETERIES[0] as never, {
    rows: 1,
    perRow: 2,
    seed: 1,
  });
  expect(cemetery).toBe(1);
  const [manager] = await h.db.select().from(users).where(eq(users.phone, h.phones.manager));
  await h.db.insert(managerCemeteries).values({ userId: manager?.id as number, cemeteryId: cemetery });
  for (const role of ROLES) tokens[role] = await h.login(h.phones[role]);

  const doc = (await h.request("GET", "/openapi.json")).json as {
    paths: Record<string, Record<string, { requestBody?: { content?: Record<string, unknown> } }>>;
  };
  operations = Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => {
      const content = Object.keys(op.requestBody?.content ?? {});
      return {
        method: method.toUpperCase(),
        path: path.replace(/^\/api\/v1/, ""),
        access: (op as Record<string, unknown>)[ACCESS_EXTENSION],
        body: content.includes("application/json") ? "json" : content.length ? "multipart" : null,
      } satisfies Op;
    }),
  );
  // Ending a session is walked last: the walk's tokens must live until then.
  operations.sort((a, b) => Number(a.path === "/auth/logout") - Number(b.path === "/auth/logout"));
});
afterAll(async () => h?.close());

describe("permissions of the API", () => {
  it("declares the access of every operation in the OpenAPI document (x-permission)", () => {
    expect(operations.length).toBeGreaterThan(60);
    const undeclared = operations
      .filter((o) => !(o.access === "public" || o.access === "signed-in" || isPermission(o.access)))
      .map((o) => `${o.method} ${o.path}: ${JSON.stringify(o.access)}`);
    expect(undeclared).toEqual([]);
  });

  it("documents every route the API answers (none is outside the walk)", () => {
    const documented = new Set(operations.map((o) => `${o.method} ${o.path.replace(/\{(\w+)\}/g, ":$1")}`));
    const served = new Set(
      h.api.routes
        .filter((r) => r.method !== "ALL")
        .map((r) => `${r.method} ${r.path.replace(/^\/api\/v1/, "")}`)
        .filter((r) => r !== "GET /openapi.json"),
    );
    expect([...served].filter((r) => !documented.has(r))).toEqual([]);
    expect(served.size).toBe(documented.size);
  });

  it("lets in exactly the callers each operation declares: 401 anonymous, 403 a role without it", async () => {
    const failures: string[] = [];
    const seen = { unauthorized: 0, forbidden: 0, passed: 0 };
    for (const op of operations) {
      const path = fill(op.path);
      for (const caller of ["anonymous", ...ROLES] as Caller[]) {
        const token = caller === "anonymous" ? undefined : tokens[caller];
        // A minimal body of the declared kind: the gate answers before the input is looked at.
        const res =
          op.body === "multipart"
            ? await multipart(op.method, path, token)
            : await h.request(op.method, path, { token, body: op.body === "json" ? {} : undefined });
        const access = op.access as Permission | "public" | "signed-in";
        const holds =
          access === "public" || (caller !== "anonymous" && (access === "signed-in" || can(caller, access)));
        const expected = holds ? "past the gate" : caller === "anonymous" ? 401 : 403;
        const ok = holds ? res.status !== 401 && res.status !== 403 : res.status === expected;
        if (!ok) {
          failures.push(
            `${caller} ${op.method} ${path} (${access}) → ${res.status}, expected ${expected}: ${JSON.stringify(res.json).slice(0, 100)}`,
          );
        }
        if (!holds && caller === "anonymous") seen.unauthorized++;
        else if (!holds) seen.forbidden++;
        else seen.passed++;
      }
    }
    expect(failures).toEqual([]);
    // The walk exercised all three outcomes, many times each.
    expect(seen.unauthorized).toBeGreaterThan(40);
    expect(seen.forbidden).toBeGreaterThan(150);
    expect(seen.passed).toBeGreaterThan(100);
    // Every operation by every caller, one after another: bounded by its own time, not the default 30 s.
  }, 180_000);
});

/** A multipart request with one small field, as a form would send it. */
async function multipart(method: string, path: string, token: string | undefined) {
  const form = new FormData();
  form.set("purpose", "photo");
  const res = await h.api.request(`/api/v1${path}`, {
    method,
    body: form,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  return { status: res.status, json: await res.json().catch(() => null) };
}
