import { createHash, randomUUID } from "node:crypto";
import { and, count, eq, gt, inArray, isNull, lt } from "drizzle-orm";
import type { TUploadFile } from "../../../common/api-types.ts";
import type { Db, Queryable } from "../../db/client.ts";
import { AppError } from "../../lib/errors.ts";
import type { Services } from "../../services.ts";
import type { TSessionUser } from "../auth/auth.service.ts";
import { handlesRequestFor } from "../managers/managers.service.ts";
import { registryRequests } from "../registry/registry.tables.ts";
import { cleanFileName, detectFileType, MIME, type TDetectedType } from "./file-type.ts";
import { type TUploadPurpose, uploads } from "./uploads.tables.ts";

/** Megabytes as people and the drop zone count them (10 MB = 10,000,000 bytes). */
const MB = 1_000_000;

/** Size and type rules per purpose, checked on the server whatever the widget said. */
export const UPLOAD_RULES: Record<TUploadPurpose, { maxBytes: number; types: readonly TDetectedType[] }> = {
  photo: { maxBytes: 10 * MB, types: [MIME.jpeg, MIME.png, MIME.webp] },
  // Scans of documents come as PDF or as photos.
  document: { maxBytes: 20 * MB, types: [MIME.pdf, MIME.jpeg, MIME.png, MIME.webp] },
  spreadsheet: { maxBytes: 10 * MB, types: [MIME.xlsx] },
};

/** The largest request body `POST /uploads` may need (the largest file plus the multipart wrapping). */
export const UPLOAD_BODY_LIMIT = Math.max(...Object.values(UPLOAD_RULES).map((r) => r.maxBytes)) + 256 * 1024;

/** Files per hour. Anonymous visitors (public request forms) get far fewer, and photos only. */
export const UPLOAD_LIMITS = { perUserHour: 100, perIpHour: 300, anonymousPerIpHour: 20 } as const;

/** Unattached files live this long. */
export const UNATTACHED_TTL_MS = 24 * 3600_000;

/**
 * Chunks of files sent in parts wait in the file storage under this prefix, not on a server's own
 * disk: with several app servers behind a proxy, the chunks of one file arrive at different ones.
 */
export const STAGING_PREFIX = "staging/";

export function toUploadFile(row: typeof uploads.$inferSelect): TUploadFile {
  return { id: row.id, url: `/api/v1/uploads/${row.id}`, name: row.name, size: row.size, type: row.type };
}

type Uploader = { user: TSessionUser | null; ip: string };

async function checkRate(s: Services, who: Uploader, purpose: TUploadPurpose) {
  const since = new Date(s.now().getTime() - 3600_000);
  if (!who.user) {
    if (purpose !== "photo") throw new AppError(401, "unauthorized");
    const [n] = await s.db
      .select({ n: count() })
      .from(uploads)
      .where(and(eq(uploads.ip, who.ip), isNull(uploads.ownerId), gt(uploads.createdAt, since)));
    if ((n?.n ?? 0) >= UPLOAD_LIMITS.anonymousPerIpHour) throw new AppError(429, "upload_rate_limited");
    return;
  }
  const [byUser] = await s.db
    .select({ n: count() })
    .from(uploads)
    .where(and(eq(uploads.ownerId, who.user.id), gt(uploads.createdAt, since)));
  if ((byUser?.n ?? 0) >= UPLOAD_LIMITS.perUserHour) throw new AppError(429, "upload_rate_limited");
  const [byIp] = await s.db
    .select({ n: count() })
    .from(uploads)
    .where(and(eq(uploads.ip, who.ip), gt(uploads.createdAt, since)));
  if ((byIp?.n ?? 0) >= UPLOAD_LIMITS.perIpHour) throw new AppError(429, "upload_rate_limited");
}

const megabytes = (bytes: number) => `${Math.round(bytes / MB)}`;

