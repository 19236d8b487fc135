import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createHarness, type Harness } from "../../test/harness.ts";
import { managersCemeteries } from "../../test/registry-fixtures.ts";
import { managerCemeteries } from "../access/access.tables.ts";
import { DEMO_CEMETERIES } from "../burials/burials.seed.ts";
import { notifications } from "../notifications/notifications.tables.ts";
import { registryRequests } from "./registry-requests.tables.ts";

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
  ({ mine, other, manager, freePlot, otherPlot } = await managersCemeteries(h));
});

const record = { surname: "Оспанов", name: "Бақыт", patronymic: "Серікұлы", iin: "", deathDate: "2024-02-10" };

describe("answering requests", () => {
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

    const empty = await h.request("POST", `/registry-requests/${asked.json.id}/moves/answer_found`, {
      token: manager,
      body: { answer: "" },
    });
    expect(empty.status).toBe(422);
    // Taken in progress first (no answer needed, nobody told), then it can only be closed.
    const take = { token: manager, body: {} };
    expect((await h.request("POST", `/registry-requests/${asked.json.id}/moves/take`, take)).status).toBe(200);
    const taken = await h.request("GET", `/cemeteries/${mine}/requests`, { token: manager });
    expect(taken.json.items).toMatchObject([
      { status: "in_progress", moves: ["answer_found", "answer_added", "answer_not_found"] },
    ]);
    expect((await h.request("POST", `/registry-requests/${asked.json.id}/moves/take`, take)).status).toBe(409);
    const res = await h.request("POST", `/registry-requests/${asked.json.id}/moves/answer_found`, {
      token: manager,
      body: { answer: "Сектор А, ряд 1.", burialId: add.json.id },
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
    const again = await h.request("POST", `/registry-requests/${asked.json.id}/moves/answer_not_found`, {
      token: manager,
      body: { answer: "Нет" },
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
    const res = await h.request("POST", `/registry-requests/${asked.json.id}/moves/answer_found`, {
      token: manager,
      body: { answer: "Нашли", burialId: foreign.json.id },
    });
    expect(res.status).toBe(422);
    expect(res.json.error.fields[0].path).toBe("burialId");
    expect((await h.db.select().from(registryRequests))[0]?.status).toBe("new");
  });

  it("is out of reach of the staff of another cemetery: 404, nothing written", async () => {
    const asked = await h.request("POST", "/registry-requests/search", {
      body: { applicantName: "Мария", applicantPhone: "+77015550011", surname: "Оспанов", cemeteryId: mine },
    });
    // The manager moves to the other cemetery only.
    await h.db.delete(managerCemeteries).where(eq(managerCemeteries.cemeteryId, mine));
    for (const [move, body] of [
      ["take", {}],
      ["answer_not_found", { answer: "Нет" }],
    ] as const) {
      const res = await h.request("POST", `/registry-requests/${asked.json.id}/moves/${move}`, {
        token: manager,
        body,
      });
      expect(res.status).toBe(404);
      expect(res.json.error.code).toBe("request_not_found");
    }
    expect((await h.db.select().from(registryRequests))[0]).toMatchObject({ status: "new", answeredBy: null });
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
