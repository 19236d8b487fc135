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

    // "Reserved" follows the families' holds: staff cannot set it (nor "occupied") by hand.
    const byHand = await h.request("PATCH", `/plots/${freePlot}`, { token: manager, body: { status: "reserved" } });
    expect(byHand.status).toBe(422);
    expect(byHand.json.error.fields[0].path).toBe("status");
    const foreign = await h.request("PATCH", `/plots/${otherPlot}`, {
      token: manager,
      body: { status: "unavailable" },
    });
    expect(foreign.status).toBe(403);
    expect(foreign.json.error.code).toBe("cemetery_not_assigned");
    const client = await h.login(h.phones.client);
    expect(
      (await h.request("PATCH", `/plots/${otherPlot}`, { token: client, body: { status: "unavailable" } })).status,
    ).toBe(403);
    expect((await h.request("PATCH", `/plots/${otherPlot}`, { body: { status: "unavailable" } })).status).toBe(401);
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
    expect(list.json.items[0].moves).toEqual(["take", "answer_found", "answer_added", "answer_not_found"]);
    expect((await h.request("GET", `/cemeteries/${other}/requests`, { token: manager })).status).toBe(403);

    const empty = await h.request("POST", `/registry-requests/${asked.json.id}/answer`, {
      token: manager,
      body: { status: "found", answer: "" },
    });
    expect(empty.status).toBe(422);
    // Taken in progress first (no answer needed, nobody told), then it can only be closed.
    const take = { token: manager, body: { status: "in_progress" } };
    expect((await h.request("POST", `/registry-requests/${asked.json.id}/answer`, take)).status).toBe(200);
    const taken = await h.request("GET", `/cemeteries/${mine}/requests`, { token: manager });
    expect(taken.json.items).toMatchObject([
      { status: "in_progress", moves: ["answer_found", "answer_added", "answer_not_found"] },
    ]);
    expect((await h.request("POST", `/registry-requests/${asked.json.id}/answer`, take)).status).toBe(409);
    const res = await h.request("POST", `/registry-requests/${asked.json.id}/answer`, {
      token: manager,
      body: { status: "found", answer: "Сектор А, ряд 1.", burialId: add.json.id },
    });
    expect(res.status).toBe(200);
    const [stored] = await h.db.select().from(registryRequests);
    expect(stored).toMatchObject({ status: "found", burialId: add.json.id, answer: "Сектор А, ряд 1." });
    const [note] = await h.db.select().from(notifications).where(eq(notifications.kind, "registry_found"));
    expect(note?.link).toBe(`/search?grave=${add.json.id}`);
    // The SMS waits in the outbox until the queue runs, then goes once.
    expect(h.sms.sent.filter((m) => m.phone === "+77015550011")).toEqual([]);
    expect(await h.runQueue()).toEqual({ ran: 1, failed: 0, retried: 0 });
    expect(await h.runQueue()).toEqual({ ran: 0, failed: 0, retried: 0 });
    expect(h.sms.sent.filter((m) => m.phone === "+77015550011")).toHaveLength(1);
    expect(h.sms.sent.at(-1)).toMatchObject({ phone: "+77015550011" });
    expect(h.sms.sent.at(-1)?.text).toContain("Сектор А, ряд 1.");
    const closed = await h.request("GET", `/cemeteries/${mine}/requests?status=closed`, { token: manager });
    expect(closed.json.items).toMatchObject([{ id: asked.json.id, status: "found", moves: [] }]);
    // A closed request stays closed.
    const again = await h.request("POST", `/registry-requests/${asked.json.id}/answer`, {
      token: manager,
      body: { status: "not_found", answer: "Нет" },
    });
    expect(again.status).toBe(409);
  });

  it("answers with a record of the caller's cemeteries only", async () => {
    const asked = await h.request("POST", "/registry-requests/search", {
      body: { applicantName: "Мария", applicantPhone: "+77015550011", surname: "Оспанов", cemeteryId: mine },
    });
    // The admin adds a record in the cemetery the manager does not keep.
    const admin = await h.login(h.phones.admin);
    const foreign = await h.request("POST", `/plots/${otherPlot}/burials`, { token: admin, body: record });
    expect(foreign.status).toBe(201);
    const res = await h.request("POST", `/registry-requests/${asked.json.id}/answer`, {
      token: manager,
      body: { status: "found", answer: "Нашли", burialId: foreign.json.id },
    });
    expect(res.status).toBe(422);
    expect(res.json.error.fields[0].path).toBe("burialId");
    expect((await h.db.select().from(registryRequests))[0]?.status).toBe("new");
  });
});

