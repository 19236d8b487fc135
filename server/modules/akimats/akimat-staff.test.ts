import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createHarness, type Harness } from "../../test/harness.ts";

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => h.close());
beforeEach(async () => h.reset());

const person = { phone: "+77012223344", surname: "Сәрсенов", name: "Әлібек", akimatRole: "employee" };

describe("akimat staff", () => {
  it("the akimat's admin invites, edits and removes an employee; removal ends their sessions", async () => {
    const admin = await h.login(h.phones.akimat);
    const invited = await h.request("POST", "/akimat/employees", { token: admin, body: person });
    expect(invited.status).toBe(201);
    expect(invited.json).toMatchObject({ status: "invited", akimatRole: "employee" });
    const employee = await h.login(person.phone);
    const list = await h.request("GET", "/akimat/employees", { token: employee });
    expect(list.json.canManage).toBe(false);
    expect(list.json.items).toHaveLength(2);

    const edited = await h.request("PUT", `/akimat/employees/${invited.json.id}`, {
      token: admin,
      body: { surname: "Сәрсенов", name: "Әлібек", position: "Специалист", akimatRole: "admin" },
    });
    expect(edited.json).toMatchObject({ position: "Специалист", akimatRole: "admin" });

    const removed = await h.request("DELETE", `/akimat/employees/${invited.json.id}`, { token: admin });
    expect(removed.status).toBe(200);
    expect((await h.request("GET", "/me", { token: employee })).status).toBe(401);
  });

  it("an employee who is not the akimat's admin changes nothing", async () => {
    const admin = await h.login(h.phones.akimat);
    await h.request("POST", "/akimat/employees", { token: admin, body: person });
    const employee = await h.login(person.phone);
    const res = await h.request("POST", "/akimat/employees", {
      token: employee,
      body: { ...person, phone: "+77012223355" },
    });
    expect(res.status).toBe(403);
    expect(res.json.error.code).toBe("not_akimat_admin");
    const list = (await h.request("GET", "/akimat/employees", { token: admin })).json.items;
    const adminId = list.find((e: { phone: string }) => e.phone === h.phones.akimat).id;
    expect((await h.request("DELETE", `/akimat/employees/${adminId}`, { token: employee })).status).toBe(403);
  });

  it("an akimat admin cannot touch another akimat's staff", async () => {
    const platformAdmin = await h.login(h.phones.admin);
    await h.request("POST", "/akimats", {
      token: platformAdmin,
      body: {
        nameRu: "Акимат Талгара",
        nameKk: "Талғар әкімдігі",
        city: "Талғар",
        admin: { phone: "+77019990000", surname: "Ким", name: "Анна" },
      },
    });
    const otherAdmin = await h.login("+77019990000");
    const almatyAdmin = await h.login(h.phones.akimat);
    const almatyStaff = (await h.request("GET", "/akimat/employees", { token: almatyAdmin })).json.items;
    const target = almatyStaff[0].id;
    expect((await h.request("DELETE", `/akimat/employees/${target}`, { token: otherAdmin })).status).toBe(404);
    const theirs = (await h.request("GET", "/akimat/employees", { token: otherAdmin })).json.items;
    expect(theirs.map((e: { phone: string }) => e.phone)).toEqual(["+77019990000"]);
  });

  it("an admin can neither remove nor demote themselves", async () => {
    const admin = await h.login(h.phones.akimat);
    const me = (await h.request("GET", "/me", { token: admin })).json.user;
    expect((await h.request("DELETE", `/akimat/employees/${me.id}`, { token: admin })).json.error.code).toBe(
      "cannot_remove_self",
    );
    const demote = await h.request("PUT", `/akimat/employees/${me.id}`, {
      token: admin,
      body: { surname: me.surname, name: me.name, akimatRole: "employee" },
    });
    expect(demote.json.error.code).toBe("cannot_remove_self");
  });

  it.each(["client", "supplier", "manager", "admin"] as const)("is closed to the %s role", async (role) => {
    const token = await h.login(h.phones[role]);
    expect((await h.request("GET", "/akimat/employees", { token })).status).toBe(403);
    expect((await h.request("POST", "/akimat/employees", { token, body: person })).status).toBe(403);
  });
});
