import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createHarness, type Harness } from "../../test/harness.ts";

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => h.close());
beforeEach(async () => h.reset());

const newAkimat = {
  nameRu: "Акимат города Қонаев",
  nameKk: "Қонаев қаласының әкімдігі",
  city: "Қонаев",
  address: "ул. Индустриальная, 3",
  phone: "",
  admin: { phone: "+7 701 111 22 33", surname: "Оспанова", name: "Динара" },
};

describe("akimats (admin)", () => {
  it("creates an akimat with its first admin, who signs in and lands as the akimat's admin", async () => {
    const admin = await h.login(h.phones.admin);
    const res = await h.request("POST", "/akimats", { token: admin, body: newAkimat });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ nameKk: "Қонаев қаласының әкімдігі", employeeCount: 1 });
    const details = await h.request("GET", `/akimats/${res.json.id}`, { token: admin });
    expect(details.json.employees).toEqual([
      expect.objectContaining({ phone: "+77011112233", akimatRole: "admin", status: "invited" }),
    ]);
    const invited = await h.login("+77011112233");
    const me = await h.request("GET", "/me", { token: invited });
    expect(me.json.user).toMatchObject({ role: "akimat", akimatRole: "admin", akimatId: res.json.id });
    expect(me.json.organisation).toMatchObject({ kind: "akimat", name: "Акимат города Қонаев" });
    expect(me.json.unreadNotifications).toBe(1);
    const after = await h.request("GET", `/akimats/${res.json.id}`, { token: admin });
    expect(after.json.employees[0].status).toBe("active");
    const audit = await h.db.execute("select entity_type, action, from_state, to_state from audit_log order by id");
    expect(audit.rows).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ entity_type: "akimat", action: "create" }),
        expect.objectContaining({ entity_type: "user", action: "invite", to_state: "invited" }),
        expect.objectContaining({
          entity_type: "user",
          action: "first_login",
          from_state: "invited",
          to_state: "active",
        }),
      ]),
    );
  });

  it("refuses a phone that already has an account, and creates nothing", async () => {
    const admin = await h.login(h.phones.admin);
    const res = await h.request("POST", "/akimats", {
      token: admin,
      body: { ...newAkimat, admin: { ...newAkimat.admin, phone: h.phones.client } },
    });
    expect(res.status).toBe(409);
    expect(res.json.error.fields).toEqual([{ path: "phone", message: expect.any(String) }]);
    const list = await h.request("GET", "/akimats", { token: admin });
    expect(list.json.items.map((a: { nameRu: string }) => a.nameRu)).not.toContain("Акимат города Қонаев");
  });

  it("validates every field with translated messages", async () => {
    const admin = await h.login(h.phones.admin);
    const res = await h.request("POST", "/akimats", {
      token: admin,
      body: { nameRu: "", city: "Алматы", admin: { phone: "12" } },
      headers: { "accept-language": "kk" },
    });
    expect(res.status).toBe(422);
    const byPath = Object.fromEntries(
      res.json.error.fields.map((f: { path: string; message: string }) => [f.path, f.message]),
    );
    expect(byPath.nameRu).toBe("Бұл өрісті толтырыңыз.");
    expect(byPath.nameKk).toBe("Бұл өрісті толтырыңыз.");
    expect(byPath["admin.phone"]).toMatch(/Телефон нөмірін/);
  });

  it("updates an akimat; a missing one is 404", async () => {
    const admin = await h.login(h.phones.admin);
    const [first] = (await h.request("GET", "/akimats", { token: admin })).json.items;
    const res = await h.request("PUT", `/akimats/${first.id}`, {
      token: admin,
      body: { nameRu: "Акимат г. Алматы", nameKk: "Алматы әкімдігі", city: "Алматы", address: "", phone: "" },
    });
    expect(res.json.nameRu).toBe("Акимат г. Алматы");
    const missing = await h.request("PUT", "/akimats/9999", {
      token: admin,
      body: { nameRu: "x", nameKk: "x", city: "x" },
    });
    expect(missing.status).toBe(404);
  });

  it.each(["client", "supplier", "manager", "akimat"] as const)("is closed to the %s role", async (role) => {
    const token = await h.login(h.phones[role]);
    expect((await h.request("GET", "/akimats", { token })).status).toBe(403);
    expect((await h.request("POST", "/akimats", { token, body: newAkimat })).status).toBe(403);
    expect((await h.request("PUT", "/akimats/1", { token, body: newAkimat })).status).toBe(403);
  });

  it("is closed to anonymous visitors, but the public contacts are open", async () => {
    expect((await h.request("GET", "/akimats")).status).toBe(401);
    const pub = await h.request("GET", "/public/akimats", { headers: { "accept-language": "kk" } });
    expect(pub.json.items[0]).toMatchObject({ name: "Алматы қаласының әкімдігі", city: "Алматы" });
  });
});
