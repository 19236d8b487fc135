import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { TRIBUTES_PER_AUTHOR_HOUR, TRIBUTES_PER_MEMORIAL_DAY } from "../../../common/memorials.ts";
import { signedInUsers } from "../../test/booking-fixtures.ts";
import { createHarness, type Harness, PNG, uploadUrl } from "../../test/harness.ts";
import { memorialWorld, userId } from "../../test/memorial-fixtures.ts";
import { qrSvg } from "../../lib/qr.ts";
import { burials } from "../burials/burials.tables.ts";
import { notifications } from "../notifications/notifications.tables.ts";
import { memorials, memorialTributes } from "./memorials.tables.ts";

const NOW = new Date("2026-11-25T06:00:00Z");

let h: Harness;
let client: string;
let supplier: string;
let manager: string;
let burialId: number;
let burialIds: number[];
let clientId: number;

beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => h.close());
beforeEach(async () => {
  await h.reset();
  h.setNow(NOW);
  ({ burialId, burialIds, clientId } = await memorialWorld(h));
  [client, supplier, manager] = [
    await h.login(h.phones.client),
    await h.login(h.phones.supplier),
    await h.login(h.phones.manager),
  ];
});

const CONTENT = {
  epitaphRu: "Помним и любим",
  epitaphKk: "",
  biographyRu: '<p>Учитель математики.<script>alert(1)</script><a href="javascript:alert(1)">x</a></p>',
  biographyKk: "",
  achievementsRu: ["Заслуженный учитель"],
  achievementsKk: [],
  videoLinks: ["https://www.youtube.com/watch?v=abc"],
  visibility: "link",
  noindex: true,
};
const create = (token: string, body: Record<string, unknown> = {}, burial = burialId) =>
  h.request("POST", "/memorials", { token, body: { burialId: burial, ...CONTENT, ...body } });
const manage = (id: number, token = client) => h.request("GET", `/memorials/${id}/manage`, { token });
const update = (id: number, body: Record<string, unknown>, token = client) =>
  h.request("PUT", `/memorials/${id}`, { token, body: { ...CONTENT, ...body } });
const codeOf = (shortPath: string) => shortPath.replace("/m/", "");
const kinds = async (phone: string) =>
  (
    await h.db
      .select({ kind: notifications.kind })
      .from(notifications)
      .where(eq(notifications.userId, await userId(h.db, phone)))
  ).map((n) => n.kind);

/** A memorial of the demo client's grave: its id and code. */
async function made(body: Record<string, unknown> = {}) {
  const r = await create(client, body);
  expect(r.status).toBe(201);
  return { id: r.json.id as number, code: codeOf(r.json.shortPath) };
}

/** A second family, signed in (no grave of its own). */
async function stranger(series = 1) {
  const [u] = await signedInUsers(h.db, 1, NOW, { series });
  return u as { id: number; phone: string; token: string };
}

