import { describe, expect, it } from "vitest";
import {
  EXTENSION_MIME_TYPES,
  formatSize,
  INVALID_JSON_MESSAGE,
  isAcceptedType,
  type TUploadConfigInput,
  type TUploadEventName,
  type TUploadRequest,
  type TUploadStatus,
  UPLOAD_DEFAULTS,
  UploadConfigError,
  UploadQueue,
  type UploadTransport,
  UploadTransportError,
} from "./queue.ts";

const URL_ = "/api/v1/uploads";

type Call = {
  req: TUploadRequest;
  isAborted: boolean;
  /** Answers with a JSON body (or raw text when `contentType` is not JSON). */
  respond: (status: number, body?: unknown, contentType?: string) => void;
  fail: (type: "TIMEOUT" | "NETWORK" | "ABORTED") => void;
  field: (name: string) => FormDataEntryValue | null;
};

/** A transport that records requests and answers only when the test says so. */
function fakeTransport() {
  const calls: Call[] = [];
  const transport: UploadTransport = (req) => {
    let resolve!: (v: Awaited<ReturnType<UploadTransport>["promise"]>) => void;
    let reject!: (e: unknown) => void;
    const promise = new Promise<Awaited<ReturnType<UploadTransport>["promise"]>>((res, rej) => {
      resolve = res;
      reject = rej;
    });
    const call: Call = {
      req,
      isAborted: false,
      respond: (status, body = {}, contentType = "application/json; charset=utf-8") =>
        resolve({
          status,
          headers: { get: (n) => (n.toLowerCase() === "content-type" ? contentType : null) },
          bodyText: typeof body === "string" ? body : JSON.stringify(body),
        }),
      fail: (type) => reject(new UploadTransportError(type)),
      field: (name) => req.body.get(name),
    };
    calls.push(call);
    return {
      promise,
      abort: () => {
        call.isAborted = true;
        reject(new UploadTransportError("ABORTED"));
      },
    };
  };
  return { transport, calls };
}

/** Lets pending promise callbacks run. */
const flush = () => new Promise((r) => setTimeout(r, 0));

function makeQueue(config: Partial<TUploadConfigInput> = {}) {
  const fake = fakeTransport();
  let n = 0;
  const queue = new UploadQueue({ url: URL_, ...config }, { transport: fake.transport, createId: () => `id${++n}` });
  return { queue, calls: fake.calls };
}

function file(name = "photo.jpg", size = 10, type = "image/jpeg"): File {
  return new File([new Uint8Array(size).map((_, i) => i % 251)], name, { type });
}

const stored = (id = "srv-1") => ({
  id,
  url: `/api/v1/uploads/${id}`,
  name: "photo.jpg",
  size: 10,
  type: "image/jpeg",
});