/** Checks a whole file and stores it; nothing is stored when a check fails. */
async function storeFile(
  s: Services,
  who: Uploader,
  input: { purpose: TUploadPurpose; fileName: string; data: Uint8Array },
): Promise<TUploadFile> {
  const rule = UPLOAD_RULES[input.purpose];
  if (input.data.byteLength === 0) throw new AppError(422, "upload_empty");
  if (input.data.byteLength > rule.maxBytes) {
    throw new AppError(413, "upload_too_large", { max: megabytes(rule.maxBytes) });
  }
  const type = detectFileType(input.data);
  if (!type || !rule.types.includes(type)) throw new AppError(415, "upload_type_not_allowed");
  const id = randomUUID();
  const now = s.now();
  const storageKey = `${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, "0")}/${id}`;
  await s.storage.put(storageKey, input.data);
  try {
    const [row] = await s.db
      .insert(uploads)
      .values({
        id,
        ownerId: who.user?.id ?? null,
        ip: who.ip,
        purpose: input.purpose,
        name: cleanFileName(input.fileName),
        type,
        size: input.data.byteLength,
        sha256: createHash("sha256").update(input.data).digest("hex"),
        storageKey,
        createdAt: now,
      })
      .returning();
    return toUploadFile(row as typeof uploads.$inferSelect);
  } catch (err) {
    await s.storage.delete(storageKey);
    throw err;
  }
}

export type TChunk = { uploadId: string; chunkIndex: number; chunkCount: number };

/**
 * Receives a whole file, or one chunk of a file sent in parts. Chunks are kept aside per uploader
 * and upload id (so parts of several files never mix) and joined in index order once all have
 * arrived; the joined file then passes the same checks as a whole one.
 */
export async function receiveUpload(
  s: Services,
  who: Uploader,
  input: { purpose: TUploadPurpose; fileName: string; data: Uint8Array; chunk?: TChunk },
): Promise<{ done: true; file: TUploadFile } | { done: false; uploadId: string; received: number }> {
  await checkRate(s, who, input.purpose);
  if (!input.chunk) return { done: true, file: await storeFile(s, who, input) };

  const { uploadId, chunkIndex, chunkCount } = input.chunk;
  const owner = who.user ? `u${who.user.id}` : `ip-${createHash("sha256").update(who.ip).digest("hex").slice(0, 16)}`;
  const prefix = `${STAGING_PREFIX}${owner}/${uploadId}/`;
  const partKey = `${prefix}${String(chunkIndex).padStart(6, "0")}`;
  const removeStaged = async (parts: readonly { key: string }[]) => {
    for (const p of parts) await s.storage.delete(p.key);
  };
  const parts = (await s.storage.list(prefix)).filter((p) => p.key !== partKey);
  const staged = parts.reduce((sum, p) => sum + p.size, 0);
  const rule = UPLOAD_RULES[input.purpose];
  if (staged + input.data.byteLength > rule.maxBytes) {
    await removeStaged(parts);
    throw new AppError(413, "upload_too_large", { max: megabytes(rule.maxBytes) });
  }
  await s.storage.put(partKey, input.data);
  const received = parts.length + 1;
  if (received < chunkCount) return { done: false, uploadId, received };

  const all = await s.storage.list(prefix);
  const buffers: Buffer[] = [];
  for (const part of all.slice(0, chunkCount)) {
    const file = await s.storage.get(part.key);
    if (!file) throw new AppError(404, "upload_not_found");
    buffers.push(Buffer.from(await new Response(file.stream).arrayBuffer()));
  }
  await removeStaged(all);
  return { done: true, file: await storeFile(s, who, { ...input, data: Buffer.concat(buffers) }) };
}

/** Who may read a file: anyone when public, its owner, and admins; staff rules of later modules go here. */
function canRead(user: TSessionUser | null, row: typeof uploads.$inferSelect): boolean {
  if (row.isPublic) return true;
  if (!user) return false;
  if (row.ownerId === user.id) return true;
  return user.role === "admin";
}

/**
 * Photos sent with a visitor's add request are read by the managers who handle that request: those
 * of its cemetery, or of any cemetery when the visitor named none (as `listRequests` shows them).
 * A manager of another cemetery gets the same 404 as a stranger.
 */
async function handlesRequestOf(db: Db, user: TSessionUser | null, row: typeof uploads.$inferSelect) {
  if (user?.role !== "manager" || row.entityType !== "registry_request" || !row.entityId) return false;
  const [request] = await db
    .select({ cemeteryId: registryRequests.cemeteryId })
    .from(registryRequests)
    .where(eq(registryRequests.id, Number(row.entityId)));
  return request ? handlesRequestFor(db, user, request.cemeteryId) : false;
}