describe("making a memorial", () => {
  it("lets the grave's responsible person make one, by link and hidden from search engines by default", async () => {
    const r = await h.request("POST", "/memorials", { token: client, body: { burialId } });
    expect(r.status, JSON.stringify(r.json)).toBe(422);
    const { id, code } = await made();
    expect(code).toMatch(/^[a-z2-7]{12}$/);
    const m = await manage(id);
    expect(m.json).toMatchObject({ visibility: "link", noindex: true, role: "owner", shortPath: `/m/${code}` });
    // The biography is sanitized when saved.
    expect(m.json.biographyRu).toContain("Учитель математики.");
    expect(m.json.biographyRu).not.toContain("script");
    expect(m.json.biographyRu).not.toContain("javascript:");
    expect((await create(client)).status).toBe(409);
  });

  it("refuses anyone else (the grave exists, its memorial is not theirs to make)", async () => {
    const other = await stranger();
    expect((await create(other.token)).status).toBe(404);
    expect((await create(supplier)).status).toBe(403);
    expect((await create(client, {}, burialIds[1] as number)).status).toBe(404);
  });

  it("keeps the 40-day rule: only the responsible person makes a recent death's memorial public", async () => {
    const other = await stranger();
    const recent = burialIds[1] as number;
    // A relative the cemetery verified.
    const doc = await h.upload(other.token);
    const claim = await h.request("POST", "/memorials/claims", {
      token: other.token,
      body: { burialId: recent, relation: "child", documentIds: [doc] },
    });
    expect(claim.status).toBe(201);
    expect(await kinds(h.phones.manager)).toEqual(["memorial_claim_new"]);
    const queue = await h.request("GET", "/memorials/claims", { token: manager });
    expect(queue.json.items).toMatchObject([{ id: claim.json.id, status: "pending", moves: ["approve", "refuse"] }]);
    expect(queue.json.items[0].documents).toHaveLength(1);
    const ok = await h.request("POST", `/memorial-claims/${claim.json.id}/moves/approve`, { token: manager, body: {} });
    expect(ok.status).toBe(200);

    // Death 39 days ago: not public, by the relative (the boundary: the 40th day is allowed).
    await h.db.update(burials).set({ deathDate: "2026-10-17" }).where(eq(burials.id, recent));
    const refused = await create(other.token, { visibility: "public" }, recent);
    expect(refused.status).toBe(422);
    expect(refused.json.error.fields[0].path).toBe("visibility");
    await h.db.update(burials).set({ deathDate: "2026-10-16" }).where(eq(burials.id, recent));
    const allowed = await create(other.token, { visibility: "public" }, recent);
    expect(allowed.status).toBe(201);
    // Back to 39 days: the relative may keep it by link, and may not make it public again.
    await h.db.update(burials).set({ deathDate: "2026-10-17" }).where(eq(burials.id, recent));
    expect((await update(allowed.json.id, { visibility: "link" }, other.token)).status).toBe(200);
    expect((await update(allowed.json.id, { visibility: "public" }, other.token)).status).toBe(422);

    // The responsible person may, on the first day.
    await h.db.update(burials).set({ deathDate: "2026-11-25" }).where(eq(burials.id, burialId));
    expect((await create(client, { visibility: "public" })).status).toBe(201);
  });

  it("lets a co-manager edit and moderate, but only the owners change who sees it", async () => {
    const { id } = await made();
    const other = await stranger();
    const inv = await h.request("POST", `/memorials/${id}/members`, {
      token: client,
      body: { phone: other.phone, role: "manager" },
    });
    expect(inv.status).toBe(201);
    expect(await kinds(other.phone)).toEqual(["memorial_invited"]);
    // Not yet accepted: nothing.
    expect((await manage(id, other.token)).status).toBe(404);
    const mine = await h.request("GET", "/memorials/mine", { token: other.token });
    expect(mine.json.invitations).toMatchObject([{ id: inv.json.id, role: "manager" }]);
    expect(
      (await h.request("POST", `/memorials/invitations/${inv.json.id}/accept`, { token: other.token, body: {} }))
        .status,
    ).toBe(200);
    expect((await manage(id, other.token)).json.role).toBe("manager");
    expect((await update(id, { epitaphRu: "Навсегда в сердце" }, other.token)).status).toBe(200);
    expect((await update(id, { visibility: "public", noindex: false }, other.token)).status).toBe(403);
    expect(
      (
        await h.request("POST", `/memorials/${id}/members`, {
          token: other.token,
          body: { phone: "+77019998877", role: "viewer" },
        })
      ).status,
    ).toBe(403);
  });

  it("keeps the gallery's photos, a portrait among them, public unless the memorial is private", async () => {
    const { id } = await made();
    const photo = await h.upload(client, { name: "p.png", type: "image/png", bytes: PNG, purpose: "photo" });
    expect(
      (await h.request("POST", `/memorials/${id}/photos`, { token: client, body: { photoIds: [photo] } })).status,
    ).toBe(200);
    expect((await h.request("GET", uploadUrl(photo).replace("/api/v1", ""))).status).toBe(200);
    expect((await update(id, { portraitId: "00000000-0000-4000-8000-000000000000" })).status).toBe(422);
    expect((await update(id, { portraitId: photo })).status).toBe(200);
    expect((await update(id, { portraitId: photo, visibility: "private" })).status).toBe(200);
    expect((await h.request("GET", uploadUrl(photo).replace("/api/v1", ""))).status).toBe(404);
    expect((await h.request("GET", uploadUrl(photo).replace("/api/v1", ""), { token: client })).status).toBe(200);
  });
});