describe("upload configuration", () => {
  it("has the specification's defaults", () => {
    expect(UPLOAD_DEFAULTS).toEqual({
      method: "POST",
      maxFileSize: 1_000_000,
      parallelUploads: 3,
      timeout: 60_000,
      chunking: false,
      chunksPerFile: 10,
      maxRetries: 3,
      maxFiles: null,
      acceptedFiles: null,
      autoUpload: true,
      retryOnError: false,
      multiple: false,
      clickable: true,
      paramName: "file",
      withCredentials: false,
      headers: {},
      params: {},
    });
    const { queue } = makeQueue();
    expect(queue.config).toEqual({ ...UPLOAD_DEFAULTS, url: URL_ });
  });

  it("forces multiple off when chunking is on", () => {
    expect(makeQueue({ multiple: true }).queue.config.multiple).toBe(true);
    expect(makeQueue({ multiple: true, chunking: true }).queue.config.multiple).toBe(false);
  });

  it("accepts a path from the site root and absolute http(s) addresses, POST and PUT, numeric headers", () => {
    for (const url of ["/api/v1/uploads", "https://files.example.kz/upload", "http://localhost:8080/u?x=1"]) {
      expect(() => makeQueue({ url })).not.toThrow();
    }
    expect(makeQueue({ method: "PUT" }).queue.config.method).toBe("PUT");
    expect(makeQueue({ timeout: 0 }).queue.config.timeout).toBe(0);
    expect(makeQueue({ headers: { "X-Count": 2, "X-Name": "a" } }).queue.config.headers).toEqual({
      "X-Count": 2,
      "X-Name": "a",
    });
  });

  it.each([
    ["an empty url", { url: "" }, "url"],
    ["a url that does not parse", { url: "http://" }, "url"],
    ["a page-relative url", { url: "uploads" }, "url"],
    ["a non-http url", { url: "javascript:alert(1)" }, "url"],
    ["a root path that points at another host", { url: "//evil.example/upload" }, "url"],
    ["a method other than POST or PUT", { method: "GET" }, "method"],
    ["a negative timeout", { timeout: -1 }, "timeout"],
    ["a boolean header value", { headers: { "X-Flag": true } }, "headers.X-Flag"],
    ["a null header value", { headers: { "X-Flag": null } }, "headers.X-Flag"],
    ["a misspelt option", { paralelUploads: 2 }, "paralelUploads"],
  ])("refuses %s with a clear error", (_, bad, path) => {
    const attempt = () => makeQueue(bad as Partial<TUploadConfigInput>);
    expect(attempt).toThrow(UploadConfigError);
    expect(attempt).toThrow(/^Invalid upload configuration: /);
    try {
      attempt();
    } catch (err) {
      expect((err as UploadConfigError).issues.map((i) => i.path)).toContain(path);
    }
  });

  it("re-validates on setConfig, keeps the old config when invalid and emits config-update", () => {
    const { queue } = makeQueue();
    const seen: unknown[] = [];
    queue.on("config-update", (c) => seen.push(c));
    expect(() => queue.setConfig({ method: "DELETE" as "POST" })).toThrow(UploadConfigError);
    expect(queue.config.method).toBe("POST");
    expect(seen).toEqual([]);
    queue.setConfig({ method: "PUT", params: { purpose: "document" } });
    expect(queue.config.method).toBe("PUT");
    expect(queue.config.url).toBe(URL_);
    expect(seen).toEqual([queue.config]);
  });

  it("keeps a default when an option is passed as undefined", () => {
    expect(makeQueue({ maxFiles: undefined, timeout: undefined }).queue.config.timeout).toBe(60_000);
  });
});

