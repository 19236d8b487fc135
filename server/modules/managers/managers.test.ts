import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createHarness, type Harness } from "../../test/harness.ts";
import { akimats } from "../users/organisations.tables.ts";
import { auditLog } from "../audit/audit.tables.ts";
import { notifications } from "../notifications/notifications.tables.ts";
import { managerCemeteries } from "../access/access.tables.ts";
import { cemeteries } from "../cemeteries/cemeteries.tables.ts";
import { users } from "../users/users.tables.ts";
import { assertManagesCemetery, managerCemeteryIds } from "../access/access.service.ts";

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => h.close());

let kensai: number;
let central: number;
let admin: string;
beforeEach(async () => {
  await h.reset();
  const akimatId = ((await h.db.select().from(akimats))[0] as { id: number }).id;
  const made = await h.db
    .insert(cemeteries)
    .values([
      { akimatId, nameRu: "Мусульманское кладбище «Кенсай»", nameKk: "«Кеңсай» мұсылман зираты", city: "Алматы" },
      { akimatId, nameRu: "Центральное кладбище", nameKk: "Орталық зират", city: "Алматы" },
    ])
    .returning({ id: cemeteries.id });
  [kensai, central] = made.map((c) => c.id) as [number, number];
  admin = await h.login(h.phones.admin);
});

const person = { phone: "+7 (701) 777-66-55", surname: "Жұмабаев", name: "Нұрлан", patronymic: "Асқарұлы" };
const PHONE = "+77017776655";

const auditOf = async (managerId: number, action: string) =>
  h.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityType, "user"), eq(auditLog.entityId, String(managerId)), eq(auditLog.action, action)));

const notesOf = async (userId: number, kind: string) =>
  h.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.kind, kind)));

async function invite(body: Record<string, unknown> = { ...person, cemeteryIds: [kensai] }) {
  return h.request("POST", "/managers", { token: admin, body });
}