describe("tributes", () => {
  const leave = (code: string, token: string, body: Record<string, unknown>) =>
    h.request("POST", `/memorials/code/${code}/tributes`, { token, body });

  it("are queued, shown once approved, hidden without telling the author, reported back to the queue", async () => {
    const { id, code } = await made();
    const candle = await leave(code, supplier, { kind: "candle", text: "Светлая память" });
    expect(candle.status).toBe(201);
    expect(await kinds(h.phones.client)).toEqual(["memorial_tribute_new"]);
    // Waiting: its author sees it as waiting, nobody else sees it.
    let page = await h.request("GET", `/memorials/code/${code}`, { token: supplier });
    expect(page.json).toMatchObject({ tributes: [], waiting: [{ id: candle.json.id, kind: "candle" }] });
    expect((await h.request("GET", `/memorials/code/${code}`)).json.tributes).toEqual([]);
    const queue = (await manage(id)).json.tributes;
    expect(queue).toMatchObject([{ id: candle.json.id, status: "pending", moves: ["approve", "hide"] }]);
    const approve = await h.request("POST", `/memorial-tributes/${candle.json.id}/moves/approve`, {
      token: client,
      body: {},
    });
    expect(approve.json).toMatchObject({ status: "shown" });
    page = await h.request("GET", `/memorials/code/${code}`);
    expect(page.json.tributes).toMatchObject([{ id: candle.json.id, kind: "candle", author: "Нұрлан С." }]);
    expect(await kinds(h.phones.supplier)).toEqual(["memorial_tribute_shown"]);

    // A visitor reports it: back to the queue with its count, once per person.
    const other = await stranger();
    const report = () =>
      h.request("POST", `/memorials/code/${code}/tributes/${candle.json.id}/report`, { token: other.token, body: {} });
    expect((await report()).json).toMatchObject({ status: "pending" });
    expect((await manage(id)).json.tributes[0]).toMatchObject({ status: "pending", reportCount: 1 });
    await h.request("POST", `/memorial-tributes/${candle.json.id}/moves/approve`, { token: client, body: {} });
    expect((await report()).status).toBe(409);

    // Hidden: the author still sees it waiting and is told nothing more.
    await h.request("POST", `/memorial-tributes/${candle.json.id}/moves/hide`, { token: client, body: {} });
    page = await h.request("GET", `/memorials/code/${code}`, { token: supplier });
    expect(page.json).toMatchObject({ tributes: [], waiting: [{ id: candle.json.id }] });
    expect(JSON.stringify(page.json)).not.toContain("hidden");
    expect(await kinds(h.phones.supplier)).toEqual(["memorial_tribute_shown"]);
    // A manager of nothing cannot approve it.
    expect(
      (await h.request("POST", `/memorial-tributes/${candle.json.id}/moves/approve`, { token: other.token, body: {} }))
        .status,
    ).toBe(404);
  });

  it("refuse links, e-mails, phone numbers and IINs before the queue, saying what to remove", async () => {
    const { code } = await made();
    for (const [text, key] of [
      ["Смотрите www.example.kz", "ссылку"],
      ["Пишите на a.b@mail.ru", "почты"],
      ["Звоните +7 701 234 56 78", "телефона"],
      ["ИИН 850312400128", "ИИН"],
    ] as const) {
      const r = await leave(code, supplier, { kind: "message", text });
      expect(r.status, text).toBe(422);
      expect(r.json.error.fields[0].message).toContain(key);
    }
    expect((await leave(code, supplier, { kind: "message", text: "Помним 1950–2010 годы" })).status).toBe(201);
    expect(await h.db.select().from(memorialTributes)).toHaveLength(1);
  });

  it("count every queued tribute under the limits, with many at once: 5 an hour per person, 20 a day per memorial", async () => {
    const { code, id } = await made();
    const at = await Promise.all(Array.from({ length: 12 }, () => leave(code, supplier, { kind: "flower", text: "" })));
    expect(at.filter((r) => r.status === 201)).toHaveLength(TRIBUTES_PER_AUTHOR_HOUR);
    expect(at.filter((r) => r.status === 429)).toHaveLength(12 - TRIBUTES_PER_AUTHOR_HOUR);
    // Hidden ones still count; an hour later the person may leave more.
    const [first] = await h.db.select().from(memorialTributes).where(eq(memorialTributes.memorialId, id));
    await h.request("POST", `/memorial-tributes/${first?.id}/moves/hide`, { token: client, body: {} });
    expect((await leave(code, supplier, { kind: "flower" })).status).toBe(429);
    h.setNow(new Date(NOW.getTime() + 3600_000 + 1000));
    expect((await leave(code, supplier, { kind: "flower" })).status).toBe(201);

    const crowd = await signedInUsers(h.db, 30, NOW, { series: 7 });
    const many = await Promise.all(crowd.map((u) => leave(code, u.token, { kind: "candle" })));
    const left = TRIBUTES_PER_MEMORIAL_DAY - TRIBUTES_PER_AUTHOR_HOUR - 1;
    expect(many.filter((r) => r.status === 201)).toHaveLength(left);
    expect(many.filter((r) => r.status === 429).every((r) => r.json.error.code === "tribute_memorial_busy")).toBe(true);
    expect(await h.db.select().from(memorialTributes).where(eq(memorialTributes.memorialId, id))).toHaveLength(
      TRIBUTES_PER_MEMORIAL_DAY,
    );
  });
});