describe("adding files", () => {
  it("refuses a file above maxFileSize with MAX_FILE_SIZE, but not one of exactly that size", () => {
    const { queue, calls } = makeQueue({ maxFileSize: 100 });
    const errors: [string, string][] = [];
    queue.on("error-add", (item, type) => errors.push([item.id, type]));
    const big = queue.addFile(file("big.jpg", 101));
    const fits = queue.addFile(file("fits.jpg", 100));
    expect(big).toMatchObject({ accepted: false, status: "ADDED", error: { type: "MAX_FILE_SIZE" } });
    expect(fits.accepted).toBe(true);
    expect(errors).toEqual([[big.id, "MAX_FILE_SIZE"]]);
    expect(calls.map((c) => (c.field("file") as File).name)).toEqual(["fits.jpg"]);
  });

  it("refuses a file of a type not accepted with INVALID_TYPE", () => {
    const { queue } = makeQueue({ acceptedFiles: ["image/jpeg", "application/pdf"] });
    expect(queue.addFile(file("a.png", 10, "image/png"))).toMatchObject({
      accepted: false,
      error: { type: "INVALID_TYPE" },
    });
    expect(queue.addFile(file("a.jpg", 10, "image/jpeg")).accepted).toBe(true);
  });

  it("refuses a file beyond maxFiles with MAX_FILE; removing one frees a place", () => {
    const { queue } = makeQueue({ maxFiles: 2, autoUpload: false });
    const a = queue.addFile(file("a.jpg"));
    queue.addFile(file("b.jpg"));
    const c = queue.addFile(file("c.jpg"));
    expect(c).toMatchObject({ accepted: false, error: { type: "MAX_FILE" } });
    // A rejected item does not take a place.
    expect(queue.addFile(file("d.jpg")).error?.type).toBe("MAX_FILE");
    queue.removeFile(a.id);
    expect(queue.addFile(file("e.jpg")).accepted).toBe(true);
  });

  it("checks in order: size, then type, then count", () => {
    const { queue } = makeQueue({ maxFileSize: 100, acceptedFiles: ["image/png"], maxFiles: 0 });
    expect(queue.addFile(file("x.pdf", 500, "application/pdf")).error?.type).toBe("MAX_FILE_SIZE");
    expect(queue.addFile(file("x.pdf", 50, "application/pdf")).error?.type).toBe("INVALID_TYPE");
    expect(queue.addFile(file("x.png", 50, "image/png")).error?.type).toBe("MAX_FILE");
  });

  it("keeps a rejected file in the list, never sends it and never lets it be queued", async () => {
    const { queue, calls } = makeQueue({ maxFileSize: 1 });
    const added: string[] = [];
    queue.on("added-file", (i) => added.push(i.id));
    const item = queue.addFile(file("big.jpg", 5));
    await flush();
    expect(queue.items).toHaveLength(1);
    expect(added).toEqual([item.id]);
    expect(calls).toHaveLength(0);
    expect(() => queue.enqueue(item.id)).toThrow(/not accepted/);
    expect(queue.getItem(item.id)?.status).toBe("ADDED");
  });

  it("gives every item a unique local id and the starting state", () => {
    const queue = new UploadQueue({ url: URL_, autoUpload: false }, { transport: fakeTransport().transport });
    const items = [1, 2, 3, 4, 5].map(() => queue.addFile(file()));
    expect(new Set(items.map((i) => i.id)).size).toBe(5);
    for (const i of items) expect(i.id).toMatch(/^[A-Za-z0-9_-]{1,64}$/);
    expect(items[0]).toMatchObject({
      thumbnail: null,
      status: "ADDED",
      accepted: true,
      upload: { progress: 0, id: null, chunkIndex: 0, chunkCount: 1, retries: 3 },
    });
    expect(items[0]).not.toHaveProperty("error");
  });

  it("takes only the first file of a pick when multiple is off, all of them when on", () => {
    const one = makeQueue({ autoUpload: false });
    expect(one.queue.addFiles([file("a.jpg"), file("b.jpg")]).map((i) => i.file.name)).toEqual(["a.jpg"]);
    const many = makeQueue({ autoUpload: false, multiple: true });
    expect(many.queue.addFiles([file("a.jpg"), file("b.jpg")]).map((i) => i.file.name)).toEqual(["a.jpg", "b.jpg"]);
  });

  it("queues an accepted file at once with autoUpload on, and leaves it ADDED with autoUpload off", () => {
    const auto = makeQueue();
    expect(auto.queue.addFile(file()).status).toBe("UPLOADING");
    expect(auto.calls).toHaveLength(1);
    const manual = makeQueue({ autoUpload: false });
    const item = manual.queue.addFile(file());
    expect(item.status).toBe("ADDED");
    expect(manual.calls).toHaveLength(0);
    expect(manual.queue.enqueueAll()).toBe(1);
    expect(manual.calls).toHaveLength(1);
  });
});

describe("accepted types", () => {
  const accepts = (name: string, type: string, accepted: string[] | null) => isAcceptedType({ name, type }, accepted);

  it("matches the MIME type directly, by wildcard and by extension entry", () => {
    expect(accepts("a.png", "image/png", ["image/png"])).toBe(true);
    expect(accepts("a.png", "image/png", ["image/*"])).toBe(true);
    expect(accepts("a.pdf", "application/pdf", ["image/*"])).toBe(false);
    expect(accepts("a.PDF", "", [".pdf"])).toBe(true);
    expect(accepts("a.png", "IMAGE/PNG", ["image/png"])).toBe(true);
  });

  it("maps the extension to MIME types when the browser reports none", () => {
    expect(accepts("scan.PDF", "", ["application/pdf"])).toBe(true);
    expect(accepts("photo.jpeg", "", ["image/*"])).toBe(true);
    expect(accepts("report.csv", "application/vnd.ms-excel", ["text/csv"])).toBe(true);
    expect(accepts("noextension", "", ["application/pdf"])).toBe(false);
    expect(accepts("notes.txt", "", ["application/pdf"])).toBe(false);
  });

  it("knows the listed extensions", () => {
    expect(Object.keys(EXTENSION_MIME_TYPES).sort()).toEqual(
      ["csv", "doc", "docx", "gif", "jpeg", "jpg", "pdf", "png", "txt", "webp", "xls", "xlsx"].sort(),
    );
    expect(accepts("t.xlsx", "", ["application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"])).toBe(true);
    expect(accepts("t.docx", "", ["application/vnd.openxmlformats-officedocument.wordprocessingml.document"])).toBe(
      true,
    );
    expect(accepts("t.doc", "", ["application/msword"])).toBe(true);
    expect(accepts("t.xls", "", ["application/vnd.ms-excel"])).toBe(true);
    expect(accepts("t.webp", "", ["image/webp"])).toBe(true);
    expect(accepts("t.gif", "", ["image/gif"])).toBe(true);
    expect(accepts("t.txt", "", ["text/plain"])).toBe(true);
  });

  it("lets every type pass with no accepted list", () => {
    expect(accepts("x.exe", "application/x-msdownload", null)).toBe(true);
    expect(accepts("x.exe", "application/x-msdownload", [])).toBe(true);
  });

  it("splits a comma list in the configuration", () => {
    const { queue } = makeQueue({ acceptedFiles: "image/png, .pdf" });
    expect(queue.config.acceptedFiles).toEqual(["image/png", ".pdf"]);
    expect(queue.addFile(file("a.pdf", 5, "application/pdf")).accepted).toBe(true);
    expect(queue.addFile(file("a.gif", 5, "image/gif")).accepted).toBe(false);
  });
});

