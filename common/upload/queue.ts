/**
 * The upload queue behind the file drop zone (specification, sections 3–5, 7–9).
 *
 * Isomorphic: no React, no server imports, no DOM globals touched at import time. The network is
 * reached through an injected {@link UploadTransport}; the browser uses `xhrTransport`.
 *
 * An item moves `ADDED → QUEUED → UPLOADING → DONE | ERROR`:
 * - adding runs the checks in order (size, type, count); a rejected file stays in the list with
 *   `accepted: false` so the person sees why, and is never sent;
 * - `enqueue` is allowed only from ADDED on an accepted item;
 * - a queued item starts when fewer than `parallelUploads` items are in flight;
 * - in chunked mode each answered chunk sends the next one until the file is exhausted;
 * - each failure decrements the item's retry counter (it starts at `maxRetries`); an ERROR item is
 *   retried only while retry-on-error is on and the counter is above zero.
 */
import { z } from "zod";
import { xhrTransport } from "./xhr-transport.ts";
import type { TUploadResponse, UploadTransport } from "./transport.ts";

export type { TUploadRequest, TUploadResponse, UploadTransport } from "./transport.ts";
export { UploadTransportError } from "./transport.ts";

/** The life of an upload item. */
export const UPLOAD_STATUSES = ["ADDED", "QUEUED", "UPLOADING", "DONE", "ERROR"] as const;
export type TUploadStatus = (typeof UPLOAD_STATUSES)[number];

/** Why a file was not accepted when added. */
export const ADD_ERROR_TYPES = ["MAX_FILE_SIZE", "INVALID_TYPE", "MAX_FILE"] as const;
export type TAddErrorType = (typeof ADD_ERROR_TYPES)[number];

/** Why a sending failed. `INVALID_JSON`: the server said JSON and sent something else. */
export const UPLOAD_ERROR_TYPES = ["TIMEOUT", "NETWORK", "HTTP", "INVALID_JSON"] as const;
export type TUploadErrorType = (typeof UPLOAD_ERROR_TYPES)[number];

/** The message of the specification's error catalogue for an unparseable answer. */
export const INVALID_JSON_MESSAGE = "Invalid JSON response from server.";

/** An item's error. `status` and `code` come with `HTTP`; `message` is the server's own when it gave one. */
export type TUploadError = {
  type: TAddErrorType | TUploadErrorType;
  message?: string;
  status?: number;
  code?: string;
};

/** One file in the queue. Items are replaced, never mutated, so a snapshot can be rendered as is. */
export type TUploadItem = {
  /** A local id, unique per queue; also the `uploadId` of its chunks. */
  readonly id: string;
  readonly file: File;
  /** An object URL or data URL set by the widget for a preview; may stay null. */
  readonly thumbnail: string | null;
  readonly upload: {
    /** 0..100 */
    readonly progress: number;
    /** The server's id once the file is stored. */
    readonly id: string | null;
    /** The chunk being sent (0-based); 0 when not chunked. */
    readonly chunkIndex: number;
    /** How many requests the file takes: 1 when not chunked. */
    readonly chunkCount: number;
    /** Failures left before the queue stops retrying. */
    readonly retries: number;
  };
  readonly status: TUploadStatus;
  readonly accepted: boolean;
  readonly error?: TUploadError;
  /** The parsed answer of the last request (the stored file once DONE). */
  readonly response?: unknown;
};

/**
 * File extensions and the MIME types they stand for, used when a browser reports no type or an
 * unusual one (a `.csv` from Excel on Windows, a photo from some Android galleries).
 */
export const EXTENSION_MIME_TYPES: Readonly<Record<string, readonly string[]>> = {
  jpg: ["image/jpeg"],
  jpeg: ["image/jpeg"],
  png: ["image/png"],
  webp: ["image/webp"],
  gif: ["image/gif"],
  pdf: ["application/pdf"],
  xlsx: ["application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"],
  xls: ["application/vnd.ms-excel"],
  csv: ["text/csv", "application/csv"],
  doc: ["application/msword"],
  docx: ["application/vnd.openxmlformats-officedocument.wordprocessingml.document"],
  txt: ["text/plain"],
};

/**
 * The defaults of the specification (section 9). `url` has none: a queue must be told where to send.
 * `timeout` 0 would mean no limit; `maxFiles` null means unlimited; `acceptedFiles` null accepts
 * every type.
 */
