import { createHash } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createHarness, type Harness } from "../../test/harness.ts";
import {
  attachUploads,
  removeStaleUploads,
  STAGING_PREFIX,
  setUploadsPublic,
  UPLOAD_LIMITS,
} from "./uploads.service.ts";

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => h.close());
beforeEach(async () => h.reset());

const PNG = Uint8Array.from([
  0x89,
  0x50,
  0x4e,
  0x47,
  0x0d,
  0x0a,
  0x1a,
  0x0a,
  ...Array.from({ length: 300 }, (_, i) => i % 251),
]);
const JPEG = (size: number) => {
  const b = new Uint8Array(size);
  for (let i = 0; i < size; i++) b[i] = (i * 7) % 256;
  b.set([0xff, 0xd8, 0xff, 0xe0]);
  return b;
};
const PDF = new TextEncoder().encode("%PDF-1.7\n1 0 obj << >> endobj\n%%EOF");
const sha = (b: Uint8Array) => createHash("sha256").update(b).digest("hex");

async function upload(
  data: Uint8Array,
  opts: { name?: string; purpose?: string; token?: string; fields?: Record<string, string>; type?: string } = {},
) {
  const form = new FormData();
  form.set(
    "file",
    new File([data as Uint8Array<ArrayBuffer>], opts.name ?? "photo.png", { type: opts.type ?? "image/png" }),
  );
  form.set("purpose", opts.purpose ?? "photo");
  for (const [k, v] of Object.entries(opts.fields ?? {})) form.set(k, v);
  const res = await h.api.request("/api/v1/uploads", {
    method: "POST",
    body: form,
    headers: { ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}), "accept-language": "ru" },
  });
  return { status: res.status, json: (await res.json()) as any };
}