describe("states", () => {
  it("goes ADDED → QUEUED → UPLOADING → DONE with progress 100 and the server id", async () => {
    const { queue, calls } = makeQueue({ autoUpload: false });
    const seen: TUploadStatus[] = [];
    const item = queue.addFile(file());
    queue.subscribe(() => {
      const s = queue.getItem(item.id)?.status;
      if (s && seen.at(-1) !== s) seen.push(s);
    });
    queue.enqueue(item.id);
    calls[0]?.respond(201, stored("srv-9"));
    await flush();
    expect(seen).toEqual(["QUEUED", "UPLOADING", "DONE"]);
    expect(queue.getItem(item.id)).toMatchObject({
      status: "DONE",
      upload: { progress: 100, id: "srv-9" },
      response: stored("srv-9"),
    });
  });

  it("throws when enqueueing from any state but ADDED, or an unknown item", async () => {
    const { queue, calls } = makeQueue({ autoUpload: false, parallelUploads: 1 });
    const a = queue.addFile(file("a.jpg"));
    const b = queue.addFile(file("b.jpg"));
    queue.enqueue(a.id);
    queue.enqueue(b.id);
    expect(queue.getItem(a.id)?.status).toBe("UPLOADING");
    expect(queue.getItem(b.id)?.status).toBe("QUEUED");
    expect(() => queue.enqueue(a.id)).toThrow(/UPLOADING/);
    expect(() => queue.enqueue(b.id)).toThrow(/QUEUED/);
    calls[0]?.respond(201, stored());
    await flush();
    expect(() => queue.enqueue(a.id)).toThrow(/DONE/);
    calls[1]?.respond(500, { error: { code: "internal", message: "Boom" } });
    await flush();
    expect(() => queue.enqueue(b.id)).toThrow(/ERROR/);
    expect(() => queue.enqueue("nope")).toThrow(/does not exist/);
  });

  it("keeps at most parallelUploads (3) items in flight and starts the next when one ends", async () => {
    const { queue, calls } = makeQueue();
    const items = [1, 2, 3, 4].map((n) => queue.addFile(file(`${n}.jpg`)));
    expect(calls).toHaveLength(3);
    expect(queue.inFlightCount).toBe(3);
    expect(items.map((i) => queue.getItem(i.id)?.status)).toEqual(["UPLOADING", "UPLOADING", "UPLOADING", "QUEUED"]);
    calls[1]?.respond(201, stored());
    await flush();
    expect(calls).toHaveLength(4);
    expect((calls[3]!.field("file") as File).name).toBe("4.jpg");
    expect(queue.getItem(items[3]!.id)?.status).toBe("UPLOADING");
  });

  it("follows a changed parallel limit", async () => {
    const { queue, calls } = makeQueue({ parallelUploads: 1 });
    for (const n of [1, 2, 3]) queue.addFile(file(`${n}.jpg`));
    expect(calls).toHaveLength(1);
    queue.setConfig({ parallelUploads: 2 });
    expect(calls).toHaveLength(2);
  });

  it("stores a thumbnail set by the widget", () => {
    const { queue } = makeQueue({ autoUpload: false });
    const item = queue.addFile(file());
    queue.setThumbnail(item.id, "blob:x");
    expect(queue.getItem(item.id)?.thumbnail).toBe("blob:x");
  });
});