/** Inserts requests straight into the table: as many as a busy month brings. */
async function addRequests(n: number, values: Partial<typeof registryRequests.$inferInsert>) {
  const start = Date.parse("2026-10-01T08:00:00Z");
  const rows = Array.from({ length: n }, (_, i) => ({
    kind: "search" as const,
    applicantName: `Заявитель ${i}`,
    applicantPhone: "+77015550011",
    surname: `Фамилия${i}`,
    ip: "10.0.0.1",
    createdAt: new Date(start + i * 60_000),
    ...values,
  }));
  await h.db.insert(registryRequests).values(rows);
}

describe("the requests inbox", () => {
  it("shows a manager the requests of their cemeteries and those naming none; the admin all", async () => {
    await addRequests(3, { cemeteryId: mine });
    await addRequests(2, { cemeteryId: other });
    await addRequests(1, { cemeteryId: null, kind: "add" });
    const res = await h.request("GET", "/manager/requests", { token: manager });
    expect(res.status).toBe(200);
    expect(res.json.total).toBe(4);
    expect(new Set(res.json.items.map((r: { cemeteryId: number | null }) => r.cemeteryId))).toEqual(
      new Set([mine, null]),
    );
    expect(res.json.items.find((r: { cemeteryId: number }) => r.cemeteryId === mine).cemeteryName).toBe(
      DEMO_CEMETERIES[0]?.nameRu,
    );
    const admin = await h.login(h.phones.admin);
    expect((await h.request("GET", "/manager/requests", { token: admin })).json.total).toBe(6);
    // Filters: kind, one cemetery, none named; another's cemetery is refused.
    expect((await h.request("GET", "/manager/requests?kind=add", { token: manager })).json.total).toBe(1);
    expect((await h.request("GET", `/manager/requests?cemeteryId=${mine}`, { token: manager })).json.total).toBe(3);
    expect((await h.request("GET", "/manager/requests?cemeteryId=none", { token: manager })).json.total).toBe(1);
    const foreign = await h.request("GET", `/manager/requests?cemeteryId=${other}`, { token: manager });
    expect(foreign.status).toBe(403);
    expect((await h.request("GET", `/manager/requests?cemeteryId=${other}`, { token: admin })).json.total).toBe(2);
    // A manager with no cemetery sees nothing, not even the requests that named none.
    await h.db.delete(managerCemeteries);
    expect((await h.request("GET", "/manager/requests", { token: manager })).json).toMatchObject({
      items: [],
      total: 0,
    });
  });

  it("refuses visitors, clients and bad filters", async () => {
    expect((await h.request("GET", "/manager/requests")).status).toBe(401);
    const client = await h.login(h.phones.client);
    expect((await h.request("GET", "/manager/requests", { token: client })).status).toBe(403);
    const supplier = await h.login(h.phones.supplier);
    expect((await h.request("GET", "/manager/requests", { token: supplier })).status).toBe(403);
    // A filter decides which requests are listed: a wrong one is refused, never dropped.
    for (const q of ["status=lost", "kind=other", "cemeteryId=99999999999", "cemeteryId=abc"]) {
      const res = await h.request("GET", `/manager/requests?${q}`, { token: manager });
      expect(res.status, q).toBe(422);
      expect(res.json.error.fields[0].path, q).toBe(q.split("=")[0]);
    }
    // Page, size and order only present them: an odd value falls back (first page, at most 100, newest first).
    for (const q of ["pageSize=1000", "page=0", "page=99999999999", "sort=up", "sort=-status"]) {
      const res = await h.request("GET", `/manager/requests?${q}`, { token: manager });
      expect(res.status, q).toBe(200);
      expect(res.json.pageSize, q).toBe(q === "pageSize=1000" ? 100 : 20);
      expect(res.json.page, q).toBe(q === "page=99999999999" ? 10_000 : 1);
    }
  });

  it("pages past 200 with the right total, filtered by status and sorted either way", async () => {
    await addRequests(230, { cemeteryId: mine });
    await addRequests(5, { cemeteryId: mine, status: "found", answer: "Да" });
    const first = await h.request("GET", `/manager/requests?pageSize=100`, { token: manager });
    expect(first.json).toMatchObject({ total: 230, page: 1, pageSize: 100 });
    expect(first.json.items).toHaveLength(100);
    expect(first.json.items[0].surname).toBe("Фамилия229");
    const last = await h.request("GET", `/manager/requests?pageSize=100&page=3`, { token: manager });
    expect(last.json.items).toHaveLength(30);
    expect(last.json.items.at(-1).surname).toBe("Фамилия0");
    const all = [...first.json.items, ...last.json.items];
    const middle = await h.request("GET", `/manager/requests?pageSize=100&page=2`, { token: manager });
    all.push(...middle.json.items);
    expect(new Set(all.map((r: { id: number }) => r.id)).size).toBe(230);
    const oldest = await h.request("GET", `/manager/requests?sort=createdAt&pageSize=1`, { token: manager });
    expect(oldest.json.items[0].surname).toBe("Фамилия0");
    expect((await h.request("GET", "/manager/requests?status=closed", { token: manager })).json.total).toBe(5);
    expect((await h.request("GET", "/manager/requests?status=found", { token: manager })).json.total).toBe(5);
    expect((await h.request("GET", "/manager/requests?status=all", { token: manager })).json.total).toBe(235);
    // The cemetery's own list pages too, instead of stopping at 200.
    const own = await h.request("GET", `/cemeteries/${mine}/requests?page=5&pageSize=50`, { token: manager });
    expect(own.json).toMatchObject({ total: 230, page: 5 });
    expect(own.json.items).toHaveLength(30);
  });
});

