import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ensureSupplier, ensureUser } from "../../db/seed.ts";
import { createHarness, type Harness } from "../../test/harness.ts";

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => h.close());
beforeEach(async () => h.reset());

async function pendingSupplier() {
  const id = await ensureSupplier(h.db, {
    bin: "190640001234",
    companyName: "ТОО «Мәңгілік»",
    headName: "Серіков Болат",
    city: "Алматы",
    status: "pending",
  });
  await ensureUser(h.db, { phone: "+77015550000", role: "supplier", supplierId: id, name: "Болат" });
  return id;
}

describe("suppliers (admin)", () => {
  it("activates, blocks with a reason and unblocks, notifying the company and auditing each move", async () => {
    const id = await pendingSupplier();
    const admin = await h.login(h.phones.admin);
    const pending = await h.request("GET", "/suppliers?status=pending", { token: admin });
    expect(pending.json.items.map((s: { id: number }) => s.id)).toEqual([id]);
    // The answer lists what the admin may do now: the screen draws its buttons from it.
    expect(pending.json.items[0].moves).toEqual(["activate", "block"]);

    expect((await h.request("POST", `/suppliers/${id}/moves/activate`, { token: admin, body: {} })).status).toBe(200);
    const active = await h.request("GET", "/suppliers?status=active", { token: admin });
    expect(active.json.items.find((s: { id: number }) => s.id === id).moves).toEqual(["block"]);
    const noReason = await h.request("POST", `/suppliers/${id}/moves/block`, { token: admin, body: { reason: "" } });
    expect(noReason.status).toBe(422);
    expect(noReason.json.error.fields[0].path).toBe("reason");
    expect(
      (await h.request("POST", `/suppliers/${id}/moves/block`, { token: admin, body: { reason: "Жалобы клиентов" } }))
        .status,
    ).toBe(200);
    const blocked = await h.request("GET", "/suppliers?status=blocked", { token: admin });
    expect(blocked.json.items[0]).toMatchObject({ id, blockReason: "Жалобы клиентов", moves: ["unblock"] });
    expect((await h.request("POST", `/suppliers/${id}/moves/unblock`, { token: admin, body: {} })).status).toBe(200);

    const supplier = await h.login("+77015550000");
    // The company reads its own record; it may make no move on it.
    expect((await h.request("GET", "/suppliers/me", { token: supplier })).json).toMatchObject({
      id,
      status: "active",
      blockReason: null,
      moves: [],
    });
    const inbox = await h.request("GET", "/notifications", { token: supplier, headers: { "accept-language": "kk" } });
    expect(inbox.json.items.map((n: { kind: string }) => n.kind)).toEqual([
      "supplier_unblocked",
      "supplier_blocked",
      "supplier_activated",
    ]);
    expect(inbox.json.items[1].text).toContain("Жалобы клиентов");
    expect(inbox.json.items[2].text).toContain("белсендірілді");

    const audit = await h.db.execute(
      "select from_state, to_state, actor_role from audit_log where entity_type = 'supplier' order by id",
    );
    expect(audit.rows).toEqual([
      { from_state: "pending", to_state: "active", actor_role: "admin" },
      { from_state: "active", to_state: "blocked", actor_role: "admin" },
      { from_state: "blocked", to_state: "active", actor_role: "admin" },
    ]);
  });

  it("refuses moves the table does not allow", async () => {
    const id = await pendingSupplier();
    const admin = await h.login(h.phones.admin);
    const res = await h.request("POST", `/suppliers/${id}/moves/unblock`, { token: admin, body: {} });
    expect(res.status).toBe(409);
    expect(res.json.error.code).toBe("invalid_transition");
    expect((await h.request("POST", "/suppliers/9999/moves/activate", { token: admin, body: {} })).status).toBe(404);
  });

  it("filters by text", async () => {
    await pendingSupplier();
    const admin = await h.login(h.phones.admin);
    const res = await h.request("GET", `/suppliers?q=${encodeURIComponent("мәңгі")}`, { token: admin });
    expect(res.json.items).toHaveLength(1);
  });

  it("lists every company a page at a time, with the total, in the chosen order", async () => {
    await pendingSupplier();
    const admin = await h.login(h.phones.admin);
    const all = await h.request("GET", "/suppliers?pageSize=100", { token: admin });
    const total = all.json.total as number;
    expect(total).toBeGreaterThanOrEqual(2);
    expect(all.json.items).toHaveLength(total);
    const names = all.json.items
      .map((s: { companyName: string }) => s.companyName)
      .sort((a: string, b: string) => a.localeCompare(b, "ru"));
    const seen: string[] = [];
    for (let page = 1; page <= total; page++) {
      const one = await h.request("GET", `/suppliers?pageSize=1&page=${page}&sort=companyName`, { token: admin });
      expect(one.json).toMatchObject({ total, page, pageSize: 1 });
      seen.push(one.json.items[0].companyName);
    }
    expect(new Set(seen).size).toBe(total);
    expect(seen).toEqual([...seen].sort());
    expect([...seen].sort()).toEqual([...names].sort());
    // Past the last page: no items, and the total still says how many there are.
    const past = await h.request("GET", `/suppliers?pageSize=1&page=${total + 1}`, { token: admin });
    expect(past.json).toMatchObject({ items: [], total });
    expect((await h.request("GET", "/suppliers?status=gone", { token: admin })).status).toBe(422);
  });

  it.each(["client", "supplier", "manager", "akimat"] as const)("is closed to the %s role", async (role) => {
    const id = await pendingSupplier();
    const token = await h.login(h.phones[role]);
    expect((await h.request("GET", "/suppliers", { token })).status).toBe(403);
    expect((await h.request("POST", `/suppliers/${id}/moves/activate`, { token, body: {} })).status).toBe(403);
    expect((await h.request("POST", `/suppliers/${id}/moves/block`, { token, body: { reason: "xxx" } })).status).toBe(
      403,
    );
  });
});