describe("the request", () => {
  it("sends a multipart form with the file under paramName, the params and the fixed headers", async () => {
    const { queue, calls } = makeQueue({ params: { purpose: "photo", step: 2 } });
    const f = file("grave.jpg", 12);
    queue.addFile(f);
    const call = calls[0]!;
    expect(call.req.url).toBe(URL_);
    expect(call.req.method).toBe("POST");
    expect(call.req.timeout).toBe(60_000);
    expect(call.req.withCredentials).toBe(false);
    expect(call.req.headers).toEqual({
      Accept: "application/json",
      "Cache-Control": "no-cache",
      "X-Requested-With": "XMLHttpRequest",
    });
    expect(call.req.body).toBeInstanceOf(FormData);
    const sent = call.field("file") as File;
    expect(sent.name).toBe("grave.jpg");
    expect(new Uint8Array(await sent.arrayBuffer())).toEqual(new Uint8Array(await f.arrayBuffer()));
    expect(call.field("purpose")).toBe("photo");
    expect(call.field("step")).toBe("2");
    for (const k of ["fileName", "chunkIndex", "chunkCount", "fileSize", "uploadId"]) expect(call.field(k)).toBeNull();
  });

  it("uses the configured field name, method, timeout, credentials and custom headers", () => {
    const { queue, calls } = makeQueue({
      paramName: "document",
      method: "PUT",
      timeout: 5,
      withCredentials: true,
      headers: { "X-Count": 7, "Accept-Language": "kk" },
    });
    queue.addFile(file());
    const req = calls[0]!.req;
    expect(req.body.get("document")).toBeInstanceOf(File);
    expect(req.body.get("file")).toBeNull();
    expect(req).toMatchObject({ method: "PUT", timeout: 5, withCredentials: true });
    expect(req.headers).toMatchObject({ "X-Count": "7", "Accept-Language": "kk", Accept: "application/json" });
  });

  it("reports upload progress and never shows 100 before the answer", async () => {
    const { queue, calls } = makeQueue();
    const item = queue.addFile(file());
    calls[0]!.req.onProgress(50, 100);
    expect(queue.getItem(item.id)?.upload.progress).toBe(50);
    calls[0]!.req.onProgress(100, 100);
    expect(queue.getItem(item.id)?.upload.progress).toBe(99);
    calls[0]!.respond(201, stored());
    await flush();
    expect(queue.getItem(item.id)?.upload.progress).toBe(100);
  });

  it("keeps a non-JSON answer as text", async () => {
    const { queue, calls } = makeQueue();
    const item = queue.addFile(file());
    calls[0]!.respond(200, "stored", "text/plain");
    await flush();
    expect(queue.getItem(item.id)).toMatchObject({ status: "DONE", response: "stored", upload: { id: null } });
  });

  it.each([200, 299])("takes status %i as success", async (status) => {
    const { queue, calls } = makeQueue();
    const item = queue.addFile(file());
    calls[0]!.respond(status, stored());
    await flush();
    expect(queue.getItem(item.id)?.status).toBe("DONE");
  });
});

