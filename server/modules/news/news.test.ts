import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ensureAkimat, ensureUser } from "../../db/seed.ts";
import { createHarness, type Harness, PDF, PNG, uploadUrl } from "../../test/harness.ts";

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => h.close());
beforeEach(async () => h.reset());

/** Uploads a file as the holder of `token` (failing unless stored); its id and where it is read. */
async function upload(token: string, bytes: Uint8Array, purpose: string, name: string) {
  const id = await h.upload(token, { bytes, purpose, name, type: bytes === PNG ? "image/png" : "application/pdf" });
  return { id, url: uploadUrl(id) };
}

const draft = {
  category: "announcements",
  titleRu: "Новый график <b>работы</b>",
  titleKk: "Жаңа жұмыс кестесі",
  contentRu:
    '<p>Текст <a href="javascript:alert(1)">ссылка</a> <img src=x onerror=alert(1)><script>alert(2)</script></p>',
  contentKk: '<p>Мәтін <a href="https://example.kz">сілтеме</a></p>',
};

describe("news", () => {
  it("lets akimat staff write, publish and withdraw; visitors see only published items in their language", async () => {
    const akimat = await h.login(h.phones.akimat);
    const cover = await upload(akimat, PNG, "photo", "cover.png");
    const pdf = await upload(akimat, PDF, "document", "Приказ.pdf");
    const created = await h.request("POST", "/akimat/news", {
      token: akimat,
      body: { ...draft, coverId: cover.id, attachmentId: pdf.id },
    });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({ status: "draft", moves: ["publish"] });
    // Stored HTML is sanitized: no script, no handler, no javascript: link.
    expect(created.json.contentRu).not.toMatch(/script|onerror|javascript:/i);
    expect(created.json.contentKk).toContain('href="https://example.kz"');
    const id = created.json.id as number;

    expect((await h.request("GET", `/news/${id}`)).status).toBe(404);
    expect((await h.api.request(cover.url)).status).toBe(404);

    const published = await h.request("POST", `/akimat/news/${id}/moves/publish`, { token: akimat, body: {} });
    expect(published.json).toMatchObject({ status: "published", moves: ["unpublish"] });
    expect((await h.request("GET", "/akimat/news", { token: akimat })).json.items[0]).toMatchObject({
      id,
      moves: ["unpublish"],
    });
    const kk = await h.request("GET", `/news/${id}`, { headers: { "accept-language": "kk" } });
    expect(kk.json).toMatchObject({ title: "Жаңа жұмыс кестесі", locale: "kk", isFallback: false });
    expect(kk.json.cover.id).toBe(cover.id);
    expect(kk.json.attachment.name).toBe("Приказ.pdf");
    // Published images are public now.
    expect((await h.api.request(cover.url)).status).toBe(200);
    const list = await h.request("GET", "/news?category=announcements");
    expect(list.json.items.map((n: { id: number }) => n.id)).toContain(id);
    expect(list.json.pageSize).toBe(12);

    const withdrawn = await h.request("POST", `/akimat/news/${id}/moves/unpublish`, { token: akimat, body: {} });
    expect(withdrawn.json).toMatchObject({ status: "draft", moves: ["publish"] });
    expect((await h.request("GET", `/akimat/news/${id}`, { token: akimat })).json.moves).toEqual(["publish"]);
    expect((await h.request("GET", `/news/${id}`)).status).toBe(404);
    expect((await h.api.request(cover.url)).status).toBe(404);
    expect((await h.request("POST", `/akimat/news/${id}/moves/unpublish`, { token: akimat, body: {} })).status).toBe(
      409,
    );
  });

  it("shows the other language with a note when a translation is missing", async () => {
    const akimat = await h.login(h.phones.akimat);
    const created = await h.request("POST", "/akimat/news", {
      token: akimat,
      body: { category: "legislation", titleRu: "Только по-русски", contentRu: "<p>Текст</p>" },
    });
    await h.request("POST", `/akimat/news/${created.json.id}/moves/publish`, { token: akimat, body: {} });
    const kk = await h.request("GET", `/news/${created.json.id}`, { headers: { "accept-language": "kk" } });
    expect(kk.json).toMatchObject({ title: "Только по-русски", locale: "ru", isFallback: true });
  });

  it("explains what is missing, field by field, in the caller's language", async () => {
    const akimat = await h.login(h.phones.akimat);
    const empty = await h.request("POST", "/akimat/news", {
      token: akimat,
      body: { category: "announcements" },
      headers: { "accept-language": "kk" },
    });
    expect(empty.status).toBe(422);
    expect(empty.json.error.fields[0]).toMatchObject({ path: "titleRu" });
    expect(empty.json.error.fields[0].message).toMatch(/тілде/);
    const half = await h.request("POST", "/akimat/news", {
      token: akimat,
      body: { category: "announcements", titleRu: "Заголовок", titleKk: "Тақырып", contentKk: "<p>Мәтін</p>" },
    });
    expect(half.json.error.fields).toEqual([expect.objectContaining({ path: "contentRu" })]);
  });

  it("refuses an attachment that is not a PDF", async () => {
    const akimat = await h.login(h.phones.akimat);
    const photo = await upload(akimat, PNG, "document", "scan.png");
    const res = await h.request("POST", "/akimat/news", { token: akimat, body: { ...draft, attachmentId: photo.id } });
    expect(res.status).toBe(422);
    expect(res.json.error.fields[0].path).toBe("attachmentId");
  });

  it("keeps each akimat's news to its own staff, and every other role out", async () => {
    const akimat = await h.login(h.phones.akimat);
    const created = await h.request("POST", "/akimat/news", { token: akimat, body: draft });
    const id = created.json.id as number;
    const otherAkimat = await ensureAkimat(h.db, {
      nameRu: "Акимат Конаева",
      nameKk: "Қонаев әкімдігі",
      city: "Қонаев",
    });
    await ensureUser(h.db, {
      phone: "+77017770000",
      role: "akimat",
      akimatId: otherAkimat,
      akimatRole: "admin",
      name: "Дана",
    });
    const stranger = await h.login("+77017770000");
    expect((await h.request("GET", `/akimat/news/${id}`, { token: stranger })).status).toBe(404);
    expect((await h.request("PUT", `/akimat/news/${id}`, { token: stranger, body: draft })).status).toBe(404);
    expect((await h.request("POST", `/akimat/news/${id}/moves/publish`, { token: stranger, body: {} })).status).toBe(
      404,
    );
    expect((await h.request("DELETE", `/akimat/news/${id}`, { token: stranger })).status).toBe(404);
    for (const role of ["admin", "manager", "supplier", "client"] as const) {
      const token = await h.login(h.phones[role]);
      expect((await h.request("GET", "/akimat/news", { token })).status).toBe(403);
      expect((await h.request("POST", "/akimat/news", { token, body: draft })).status).toBe(403);
      expect((await h.request("POST", `/akimat/news/${id}/moves/publish`, { token, body: {} })).status).toBe(403);
    }
    expect((await h.request("POST", "/akimat/news", { body: draft })).status).toBe(401);
    expect((await h.request("DELETE", `/akimat/news/${id}`, { token: akimat })).status).toBe(200);
    expect((await h.request("GET", `/akimat/news/${id}`, { token: akimat })).status).toBe(404);
  });

  it("lets the item's akimat colleagues read its draft files; other akimats, other roles and visitors not", async () => {
    const akimat = await h.login(h.phones.akimat);
    const cover = await upload(akimat, PNG, "photo", "cover.png");
    const created = await h.request("POST", "/akimat/news", { token: akimat, body: { ...draft, coverId: cover.id } });
    expect(created.status).toBe(201);
    const [own] = (await h.db.execute("select id from akimats order by id limit 1")).rows as { id: number }[];
    await ensureUser(h.db, {
      phone: "+77017770001",
      role: "akimat",
      akimatId: own?.id as number,
      akimatRole: "employee",
      name: "Коллега",
    });
    const otherAkimat = await ensureAkimat(h.db, {
      nameRu: "Акимат Конаева",
      nameKk: "Қонаев әкімдігі",
      city: "Қонаев",
    });
    await ensureUser(h.db, { phone: "+77017770000", role: "akimat", akimatId: otherAkimat, akimatRole: "admin" });
    const read = async (token?: string) =>
      (await h.api.request(cover.url, { headers: token ? { authorization: `Bearer ${token}` } : {} })).status;
    expect(await read(await h.login("+77017770001"))).toBe(200);
    expect(await read(await h.login("+77017770000"))).toBe(404);
    expect(await read(await h.login(h.phones.manager))).toBe(404);
    expect(await read(await h.login(h.phones.client))).toBe(404);
    expect(await read()).toBe(404);
  });

  it("filters the akimat's list by status, category and text", async () => {
    const akimat = await h.login(h.phones.akimat);
    await h.request("POST", "/akimat/news", { token: akimat, body: draft });
    const drafts = await h.request("GET", "/akimat/news?status=draft", { token: akimat });
    expect(drafts.json.items.map((n: { titleKk: string }) => n.titleKk)).toEqual(["Жаңа жұмыс кестесі"]);
    const found = await h.request("GET", `/akimat/news?q=${encodeURIComponent("кестесі")}`, { token: akimat });
    expect(found.json.total).toBe(1);
    const legislation = await h.request("GET", "/akimat/news?category=legislation&status=draft", { token: akimat });
    expect(legislation.json.total).toBe(0);
  });
});
