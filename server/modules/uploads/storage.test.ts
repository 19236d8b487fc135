import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
// @ts-expect-error s3rver ships no types; only its constructor, run() and close() are used here.
import S3rver from "s3rver";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { S3Storage } from "./s3-storage.ts";
import { createStorage, DiskStorage, type FileStorage } from "./storage.ts";

/** A local S3-compatible server (the same one the cluster test uses), on a free port. */
let s3server: { run: () => Promise<{ port: number }>; close: () => Promise<void> };
let dir: string;
const storages: Record<string, FileStorage> = {};
let s3Config: ConstructorParameters<typeof S3Storage>[0];

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "mazar-storage-"));
  s3server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory: path.join(dir, "s3"),
    configureBuckets: [{ name: "mazar-test" }],
  });
  const { port } = await s3server.run();
  s3Config = {
    bucket: "mazar-test",
    endpoint: `http://127.0.0.1:${port}`,
    region: "us-east-1",
    credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" },
    forcePathStyle: true,
  };
  storages.disk = new DiskStorage(path.join(dir, "disk"));
  storages.s3 = new S3Storage(s3Config);
});
afterAll(async () => {
  await s3server.close();
  rmSync(dir, { recursive: true, force: true });
});

async function readAll(stream: ReadableStream<Uint8Array>): Promise<Buffer> {
  const chunks: Uint8Array[] = [];
  for await (const c of stream as unknown as AsyncIterable<Uint8Array>) chunks.push(c);
  return Buffer.concat(chunks);
}

describe.each(["disk", "s3"])("%s storage", (kind) => {
  it("keeps a file, gives it back whole with its size, and forgets it on delete", async () => {
    const storage = storages[kind] as FileStorage;
    const data = new Uint8Array(300_000).map((_, i) => i % 251);
    await storage.put("2026/11/0f8e6a8c-1d2b-4c3a-9e7f-5a6b7c8d9e0f", data);
    const got = await storage.get("2026/11/0f8e6a8c-1d2b-4c3a-9e7f-5a6b7c8d9e0f");
    expect(got?.size).toBe(data.byteLength);
    expect((await readAll(got?.stream as ReadableStream<Uint8Array>)).equals(Buffer.from(data))).toBe(true);

    await storage.delete("2026/11/0f8e6a8c-1d2b-4c3a-9e7f-5a6b7c8d9e0f");
    expect(await storage.get("2026/11/0f8e6a8c-1d2b-4c3a-9e7f-5a6b7c8d9e0f")).toBeNull();
    // Deleting twice is not an error (the sweep may meet a file another server removed).
    await storage.delete("2026/11/0f8e6a8c-1d2b-4c3a-9e7f-5a6b7c8d9e0f");
  });

  it("lists the files under a folder with size and time, in key order, and not those beside it", async () => {
    const storage = storages[kind] as FileStorage;
    const before = Date.now() - 5_000;
    await storage.put("staging/u7/up_1/000001", new Uint8Array(20));
    await storage.put("staging/u7/up_1/000000", new Uint8Array(10));
    await storage.put("staging/u7/up_10/000000", new Uint8Array(5));
    await storage.put("staging/u8/up_1/000000", new Uint8Array(7));
    const listed = await storage.list("staging/u7/up_1/");
    expect(listed.map((f) => [f.key, f.size])).toEqual([
      ["staging/u7/up_1/000000", 10],
      ["staging/u7/up_1/000001", 20],
    ]);
    expect(listed.every((f) => f.modifiedAt.getTime() > before)).toBe(true);
    expect((await storage.list("staging/")).map((f) => f.key)).toEqual([
      "staging/u7/up_1/000000",
      "staging/u7/up_1/000001",
      "staging/u7/up_10/000000",
      "staging/u8/up_1/000000",
    ]);
    for (const f of await storage.list("staging/")) await storage.delete(f.key);
    expect(await storage.list("staging/")).toEqual([]);
    expect(await storage.list("nothing-here/")).toEqual([]);
  });

  it("answers null for a file that was never stored", async () => {
    expect(await (storages[kind] as FileStorage).get("2026/11/never-stored")).toBeNull();
  });

  it("refuses keys that could reach outside its place", async () => {
    const storage = storages[kind] as FileStorage;
    for (const key of ["../etc/passwd", "/abs", "a/../../b", "a b", "a?b"]) {
      await expect(storage.put(key, new Uint8Array([1]))).rejects.toThrow(/bad storage key/);
    }
  });
});

describe("choosing the storage at start", () => {
  it("keeps files on disk without a bucket, and checks a named bucket before using it", async () => {
    expect(await createStorage({ dataDir: dir, s3: undefined })).toBeInstanceOf(DiskStorage);
    expect(await createStorage({ dataDir: dir, s3: s3Config })).toBeInstanceOf(S3Storage);
    await expect(createStorage({ dataDir: dir, s3: { ...s3Config, bucket: "no-such-bucket" } })).rejects.toThrow(
      /S3 bucket "no-such-bucket" is not reachable/,
    );
  });
});