describe("chunked uploads", () => {
  it("sends chunksPerFile (10) chunks in order, one at a time, with their fields, then is DONE", async () => {
    const { queue, calls } = makeQueue({ chunking: true, params: { purpose: "document" } });
    const f = file("scan.pdf", 25, "application/pdf");
    const item = queue.addFile(f);
    expect(queue.getItem(item.id)?.upload.chunkCount).toBe(10);
    const parts: Uint8Array[] = [];
    for (let i = 0; i < 10; i++) {
      expect(calls).toHaveLength(i + 1);
      const call = calls[i]!;
      expect(call.field("fileName")).toBe("scan.pdf");
      expect(call.field("chunkIndex")).toBe(String(i));
      expect(call.field("chunkCount")).toBe("10");
      expect(call.field("fileSize")).toBe(String(item.file.size));
      expect(call.field("uploadId")).toBe(item.id);
      expect(call.field("purpose")).toBe("document");
      const chunk = call.field("file") as File;
      expect(chunk.size).toBeGreaterThan(0);
      parts.push(new Uint8Array(await chunk.arrayBuffer()));
      expect(queue.getItem(item.id)?.upload.chunkIndex).toBe(i);
      call.respond(i < 9 ? 202 : 201, i < 9 ? { uploadId: item.id, received: i + 1 } : stored("srv-c"));
      await flush();
      if (i < 9) {
        expect(queue.getItem(item.id)?.status).toBe("UPLOADING");
        expect(queue.getItem(item.id)?.upload.progress).toBe(((i + 1) / 10) * 100);
      }
    }
    const joined = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
    let at = 0;
    for (const p of parts) {
      joined.set(p, at);
      at += p.length;
    }
    expect(joined).toEqual(new Uint8Array(await f.arrayBuffer()));
    expect(queue.getItem(item.id)).toMatchObject({ status: "DONE", upload: { progress: 100, id: "srv-c" } });
    expect(calls).toHaveLength(10);
  });

  it("counts progress across chunks", () => {
    const { queue, calls } = makeQueue({ chunking: true, chunksPerFile: 4 });
    const item = queue.addFile(file("a.jpg", 40));
    calls[0]!.req.onProgress(1, 2);
    expect(queue.getItem(item.id)?.upload.progress).toBe(12.5);
  });

  it("never makes empty chunks of a tiny file", () => {
    const { queue, calls } = makeQueue({ chunking: true });
    const item = queue.addFile(file("a.jpg", 3));
    expect(queue.getItem(item.id)?.upload.chunkCount).toBe(3);
    expect(calls[0]!.field("chunkCount")).toBe("3");
  });

  it("keeps the chunks of several files apart by their uploadId", () => {
    const { queue, calls } = makeQueue({ chunking: true });
    const a = queue.addFile(file("a.jpg", 30));
    const b = queue.addFile(file("b.jpg", 30));
    expect(calls.map((c) => c.field("uploadId"))).toEqual([a.id, b.id]);
    expect(a.id).not.toBe(b.id);
  });
});

describe("failures", () => {
  it("turns an unparseable JSON answer into ERROR with the catalogue's message", async () => {
    const { queue, calls } = makeQueue();
    const item = queue.addFile(file());
    const errors: unknown[] = [];
    queue.on("error-upload", (...args) => errors.push(args));
    calls[0]!.respond(201, "{not json");
    await flush();
    expect(INVALID_JSON_MESSAGE).toBe("Invalid JSON response from server.");
    expect(queue.getItem(item.id)).toMatchObject({
      status: "ERROR",
      error: { type: "INVALID_JSON", message: "Invalid JSON response from server." },
    });
    expect(errors).toHaveLength(1);
  });

  it("reports a non-2xx answer as HTTP with its status and the API's message", async () => {
    const { queue, calls } = makeQueue();
    const item = queue.addFile(file());
    const errors: unknown[] = [];
    queue.on("error-upload", (...args) => errors.push(args));
    calls[0]!.respond(415, { error: { code: "upload_type_not_allowed", message: "Этот тип файла не подходит." } });
    await flush();
    const error = {
      type: "HTTP",
      status: 415,
      code: "upload_type_not_allowed",
      message: "Этот тип файла не подходит.",
    };
    expect(queue.getItem(item.id)).toMatchObject({ status: "ERROR", error });
    expect(errors).toEqual([[[item.id], "HTTP", error]]);
  });

  it("reports a non-2xx answer without the API's body by its status alone", async () => {
    const { queue, calls } = makeQueue();
    const item = queue.addFile(file());
    calls[0]!.respond(502, "<html>Bad gateway</html>", "text/html");
    await flush();
    expect(queue.getItem(item.id)?.error).toEqual({ type: "HTTP", status: 502 });
    const second = queue.addFile(file());
    calls[1]!.respond(300, {});
    await flush();
    expect(queue.getItem(second.id)?.error).toMatchObject({ type: "HTTP", status: 300 });
  });

  it.each([
    ["a timeout", "TIMEOUT", "TIMEOUT"],
    ["a network failure", "NETWORK", "NETWORK"],
    ["a request aborted by the browser", "ABORTED", "NETWORK"],
  ] as const)("reports %s (transport: %s) as %s", async (_, failure, type) => {
    const { queue, calls } = makeQueue();
    const item = queue.addFile(file());
    const errors: unknown[] = [];
    queue.on("error-upload", (ids, t) => errors.push([ids, t]));
    calls[0]!.fail(failure);
    await flush();
    expect(queue.getItem(item.id)).toMatchObject({ status: "ERROR", error: { type } });
    expect(errors).toEqual([[[item.id], type]]);
  });

  it("reports a transport that throws as NETWORK", () => {
    const queue = new UploadQueue(
      { url: URL_ },
      {
        transport: () => {
          throw new Error("offline");
        },
      },
    );
    const item = queue.addFile(file());
    expect(queue.getItem(item.id)).toMatchObject({ status: "ERROR", error: { type: "NETWORK" } });
  });

  it("frees the slot of a failed item for the next one", async () => {
    const { queue, calls } = makeQueue({ parallelUploads: 1 });
    queue.addFile(file("a.jpg"));
    queue.addFile(file("b.jpg"));
    calls[0]!.fail("NETWORK");
    await flush();
    expect(calls).toHaveLength(2);
  });
});