export const UPLOAD_DEFAULTS = {
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
} as const satisfies Omit<z.input<typeof ZUploadConfig>, "url">;

/** Resolves relative addresses only to check them; never requested. */
const URL_CHECK_BASE = "http://upload-base.invalid";

/**
 * An absolute http(s) address, or a path from the site root (`/api/v1/uploads`). A page-relative
 * address (`uploads`) is refused: it would change meaning with the page it is used on (`/kk/...`).
 * A path that the URL parser turns into another host (`//evil.example`, `/\evil.example`) is refused.
 */
function isUploadUrl(url: string): boolean {
  try {
    if (url.startsWith("/")) return new URL(url, URL_CHECK_BASE).origin === URL_CHECK_BASE;
    const parsed = new URL(url);
    return (parsed.protocol === "http:" || parsed.protocol === "https:") && parsed.host !== "";
  } catch {
    return false;
  }
}

const ZFieldValue = z.union([z.string(), z.number()]);

/**
 * The queue's configuration. Unknown keys are refused so a misspelt option fails loudly instead
 * of silently keeping its default. `multiple` is forced off with chunking: chunks of one file
 * must not be interleaved with a second file picked in the same go.
 */
export const ZUploadConfig = z
  .strictObject({
    url: z.string().refine(isUploadUrl, {
      message: "must be an absolute http(s) URL or a path starting with / (for example /api/v1/uploads)",
    }),
    method: z.enum(["POST", "PUT"]),
    timeout: z.number().min(0),
    /** Extra request headers; numbers are sent as their decimal text. */
    headers: z.record(z.string(), ZFieldValue),
    /** Extra form fields sent with every request, e.g. `{ purpose: "photo" }`. */
    params: z.record(z.string(), ZFieldValue),
    paramName: z.string().min(1),
    /** Bytes; a larger file is refused on adding. */
    maxFileSize: z.number().min(0),
    parallelUploads: z.number().int().min(1),
    chunking: z.boolean(),
    chunksPerFile: z.number().int().min(1),
    maxRetries: z.number().int().min(0),
    maxFiles: z.number().int().min(0).nullable(),
    /** MIME types (`image/png`), wildcards (`image/*`) or extensions (`.pdf`); a comma list is split. */
    acceptedFiles: z
      .union([z.string(), z.array(z.string())])
      .nullable()
      .transform((v) =>
        v === null
          ? null
          : (typeof v === "string" ? v.split(",") : v).map((s) => s.trim().toLowerCase()).filter(Boolean),
      ),
    autoUpload: z.boolean(),
    retryOnError: z.boolean(),
    multiple: z.boolean(),
    clickable: z.boolean(),
    withCredentials: z.boolean(),
  })
  .transform((c) => ({ ...c, multiple: c.chunking ? false : c.multiple }));

/** The effective configuration, defaults applied. */
export type TUploadConfig = z.output<typeof ZUploadConfig>;
/** What a caller passes: `url`, plus any option to change. */
export type TUploadConfigInput = Partial<z.input<typeof ZUploadConfig>> & { url: string };

/** Thrown for an invalid configuration; the message names every wrong option. */
export class UploadConfigError extends Error {
  constructor(readonly issues: { path: string; message: string }[]) {
    super(`Invalid upload configuration: ${issues.map((i) => `${i.path || "config"}: ${i.message}`).join("; ")}`);
    this.name = "UploadConfigError";
  }
}

/** Applies the defaults and validates; throws {@link UploadConfigError}. */
export function parseUploadConfig(input: TUploadConfigInput): TUploadConfig {
  // An option given as `undefined` keeps its default rather than failing validation.
  const given = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined));
  const parsed = ZUploadConfig.safeParse({ ...UPLOAD_DEFAULTS, ...given });
  if (!parsed.success) {
    throw new UploadConfigError(
      parsed.error.issues.flatMap((i) =>
        i.code === "unrecognized_keys"
          ? i.keys.map((key) => ({ path: key, message: "is not an upload option" }))
          : [{ path: i.path.join("."), message: i.message }],
      ),
    );
  }
  return parsed.data;
}

function extensionOf(name: string): string {
  const dot = name.lastIndexOf(".");
  return dot < 0 ? "" : name.slice(dot + 1).toLowerCase();
}

/**
 * Whether a file's type is in the accepted list: by its MIME type, by a wildcard (`image/*`),
 * by an extension entry (`.pdf`), or by the MIME types its extension stands for. The server
 * checks the content again; this only spares a person a pointless upload.
 */
