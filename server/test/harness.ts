import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createPaymentProvider } from "../modules/payments/payments.provider.ts";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { inject } from "vitest";
import { loadConfig, type TConfig } from "../config.ts";
import { createApi } from "../api.ts";
import { type Database, openDatabase } from "../db/client.ts";
import { DEMO_PHONES, seedDemo } from "../db/seed.ts";
import { createLogger } from "../lib/logger.ts";
import type { SmsSender } from "../modules/auth/sms.ts";
import { runDueJobs } from "../modules/jobs/queue.ts";
import { DiskStorage } from "../modules/uploads/storage.ts";
import { QUEUED_JOBS } from "../jobs.ts";
import type { Services } from "../services.ts";

/** An SMS sender that keeps messages, so tests can read the code a phone received. */
export class MemorySms implements SmsSender {
  sent: { phone: string; text: string }[] = [];
  async send(phone: string, text: string) {
    this.sent.push({ phone, text });
  }
  lastCode(phone: string): string {
    const msg = [...this.sent].reverse().find((m) => m.phone === phone);
    const code = msg?.text.match(/\d{6}/)?.[0];
    if (!code) throw new Error(`no code sent to ${phone}`);
    return code;
  }
}

export const DEV_CODE = "111111";

/** The bytes of a minimal PDF: what `upload` sends by default. */
export const PDF = new TextEncoder().encode("%PDF-1.7\n1 0 obj << >> endobj\n%%EOF");

/** The bytes of a small PNG (its signature, then 300 bytes): a photo to upload. */
export const PNG = Uint8Array.from([
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

/** Where an upload is read (`GET /uploads/{id}`), as `POST /uploads` answers it in `url`. */
export const uploadUrl = (id: string) => `/api/v1/uploads/${id}`;

let template: Blob | undefined;
/**
 * The migrated PGlite data directory of this run (made once by server/test/global-setup.ts), read
 * once per test file; none outside the `db` project, where the harness migrates its own database.
 */
function pgliteTemplate(): Blob | undefined {
  const file = inject("pgliteTemplate");
  if (file && !template) template = new Blob([readFileSync(file)]);
  return template;
}

/**
 * A test database and API. PGlite in memory by default (loaded from the run's migrated template), the
 * server of `DATABASE_URL` when set (there a database of the test file's own, server/test/db-per-file.ts);
 * one per test file, emptied between tests with `reset()`.
 */
export async function createHarness(overrides: Partial<TConfig> = {}) {
  // Uploaded files of this test file live in a temporary directory, removed by close().
  const dataDir = mkdtempSync(path.join(tmpdir(), "mazar-test-"));
  const config: TConfig = {
    ...loadConfig({ NODE_ENV: "test", AUTH_DEV_CODE: DEV_CODE, LOG_LEVEL: "silent", DATA_DIR: dataDir }),
    ...overrides,
  };
  const databaseUrl = process.env.DATABASE_URL;
  const database: Database = await openDatabase({
    databaseUrl,
    loadDataDir: databaseUrl ? undefined : pgliteTemplate(),
  });
  const sms = new MemorySms();
  let clock: Date | null = null;
  const services: Services = {
    db: database.db,
    config,
    logger: createLogger(process.env.TEST_LOG ?? "silent"),
    sms,
    storage: new DiskStorage(path.join(dataDir, "uploads")),
    payments: createPaymentProvider(config),
    now: () => clock ?? new Date(),
  };
  const api = createApi(services);

  async function request(
    method: string,
    path: string,
    opts: { body?: unknown; token?: string; cookie?: string; headers?: Record<string, string> } = {},
  ) {
    const headers: Record<string, string> = { ...opts.headers };
    if (opts.body !== undefined) headers["content-type"] = "application/json";
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    if (opts.cookie) headers.cookie = opts.cookie;
    const res = await api.request(`/api/v1${path}`, {
      method,
      headers,
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
    });
    const text = await res.text();
    let json: any = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = text;
    }
    return { status: res.status, json, headers: res.headers };
  }

  /**
   * Uploads a file as the holder of `token` (`POST /uploads`, a form as the drop zone sends it), or
   * as an anonymous visitor when `token` is null: by default a small PDF as a document; returns the
   * upload's id, failing unless it was stored (201).
   */
  async function upload(
    token: string | null,
    file: { name?: string; type?: string; bytes?: Uint8Array; purpose?: string } = {},
  ): Promise<string> {
    const form = new FormData();
    const bytes = file.bytes ?? PDF;
    form.set(
      "file",
      new File([bytes as Uint8Array<ArrayBuffer>], file.name ?? "certificate.pdf", {
        type: file.type ?? "application/pdf",
      }),
    );
    form.set("purpose", file.purpose ?? "document");
    const res = await api.request("/api/v1/uploads", {
      method: "POST",
      body: form,
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
    const json = (await res.json()) as { id: string };
    if (res.status !== 201) throw new Error(`upload failed: ${res.status} ${JSON.stringify(json)}`);
    return json.id;
  }

  /** Signs a demo (or any existing) account in with the dev code; returns its token. */
  async function login(phone: string): Promise<string> {
    const res = await request("POST", "/auth/otp/verify", { body: { phone, code: DEV_CODE } });
    const cookie = res.headers.get("set-cookie") ?? "";
    const token = /token=([^;]+)/.exec(cookie)?.[1];
    if (res.status !== 200 || !token) throw new Error(`login failed for ${phone}: ${JSON.stringify(res.json)}`);
    return token;
  }

  async function reset() {
    sms.sent = [];
    clock = null;
    // Every table of the schema, so a new module's rows never leak from one test into the next.
    const tables = await database.db.execute(sql.raw("select tablename from pg_tables where schemaname = 'public'"));
    const names = (tables.rows as { tablename: string }[]).map((r) => `"${r.tablename}"`).join(", ");
    await database.db.execute(sql.raw(`truncate table ${names} restart identity cascade`));
    await seedDemo(database.db);
  }

  return {
    api,
    services,
    db: database.db,
    sms,
    request,
    upload,
    login,
    reset,
    phones: DEMO_PHONES,
    /** Runs the queued jobs that are due by the harness's clock (no queue runs by itself in tests). */
    runQueue: () => runDueJobs(services, QUEUED_JOBS),
    setNow: (d: Date | null) => {
      clock = d;
    },
    close: async () => {
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export type Harness = Awaited<ReturnType<typeof createHarness>>;