describe("retries", () => {
  it("does not retry with retryOnError off, but still counts the failure down from maxRetries (3)", async () => {
    const { queue, calls } = makeQueue();
    const item = queue.addFile(file());
    expect(queue.getItem(item.id)?.upload.retries).toBe(3);
    calls[0]!.fail("NETWORK");
    await flush();
    expect(queue.getItem(item.id)?.upload.retries).toBe(2);
    expect(queue.retry(item.id)).toBe(false);
    expect(queue.getItem(item.id)?.status).toBe("ERROR");
    expect(calls).toHaveLength(1);
  });

  it("with retryOnError on, retries by itself while the counter is above zero, then stays ERROR", async () => {
    const { queue, calls } = makeQueue({ retryOnError: true });
    const item = queue.addFile(file());
    const errors: string[] = [];
    queue.on("error-upload", (_, type) => errors.push(type));
    for (let n = 0; n < 3; n++) {
      calls[n]!.fail("TIMEOUT");
      await flush();
    }
    // 3 → 2 (sent again), 2 → 1 (sent again), 1 → 0 (stops).
    expect(calls).toHaveLength(3);
    expect(errors).toEqual(["TIMEOUT", "TIMEOUT", "TIMEOUT"]);
    expect(queue.getItem(item.id)).toMatchObject({ status: "ERROR", upload: { retries: 0 } });
    expect(queue.retry(item.id)).toBe(false);
    await flush();
    expect(calls).toHaveLength(3);
  });

  it("a retried item that succeeds is DONE", async () => {
    const { queue, calls } = makeQueue({ retryOnError: true });
    const item = queue.addFile(file());
    calls[0]!.respond(500, { error: { code: "internal", message: "x" } });
    await flush();
    expect(queue.getItem(item.id)?.status).toBe("UPLOADING");
    calls[1]!.respond(201, stored("srv-r"));
    await flush();
    expect(queue.getItem(item.id)).toMatchObject({ status: "DONE", upload: { id: "srv-r", retries: 2 } });
    expect(queue.getItem(item.id)).not.toHaveProperty("error");
  });

  it("retry(id) queues an ERROR item again when retryOnError is on and the counter allows", async () => {
    const { queue, calls } = makeQueue({ maxRetries: 2 });
    const item = queue.addFile(file());
    calls[0]!.fail("NETWORK");
    await flush();
    expect(queue.retry(item.id)).toBe(false);
    queue.setConfig({ retryOnError: true });
    expect(queue.retry(item.id)).toBe(true);
    expect(calls).toHaveLength(2);
    expect(queue.retry(item.id)).toBe(false); // UPLOADING, not ERROR
  });

  it("sends a retried chunked file again from its first chunk", async () => {
    const { queue, calls } = makeQueue({ chunking: true, chunksPerFile: 3, retryOnError: true });
    const item = queue.addFile(file("a.jpg", 9));
    calls[0]!.respond(202, { uploadId: item.id, received: 1 });
    await flush();
    calls[1]!.fail("NETWORK");
    await flush();
    expect(calls).toHaveLength(3);
    expect(calls[2]!.field("chunkIndex")).toBe("0");
    expect(queue.getItem(item.id)?.upload.chunkIndex).toBe(0);
  });

  it("requeue (a person's try again) works with retryOnError off while retries are left", async () => {
    const { queue, calls } = makeQueue({ maxRetries: 2 });
    const item = queue.addFile(file());
    calls[0]!.fail("NETWORK");
    await flush();
    expect(queue.getItem(item.id)?.upload.retries).toBe(1);
    expect(queue.requeue(item.id)).toBe(true);
    expect(queue.getItem(item.id)?.status).toBe("UPLOADING");
    expect(queue.getItem(item.id)).not.toHaveProperty("error");
    calls[1]!.fail("NETWORK");
    await flush();
    expect(queue.getItem(item.id)?.upload.retries).toBe(0);
    expect(queue.requeue(item.id)).toBe(false);
  });
});