export function isAcceptedType(file: { name: string; type: string }, accepted: readonly string[] | null): boolean {
  if (!accepted || accepted.length === 0) return true;
  const ext = extensionOf(file.name);
  const candidates = [file.type.toLowerCase(), ...(EXTENSION_MIME_TYPES[ext] ?? [])].filter(Boolean);
  return accepted.some((raw) => {
    const entry = raw.trim().toLowerCase();
    if (entry.startsWith(".")) return entry.slice(1) === ext;
    if (entry.endsWith("/*")) return candidates.some((c) => c.startsWith(entry.slice(0, -1)));
    return candidates.includes(entry);
  });
}

/** Size labels; index 0 is bytes. */
const SIZE_UNITS = ["b", "KB", "MB", "GB", "TB"] as const;

/**
 * A file size for people: `999 b`, `1.5 MB`, at most one decimal. Steps of 1000, as Dropzone's
 * default and as phones and operating systems show sizes, so the label matches what the person
 * sees in their gallery. Pass translated unit labels (smallest first) and the decimal sign of
 * the page's language.
 */
export function formatSize(
  bytes: number,
  options: { units?: readonly [string, string, string, string, string]; decimal?: string } = {},
): string {
  const units = options.units ?? SIZE_UNITS;
  let value = Math.max(0, bytes);
  let unit = 0;
  while (unit < units.length - 1 && value >= 1000) {
    value /= 1000;
    unit++;
  }
  let rounded = unit === 0 ? Math.round(value) : Math.round(value * 10) / 10;
  // 999 999 bytes is 999.999 KB, which rounds to 1000 KB: say 1 MB instead.
  if (rounded >= 1000 && unit < units.length - 1) {
    rounded = Math.round(rounded / 100) / 10;
    unit++;
  }
  return `${String(rounded).replace(".", options.decimal ?? ".")} ${units[unit]}`;
}

/** The events of the specification (section 7) and what their listeners receive. */
export type TUploadEvents = {
  "added-file": [item: TUploadItem];
  "removed-file": [item: TUploadItem];
  /** Before each request (every chunk); fields may still be appended to `body`. */
  sending: [item: TUploadItem, body: FormData];
  /** Once, when the item is DONE. */
  uploaded: [item: TUploadItem, response: unknown];
  "error-upload": [ids: string[], type: TUploadErrorType, error: TUploadError];
  "error-add": [item: TUploadItem, type: TAddErrorType];
  "config-update": [config: TUploadConfig];
};
export type TUploadEventName = keyof TUploadEvents;
type Listener<E extends TUploadEventName> = (...args: TUploadEvents[E]) => void;

/** A random id that the server accepts as an `uploadId` (`[A-Za-z0-9_-]{1,64}`). */
function randomId(): string {
  const bytes = new Uint8Array(12);
  // getRandomValues, unlike randomUUID, also exists on pages served over plain http.
  if (globalThis.crypto?.getRandomValues) globalThis.crypto.getRandomValues(bytes);
  else for (let i = 0; i < bytes.length; i++) bytes[i] = Math.floor(Math.random() * 256);
  return `u${Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("")}`;
}

/** Bytes `[start, end)` of chunk `index`: evenly spread, so no chunk is empty when the file has bytes. */
function chunkBounds(size: number, count: number, index: number): [number, number] {
  return [Math.floor((index * size) / count), Math.floor(((index + 1) * size) / count)];
}

function isJson(contentType: string | null): boolean {
  return /[/+]json\b/i.test(contentType ?? "");
}

/** The API's error body: `{ error: { code, message } }`. */
const ZApiError = z.object({ error: z.object({ code: z.string().optional(), message: z.string().optional() }) });

type InFlight = { token: number; abort: () => void; chunked: boolean };

export type UploadQueueOptions = {
  /** Defaults to `xhrTransport` (browser only). */
  transport?: UploadTransport;
  /** Local ids; must suit the server's `uploadId` rule. */
  createId?: () => string;
};

/**
 * The queue. Listeners (`on`) run synchronously, in the order they were added. For rendering,
 * `subscribe` is told of every change (progress included) and `items` is a new array each time.
 */
export class UploadQueue {
  #input: TUploadConfigInput;
  #config: TUploadConfig;
  #items: readonly TUploadItem[] = [];
  // Listeners of different events take different arguments; `#emit` is what keeps them matched.
  #listeners = new Map<TUploadEventName, Set<(...args: any[]) => void>>();
  #subscribers = new Set<() => void>();
  #inFlight = new Map<string, InFlight>();
  #transport: UploadTransport;
  #createId: () => string;
  #seq = 0;
  #isDestroyed = false;