describe("supplier documents", () => {
  const uploadPdf = (token: string) => h.upload(token, { name: "Свидетельство.pdf" });

  it("lets the supplier attach its own documents, which the admin then sees and can open", async () => {
    const supplier = await h.login(h.phones.supplier);
    const doc = await uploadPdf(supplier);
    const set = await h.request("PUT", "/suppliers/me/documents", { token: supplier, body: { documentIds: [doc] } });
    expect(set.status).toBe(200);
    expect(set.json.documents).toEqual([expect.objectContaining({ id: doc, name: "Свидетельство.pdf" })]);
    const admin = await h.login(h.phones.admin);
    const list = await h.request("GET", "/suppliers", { token: admin });
    const mine = list.json.items.find((s: { documents: unknown[] }) => s.documents.length);
    expect(mine.documents[0].id).toBe(doc);
    expect(
      (await h.api.request(`/api/v1/uploads/${doc}`, { headers: { authorization: `Bearer ${admin}` } })).status,
    ).toBe(200);
    const bell = await h.request("GET", "/notifications", { token: admin });
    expect(JSON.stringify(bell.json)).toContain("загрузил документы");
    // Removing it from the list lets it go.
    const cleared = await h.request("PUT", "/suppliers/me/documents", { token: supplier, body: { documentIds: [] } });
    expect(cleared.json.documents).toEqual([]);
  });

  it("refuses another person's upload and other roles", async () => {
    const client = await h.login(h.phones.client);
    const foreign = await uploadPdf(client);
    const supplier = await h.login(h.phones.supplier);
    const res = await h.request("PUT", "/suppliers/me/documents", {
      token: supplier,
      body: { documentIds: [foreign] },
    });
    expect(res.status).toBe(422);
    expect(res.json.error.code).toBe("upload_not_found");
    expect(
      (await h.request("PUT", "/suppliers/me/documents", { token: client, body: { documentIds: [] } })).status,
    ).toBe(403);
    expect((await h.request("GET", "/suppliers/me", { token: client })).status).toBe(403);
    expect((await h.request("GET", "/suppliers/me")).status).toBe(401);
  });
});