async function download(url: string, token?: string) {
  const res = await h.api.request(url, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  return { res, bytes: new Uint8Array(await res.arrayBuffer()) };
}

describe("uploads", () => {
  it("stores a whole file and gives back the same bytes, typed by content", async () => {
    const token = await h.login(h.phones.client);
    const up = await upload(PNG, { token, name: "../../etc/фото <script>.png" });
    expect(up.status).toBe(201);
    expect(up.json).toMatchObject({ name: "фото script.png", size: PNG.byteLength, type: "image/png" });
    expect(up.json.url).toBe(`/api/v1/uploads/${up.json.id}`);
    const { res, bytes } = await download(up.json.url, token);
    expect(res.status).toBe(200);
    expect(sha(bytes)).toBe(sha(PNG));
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("content-disposition")).toMatch(/^inline;/);
  });

  it("joins chunks in order into a byte-identical file, keeping two files' chunks apart", async () => {
    const token = await h.login(h.phones.client);
    const a = JPEG(250_000);
    const b = PDF;
    const aParts = [a.slice(0, 100_000), a.slice(100_000, 200_000), a.slice(200_000)];
    const send = (data: Uint8Array, uploadId: string, i: number, n: number, name: string, purpose: string) =>
      upload(data, {
        token,
        purpose,
        name: "blob",
        fields: { uploadId, chunkIndex: String(i), chunkCount: String(n), fileName: name },
      });
    expect((await send(aParts[0] as Uint8Array, "file-a", 0, 3, "Могила.jpg", "photo")).status).toBe(202);
    expect((await send(b.slice(0, 10), "file-b", 0, 2, "Справка.pdf", "document")).status).toBe(202);
    expect((await send(aParts[1] as Uint8Array, "file-a", 1, 3, "Могила.jpg", "photo")).status).toBe(202);
    const bDone = await send(b.slice(10), "file-b", 1, 2, "Справка.pdf", "document");
    expect(bDone.status).toBe(201);
    const aDone = await send(aParts[2] as Uint8Array, "file-a", 2, 3, "Могила.jpg", "photo");
    expect(aDone.status).toBe(201);
    expect(aDone.json).toMatchObject({ name: "Могила.jpg", size: a.byteLength, type: "image/jpeg" });
    expect(sha((await download(aDone.json.url, token)).bytes)).toBe(sha(a));
    const pdf = await download(bDone.json.url, token);
    expect(sha(pdf.bytes)).toBe(sha(b));
    expect(pdf.res.headers.get("content-disposition")).toMatch(/^attachment;/);
  });

  it("stages chunks in the file storage shared by all app servers, and sweeps abandoned ones", async () => {
    const token = await h.login(h.phones.client);
    const fields = { uploadId: "left-half-way", chunkIndex: "0", chunkCount: "3", fileName: "Могила.jpg" };
    expect((await upload(JPEG(1000), { token, fields })).status).toBe(202);
    const staged = await h.services.storage.list(STAGING_PREFIX);
    expect(staged).toHaveLength(1);
    expect(staged[0]?.size).toBe(1000);

    h.setNow(new Date(Date.now() + 3600_000));
    await removeStaleUploads(h.services);
    expect(await h.services.storage.list(STAGING_PREFIX)).toHaveLength(1);
    h.setNow(new Date(Date.now() + 24 * 3600_000 + 60_000));
    await removeStaleUploads(h.services);
    expect(await h.services.storage.list(STAGING_PREFIX)).toEqual([]);
  });

  it("refuses a file whose content is not what its name says (HTML named .jpg), storing nothing", async () => {
    const token = await h.login(h.phones.client);
    const html = new TextEncoder().encode("<html><script>alert(1)</script></html>");
    const res = await upload(html, { token, name: "cat.jpg", type: "image/jpeg" });
    expect(res.status).toBe(415);
    expect(res.json.error.code).toBe("upload_type_not_allowed");
    expect(res.json.error.message).toMatch(/тип файла/);
    expect((await h.db.execute("select count(*)::int as n from uploads")).rows[0]).toEqual({ n: 0 });
  });

  it("checks the type allowed for the purpose: a PDF is not a photo, a JPEG is not a spreadsheet", async () => {
    const token = await h.login(h.phones.supplier);
    expect((await upload(PDF, { token, purpose: "photo", name: "a.pdf" })).status).toBe(415);
    expect((await upload(JPEG(100), { token, purpose: "spreadsheet", name: "a.xlsx" })).status).toBe(415);
    expect((await upload(PDF, { token, purpose: "document", name: "a.pdf" })).status).toBe(201);
  });

  it("limits size per purpose, also across chunks, with a translated message", async () => {
    const token = await h.login(h.phones.client);
    const big = await upload(JPEG(10 * 1024 * 1024 + 1), { token, name: "big.jpg" });
    expect(big.status).toBe(413);
    expect(big.json.error.message).toContain("10 МБ");
    const part = JPEG(6 * 1024 * 1024);
    const fields = (i: number) => ({ uploadId: "x1", chunkIndex: String(i), chunkCount: "3", fileName: "big.jpg" });
    expect((await upload(part, { token, fields: fields(0) })).status).toBe(202);
    expect((await upload(part, { token, fields: fields(1) })).status).toBe(413);
  });

  it("lets anonymous visitors upload photos only, with a lower hourly limit", async () => {
    expect((await upload(PDF, { purpose: "document", name: "a.pdf" })).status).toBe(401);
    for (let i = 0; i < UPLOAD_LIMITS.anonymousPerIpHour; i++) expect((await upload(PNG)).status).toBe(201);
    const res = await upload(PNG);
    expect(res.status).toBe(429);
    expect(res.json.error.code).toBe("upload_rate_limited");
  });

  it("shows a private file only to its owner and admins; a public one to anyone", async () => {
    const owner = await h.login(h.phones.supplier);
    const other = await h.login(h.phones.client);
    const admin = await h.login(h.phones.admin);
    const up = await upload(PDF, { token: owner, purpose: "document", name: "БИН.pdf" });
    expect((await download(up.json.url, owner)).res.status).toBe(200);
    expect((await download(up.json.url, admin)).res.status).toBe(200);
    expect((await download(up.json.url, other)).res.status).toBe(404);
    expect((await download(up.json.url)).res.status).toBe(404);
    await setUploadsPublic(h.db, "test", 1, true);
    expect((await download(up.json.url)).res.status).toBe(404);
    const [user] = (await h.db.execute("select id from users where phone = '+77010000004'")).rows as { id: number }[];
    await attachUploads(h.db, {
      ownerId: user?.id as number,
      ids: [up.json.id],
      entityType: "test",
      entityId: 1,
      purposes: ["document"],
      isPublic: true,
      now: new Date(),
    });
    expect((await download(up.json.url)).res.status).toBe(200);
  });

  it("refuses to attach another person's file", async () => {
    const owner = await h.login(h.phones.supplier);
    const up = await upload(PDF, { token: owner, purpose: "document", name: "a.pdf" });
    const [client] = (await h.db.execute("select id from users where phone = '+77010000005'")).rows as { id: number }[];
    await expect(
      attachUploads(h.db, {
        ownerId: client?.id as number,
        ids: [up.json.id],
        entityType: "test",
        entityId: 1,
        purposes: ["document"],
        now: new Date(),
      }),
    ).rejects.toMatchObject({ code: "upload_not_found" });
  });

  it("removes files never attached after 24 hours, keeping attached ones", async () => {
    const token = await h.login(h.phones.supplier);
    const loose = await upload(PNG, { token });
    const kept = await upload(PNG, { token });
    const [user] = (await h.db.execute("select id from users where phone = '+77010000004'")).rows as { id: number }[];
    await attachUploads(h.db, {
      ownerId: user?.id as number,
      ids: [kept.json.id],
      entityType: "test",
      entityId: 7,
      purposes: ["photo"],
      now: new Date(),
    });
    expect(await removeStaleUploads(h.services)).toBe(0);
    h.setNow(new Date(Date.now() + 24 * 3600_000 + 60_000));
    expect(await removeStaleUploads(h.services)).toBe(1);
    h.setNow(null);
    expect((await download(loose.json.url, token)).res.status).toBe(404);
    expect((await download(kept.json.url, token)).res.status).toBe(200);
  });
});