  constructor(config: TUploadConfigInput, options: UploadQueueOptions = {}) {
    this.#input = { ...config };
    this.#config = parseUploadConfig(this.#input);
    this.#transport = options.transport ?? xhrTransport;
    this.#createId = options.createId ?? randomId;
  }

  /** The effective configuration. */
  get config(): TUploadConfig {
    return this.#config;
  }

  /** Every item, in the order added. A new array after each change. */
  get items(): readonly TUploadItem[] {
    return this.#items;
  }

  getItem(id: string): TUploadItem | undefined {
    return this.#items.find((i) => i.id === id);
  }

  /** Items being sent right now. */
  get inFlightCount(): number {
    return this.#inFlight.size;
  }

  on<E extends TUploadEventName>(event: E, fn: Listener<E>): this {
    let set = this.#listeners.get(event);
    if (!set) {
      set = new Set();
      this.#listeners.set(event, set);
    }
    set.add(fn);
    return this;
  }

  off<E extends TUploadEventName>(event: E, fn: Listener<E>): this {
    this.#listeners.get(event)?.delete(fn);
    return this;
  }

  /** Called after every change of any item; returns the unsubscribe function. */
  subscribe(fn: () => void): () => void {
    this.#subscribers.add(fn);
    return () => this.#subscribers.delete(fn);
  }