describe("the record picker of the answer form", () => {
  it("finds records of the manager's cemetery by name or number, and no other cemetery's", async () => {
    const ours = await h.request("POST", `/plots/${freePlot}/burials`, { token: manager, body: record });
    const admin = await h.login(h.phones.admin);
    const theirs = await h.request("POST", `/plots/${otherPlot}/burials`, { token: admin, body: record });
    const res = await h.request("GET", `/manager/burials?cemeteryId=${mine}&q=${encodeURIComponent("оспанов бакыт")}`, {
      token: manager,
    });
    expect(res.status).toBe(200);
    expect(res.json.items).toHaveLength(1);
    expect(res.json.items[0]).toMatchObject({ id: ours.json.id, surname: "Оспанов", deathYear: 2024 });
    expect(res.json.items[0]).toHaveProperty("sector");
    expect(res.json.items[0]).toHaveProperty("row");
    expect(res.json.items[0]).toHaveProperty("place");
    const byNumber = await h.request(
      "GET",
      `/manager/burials?cemeteryId=${mine}&q=${encodeURIComponent(`№${ours.json.id}`)}`,
      {
        token: manager,
      },
    );
    expect(byNumber.json.items.map((b: { id: number }) => b.id)).toEqual([ours.json.id]);
    // Another cemetery's record is not found by number in this one, and that cemetery is refused.
    const wrong = await h.request("GET", `/manager/burials?cemeteryId=${mine}&q=${theirs.json.id}`, { token: manager });
    expect(wrong.json.items).toEqual([]);
    expect((await h.request("GET", `/manager/burials?cemeteryId=${other}&q=Оспанов`, { token: manager })).status).toBe(
      403,
    );
    expect(
      (await h.request("GET", `/manager/burials?cemeteryId=${other}&q=Оспанов`, { token: admin })).json.items,
    ).toHaveLength(1);
    expect((await h.request("GET", `/manager/burials?cemeteryId=${mine}&q=Оспанов`)).status).toBe(401);
    const client = await h.login(h.phones.client);
    expect((await h.request("GET", `/manager/burials?cemeteryId=${mine}&q=Оспанов`, { token: client })).status).toBe(
      403,
    );
    expect((await h.request("GET", `/manager/burials?cemeteryId=${mine}&q=`, { token: manager })).status).toBe(422);
  });

  it("gives staff maps the box around a cemetery's plots", async () => {
    const res = await h.request("GET", `/manager/cemeteries/${mine}/extent`, { token: manager });
    expect(res.status).toBe(200);
    const [minLng, minLat, maxLng, maxLat] = res.json.extent;
    const all = await h.db.select().from(plots).where(eq(plots.cemeteryId, mine));
    expect(minLng).toBe(Math.min(...all.map((p) => p.minLng)));
    expect(maxLat).toBe(Math.max(...all.map((p) => p.maxLat)));
    expect(minLat).toBeLessThan(maxLat);
    expect(minLng).toBeLessThan(maxLng);
    expect((await h.request("GET", `/manager/cemeteries/${other}/extent`, { token: manager })).status).toBe(403);
  });
});