describe("removing", () => {
  it("aborts an upload in flight, emits removed-file and ignores the late answer", async () => {
    const { queue, calls } = makeQueue({ parallelUploads: 1 });
    const a = queue.addFile(file("a.jpg"));
    queue.addFile(file("b.jpg"));
    const removed: string[] = [];
    const errors: unknown[] = [];
    queue.on("removed-file", (i) => removed.push(i.id));
    queue.on("error-upload", (...args) => errors.push(args));
    expect(queue.removeFile(a.id)).toBe(true);
    expect(calls[0]!.isAborted).toBe(true);
    expect(removed).toEqual([a.id]);
    expect(queue.getItem(a.id)).toBeUndefined();
    expect(calls).toHaveLength(2);
    await flush();
    expect(errors).toEqual([]);
    expect(queue.removeFile(a.id)).toBe(false);
  });
});

describe("events", () => {
  it("emits every event by its exact name, and off() stops delivery", async () => {
    const { queue, calls } = makeQueue({ maxFileSize: 100 });
    const names: TUploadEventName[] = [
      "added-file",
      "removed-file",
      "sending",
      "uploaded",
      "error-upload",
      "error-add",
      "config-update",
    ];
    const log: string[] = [];
    const listeners = names.map((n) => [n, () => log.push(n)] as const);
    for (const [n, fn] of listeners) queue.on(n, fn);
    const ok = queue.addFile(file("ok.jpg"));
    calls[0]!.respond(201, stored());
    await flush();
    queue.addFile(file("big.jpg", 500));
    const bad = queue.addFile(file("bad.jpg"));
    calls[1]!.fail("NETWORK");
    await flush();
    queue.removeFile(ok.id);
    queue.setConfig({ timeout: 1 });
    expect(log).toEqual([
      "added-file",
      "sending",
      "uploaded",
      "added-file",
      "error-add",
      "added-file",
      "sending",
      "error-upload",
      "removed-file",
      "config-update",
    ]);
    for (const [n, fn] of listeners) queue.off(n, fn);
    queue.removeFile(bad.id);
    expect(log).toHaveLength(10);
  });

  it("passes the item and the form to sending, the answer to uploaded", async () => {
    const { queue, calls } = makeQueue();
    let sent: FormData | undefined;
    let answer: unknown;
    queue.on("sending", (_, body) => {
      sent = body;
      body.append("extra", "1");
    });
    queue.on("uploaded", (item, response) => {
      answer = [item.status, response];
    });
    queue.addFile(file());
    expect(calls[0]!.field("extra")).toBe("1");
    expect(sent).toBe(calls[0]!.req.body);
    calls[0]!.respond(201, stored());
    await flush();
    expect(answer).toEqual(["DONE", stored()]);
  });
});

describe("formatSize", () => {
  it.each([
    [0, "0 b"],
    [999, "999 b"],
    [1000, "1 KB"],
    [1500, "1.5 KB"],
    [1_500_000, "1.5 MB"],
    [999_999, "1 MB"],
    [1_000_000, "1 MB"],
    [1_234_567_890, "1.2 GB"],
    [3_000_000_000_000, "3 TB"],
    [5_000_000_000_000_000, "5000 TB"],
  ])("labels %i bytes as %s (steps of 1000, one decimal)", (bytes, label) => {
    expect(formatSize(bytes)).toBe(label);
  });

  it("takes translated units and the decimal sign", () => {
    expect(formatSize(1_500_000, { units: ["Б", "КБ", "МБ", "ГБ", "ТБ"], decimal: "," })).toBe("1,5 МБ");
  });
});
