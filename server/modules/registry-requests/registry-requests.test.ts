import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { assignManager } from "../../test/booking-fixtures.ts";
import { createHarness, type Harness, PNG, uploadUrl } from "../../test/harness.ts";
import { knownRegistry } from "../../test/registry-fixtures.ts";
import { auditLog } from "../audit/audit.tables.ts";
import { uploads } from "../uploads/uploads.tables.ts";
import { users } from "../users/users.tables.ts";
import { registryRequests } from "./registry-requests.tables.ts";

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => h.close());

let cemeteryId: number;
let otherCemeteryId: number;
beforeEach(async () => {
  await h.reset();
  // Only the known people live in the registry of this test.
  ({ cemeteryId, otherCemeteryId } = await knownRegistry(h.db));
});

describe("search requests", () => {
  const body = {
    applicantName: "Мария Иванова",
    applicantPhone: "+7 (701) 555-12-34",
    surname: "Жұмабаев",
    name: "Болат",
    deathYear: "1998",
    details: "Похоронен у восточной стены",
  };

  it("takes a request from an anonymous visitor, stores it as new and audits it", async () => {
    const res = await h.request("POST", "/registry-requests/search", { body });
    expect(res.status).toBe(201);
    const rows = (await h.db.execute("select status, applicant_phone, death_year from registry_requests")).rows;
    expect(rows).toEqual([{ status: "new", applicant_phone: "+77015551234", death_year: 1998 }]);
    const audit = (await h.db.execute("select action, to_state from audit_log where entity_type = 'registry_request'"))
      .rows;
    expect(audit).toEqual([{ action: "create", to_state: "new" }]);
  });

  it("explains missing fields in the visitor's language and limits requests per address", async () => {
    const bad = await h.request("POST", "/registry-requests/search", {
      body: { ...body, surname: "", deathYear: "98" },
      headers: { "accept-language": "kk" },
    });
    expect(bad.status).toBe(422);
    expect(bad.json.error.fields.map((f: { path: string }) => f.path).sort()).toEqual(["deathYear", "surname"]);
    expect(bad.json.error.fields.find((f: { path: string }) => f.path === "deathYear").message).toMatch(/төрт цифрмен/);
    for (let i = 0; i < 5; i++)
      expect((await h.request("POST", "/registry-requests/search", { body })).status).toBe(201);
    expect((await h.request("POST", "/registry-requests/search", { body })).status).toBe(429);
  });

  it("keeps an address to its hourly requests also when they arrive at once", async () => {
    const sent = await Promise.all(
      Array.from({ length: 8 }, () => h.request("POST", "/registry-requests/search", { body })),
    );
    expect(sent.map((r) => r.status).sort()).toEqual([201, 201, 201, 201, 201, 429, 429, 429]);
    expect(await h.db.select().from(registryRequests)).toHaveLength(5);
  });

  it("answers a cemetery that does not exist with 422 next to the field, not a server error", async () => {
    const res = await h.request("POST", "/registry-requests/search", { body: { ...body, cemeteryId: 999_999 } });
    expect(res.status).toBe(422);
    expect(res.json.error.fields).toMatchObject([{ path: "cemeteryId" }]);
    expect(await h.db.select().from(registryRequests)).toHaveLength(0);
  });
});

