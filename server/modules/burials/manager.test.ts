import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createHarness, type Harness } from "../../test/harness.ts";
import { managersCemeteries } from "../../test/registry-fixtures.ts";
import { auditLog } from "../audit/audit.tables.ts";
import { burials } from "./burials.tables.ts";
import { plots } from "../cemeteries/cemeteries.tables.ts";

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
