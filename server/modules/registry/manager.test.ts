import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createHarness, type Harness } from "../../test/harness.ts";
import { akimats } from "../akimats/akimats.tables.ts";
import { auditLog } from "../audit/audit.tables.ts";
import { notifications } from "../notifications/notifications.tables.ts";
import { users } from "../users/users.tables.ts";
import { DEMO_CEMETERIES, ensureRegistryCemetery } from "./registry.seed.ts";
import { burials, managerCemeteries, plots, registryRequests } from "./registry.tables.ts";

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => h.close());

let mine: number;
let other: number;
let manager: string;
let freePlot: number;
let otherPlot: number;
beforeEach(async () => {
  await h.reset();
  const akimatId = ((await h.db.select().from(akimats))[0] as { id: number }).id;
  mine = await ensureRegistryCemetery(h.db, akimatId, DEMO_CEMETERIES[0] as never, { rows: 1, perRow: 4, seed: 1 });
  other = await ensureRegistryCemetery(h.db, akimatId, DEMO_CEMETERIES[1] as never, { rows: 1, perRow: 4, seed: 2 });
  await h.db.delete(burials);
  await h.db.update(plots).set({ status: "free" });
  const [m] = await h.db.select().from(users).where(eq(users.phone, h.phones.manager));
  await h.db.insert(managerCemeteries).values({ userId: m?.id as number, cemeteryId: mine });
  manager = await h.login(h.phones.manager);
  freePlot = ((await h.db.select().from(plots).where(eq(plots.cemeteryId, mine)))[0] as { id: number }).id;
  otherPlot = ((await h.db.select().from(plots).where(eq(plots.cemeteryId, other)))[0] as { id: number }).id;
});

const plot = async (id: number) => (await h.db.select().from(plots).where(eq(plots.id, id)))[0];
const record = { surname: "Оспанов", name: "Бақыт", patronymic: "Серікұлы", iin: "", deathDate: "2024-02-10" };