describe("add requests", () => {
  /** A photo of a grave uploaded by the holder of `token`, or by an anonymous visitor. */
  async function photo(token?: string) {
    const id = await h.upload(token ?? null, { name: "grave.png", type: "image/png", bytes: PNG, purpose: "photo" });
    return { id, url: uploadUrl(id) };
  }
  const body = {
    applicantName: "Айгүл Сейтқалиева",
    applicantPhone: "+7 (701) 555-44-22",
    surname: "Сейтқалиев",
    name: "Бекболат",
    deathDate: "1994-05-02",
    location: "Сектор 12, у большого тополя",
  };

  const bearer = (token: string) => ({ headers: { authorization: `Bearer ${token}` } });
  /** Assigns the demo manager to one cemetery; returns their token. */
  async function managerOf(id: number) {
    await assignManager(h.db, h.phones.manager, id);
    return h.login(h.phones.manager);
  }

  it("takes an anonymous visitor's request with photos, stored as new and audited", async () => {
    const p = await photo();
    const res = await h.request("POST", "/registry-requests/add", { body: { ...body, cemeteryId, photoIds: [p.id] } });
    expect(res.status).toBe(201);
    const [row] = await h.db.select().from(registryRequests);
    expect(row).toMatchObject({
      id: res.json.id,
      kind: "add",
      status: "new",
      applicantId: null,
      applicantPhone: "+77015554422",
      cemeteryId,
      deathYear: 1994,
      location: "Сектор 12, у большого тополя",
    });
    const audit = await h.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, "registry_request"), eq(auditLog.entityId, String(res.json.id))));
    expect(audit).toMatchObject([{ action: "create", toState: "new", actorId: null }]);
    const [file] = await h.db.select().from(uploads).where(eq(uploads.id, p.id));
    expect(file).toMatchObject({ entityType: "registry_request", entityId: String(res.json.id), isPublic: false });
    const admin = await h.login(h.phones.admin);
    const list = await h.request("GET", `/cemeteries/${cemeteryId}/requests`, { token: admin });
    expect(list.json.items[0]).toMatchObject({ kind: "add", photos: [{ id: p.id }] });
  });

  it("shows the photos to the staff of the request's cemetery only, never to the public", async () => {
    const p = await photo();
    const res = await h.request("POST", "/registry-requests/add", { body: { ...body, cemeteryId, photoIds: [p.id] } });
    expect(res.status).toBe(201);
    expect((await h.api.request(p.url)).status).toBe(404);
    const client = await h.login(h.phones.client);
    expect((await h.api.request(p.url, bearer(client))).status).toBe(404);
    // A manager of another cemetery does not handle this request.
    const foreign = await managerOf(otherCemeteryId);
    expect((await h.api.request(p.url, bearer(foreign))).status).toBe(404);
    const manager = await managerOf(cemeteryId);
    const ok = await h.api.request(p.url, bearer(manager));
    expect(ok.status).toBe(200);
    expect(ok.headers.get("cache-control")).toBe("private, no-store");
    const admin = await h.login(h.phones.admin);
    expect((await h.api.request(p.url, bearer(admin))).status).toBe(200);
  });

  it("shows the photos of a request naming no cemetery to the staff of any cemetery", async () => {
    const p = await photo();
    expect((await h.request("POST", "/registry-requests/add", { body: { ...body, photoIds: [p.id] } })).status).toBe(
      201,
    );
    const manager = await h.login(h.phones.manager);
    expect((await h.api.request(p.url, bearer(manager))).status).toBe(404);
    await managerOf(otherCemeteryId);
    expect((await h.api.request(p.url, bearer(manager))).status).toBe(200);
  });

  it("records the signed-in applicant and takes their own photos", async () => {
    const client = await h.login(h.phones.client);
    const p = await photo(client);
    const res = await h.request("POST", "/registry-requests/add", {
      token: client,
      body: { ...body, photoIds: [p.id] },
    });
    expect(res.status).toBe(201);
    const [me] = await h.db.select().from(users).where(eq(users.phone, h.phones.client));
    const [row] = await h.db.select().from(registryRequests);
    expect(row).toMatchObject({ kind: "add", applicantId: me?.id, cemeteryId: null });
    const [audit] = await h.db.select().from(auditLog).where(eq(auditLog.entityType, "registry_request"));
    expect(audit).toMatchObject({ actorId: me?.id, actorRole: "client" });
    // The applicant still opens their own photo.
    expect((await h.api.request(p.url, bearer(client))).status).toBe(200);
  });

  it("explains bad dates and a missing location in the visitor's language, storing nothing", async () => {
    const res = await h.request("POST", "/registry-requests/add", {
      headers: { "accept-language": "kk" },
      body: { ...body, location: "", birthDate: "2001-01-01", burialDate: "2999-01-01" },
    });
    expect(res.status).toBe(422);
    const message = (path: string) =>
      res.json.error.fields.find((f: { path: string }) => f.path === path)?.message as string;
    expect(message("location")).toContain("Қабір");
    expect(message("deathDate")).toBe("Қайтыс болған күн туған күннен бұрын болмауы керек.");
    expect(message("burialDate")).toBe("Күні болашақта болмауы керек.");
    const ru = await h.request("POST", "/registry-requests/add", {
      body: {
        ...body,
        applicantName: "",
        applicantPhone: "8701",
        surname: "",
        deathDate: "1994-05-02",
        burialDate: "1994-05-01",
      },
    });
    expect(ru.status).toBe(422);
    expect(ru.json.error.fields.map((f: { path: string }) => f.path).sort()).toEqual([
      "applicantName",
      "applicantPhone",
      "burialDate",
      "surname",
    ]);
    expect(ru.json.error.fields.find((f: { path: string }) => f.path === "burialDate").message).toBe(
      "Дата захоронения не может быть раньше даты смерти.",
    );
    const many = await h.request("POST", "/registry-requests/add", {
      body: { ...body, photoIds: Array.from({ length: 6 }, () => crypto.randomUUID()) },
    });
    expect(many.json.error.fields).toMatchObject([{ path: "photoIds", message: "Не больше 5 фотографий." }]);
    const nowhere = await h.request("POST", "/registry-requests/add", { body: { ...body, cemeteryId: 999_999 } });
    expect(nowhere.status).toBe(422);
    expect(nowhere.json.error.fields[0].path).toBe("cemeteryId");
    expect(await h.db.select().from(registryRequests)).toHaveLength(0);
  });

  it("refuses photos that are someone else's, another visitor's, or not photos", async () => {
    const client = await h.login(h.phones.client);
    const theirs = await photo(client);
    const res = await h.request("POST", "/registry-requests/add", { body: { ...body, photoIds: [theirs.id] } });
    expect(res.status).toBe(422);
    expect(res.json.error.fields).toMatchObject([
      { path: "photoIds", message: "Фотографии не найдены: загрузите их заново." },
    ]);
    // Uploaded anonymously from another address.
    const elsewhere = await photo();
    await h.db.update(uploads).set({ ip: "203.0.113.9" }).where(eq(uploads.id, elsewhere.id));
    const other = await h.request("POST", "/registry-requests/add", { body: { ...body, photoIds: [elsewhere.id] } });
    expect(other.status).toBe(422);
    // Already sent with an earlier request: not taken again.
    const mine = await photo();
    expect((await h.request("POST", "/registry-requests/add", { body: { ...body, photoIds: [mine.id] } })).status).toBe(
      201,
    );
    const again = await h.request("POST", "/registry-requests/add", { body: { ...body, photoIds: [mine.id] } });
    expect(again.status).toBe(422);
    expect(await h.db.select().from(registryRequests)).toHaveLength(1);
    const [file] = await h.db.select().from(uploads).where(eq(uploads.id, theirs.id));
    expect(file?.entityType).toBeNull();
  });

  it("shares the hourly limit per address with search requests", async () => {
    for (let i = 0; i < 3; i++) {
      expect(
        (await h.request("POST", "/registry-requests/search", { body: { ...body, surname: `Тест${i}` } })).status,
      ).toBe(201);
    }
    for (let i = 0; i < 2; i++) expect((await h.request("POST", "/registry-requests/add", { body })).status).toBe(201);
    const over = await h.request("POST", "/registry-requests/add", { body });
    expect(over.status).toBe(429);
    expect(over.json.error.code).toBe("rate_limited");
    expect(await h.db.select().from(registryRequests)).toHaveLength(5);
    // An hour later the address may ask again.
    h.setNow(new Date(Date.now() + 3601_000));
    expect((await h.request("POST", "/registry-requests/add", { body })).status).toBe(201);
  });
});