  /** Re-validates the merged configuration (throws when invalid, keeping the old one) and emits `config-update`. */
  setConfig(partial: Partial<TUploadConfigInput>): TUploadConfig {
    const input = { ...this.#input, ...partial };
    const config = parseUploadConfig(input);
    this.#input = input;
    this.#config = config;
    this.#emit("config-update", config);
    // A larger parallel limit lets waiting items start now.
    this.#pump();
    return config;
  }

  /**
   * Adds one file. It is checked in order: size (`MAX_FILE_SIZE`), type (`INVALID_TYPE`), count
   * (`MAX_FILE`). A rejected file stays as an item with `accepted: false` and `error-add` is emitted;
   * an accepted one is queued at once when `autoUpload` is on.
   */
  addFile(file: File): TUploadItem {
    if (this.#isDestroyed) throw new Error("The upload queue was destroyed.");
    const cfg = this.#config;
    let rejection: TAddErrorType | null = null;
    if (file.size > cfg.maxFileSize) rejection = "MAX_FILE_SIZE";
    else if (!isAcceptedType(file, cfg.acceptedFiles)) rejection = "INVALID_TYPE";
    else if (cfg.maxFiles !== null && this.#items.filter((i) => i.accepted).length >= cfg.maxFiles) {
      rejection = "MAX_FILE";
    }
    const id = this.#uniqueId();
    const item: TUploadItem = {
      id,
      file,
      thumbnail: null,
      upload: { progress: 0, id: null, chunkIndex: 0, chunkCount: this.#chunkCount(file), retries: cfg.maxRetries },
      status: "ADDED",
      accepted: rejection === null,
      ...(rejection ? { error: { type: rejection } } : {}),
    };
    this.#items = [...this.#items, item];
    this.#notify();
    this.#emit("added-file", item);
    if (rejection) this.#emit("error-add", item, rejection);
    else if (cfg.autoUpload && this.getItem(id)?.status === "ADDED") this.enqueue(id);
    return this.getItem(id) ?? item;
  }

  /** Adds what one pick or drop brought; with `multiple` off only the first file is taken. */
  addFiles(files: Iterable<File> | ArrayLike<File>): TUploadItem[] {
    const list = Array.from(files as ArrayLike<File>);
    return (this.#config.multiple ? list : list.slice(0, 1)).map((f) => this.addFile(f));
  }

  /** ADDED → QUEUED, for an accepted item; anything else is a programming error and throws. */
  enqueue(id: string): void {
    const item = this.getItem(id);
    if (!item) throw new Error(`Upload item ${id} does not exist.`);
    if (!item.accepted) throw new Error(`Upload item ${id} was not accepted and cannot be queued.`);
    if (item.status !== "ADDED")
      throw new Error(`Upload item ${id} is ${item.status}; only an ADDED item can be queued.`);
    this.#update(id, { status: "QUEUED" });
    this.#pump();
  }

  /** Queues every accepted item still waiting in ADDED (for `autoUpload: false`); returns how many. */
  enqueueAll(): number {
    const waiting = this.#items.filter((i) => i.accepted && i.status === "ADDED");
    for (const item of waiting) this.enqueue(item.id);
    return waiting.length;
  }

  /**
   * Retries an ERROR item, as the queue itself does after a failure: only when `retryOnError` is on
   * and the item's retry counter is above zero. The file is sent again from its first chunk.
   * Returns whether it was queued again.
   */
  retry(id: string): boolean {
    if (!this.#config.retryOnError) return false;
    return this.requeue(id);
  }

  /**
   * A person's "try again": an ERROR item goes back to QUEUED while its retry counter is above zero,
   * whatever `retryOnError` says (that switch is about the queue retrying by itself).
   */
  requeue(id: string): boolean {
    const item = this.getItem(id);
    if (!item?.accepted || item.status !== "ERROR" || item.upload.retries <= 0) return false;
    this.#update(id, {
      status: "QUEUED",
      error: undefined,
      upload: { ...item.upload, progress: 0, chunkIndex: 0 },
    });
    this.#pump();
    return true;
  }

  /** Removes an item, cancelling its request when one is in flight, and emits `removed-file`. */
  removeFile(id: string): boolean {
    const item = this.getItem(id);
    if (!item) return false;
    const flight = this.#inFlight.get(id);
    this.#inFlight.delete(id);
    flight?.abort();
    this.#items = this.#items.filter((i) => i.id !== id);
    this.#notify();
    this.#emit("removed-file", item);
    this.#pump();
    return true;
  }

  /** Sets the preview of an item (the widget makes it; the queue only keeps it). */
  setThumbnail(id: string, thumbnail: string | null): void {
    if (this.getItem(id)) this.#update(id, { thumbnail });
  }

  /** Cancels every request and forgets listeners; the queue cannot be used afterwards. */
  destroy(): void {
    this.#isDestroyed = true;
    const flights = [...this.#inFlight.values()];
    this.#inFlight.clear();
    for (const f of flights) f.abort();
    this.#listeners.clear();
    this.#subscribers.clear();
  }

  #emit<E extends TUploadEventName>(event: E, ...args: TUploadEvents[E]): void {
    const set = this.#listeners.get(event);
    if (!set) return;
    for (const fn of [...set]) fn(...args);
  }

  #notify(): void {
    for (const fn of [...this.#subscribers]) fn();
  }

  #update(id: string, patch: Partial<TUploadItem>): TUploadItem | undefined {
    let next: TUploadItem | undefined;
    this.#items = this.#items.map((i) => {
      if (i.id !== id) return i;
      next = { ...i, ...patch };
      if ("error" in patch && patch.error === undefined) delete (next as { error?: TUploadError }).error;
      return next;
    });
    if (next) this.#notify();
    return next;
  }

  #uniqueId(): string {
    let id = this.#createId();
    while (this.getItem(id)) id = this.#createId();
    return id;
  }