describe("suggestions and access", () => {
  it("takes a visitor's photo into the gallery when the owner accepts it", async () => {
    const { id, code } = await made();
    const photo = await h.upload(supplier, { name: "p.png", type: "image/png", bytes: PNG, purpose: "photo" });
    const r = await h.request("POST", `/memorials/code/${code}/suggestions`, {
      token: supplier,
      body: { kind: "photo", text: "Фото с открытия школы", photoIds: [photo] },
    });
    expect(r.status).toBe(201);
    expect(await kinds(h.phones.client)).toEqual(["memorial_suggestion_new"]);
    expect((await manage(id)).json.suggestions[0]).toMatchObject({ status: "pending", moves: ["accept", "decline"] });
    expect(
      (await h.request("POST", `/memorial-suggestions/${r.json.id}/moves/accept`, { token: client, body: {} })).status,
    ).toBe(200);
    expect((await manage(id)).json.photos.map((p: { id: string }) => p.id)).toEqual([photo]);
    expect((await h.request("GET", `/memorials/code/${code}`)).json.photos).toHaveLength(1);
  });

  it("shows a private memorial's code as 'private' only, and opens it to a visitor the owner lets in", async () => {
    const { id, code } = await made({ visibility: "private" });
    const other = await stranger();
    const anon = await h.request("GET", `/memorials/code/${code}`);
    expect(anon.json).toEqual({ access: "private", isSignedIn: false, requested: false });
    const asked = await h.request("POST", `/memorials/code/${code}/access`, {
      token: other.token,
      body: { message: "Я внучка, Айгерим." },
    });
    expect(asked.status).toBe(201);
    expect((await h.request("POST", `/memorials/code/${code}/access`, { token: other.token, body: {} })).status).toBe(
      409,
    );
    expect((await h.request("GET", `/memorials/code/${code}`, { token: other.token })).json).toMatchObject({
      access: "private",
      requested: true,
    });
    const req = (await manage(id)).json.accessRequests[0];
    expect(req).toMatchObject({ status: "pending", message: "Я внучка, Айгерим.", moves: ["grant", "decline"] });
    await h.request("POST", `/memorial-access/${req.id}/moves/grant`, { token: client, body: {} });
    expect(await kinds(other.phone)).toEqual(["memorial_access_granted"]);
    expect((await h.request("GET", `/memorials/code/${code}`, { token: other.token })).json).toMatchObject({
      access: "open",
      person: { surname: "Жұмабаев" },
    });
    // Still not public: its id opens nothing.
    expect((await h.request("GET", `/memorials/public/${id}`, { token: other.token })).status).toBe(404);
  });
});

