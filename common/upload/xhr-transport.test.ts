import { afterEach, describe, expect, it, vi } from "vitest";
import { UploadTransportError } from "./transport.ts";
import { xhrTransport } from "./xhr-transport.ts";

/** The parts of XMLHttpRequest the transport uses, driven by the test. */
class FakeXhr {
  static last: FakeXhr;
  opened: unknown[] = [];
  headers: Record<string, string> = {};
  sent: unknown;
  timeout = 0;
  withCredentials = false;
  status = 0;
  responseText = "";
  upload: { onprogress: ((e: { loaded: number; total: number; lengthComputable: boolean }) => void) | null } = {
    onprogress: null,
  };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  onabort: (() => void) | null = null;
  constructor() {
    FakeXhr.last = this;
  }
  open(...args: unknown[]) {
    this.opened = args;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  getResponseHeader(name: string) {
    return name.toLowerCase() === "content-type" ? "application/json" : null;
  }
  send(body: unknown) {
    this.sent = body;
  }
  abort() {
    this.onabort?.();
  }
}

function request(onProgress = (_l: number, _t: number) => {}) {
  const body = new FormData();
  return xhrTransport({
    url: "/api/v1/uploads",
    method: "PUT",
    headers: { Accept: "application/json", "X-Requested-With": "XMLHttpRequest" },
    body,
    timeout: 1234,
    withCredentials: true,
    onProgress,
  });
}

describe("xhrTransport", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("opens the request as configured, reports progress and resolves with the answer", async () => {
    vi.stubGlobal("XMLHttpRequest", FakeXhr);
    const progress: [number, number][] = [];
    const { promise } = request((l, t) => progress.push([l, t]));
    const xhr = FakeXhr.last;
    expect(xhr.opened).toEqual(["PUT", "/api/v1/uploads", true]);
    expect(xhr.timeout).toBe(1234);
    expect(xhr.withCredentials).toBe(true);
    expect(xhr.headers).toEqual({ Accept: "application/json", "X-Requested-With": "XMLHttpRequest" });
    expect(xhr.sent).toBeInstanceOf(FormData);
    xhr.upload.onprogress?.({ loaded: 5, total: 10, lengthComputable: true });
    xhr.upload.onprogress?.({ loaded: 7, total: 0, lengthComputable: false });
    expect(progress).toEqual([
      [5, 10],
      [7, 0],
    ]);
    xhr.status = 201;
    xhr.responseText = '{"id":"a"}';
    xhr.onload?.();
    const res = await promise;
    expect(res.status).toBe(201);
    expect(res.bodyText).toBe('{"id":"a"}');
    expect(res.headers.get("Content-Type")).toBe("application/json");
  });

  it.each([
    ["onerror", "NETWORK"],
    ["ontimeout", "TIMEOUT"],
    ["onabort", "ABORTED"],
  ] as const)("rejects on %s with %s", async (handler, type) => {
    vi.stubGlobal("XMLHttpRequest", FakeXhr);
    const { promise } = request();
    FakeXhr.last[handler]?.();
    await expect(promise).rejects.toEqual(new UploadTransportError(type));
    await promise.catch((err: UploadTransportError) => expect(err.type).toBe(type));
  });

  it("aborts the request", async () => {
    vi.stubGlobal("XMLHttpRequest", FakeXhr);
    const { promise, abort } = request();
    abort();
    await expect(promise).rejects.toBeInstanceOf(UploadTransportError);
  });
});
