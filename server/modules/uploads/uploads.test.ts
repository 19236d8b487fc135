import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createHarness, type Harness, PDF, PNG } from "../../test/harness.ts";
import {
  attachUploads,
  MAX_CHUNKS,
  registerReadPolicy,
  removeStaleUploads,
  STAGING_PREFIX,
  STAGING_TTL_MS,
  setUploadsPublic,
  UPLOAD_LIMITS,
  UPLOAD_RULES,
} from "./uploads.service.ts";

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => h.close());
beforeEach(async () => h.reset());

const JPEG = (size: number) => {
  const b = new Uint8Array(size);
  for (let i = 0; i < size; i++) b[i] = (i * 7) % 256;
  b.set([0xff, 0xd8, 0xff, 0xe0]);
  return b;
};
const sha = (b: Uint8Array) => createHash("sha256").update(b).digest("hex");

async function upload(
  data: Uint8Array,
  opts: {
    name?: string;
    purpose?: string;
    token?: string;
    fields?: Record<string, string>;
    type?: string;
    /** The caller's address, as the socket would give it. */
    ip?: string;
  } = {},
) {
  const form = new FormData();
  form.set(
    "file",
    new File([data as Uint8Array<ArrayBuffer>], opts.name ?? "photo.png", { type: opts.type ?? "image/png" }),
  );
  form.set("purpose", opts.purpose ?? "photo");
  for (const [k, v] of Object.entries(opts.fields ?? {})) form.set(k, v);
  const res = await h.api.request(
    "/api/v1/uploads",
    {
      method: "POST",
      body: form,
      headers: { ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}), "accept-language": "ru" },
    },
    opts.ip ? { incoming: { socket: { remoteAddress: opts.ip } } } : undefined,
  );
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
    // Split as the drop zone splits: even shares.
    const aParts = [a.slice(0, 83_333), a.slice(83_333, 166_666), a.slice(166_666)];
    const half = Math.floor(b.byteLength / 2);
    const send = (data: Uint8Array, uploadId: string, i: number, n: number, name: string, purpose: string) =>
      upload(data, {
        token,
        purpose,
        name: "blob",
        fields: {
          uploadId,
          chunkIndex: String(i),
          chunkCount: String(n),
          fileName: name,
          fileSize: String(name.endsWith(".pdf") ? b.byteLength : a.byteLength),
        },
      });
    expect((await send(aParts[0] as Uint8Array, "file-a", 0, 3, "Могила.jpg", "photo")).status).toBe(202);
    expect((await send(b.slice(0, half), "file-b", 0, 2, "Справка.pdf", "document")).status).toBe(202);
    expect((await send(aParts[1] as Uint8Array, "file-a", 1, 3, "Могила.jpg", "photo")).status).toBe(202);
    const bDone = await send(b.slice(half), "file-b", 1, 2, "Справка.pdf", "document");
    expect(bDone.status).toBe(201);
    const aDone = await send(aParts[2] as Uint8Array, "file-a", 2, 3, "Могила.jpg", "photo");
    expect(aDone.status).toBe(201);
    expect(aDone.json).toMatchObject({ name: "Могила.jpg", size: a.byteLength, type: "image/jpeg" });
    expect(sha((await download(aDone.json.url, token)).bytes)).toBe(sha(a));
    const pdf = await download(bDone.json.url, token);
    expect(sha(pdf.bytes)).toBe(sha(b));
    expect(pdf.res.headers.get("content-disposition")).toMatch(/^attachment;/);
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
    const part = JPEG(4 * 1024 * 1024);
    const fields = (i: number, fileSize: number) => ({
      uploadId: "x1",
      chunkIndex: String(i),
      chunkCount: "3",
      fileName: "big.jpg",
      fileSize: String(fileSize),
    });
    // A declared size past the limit is refused at the first chunk, before anything is staged.
    const declared = await upload(part, { token, fields: fields(0, 3 * part.byteLength) });
    expect(declared.status).toBe(413);
    expect(declared.json.error.message).toContain("10 МБ");
    // A chunk larger than an even share of the declared size is refused.
    const uneven = await upload(part, { token, fields: fields(0, 9_000_000) });
    expect(uneven.status).toBe(422);
    expect(uneven.json.error.fields[0].path).toBe("file");
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

  it("lets the read policy of the record a file is bound to decide who else reads it", async () => {
    // A policy as a module registers it: here, the user whose id is the record's id.
    registerReadPolicy("policy_test", async (_db, user, entityId) => String(user.id) === entityId);
    const owner = await h.login(h.phones.supplier);
    const client = await h.login(h.phones.client);
    const manager = await h.login(h.phones.manager);
    const admin = await h.login(h.phones.admin);
    const idOf = async (phone: string) =>
      ((await h.db.execute(`select id from users where phone = '${phone}'`)).rows[0] as { id: number }).id;
    const bind = async (entityType: string, entityId: number) => {
      const up = await upload(PDF, { token: owner, purpose: "document", name: "a.pdf" });
      await attachUploads(h.db, {
        ownerId: await idOf(h.phones.supplier),
        ids: [up.json.id],
        entityType,
        entityId,
        purposes: ["document"],
        now: new Date(),
      });
      return up.json.url as string;
    };
    const clientsRecord = await bind("policy_test", await idOf(h.phones.client));
    expect((await download(clientsRecord, client)).res.status).toBe(200);
    expect((await download(clientsRecord, owner)).res.status).toBe(200);
    expect((await download(clientsRecord, admin)).res.status).toBe(200);
    expect((await download(clientsRecord, manager)).res.status).toBe(404);
    expect((await download(clientsRecord)).res.status).toBe(404);
    // A record of a type no module registered: only the uploader and the admin.
    const unregistered = await bind("nobody_registered", await idOf(h.phones.client));
    expect((await download(unregistered, client)).res.status).toBe(404);
    expect((await download(unregistered, owner)).res.status).toBe(200);
    expect(() => registerReadPolicy("policy_test", async () => true)).toThrow(/twice/);
  });

  it("decides on other modules' files without their tables: it imports no other module but types", () => {
    const source = readFileSync(new URL("./uploads.service.ts", import.meta.url), "utf8");
    const imports = [...source.matchAll(/^import (type )?[^;]*? from "(\.\.\/[^"]+)";/gm)].map((m) => ({
      isType: Boolean(m[1]),
      path: m[2] as string,
    }));
    expect(imports.length).toBeGreaterThan(2);
    // Siblings of this module are other modules (`../cemeteries/…`); `../../` is the server's shared code.
    const otherModules = imports.filter((i) => /^\.\.\/[a-z-]+\//.test(i.path) && !i.isType);
    expect(otherModules).toEqual([]);
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

/** Chunked uploads as an attacker would send them (issue 7): bounded, counted, owned, swept. */
describe("chunked uploads", () => {
  const chunk = (
    uploadId: string,
    index: number,
    count: number,
    fileSize: number,
    extra: Partial<Record<"fileName" | "purpose", string>> = {},
  ) => ({
    uploadId,
    chunkIndex: String(index),
    chunkCount: String(count),
    fileSize: String(fileSize),
    fileName: extra.fileName ?? "grave.jpg",
  });
  const staged = async () =>
    ((await h.db.execute("select count(*)::int as n from upload_staging")).rows[0] as { n: number }).n;
  /** The uploads (owner/upload id) with chunks waiting in the storage. */
  const stagedDirs = async () => [
    ...new Set(
      (await h.services.storage.list(STAGING_PREFIX)).map((p) =>
        p.key.slice(STAGING_PREFIX.length).split("/").slice(0, 2).join("/"),
      ),
    ),
  ];
  // Earlier tests' staged chunks are not this test's (the database is emptied, the storage is not).
  beforeEach(async () => {
    for (const p of await h.services.storage.list(STAGING_PREFIX)) await h.services.storage.delete(p.key);
  });

  it("refuses 30 new uploads declaring 10,000 chunks from one address, staging nothing", async () => {
    const piece = JPEG(1000);
    for (let i = 0; i < 30; i++) {
      const res = await upload(piece, { ip: "203.0.113.7", fields: chunk(`flood-${i}`, 0, 10_000, 10_000_000) });
      expect(res.status).toBe(422);
      expect(res.json.error.fields[0].path).toBe("chunkCount");
    }
    // The most a file may be split into is bounded, and so is what one chunk may carry.
    const many = await upload(piece, { ip: "203.0.113.7", fields: chunk("many", 0, MAX_CHUNKS + 1, 10_000_000) });
    expect(many.status).toBe(422);
    expect(await staged()).toBe(0);
    expect(await stagedDirs()).toEqual([]);
  });

  it("counts a file being sent against the hourly limit from its first chunk", async () => {
    const piece = JPEG(1000);
    for (let i = 0; i < UPLOAD_LIMITS.anonymousPerIpHour; i++) {
      expect((await upload(piece, { ip: "203.0.113.8", fields: chunk(`f-${i}`, 0, 2, 2000) })).status).toBe(202);
    }
    const next = await upload(piece, { ip: "203.0.113.8", fields: chunk("f-over", 0, 2, 2000) });
    expect(next.status).toBe(429);
    expect(next.json.error.code).toBe("upload_rate_limited");
    // A whole file from that address is over the limit too; another address is not.
    expect((await upload(PNG, { ip: "203.0.113.8" })).status).toBe(429);
    expect((await upload(piece, { ip: "203.0.113.9", fields: chunk("f-0", 0, 2, 2000) })).status).toBe(202);
    expect(await staged()).toBe(UPLOAD_LIMITS.anonymousPerIpHour + 1);
  });

  it("counts the declared size against the hourly bytes from the first chunk", async () => {
    const max = UPLOAD_RULES.photo.maxBytes;
    const piece = JPEG(Math.ceil(max / MAX_CHUNKS));
    const fit = Math.floor(UPLOAD_LIMITS.anonymousBytesPerIpHour / max);
    expect(fit).toBeLessThan(UPLOAD_LIMITS.anonymousPerIpHour);
    for (let i = 0; i < fit; i++) {
      const res = await upload(piece, { ip: "203.0.113.10", fields: chunk(`big-${i}`, 0, MAX_CHUNKS, max) });
      expect(res.status).toBe(202);
    }
    const over = await upload(piece, { ip: "203.0.113.10", fields: chunk("big-over", 0, MAX_CHUNKS, max) });
    expect(over.status).toBe(429);
  });

  it("keeps an upload id to its owner: another user or address only starts their own file", async () => {
    const owner = await h.login(h.phones.client);
    const stranger = await h.login(h.phones.supplier);
    const file = JPEG(2000);
    const [first, second] = [file.slice(0, 1000), file.slice(1000)];
    expect((await upload(first, { token: owner, fields: chunk("shared", 0, 2, 2000) })).status).toBe(202);
    // The stranger's chunk 1 under the same id does not complete (or corrupt) the owner's file.
    const foreign = await upload(JPEG(1000), { token: stranger, fields: chunk("shared", 1, 2, 2000) });
    expect(foreign.status).toBe(202);
    expect(foreign.json.received).toBe(1);
    const anonymous = await upload(JPEG(1000), { ip: "198.51.100.1", fields: chunk("shared", 1, 2, 2000) });
    expect(anonymous.status).toBe(202);
    expect(anonymous.json.received).toBe(1);
    const done = await upload(second, { token: owner, fields: chunk("shared", 1, 2, 2000) });
    expect(done.status).toBe(201);
    expect(sha((await download(done.json.url, owner)).bytes)).toBe(sha(file));
  });

  it("refuses a later chunk that changes the file's name, size, number of chunks or purpose", async () => {
    const token = await h.login(h.phones.client);
    const piece = JPEG(1000);
    expect((await upload(piece, { token, fields: chunk("decl", 0, 3, 3000) })).status).toBe(202);
    const changes = [
      { fields: chunk("decl", 1, 3, 3000, { fileName: "other.jpg" }) },
      { fields: chunk("decl", 1, 2, 3000) },
      { fields: chunk("decl", 1, 3, 3001) },
      { fields: chunk("decl", 1, 3, 3000), purpose: "document" },
    ];
    for (const change of changes) {
      const res = await upload(piece, { token, ...change });
      expect(res.status).toBe(409);
      expect(res.json.error.code).toBe("upload_mismatch");
      expect(res.json.error.message).toMatch(/Части файла не сходятся/);
    }
    // The file as first declared still goes through.
    expect((await upload(piece, { token, fields: chunk("decl", 1, 3, 3000) })).status).toBe(202);
    expect((await upload(piece, { token, fields: chunk("decl", 2, 3, 3000) })).status).toBe(201);
    expect(await staged()).toBe(0);
  });

  it("stores a chunked file's name cleaned, control characters and all", async () => {
    const token = await h.login(h.phones.client);
    const file = JPEG(2000);
    const name = { fileName: "мо\u0000гила\u0007.jpg" };
    expect((await upload(file.slice(0, 1000), { token, fields: chunk("nul", 0, 2, 2000, name) })).status).toBe(202);
    const done = await upload(file.slice(1000), { token, fields: chunk("nul", 1, 2, 2000, name) });
    expect(done.status).toBe(201);
    expect(done.json.name).toBe("могила.jpg");
  });

  it("joins a file once when its last chunks arrive together", async () => {
    const token = await h.login(h.phones.client);
    const file = JPEG(3000);
    expect((await upload(file.slice(0, 1000), { token, fields: chunk("race", 0, 3, 3000) })).status).toBe(202);
    const answers = await Promise.all([
      upload(file.slice(1000, 2000), { token, fields: chunk("race", 1, 3, 3000) }),
      upload(file.slice(2000), { token, fields: chunk("race", 2, 3, 3000) }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 202]);
    const stored = answers.find((a) => a.status === 201)?.json;
    expect(sha((await download(stored.url, token)).bytes)).toBe(sha(file));
    expect((await h.db.execute("select count(*)::int as n from uploads")).rows[0]).toEqual({ n: 1 });
    expect(await staged()).toBe(0);
  });

  it("sweeps staging nobody added to for 30 minutes, with its chunks, well within the hour", async () => {
    const token = await h.login(h.phones.client);
    expect((await upload(JPEG(1000), { token, fields: chunk("left", 0, 2, 2000) })).status).toBe(202);
    // The chunk waits in the file storage that every app server shares, not on this server's disk.
    const parts = await h.services.storage.list(STAGING_PREFIX);
    expect(parts.map((p) => p.size)).toEqual([1000]);
    expect(await stagedDirs()).toHaveLength(1);
    h.setNow(new Date(Date.now() + STAGING_TTL_MS - 60_000));
    await removeStaleUploads(h.services);
    expect(await staged()).toBe(1);
    h.setNow(new Date(Date.now() + STAGING_TTL_MS + 60_000));
    await removeStaleUploads(h.services);
    expect(await staged()).toBe(0);
    expect(await stagedDirs()).toEqual([]);
    h.setNow(null);
    // Its quota is given back with it: the next chunk under that id starts a new file.
    const again = await upload(JPEG(1000), { token, fields: chunk("left", 1, 2, 2000) });
    expect(again.json.received).toBe(1);
  });
});