describe("the cemetery staff's registry", () => {
  it("shows a manager only the cemeteries assigned to them; the admin sees all", async () => {
    const res = await h.request("GET", "/manager/cemeteries", { token: manager });
    expect(res.json.items.map((c: { id: number }) => c.id)).toEqual([mine]);
    const admin = await h.login(h.phones.admin);
    expect((await h.request("GET", "/manager/cemeteries", { token: admin })).json.items).toHaveLength(2);
    const client = await h.login(h.phones.client);
    expect((await h.request("GET", "/manager/cemeteries", { token: client })).status).toBe(403);
  });

  it("lets a manager change a plot of their cemetery only, audited; others change nothing", async () => {
    const ok = await h.request("PATCH", `/plots/${freePlot}`, {
      token: manager,
      body: { status: "unavailable", notes: "Подтоплено весной" },
    });
    expect(ok.status).toBe(200);
    expect(await plot(freePlot)).toMatchObject({ status: "unavailable", notes: "Подтоплено весной" });
    const [audit] = await h.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, "plot"), eq(auditLog.entityId, String(freePlot))));
    expect(audit).toMatchObject({ action: "update", fromState: "free", toState: "unavailable" });

    const foreign = await h.request("PATCH", `/plots/${otherPlot}`, { token: manager, body: { status: "reserved" } });
    expect(foreign.status).toBe(403);
    expect(foreign.json.error.code).toBe("cemetery_not_assigned");
    const client = await h.login(h.phones.client);
    expect(
      (await h.request("PATCH", `/plots/${otherPlot}`, { token: client, body: { status: "reserved" } })).status,
    ).toBe(403);
    expect((await h.request("PATCH", `/plots/${otherPlot}`, { body: { status: "reserved" } })).status).toBe(401);
    expect((await h.request("POST", `/plots/${otherPlot}/burials`, { token: client, body: record })).status).toBe(403);
    expect((await plot(otherPlot))?.status).toBe("free");
    expect((await h.request("GET", `/manager/plots/${otherPlot}`, { token: manager })).status).toBe(403);
  });

  it("adds and corrects burial records; the plot's status follows them", async () => {
    const add = await h.request("POST", `/plots/${freePlot}/burials`, { token: manager, body: record });
    expect(add.status).toBe(201);
    expect((await plot(freePlot))?.status).toBe("occupied");
    // Occupied follows the records: it cannot be set or undone by hand.
    const free = await h.request("PATCH", `/plots/${freePlot}`, { token: manager, body: { status: "free" } });
    expect(free.status).toBe(422);
    expect(free.json.error.fields[0].path).toBe("status");
    const found = await h.request("GET", `/burials/search?q=${encodeURIComponent("Оспанов Бакыт")}`);
    expect(found.json.items[0]).toMatchObject({ surname: "Оспанов", deathYear: 2024 });
    const fix = await h.request("PUT", `/burials/${add.json.id}`, {
      token: manager,
      body: { ...record, surname: "Оспанова", name: "Бақытгүл", patronymic: "Серікқызы" },
    });
    expect(fix.status).toBe(200);
    const staff = await h.request("GET", `/manager/plots/${freePlot}`, { token: manager });
    expect(staff.json.burials[0]).toMatchObject({ surname: "Оспанова", deathDate: "2024-02-10" });
    // Bad dates are explained and nothing is saved.
    const bad = await h.request("POST", `/plots/${freePlot}/burials`, {
      token: manager,
      body: { ...record, birthDate: "2030-01-01" },
    });
    expect(bad.status).toBe(422);
    expect(bad.json.error.fields[0].path).toBe("deathDate");
    expect(await h.db.select().from(burials)).toHaveLength(1);
  });

  it("answers a visitor's search request, which tells the applicant", async () => {
    const client = await h.login(h.phones.client);
    const asked = await h.request("POST", "/registry-requests/search", {
      token: client,
      body: { applicantName: "Мария", applicantPhone: "+77015550011", surname: "Оспанов", cemeteryId: mine },
    });
    expect(asked.status).toBe(201);
    const add = await h.request("POST", `/plots/${freePlot}/burials`, { token: manager, body: record });
    const list = await h.request("GET", `/cemeteries/${mine}/requests`, { token: manager });
    expect(list.json.items.map((r: { id: number }) => r.id)).toEqual([asked.json.id]);
    expect((await h.request("GET", `/cemeteries/${other}/requests`, { token: manager })).status).toBe(403);

    const empty = await h.request("POST", `/registry-requests/${asked.json.id}/answer`, {
      token: manager,
      body: { status: "found", answer: "" },
    });
    expect(empty.status).toBe(422);
    const res = await h.request("POST", `/registry-requests/${asked.json.id}/answer`, {
      token: manager,
      body: { status: "found", answer: "Сектор А, ряд 1.", burialId: add.json.id },
    });
    expect(res.status).toBe(200);
    const [stored] = await h.db.select().from(registryRequests);
    expect(stored).toMatchObject({ status: "found", burialId: add.json.id, answer: "Сектор А, ряд 1." });
    const [note] = await h.db.select().from(notifications).where(eq(notifications.kind, "registry_found"));
    expect(note?.link).toBe(`/search?grave=${add.json.id}`);
    expect(h.sms.sent.at(-1)).toMatchObject({ phone: "+77015550011" });
    expect(h.sms.sent.at(-1)?.text).toContain("Сектор А, ряд 1.");
    expect(
      (await h.request("GET", `/cemeteries/${mine}/requests?status=closed`, { token: manager })).json.items,
    ).toHaveLength(1);
    // A closed request stays closed.
    const again = await h.request("POST", `/registry-requests/${asked.json.id}/answer`, {
      token: manager,
      body: { status: "not_found", answer: "Нет" },
    });
    expect(again.status).toBe(409);
  });
});