describe("no leak of a memorial that is not public", () => {
  it("keeps by-link and private memorials off every public surface, while a public one is on them", async () => {
    const link = await made();
    const priv = await h.request("POST", "/memorials", {
      token: client,
      body: { ...CONTENT, burialId: burialIds[1], visibility: "private" },
    });
    await h.db
      .update(burials)
      .set({ responsibleUserId: clientId })
      .where(eq(burials.id, burialIds[1] as number));
    const privRes = await create(
      client,
      { visibility: "private", epitaphRu: "Секретная эпитафия" },
      burialIds[1] as number,
    );
    expect(priv.status).toBe(404);
    expect(privRes.status).toBe(201);
    const privCode = codeOf(privRes.json.shortPath);
    await h.db
      .update(burials)
      .set({ responsibleUserId: clientId })
      .where(eq(burials.id, burialIds[2] as number));
    const pub = await create(
      client,
      { visibility: "public", noindex: false, epitaphRu: "Открытая" },
      burialIds[2] as number,
    );
    expect(pub.status).toBe(201);

    const hidden = [
      { id: link.id, burial: burialId, code: link.code },
      { id: privRes.json.id as number, burial: burialIds[1] as number, code: privCode },
    ];
    const missing = await h.request("GET", "/memorials/public/999999");
    const ids = burialIds.join(",");
    const links = await h.request("GET", `/memorials/links?burialIds=${ids}`);
    expect(links.json.items).toEqual([{ burialId: burialIds[2], id: pub.json.id }]);
    const sitemap = await h.request("GET", "/memorials/sitemap");
    expect(sitemap.json.items.map((i: { id: number }) => i.id)).toEqual([pub.json.id]);
    for (const m of hidden) {
      for (const token of [undefined, supplier, manager]) {
        const r = await h.request("GET", `/memorials/public/${m.id}`, { token });
        // The same answer as a missing id: nothing tells them apart.
        expect(r).toMatchObject({ status: 404, json: missing.json });
      }
      for (const path of [
        `/burials/${m.burial}`,
        `/burials/search?q=${encodeURIComponent("Жұмабаев")}`,
        "/cemeteries",
      ]) {
        const body = JSON.stringify((await h.request("GET", path)).json);
        expect(body).not.toContain(m.code);
        expect(body).not.toContain("memorial");
      }
    }
    // A private memorial's code says nothing about the person.
    const privPage = JSON.stringify((await h.request("GET", `/memorials/code/${privCode}`, { token: supplier })).json);
    expect(privPage).not.toContain("Жумабаева");
    expect(privPage).not.toContain("Секретная");
    // A by-link memorial's tributes are not reachable by id without its code.
    const t = await h.request("POST", `/memorials/code/${link.code}/tributes`, {
      token: supplier,
      body: { kind: "candle" },
    });
    await h.request("POST", `/memorial-tributes/${t.json.id}/moves/approve`, { token: client, body: {} });
    const other = await stranger();
    expect(
      (await h.request("POST", `/memorial-tributes/${t.json.id}/moves/report`, { token: other.token, body: {} }))
        .status,
    ).toBe(404);
    // Nor by its id, which leaves a tribute on public memorials only.
    for (const m of hidden) {
      const r = await h.request("POST", `/memorials/public/${m.id}/tributes`, {
        token: supplier,
        body: { kind: "candle" },
      });
      expect(r).toMatchObject({ status: 404, json: missing.json });
    }
    const onPublic = await h.request("POST", `/memorials/public/${pub.json.id}/tributes`, {
      token: supplier,
      body: { kind: "flower" },
    });
    expect(onPublic.status).toBe(201);
    // A public memorial's shown tribute is reported through the tributes' move operation.
    await h.request("POST", `/memorial-tributes/${onPublic.json.id}/moves/approve`, { token: client, body: {} });
    expect(
      (await h.request("POST", `/memorial-tributes/${onPublic.json.id}/moves/report`, { token: other.token, body: {} }))
        .json,
    ).toMatchObject({ status: "pending" });
    // And the public one is open by its id, indexable.
    expect((await h.request("GET", `/memorials/public/${pub.json.id}`)).json).toMatchObject({ isIndexable: true });
    // A public memorial hidden from search engines is off the sitemap and the links too.
    await update(pub.json.id, { visibility: "public", noindex: true, epitaphRu: "Открытая" });
    expect((await h.request("GET", "/memorials/sitemap")).json.items).toEqual([]);
    expect((await h.request("GET", `/memorials/links?burialIds=${ids}`)).json.items).toEqual([]);
    const [m] = await h.db.select().from(memorials).where(eq(memorials.id, pub.json.id));
    expect(m?.noindex).toBe(true);
  });
});

describe("the memorial's QR code and plaque", () => {
  it("are made for its managers only, of its permanent short address, and never stored by a cache", async () => {
    const { id, code } = await made();
    const svg = await h.request("GET", `/memorials/${id}/qr.svg`, { token: client });
    expect(svg.status).toBe(200);
    expect(svg.headers.get("cache-control")).toBe("private, no-store");
    // The code holds the short address in full, from the configured public origin.
    expect(svg.json).toBe(await qrSvg(`${h.services.config.publicUrl}/m/${code}`));
    const png = await h.request("GET", `/memorials/${id}/qr.png`, { token: client });
    expect([png.status, png.headers.get("content-type")]).toEqual([200, "image/png"]);
    const sheet = await h.request("GET", `/memorials/${id}/plaque.pdf?lang=kk`, { token: client });
    expect([sheet.status, sheet.headers.get("content-type")]).toEqual([200, "application/pdf"]);
    // The code is the key of a by-link page: nobody else gets it, signed in or not.
    const other = (await stranger(7)).token;
    for (const file of ["qr.svg", "qr.png", "plaque.pdf"]) {
      expect((await h.request("GET", `/memorials/${id}/${file}`, { token: other })).status).toBe(404);
      expect((await h.request("GET", `/memorials/${id}/${file}`)).status).toBe(401);
    }
  });
});