describe("cemetery managers (admin)", () => {
  it("the admin invites a manager with a cemetery; the manager signs in and works there, told in their language", async () => {
    const res = await invite();
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({
      phone: PHONE,
      surname: "Жұмабаев",
      status: "invited",
      lastLoginAt: null,
      cemeteries: [{ id: kensai, name: "Мусульманское кладбище «Кенсай»" }],
    });
    const id = res.json.id as number;
    const [row] = await h.db.select().from(users).where(eq(users.id, id));
    expect(row).toMatchObject({ role: "manager", phone: PHONE, status: "invited" });
    expect(await auditOf(id, "invite")).toMatchObject([{ actorRole: "admin", toState: "invited" }]);
    expect(await auditOf(id, "assign_cemetery")).toMatchObject([{ data: { cemeteryId: kensai } }]);

    const list = await h.request("GET", "/managers", { token: admin, headers: { "accept-language": "kk" } });
    expect(list.status).toBe(200);
    const mine = list.json.items.find((m: { id: number }) => m.id === id);
    expect(mine.cemeteries).toEqual([{ id: kensai, name: "«Кеңсай» мұсылман зираты" }]);
    expect(list.json.cemeteries.map((c: { name: string }) => c.name)).toEqual(
      expect.arrayContaining(["«Кеңсай» мұсылман зираты", "Орталық зират"]),
    );
    // The demo manager is listed too, with nothing assigned in this test's database.
    expect(list.json.items.map((m: { phone: string }) => m.phone)).toContain(h.phones.manager);

    // The invited person signs in with the phone and reaches their cemetery.
    const manager = await h.login(PHONE);
    const me = await h.request("GET", "/me", { token: manager });
    expect(me.json.user).toMatchObject({ role: "manager", name: "Нұрлан" });
    const theirs = await h.request("GET", "/manager/cemeteries", { token: manager });
    expect(theirs.json.items.map((c: { id: number }) => c.id)).toEqual([kensai]);
    const kk = await h.request("GET", "/notifications", { token: manager, headers: { "accept-language": "kk" } });
    expect(kk.json.items.map((n: { text: string }) => n.text)).toEqual(
      expect.arrayContaining([
        "Сізге зират бекітілді: «Кеңсай» мұсылман зираты.",
        expect.stringContaining("Сәлеметсіз бе, Нұрлан."),
      ]),
    );
    const ru = await h.request("GET", "/notifications", { token: manager });
    expect(ru.json.items.map((n: { text: string }) => n.text)).toContain(
      "Вам назначено кладбище: Мусульманское кладбище «Кенсай».",
    );
    const assignedNote = ru.json.items.find((n: { kind: string }) => n.kind === "cemetery_assigned");
    expect(assignedNote.link).toBe(`/manager/cemetery/${kensai}`);
    const after = await h.request("GET", "/managers", { token: admin });
    expect(after.json.items.find((m: { id: number }) => m.id === id).status).toBe("active");
  });

  it("assigns and unassigns idempotently: one audit row and one notification per real change", async () => {
    const id = (await invite({ ...person })).json.id as number;
    expect((await invite({ ...person })).json.cemeteries).toEqual([]);
    for (let i = 0; i < 2; i++) {
      const put = await h.request("PUT", `/managers/${id}/cemeteries/${central}`, { token: admin });
      expect(put.status).toBe(200);
      expect(put.json.cemeteries).toEqual([{ id: central, name: "Центральное кладбище" }]);
    }
    await h.request("PUT", `/managers/${id}/cemeteries/${kensai}`, { token: admin });
    expect(await managerCemeteryIds(h.db, id)).toEqual([kensai, central].sort((a, b) => a - b));
    expect(await auditOf(id, "assign_cemetery")).toHaveLength(2);
    expect(await notesOf(id, "cemetery_assigned")).toHaveLength(2);

    for (let i = 0; i < 2; i++) {
      const del = await h.request("DELETE", `/managers/${id}/cemeteries/${central}`, { token: admin });
      expect(del.status).toBe(200);
      expect(del.json.cemeteries.map((c: { id: number }) => c.id)).toEqual([kensai]);
    }
    expect(await managerCemeteryIds(h.db, id)).toEqual([kensai]);
    expect(await auditOf(id, "unassign_cemetery")).toMatchObject([
      { actorRole: "admin", data: { cemeteryId: central } },
    ]);
    const [unassigned] = await notesOf(id, "cemetery_unassigned");
    expect(unassigned?.params).toEqual({ cemetery_ru: "Центральное кладбище", cemetery_kk: "Орталық зират" });

    // The manager no longer reaches the cemetery taken away.
    const manager = await h.login(PHONE);
    await expect(assertManagesCemetery(h.db, { id, role: "manager" }, central)).rejects.toMatchObject({
      status: 403,
      code: "cemetery_not_assigned",
    });
    expect((await h.request("GET", `/cemeteries/${central}/requests`, { token: manager })).status).toBe(403);
  });

  it("answers 404 in the request's language for an unknown manager or cemetery", async () => {
    const id = (await invite({ ...person })).json.id as number;
    const noCemetery = await h.request("PUT", `/managers/${id}/cemeteries/99999`, { token: admin });
    expect(noCemetery.status).toBe(404);
    expect(noCemetery.json.error).toMatchObject({ code: "cemetery_not_found", message: "Кладбище не найдено." });
    const noManager = await h.request("PUT", `/managers/99999/cemeteries/${kensai}`, {
      token: admin,
      headers: { "accept-language": "kk" },
    });
    expect(noManager.status).toBe(404);
    expect(noManager.json.error).toMatchObject({ code: "manager_not_found", message: "Менеджер табылмады." });
    // A user of another role is not a manager either.
    const [client] = await h.db.select().from(users).where(eq(users.phone, h.phones.client));
    const notManager = await h.request("DELETE", `/managers/${client?.id}/cemeteries/${kensai}`, { token: admin });
    expect(notManager.json.error.code).toBe("manager_not_found");
    expect((await h.request("DELETE", `/managers/${client?.id}`, { token: admin })).status).toBe(404);
    const unknownOnInvite = await invite({ ...person, phone: "+77017776600", cemeteryIds: [kensai, 99999] });
    expect(unknownOnInvite.status).toBe(404);
    // All or nothing: the invitation of a refused request is not kept.
    expect(await h.db.select().from(users).where(eq(users.phone, "+77017776600"))).toEqual([]);
  });

  it("does not duplicate a manager invited again; refuses a phone of another role with 409 next to the field", async () => {
    const first = await invite();
    const again = await invite({ ...person, phone: "87017776655", name: "Другое", cemeteryIds: [central, kensai] });
    expect(again.status).toBe(200);
    expect(again.json.id).toBe(first.json.id);
    expect(again.json.name).toBe("Нұрлан");
    expect(again.json.cemeteries.map((c: { id: number }) => c.id).sort()).toEqual([kensai, central].sort());
    expect(await h.db.select().from(users).where(eq(users.phone, PHONE))).toHaveLength(1);
    expect(await auditOf(first.json.id, "invite")).toHaveLength(1);
    expect(await notesOf(first.json.id, "manager_invited")).toHaveLength(1);

    const taken = await invite({ ...person, phone: h.phones.supplier, cemeteryIds: [kensai] });
    expect(taken.status).toBe(409);
    expect(taken.json.error).toMatchObject({
      code: "phone_taken",
      fields: [{ path: "phone", message: "Этот номер телефона уже зарегистрирован." }],
    });
    const [supplier] = await h.db.select().from(users).where(eq(users.phone, h.phones.supplier));
    expect(supplier?.role).toBe("supplier");
    expect(
      await h.db
        .select()
        .from(managerCemeteries)
        .where(eq(managerCemeteries.userId, supplier?.id as number)),
    ).toEqual([]);
  });

  it("answers 422 with each field's message for a bad phone and missing names", async () => {
    const res = await invite({ phone: "+7 (701) 123", surname: "", name: " ", cemeteryIds: ["x"] });
    expect(res.status).toBe(422);
    const fields = Object.fromEntries(
      (res.json.error.fields as { path: string; message: string }[]).map((f) => [f.path, f.message]),
    );
    expect(fields.phone).toBe("Укажите номер телефона полностью: +7 (XXX) XXX-XX-XX.");
    expect(fields.surname).toBe("Заполните это поле.");
    expect(fields.name).toBe("Заполните это поле.");
    expect(fields["cemeteryIds.0"]).toBeTruthy();
    const kk = await h.request("POST", "/managers", {
      token: admin,
      body: { ...person, phone: "123" },
      headers: { "accept-language": "kk" },
    });
    expect(kk.json.error.fields[0].path).toBe("phone");
    expect(kk.json.error.fields[0].message).not.toBe(fields.phone);
  });

  it("removes a manager: sessions end, assignments go, the audit log keeps the trail", async () => {
    const id = (await invite()).json.id as number;
    const manager = await h.login(PHONE);
    const removed = await h.request("DELETE", `/managers/${id}`, { token: admin });
    expect(removed.status).toBe(200);
    expect((await h.request("GET", "/me", { token: manager })).status).toBe(401);
    expect(await managerCemeteryIds(h.db, id)).toEqual([]);
    expect(await auditOf(id, "remove")).toMatchObject([{ fromState: "active", data: { cemeteryIds: [kensai] } }]);
    expect((await h.request("DELETE", `/managers/${id}`, { token: admin })).status).toBe(404);
    // The phone may be invited again.
    expect((await invite()).status).toBe(201);
  });

  it.each(["client", "supplier", "manager", "akimat"] as const)("is closed to the %s role", async (role) => {
    const id = (await invite({ ...person })).json.id as number;
    const token = await h.login(h.phones[role]);
    const tries = [
      await h.request("GET", "/managers", { token }),
      await h.request("POST", "/managers", { token, body: { ...person, phone: "+77017776611" } }),
      await h.request("PUT", `/managers/${id}/cemeteries/${kensai}`, { token }),
      await h.request("DELETE", `/managers/${id}/cemeteries/${kensai}`, { token }),
      await h.request("DELETE", `/managers/${id}`, { token }),
    ];
    expect(tries.map((r) => r.status)).toEqual([403, 403, 403, 403, 403]);
    expect(await managerCemeteryIds(h.db, id)).toEqual([]);
    expect(await h.db.select().from(users).where(eq(users.phone, "+77017776611"))).toEqual([]);
  });

  it("is closed to anonymous callers", async () => {
    const id = (await invite({ ...person })).json.id as number;
    expect((await h.request("GET", "/managers")).status).toBe(401);
    expect((await h.request("POST", "/managers", { body: person })).status).toBe(401);
    expect((await h.request("PUT", `/managers/${id}/cemeteries/${kensai}`)).status).toBe(401);
    expect((await h.request("DELETE", `/managers/${id}/cemeteries/${kensai}`)).status).toBe(401);
    expect((await h.request("DELETE", `/managers/${id}`)).status).toBe(401);
  });

  it("lets the admin into every cemetery, a manager into their own, and no one else", async () => {
    const id = (await invite()).json.id as number;
    const [adminRow] = await h.db.select().from(users).where(eq(users.phone, h.phones.admin));
    const [clientRow] = await h.db.select().from(users).where(eq(users.phone, h.phones.client));
    await expect(assertManagesCemetery(h.db, { id: adminRow?.id as number, role: "admin" }, central)).resolves.toBe(
      undefined,
    );
    await expect(assertManagesCemetery(h.db, { id, role: "manager" }, kensai)).resolves.toBe(undefined);
    await expect(assertManagesCemetery(h.db, { id, role: "manager" }, central)).rejects.toMatchObject({
      status: 403,
      code: "cemetery_not_assigned",
    });
    await expect(
      assertManagesCemetery(h.db, { id: clientRow?.id as number, role: "client" }, kensai),
    ).rejects.toMatchObject({ status: 403, code: "forbidden" });
    expect(await managerCemeteryIds(h.db, clientRow?.id as number)).toEqual([]);
  });

  it("is described in the OpenAPI document", async () => {
    const doc = (await h.request("GET", "/openapi.json")).json;
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        "/api/v1/managers",
        "/api/v1/managers/{id}/cemeteries/{cemeteryId}",
        "/api/v1/managers/{id}",
      ]),
    );
    expect(Object.keys(doc.paths["/api/v1/managers/{id}/cemeteries/{cemeteryId}"])).toEqual(["put", "delete"]);
    expect(doc.components.schemas.Manager).toBeTruthy();
  });
});