  /** One request per file, or `chunksPerFile` requests (fewer for a file of fewer bytes). */
  #chunkCount(file: Blob): number {
    if (!this.#config.chunking) return 1;
    return Math.max(1, Math.min(this.#config.chunksPerFile, file.size));
  }

  /** Starts queued items, oldest first, while there is room. */
  #pump(): void {
    if (this.#isDestroyed) return;
    while (this.#inFlight.size < this.#config.parallelUploads) {
      const next = this.#items.find((i) => i.status === "QUEUED");
      if (!next) return;
      const chunked = this.#config.chunking;
      // The plan is fixed when sending starts, so a config change cannot cut a file differently midway.
      this.#inFlight.set(next.id, { token: 0, abort: () => {}, chunked });
      this.#update(next.id, {
        status: "UPLOADING",
        upload: { ...next.upload, progress: 0, chunkIndex: 0, chunkCount: this.#chunkCount(next.file) },
      });
      this.#send(next.id);
    }
  }

  #send(id: string): void {
    const flight = this.#inFlight.get(id);
    const item = this.getItem(id);
    if (!flight || !item) return;
    const cfg = this.#config;
    const { chunkIndex, chunkCount } = item.upload;
    const body = new FormData();
    for (const [k, v] of Object.entries(cfg.params)) body.append(k, String(v));
    // Fields before the file, so a server reading the stream knows what it receives.
    if (flight.chunked) {
      const [start, end] = chunkBounds(item.file.size, chunkCount, chunkIndex);
      body.append("fileName", item.file.name);
      body.append("chunkIndex", String(chunkIndex));
      body.append("chunkCount", String(chunkCount));
      // The whole file's size: the server bounds and counts the file by it from the first chunk.
      body.append("fileSize", String(item.file.size));
      body.append("uploadId", item.id);
      body.append(cfg.paramName, item.file.slice(start, end, item.file.type), item.file.name);
    } else {
      body.append(cfg.paramName, item.file, item.file.name);
    }
    const headers: Record<string, string> = {
      Accept: "application/json",
      "Cache-Control": "no-cache",
      "X-Requested-With": "XMLHttpRequest",
    };
    for (const [k, v] of Object.entries(cfg.headers)) headers[k] = String(v);

    const token = ++this.#seq;
    flight.token = token;
    const isCurrent = () => this.#inFlight.get(id)?.token === token;
    this.#emit("sending", item, body);
    if (!isCurrent()) return;

    let handle: ReturnType<UploadTransport>;
    try {
      handle = this.#transport({
        url: cfg.url,
        method: cfg.method,
        headers,
        body,
        timeout: cfg.timeout,
        withCredentials: cfg.withCredentials,
        onProgress: (loaded, total) => {
          if (!isCurrent()) return;
          const part = total > 0 ? Math.min(1, Math.max(0, loaded / total)) : 0;
          const current = this.getItem(id);
          if (!current) return;
          // Never 100 before the server has answered: the bytes are sent, the file is not stored yet.
          const progress = Math.min(99, ((chunkIndex + part) / chunkCount) * 100);
          this.#update(id, { upload: { ...current.upload, progress } });
        },
      });
    } catch {
      this.#fail(id, { type: "NETWORK" });
      return;
    }
    flight.abort = handle.abort;
    handle.promise.then(
      (res) => {
        if (isCurrent()) this.#answered(id, res);
      },
      (err: unknown) => {
        if (!isCurrent()) return;
        const type = (err as { type?: unknown } | null)?.type === "TIMEOUT" ? "TIMEOUT" : "NETWORK";
        this.#fail(id, { type });
      },
    );
  }

  #answered(id: string, res: TUploadResponse): void {
    const isOk = res.status >= 200 && res.status <= 299;
    let payload: unknown = res.bodyText;
    let isParsed = true;
    if (isJson(res.headers.get("content-type"))) {
      try {
        payload = JSON.parse(res.bodyText);
      } catch {
        isParsed = false;
      }
    }
    if (!isOk) {
      const api = isParsed ? ZApiError.safeParse(payload) : null;
      this.#fail(id, {
        type: "HTTP",
        status: res.status,
        ...(api?.success && api.data.error.message ? { message: api.data.error.message } : {}),
        ...(api?.success && api.data.error.code ? { code: api.data.error.code } : {}),
      });
      return;
    }
    if (!isParsed) {
      this.#fail(id, { type: "INVALID_JSON", message: INVALID_JSON_MESSAGE, status: res.status });
      return;
    }
    const item = this.getItem(id);
    if (!item) return;
    const next = item.upload.chunkIndex + 1;
    if (next < item.upload.chunkCount) {
      this.#update(id, {
        response: payload,
        upload: { ...item.upload, chunkIndex: next, progress: (next / item.upload.chunkCount) * 100 },
      });
      this.#send(id);
      return;
    }
    this.#inFlight.delete(id);
    const serverId = (payload as { id?: unknown } | null)?.id;
    const done = this.#update(id, {
      status: "DONE",
      response: payload,
      upload: {
        ...item.upload,
        progress: 100,
        id: typeof serverId === "string" || typeof serverId === "number" ? String(serverId) : null,
      },
    });
    if (done) this.#emit("uploaded", done, payload);
    this.#pump();
  }

  #fail(id: string, error: TUploadError & { type: TUploadErrorType }): void {
    this.#inFlight.delete(id);
    const item = this.getItem(id);
    if (!item) return;
    this.#update(id, {
      status: "ERROR",
      error,
      upload: { ...item.upload, retries: Math.max(0, item.upload.retries - 1) },
    });
    this.#emit("error-upload", [id], error.type, error);
    // The counter was just decremented; retry() lets the item go again only while it is above zero.
    if (this.#config.retryOnError && this.getItem(id)?.status === "ERROR") this.retry(id);
    this.#pump();
  }
}
