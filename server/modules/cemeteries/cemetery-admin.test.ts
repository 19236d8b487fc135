import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createHarness, type Harness } from "../../test/harness.ts";
import { cemeteryForm, createCemetery, demoAkimatId, knownRegistry, RING } from "../../test/registry-fixtures.ts";
import { auditLog } from "../audit/audit.tables.ts";
import { plots } from "./cemeteries.tables.ts";

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => h.close());

let admin: string;
let akimatId: number;
beforeEach(async () => {
  await h.reset();
  admin = await h.login(h.phones.admin);
  akimatId = await demoAkimatId(h.db);
});

const cemetery = (over: Record<string, unknown> = {}) => cemeteryForm(akimatId, over);
const create = (over: Record<string, unknown> = {}) => createCemetery(h, admin, cemetery(over));

describe("cemeteries (admin)", () => {
  it("creates and edits a cemetery with its boundary, audited, and shows it to the public", async () => {
    const id = await create();
    const pub = await h.request("GET", `/cemeteries/${id}`, { headers: { "accept-language": "kk" } });
    expect(pub.json).toMatchObject({ name: "«Сынақ» зираты", burialFee: 25000, boundary: RING });
    expect(pub.json.center[0]).toBeCloseTo(76.90125, 5);
    const put = await h.request("PUT", `/cemeteries/${id}`, {
      token: admin,
      body: cemetery({ status: "family_only", boundary: [...RING, [76.899, 43.2007]] }),
    });
    expect(put.status).toBe(200);
    const record = await h.request("GET", `/cemeteries/${id}/record`, { token: admin });
    expect(record.json).toMatchObject({ status: "family_only", nameRu: "Кладбище «Тестовое»", sectors: [] });
    expect(record.json.boundary).toHaveLength(5);
    const audit = await h.db.select().from(auditLog).where(eq(auditLog.entityType, "cemetery"));
    expect(audit.map((a) => a.action)).toEqual(["create", "update"]);
  });

  it("explains every wrong field in the admin's language and saves nothing", async () => {
    const res = await h.request("POST", "/cemeteries", {
      token: admin,
      headers: { "accept-language": "kk" },
      body: cemetery({
        nameRu: "",
        burialFee: -5,
        boundary: [[76.9, 43.2]],
        burialSlots: { days: [], from: "18:00", to: "09:00" },
      }),
    });
    expect(res.status).toBe(422);
    const paths = res.json.error.fields.map((f: { path: string }) => f.path);
    expect(paths).toEqual(
      expect.arrayContaining(["nameRu", "burialFee", "boundary", "burialSlots.days", "burialSlots.to"]),
    );
    expect(res.json.error.fields.find((f: { path: string }) => f.path === "boundary").message).toContain("нүкте");
    expect((await h.request("GET", "/cemeteries")).json.items).toHaveLength(0);
  });

  it("keeps the address in both languages: Kazakh readers get the Kazakh one, or the Russian one when it has none", async () => {
    const kk = { headers: { "accept-language": "kk" } };
    const id = await create({ address: "Алматы, ул. Тестовая, 5", addressKk: "Алматы, Сынақ көшесі, 5" });
    const record = await h.request("GET", `/cemeteries/${id}/record`, { token: admin });
    expect(record.json).toMatchObject({ address: "Алматы, ул. Тестовая, 5", addressKk: "Алматы, Сынақ көшесі, 5" });
    expect((await h.request("GET", `/cemeteries/${id}`, kk)).json.address).toBe("Алматы, Сынақ көшесі, 5");
    expect((await h.request("GET", "/cemeteries", kk)).json.items[0].address).toBe("Алматы, Сынақ көшесі, 5");
    expect((await h.request("GET", `/cemeteries/${id}`)).json.address).toBe("Алматы, ул. Тестовая, 5");

    // Emptied: the Kazakh page shows the Russian address rather than none.
    const put = await h.request("PUT", `/cemeteries/${id}`, {
      token: admin,
      body: cemetery({ address: "Алматы, ул. Тестовая, 5", addressKk: "" }),
    });
    expect(put.status).toBe(200);
    expect((await h.request("GET", `/cemeteries/${id}`, kk)).json.address).toBe("Алматы, ул. Тестовая, 5");

    // Too long is refused by its field, in the admin's language.
    const long = await h.request("PUT", `/cemeteries/${id}`, {
      token: admin,
      ...kk,
      body: cemetery({ addressKk: "ж".repeat(201) }),
    });
    expect(long.status).toBe(422);
    expect(long.json.error.fields.map((f: { path: string }) => f.path)).toEqual(["addressKk"]);
  });

  it("shows the demo cemeteries' Kazakh addresses on the grave found by the search", async () => {
    await knownRegistry(h.db);
    const search = (lang: string) =>
      h.request("GET", `/burials/search?q=${encodeURIComponent("Жұмабаев")}`, { headers: { "accept-language": lang } });
    expect((await search("kk")).json.items[0].cemetery.address).toBe("Алматы, Кеңсай көшесі, 1");
    expect((await search("ru")).json.items[0].cemetery.address).toBe("Алматы, ул. Кенсай, 1");
  });

  it("is closed to everyone but the admin", async () => {
    const id = await create();
    for (const phone of [h.phones.manager, h.phones.client, h.phones.akimat, h.phones.supplier]) {
      const token = await h.login(phone);
      expect((await h.request("POST", "/cemeteries", { token, body: cemetery() })).status).toBe(403);
      expect((await h.request("PUT", `/cemeteries/${id}`, { token, body: cemetery() })).status).toBe(403);
      const gen = { sector: "A", rowFrom: 1, rowTo: 2, perRow: 3, width: 1.2, depth: 2.2 };
      expect((await h.request("POST", `/cemeteries/${id}/plots/generate`, { token, body: gen })).status).toBe(403);
    }
    expect((await h.request("POST", "/cemeteries", { body: cemetery() })).status).toBe(401);
  });

  it("generates plots by ranges inside the boundary, refusing a batch that does not fit or exists", async () => {
    const id = await create();
    const gen = (body: Record<string, unknown>) =>
      h.request("POST", `/cemeteries/${id}/plots/generate`, { token: admin, body });
    const ok = await gen({ sector: "A", rowFrom: 1, rowTo: 10, perRow: 20, width: 1.2, depth: 2.2 });
    expect(ok.status).toBe(201);
    expect(ok.json.created).toBe(200);
    const rows = await h.db.select().from(plots).where(eq(plots.cemeteryId, id));
    expect(rows).toHaveLength(200);
    for (const p of rows) {
      expect(p.minLng).toBeGreaterThan(76.9);
      expect(p.maxLat).toBeLessThan(43.2014);
      expect(p.status).toBe("free");
    }
    // A second sector goes east of the first.
    const b = await gen({ sector: "Б", rowFrom: 1, rowTo: 5, perRow: 10, width: 1.2, depth: 2.2 });
    expect(b.status).toBe(201);
    const [firstB] = await h.db.select().from(plots).where(eq(plots.sector, "Б"));
    expect(firstB?.minLng).toBeGreaterThan(Math.max(...rows.map((p) => p.maxLng)));
    // The same rows again: refused as a whole.
    expect((await gen({ sector: "A", rowFrom: 5, rowTo: 6, perRow: 2, width: 1.2, depth: 2.2 })).status).toBe(409);
    // Too many to fit.
    const big = await gen({ sector: "В", rowFrom: 1, rowTo: 200, perRow: 50, width: 1.2, depth: 2.2 });
    expect(big.status).toBe(422);
    expect(big.json.error.fields[0].message).toMatch(/не помещаются/);
    expect(await h.db.select().from(plots).where(eq(plots.sector, "В"))).toHaveLength(0);
  });
});