/** A stored file for download, when the caller may read it (otherwise 404: its existence is not revealed). */
export async function openUpload(s: Services, user: TSessionUser | null, id: string) {
  if (!/^[0-9a-f-]{36}$/i.test(id)) throw new AppError(404, "upload_not_found");
  const [row] = await s.db.select().from(uploads).where(eq(uploads.id, id)).limit(1);
  if (!row || !(canRead(user, row) || (await handlesRequestOf(s.db, user, row)))) {
    throw new AppError(404, "upload_not_found");
  }
  const file = await s.storage.get(row.storageKey);
  if (!file) throw new AppError(404, "upload_not_found");
  return { row, ...file };
}

/**
 * Binds the caller's uploaded files to a record, in the record's transaction. Every id must be
 * the caller's own and free (or already bound to this record); files previously bound to the
 * record and not listed are let go (removed with the other unattached files).
 */
export async function attachUploads(
  tx: Queryable,
  input: {
    /** The caller's user id; null for an anonymous visitor, who owns what they uploaded from `ip`. */
    ownerId: number | null;
    ip?: string;
    /** Report a file that is not the caller's as this form field's problem (otherwise a plain 422). */
    field?: { path: string; key: string };
    ids: readonly string[];
    entityType: string;
    entityId: string | number;
    purposes: readonly TUploadPurpose[];
    isPublic?: boolean;
    now: Date;
  },
): Promise<void> {
  const entityId = String(input.entityId);
  const ids = [...new Set(input.ids)];
  if (ids.length) {
    const rows = await tx.select().from(uploads).where(inArray(uploads.id, ids));
    const usable = rows.filter(
      (r) =>
        r.ownerId === input.ownerId &&
        (input.ownerId !== null || r.ip === input.ip) &&
        input.purposes.includes(r.purpose) &&
        (r.entityType === null || (r.entityType === input.entityType && r.entityId === entityId)),
    );
    if (usable.length !== ids.length) {
      throw new AppError(
        422,
        input.field ? "validation_failed" : "upload_not_found",
        {},
        input.field ? [input.field] : undefined,
      );
    }
  }
  const bound = await tx
    .select({ id: uploads.id })
    .from(uploads)
    .where(and(eq(uploads.entityType, input.entityType), eq(uploads.entityId, entityId)));
  const dropped = bound.map((b) => b.id).filter((id) => !ids.includes(id));
  if (dropped.length) {
    await tx
      .update(uploads)
      .set({ entityType: null, entityId: null, attachedAt: null, isPublic: false, createdAt: input.now })
      .where(inArray(uploads.id, dropped));
  }
  if (ids.length) {
    await tx
      .update(uploads)
      .set({ entityType: input.entityType, entityId, attachedAt: input.now, isPublic: input.isPublic ?? false })
      .where(inArray(uploads.id, ids));
  }
}

/** Makes a record's files public or private (news images when it is published or withdrawn). */
export async function setUploadsPublic(
  tx: Queryable,
  entityType: string,
  entityId: string | number,
  isPublic: boolean,
) {
  await tx
    .update(uploads)
    .set({ isPublic })
    .where(and(eq(uploads.entityType, entityType), eq(uploads.entityId, String(entityId))));
}

/** The files bound to records of one type, grouped by record id. */
export async function listAttached(
  db: Db | Queryable,
  entityType: string,
  entityIds: readonly (string | number)[],
): Promise<Map<string, TUploadFile[]>> {
  const out = new Map<string, TUploadFile[]>();
  if (!entityIds.length) return out;
  const rows = await db
    .select()
    .from(uploads)
    .where(and(eq(uploads.entityType, entityType), inArray(uploads.entityId, entityIds.map(String))))
    .orderBy(uploads.attachedAt, uploads.createdAt);
  for (const r of rows) {
    const key = r.entityId as string;
    out.set(key, [...(out.get(key) ?? []), toUploadFile(r)]);
  }
  return out;
}

/** Removes files never attached to a record within 24 hours, and chunks of abandoned uploads. */
export async function removeStaleUploads(s: Services): Promise<number> {
  const cutoff = new Date(s.now().getTime() - UNATTACHED_TTL_MS);
  const stale = await s.db
    .delete(uploads)
    .where(and(isNull(uploads.entityType), lt(uploads.createdAt, cutoff)))
    .returning({ storageKey: uploads.storageKey });
  for (const f of stale) await s.storage.delete(f.storageKey);
  // Chunks of uploads abandoned half-way, wherever they arrived.
  for (const part of await s.storage.list(STAGING_PREFIX)) {
    if (part.modifiedAt < cutoff) await s.storage.delete(part.key);
  }
  return stale.length;
}
