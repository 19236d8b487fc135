import { createHash, randomUUID } from "node:crypto";
import { and, count, eq, gt, inArray, isNull, lt, type SQL, sql } from "drizzle-orm";
import type { TUploadFile } from "../../../common/api-types.ts";
import type { Db, Queryable } from "../../db/client.ts";
import { hourBefore, lockQuota } from "../../lib/hourly-quota.ts";
import { AppError, fieldError } from "../../lib/errors.ts";
import type { Services } from "../../services.ts";
import { can } from "../../../common/permissions.ts";
import { cleanFileName, detectFileType, MIME, type TDetectedType } from "./file-type.ts";
import { type TUploadPurpose, uploadStaging, uploads } from "./uploads.tables.ts";
import type { TSessionUser } from "../../lib/caller.ts";

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

/**
 * Files and bytes per hour, counted from the first chunk of a file sent in parts (its declared
 * size). Anonymous visitors (public request forms) get far fewer, and photos only.
 */
export const UPLOAD_LIMITS = {
  perUserHour: 100,
  perIpHour: 300,
  anonymousPerIpHour: 20,
  bytesPerUserHour: 1_000 * MB,
  bytesPerIpHour: 2_000 * MB,
  anonymousBytesPerIpHour: 100 * MB,
} as const;

/** A file sent in parts has at most this many (the drop zone sends 10). */
export const MAX_CHUNKS = 100;

/** Unattached files live this long. */
export const UNATTACHED_TTL_MS = 24 * 3600_000;

/**
 * Chunks of files sent in parts wait in the file storage under this prefix, not on a server's own
 * disk: with several app servers behind a proxy, the chunks of one file arrive at different ones.
 */
export const STAGING_PREFIX = "staging/";

/** Chunks of a file nobody has added to for this long are removed by the sweep. */
export const STAGING_TTL_MS = 30 * 60_000;

/**
 * How often the sweep runs: abandoned staging is gone at most TTL + interval (45 minutes) after its
 * last chunk, well within the hour.
 */
export const SWEEP_INTERVAL_MS = 15 * 60_000;

/** Where the chunks of one upload wait in the storage. */
function stagingPrefix(ownerKey: string, uploadId: string): string {
  return `${STAGING_PREFIX}${ownerKey}/${uploadId}/`;
}

export function toUploadFile(row: typeof uploads.$inferSelect): TUploadFile {
  return { id: row.id, url: `/api/v1/uploads/${row.id}`, name: row.name, size: row.size, type: row.type };
}

type Uploader = { user: TSessionUser | null; ip: string };

/**
 * The hourly limits of an uploader, with `bytes` more about to be taken: finished files and files
 * still being sent in parts (their declared size) both count, so staging cannot fill the disk
 * around the limit. Runs inside the transaction that records the new file or staging.
 */
async function checkRate(tx: Queryable, now: Date, who: Uploader, purpose: TUploadPurpose, bytes: number) {
  const since = hourBefore(now);
  const usage = async (filesWhere: SQL | undefined, stagingWhere: SQL | undefined) => {
    const [files] = await tx
      .select({ n: count(), bytes: sql<number>`coalesce(sum(${uploads.size}), 0)::float8` })
      .from(uploads)
      .where(and(filesWhere, gt(uploads.createdAt, since)));
    const [staged] = await tx
      .select({ n: count(), bytes: sql<number>`coalesce(sum(${uploadStaging.fileSize}), 0)::float8` })
      .from(uploadStaging)
      .where(and(stagingWhere, gt(uploadStaging.createdAt, since)));
    return { n: (files?.n ?? 0) + (staged?.n ?? 0), bytes: Number(files?.bytes ?? 0) + Number(staged?.bytes ?? 0) };
  };
  const refuse = (u: { n: number; bytes: number }, files: number, maxBytes: number) => {
    if (u.n >= files || u.bytes + bytes > maxBytes) throw new AppError(429, "upload_rate_limited");
  };
  if (!who.user) {
    if (purpose !== "photo") throw new AppError(401, "unauthorized");
    const byIp = await usage(
      and(eq(uploads.ip, who.ip), isNull(uploads.ownerId)),
      and(eq(uploadStaging.ip, who.ip), isNull(uploadStaging.ownerId)),
    );
    refuse(byIp, UPLOAD_LIMITS.anonymousPerIpHour, UPLOAD_LIMITS.anonymousBytesPerIpHour);
    return;
  }
  const byUser = await usage(eq(uploads.ownerId, who.user.id), eq(uploadStaging.ownerId, who.user.id));
  refuse(byUser, UPLOAD_LIMITS.perUserHour, UPLOAD_LIMITS.bytesPerUserHour);
  const byIp = await usage(eq(uploads.ip, who.ip), eq(uploadStaging.ip, who.ip));
  refuse(byIp, UPLOAD_LIMITS.perIpHour, UPLOAD_LIMITS.bytesPerIpHour);
}

/**
 * Serialises the limit check and the insert of one address's uploads (two parallel requests must
 * not both pass a limit with one place left). A transaction-scoped advisory lock: released at commit.
 */
async function lockUploader(tx: Queryable, who: Uploader) {
  await lockQuota(tx, `uploads:${who.ip}`);
}

const megabytes = (bytes: number) => `${Math.round(bytes / MB)}`;

/** Checks a whole file and stores it; nothing is stored when a check fails. */
async function storeFile(
  s: Services,
  who: Uploader,
  input: {
    purpose: TUploadPurpose;
    fileName: string;
    data: Uint8Array;
    /** Joined from parts: counted against the limits since its first chunk, not again. */
    isStaged?: boolean;
  },
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
    return await s.db.transaction(async (tx) => {
      if (!input.isStaged) {
        await lockUploader(tx, who);
        await checkRate(tx, now, who, input.purpose, input.data.byteLength);
      }
      const [row] = await tx
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
    });
  } catch (err) {
    await s.storage.delete(storageKey);
    throw err;
  }
}

export type TChunk = {
  uploadId: string;
  chunkIndex: number;
  chunkCount: number;
  /** The whole file's size, declared with every chunk. */
  fileSize: number;
};

/** The staging key of an uploader: upload ids are scoped by it, so one uploader never reaches another's. */
function ownerKeyOf(who: Uploader): string {
  return who.user ? `u${who.user.id}` : `ip-${createHash("sha256").update(who.ip).digest("hex").slice(0, 16)}`;
}

/** Bytes of the staged chunks of one upload, by chunk name. */
async function stagedSizes(s: Services, prefix: string): Promise<Map<string, number>> {
  const sizes = new Map<string, number>();
  for (const part of await s.storage.list(prefix)) sizes.set(part.key.slice(prefix.length), part.size);
  return sizes;
}

/**
 * Receives a whole file, or one chunk of a file sent in parts.
 *
 * Chunked mode, security rules: the first chunk records the file's declaration (purpose, name,
 * size within the purpose's limit, at most {@link MAX_CHUNKS} chunks, no chunk larger than an even
 * share of the size) and counts it against the hourly limits at once. Later chunks must repeat that
 * declaration (409 otherwise) and are kept under the uploader's own key, so another uploader using
 * the same id only ever starts their own file. Staged bytes never exceed the declared size, and the
 * joined file must be exactly that size and pass the same checks as a whole one.
 */
export async function receiveUpload(
  s: Services,
  who: Uploader,
  input: { purpose: TUploadPurpose; fileName: string; data: Uint8Array; chunk?: TChunk },
): Promise<{ done: true; file: TUploadFile } | { done: false; uploadId: string; received: number }> {
  if (!who.user && input.purpose !== "photo") throw new AppError(401, "unauthorized");
  if (!input.chunk) {
    // Checked before the file is written (and again, under the uploader's lock, as it is recorded).
    await checkRate(s.db, s.now(), who, input.purpose, input.data.byteLength);
    return { done: true, file: await storeFile(s, who, input) };
  }

  const { uploadId, chunkIndex, chunkCount, fileSize } = input.chunk;
  const rule = UPLOAD_RULES[input.purpose];
  if (fileSize > rule.maxBytes) throw new AppError(413, "upload_too_large", { max: megabytes(rule.maxBytes) });
  if (chunkCount > Math.min(MAX_CHUNKS, fileSize)) {
    throw fieldError("chunkCount", "validation.invalid");
  }
  // Chunks are even shares of the file (the drop zone's split): none may be larger.
  if (input.data.byteLength === 0 || input.data.byteLength > Math.ceil(fileSize / chunkCount)) {
    throw fieldError("file", "validation.invalid");
  }

  const ownerKey = ownerKeyOf(who);
  const now = s.now();
  // The name as it will be stored (no control characters: PostgreSQL text cannot hold NUL).
  const fileName = cleanFileName(input.fileName);
  await s.db.transaction(async (tx) => {
    await lockUploader(tx, who);
    const [existing] = await tx
      .select()
      .from(uploadStaging)
      .where(and(eq(uploadStaging.ownerKey, ownerKey), eq(uploadStaging.uploadId, uploadId)))
      .for("update");
    if (!existing) {
      await checkRate(tx, now, who, input.purpose, fileSize);
      await tx.insert(uploadStaging).values({
        ownerKey,
        uploadId,
        ownerId: who.user?.id ?? null,
        ip: who.ip,
        purpose: input.purpose,
        fileName,
        fileSize,
        chunkCount,
        createdAt: now,
        updatedAt: now,
      });
      return;
    }
    const isSameFile =
      existing.purpose === input.purpose &&
      existing.fileName === fileName &&
      existing.fileSize === fileSize &&
      existing.chunkCount === chunkCount;
    if (!isSameFile) throw new AppError(409, "upload_mismatch");
    await tx
      .update(uploadStaging)
      .set({ updatedAt: now })
      .where(and(eq(uploadStaging.ownerKey, ownerKey), eq(uploadStaging.uploadId, uploadId)));
  });

  const prefix = stagingPrefix(ownerKey, uploadId);
  const chunkName = String(chunkIndex).padStart(6, "0");
  const before = await stagedSizes(s, prefix);
  // A chunk sent again (a retry) replaces its earlier copy.
  const stagedElsewhere = [...before].reduce((sum, [name, size]) => (name === chunkName ? sum : sum + size), 0);
  if (stagedElsewhere + input.data.byteLength > fileSize) {
    await discardStaging(s, ownerKey, uploadId);
    throw new AppError(413, "upload_too_large", { max: megabytes(rule.maxBytes) });
  }
  await s.storage.put(`${prefix}${chunkName}`, input.data);
  const staged = await stagedSizes(s, prefix);
  if (staged.size < chunkCount) return { done: false, uploadId, received: staged.size };

  // All chunks are here. The file is joined once, by whichever request claims its staging row
  // first (two last chunks may arrive together, at two servers); the other answers as a received chunk.
  const [claimed] = await s.db
    .delete(uploadStaging)
    .where(and(eq(uploadStaging.ownerKey, ownerKey), eq(uploadStaging.uploadId, uploadId)))
    .returning({ uploadId: uploadStaging.uploadId });
  if (!claimed) return { done: false, uploadId, received: staged.size };
  try {
    const names = [...staged.keys()].sort();
    const total = names.reduce((sum, n) => sum + (staged.get(n) ?? 0), 0);
    if (total !== fileSize) {
      throw fieldError("file", "validation.invalid");
    }
    const buffers: Buffer[] = [];
    for (const n of names) {
      const part = await s.storage.get(`${prefix}${n}`);
      if (!part) throw new AppError(404, "upload_not_found");
      buffers.push(Buffer.from(await new Response(part.stream).arrayBuffer()));
    }
    return { done: true, file: await storeFile(s, who, { ...input, data: Buffer.concat(buffers), isStaged: true }) };
  } finally {
    // Joined or refused (size, type), nothing of it stays staged.
    await removeParts(s, prefix);
  }
}

/** Deletes every staged chunk under a prefix. */
async function removeParts(s: Services, prefix: string) {
  for (const part of await s.storage.list(prefix)) await s.storage.delete(part.key);
}

/** Removes one staged upload: its chunks and its row (its quota is given back). */
async function discardStaging(s: Services, ownerKey: string, uploadId: string) {
  await removeParts(s, stagingPrefix(ownerKey, uploadId));
  await s.db
    .delete(uploadStaging)
    .where(and(eq(uploadStaging.ownerKey, ownerKey), eq(uploadStaging.uploadId, uploadId)));
}

/**
 * Who, besides the fixed readers, may read the private files bound to one kind of record: the
 * module that owns the record says, given the record's id (`entityId` of `attachUploads`). Uploads
 * knows nothing of the records themselves.
 */
export type TReadPolicy = (db: Queryable, user: TSessionUser, entityId: string) => Promise<boolean>;

const readPolicies = new Map<string, TReadPolicy>();

/**
 * Registers the read policy of the files bound under an entity type; each module registers its own,
 * next to the code that attaches them. A file of a type nobody registered stays with the fixed readers.
 */
export function registerReadPolicy(entityType: string, policy: TReadPolicy): void {
  if (readPolicies.has(entityType)) throw new Error(`read policy of "${entityType}" registered twice`);
  readPolicies.set(entityType, policy);
}

/**
 * Who may read a file: anyone when it is public; otherwise its uploader, the holders of
 * `uploads.read_any`, and whom the read policy of the record it is bound to lets in.
 */
async function canRead(db: Queryable, user: TSessionUser | null, row: typeof uploads.$inferSelect) {
  if (row.isPublic) return true;
  if (!user) return false;
  if (row.ownerId === user.id || can(user.role, "uploads.read_any")) return true;
  const policy = row.entityType && row.entityId ? readPolicies.get(row.entityType) : undefined;
  return policy ? policy(db, user, row.entityId as string) : false;
}

/** A stored file for download, when the caller may read it (otherwise 404: its existence is not revealed). */
export async function openUpload(s: Services, user: TSessionUser | null, id: string) {
  if (!/^[0-9a-f-]{36}$/i.test(id)) throw new AppError(404, "upload_not_found");
  const [row] = await s.db.select().from(uploads).where(eq(uploads.id, id)).limit(1);
  if (!row || !(await canRead(s.db, user, row))) {
    throw new AppError(404, "upload_not_found");
  }
  const file = await s.storage.get(row.storageKey);
  if (!file) throw new AppError(404, "upload_not_found");
  return { row, ...file };
}

/**
 * Binds the caller's uploaded files to a record, in the record's transaction. Every id must be
 * the caller's own and free (or already bound to this record); files previously bound to the
 * record and not listed are let go (removed with the other unattached files) — unless `append`,
 * which adds the files to those bound (an appeal's documents added later, by another person).
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
    /** Narrower than the purpose's rules: the types found in the content, and a size limit. */
    accept?: { types: readonly string[]; maxBytes: number };
    /** Keep the files already bound to the record. */
    append?: boolean;
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
        (!input.accept || (input.accept.types.includes(r.type) && r.size <= input.accept.maxBytes)) &&
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
  const bound = input.append
    ? []
    : await tx
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

/**
 * Removes files never attached to a record within 24 hours, and uploads sent in parts that nobody
 * added to for {@link STAGING_TTL_MS} (their rows and chunks; chunk folders without a row too).
 */
export async function removeStaleUploads(s: Services): Promise<number> {
  const now = s.now().getTime();
  const cutoff = new Date(now - UNATTACHED_TTL_MS);
  const stale = await s.db
    .delete(uploads)
    .where(and(isNull(uploads.entityType), lt(uploads.createdAt, cutoff)))
    .returning({ storageKey: uploads.storageKey });
  for (const f of stale) await s.storage.delete(f.storageKey);

  const stagingCutoff = new Date(now - STAGING_TTL_MS);
  const abandoned = await s.db
    .delete(uploadStaging)
    .where(lt(uploadStaging.updatedAt, stagingCutoff))
    .returning({ ownerKey: uploadStaging.ownerKey, uploadId: uploadStaging.uploadId });
  for (const a of abandoned) await removeParts(s, stagingPrefix(a.ownerKey, a.uploadId));
  // Chunks whose row is gone (a crash between the two), by their last change in the storage.
  for (const part of await s.storage.list(STAGING_PREFIX)) {
    if (part.modifiedAt >= stagingCutoff) continue;
    const [owner, upload] = part.key.slice(STAGING_PREFIX.length).split("/");
    const [row] = await s.db
      .select({ uploadId: uploadStaging.uploadId })
      .from(uploadStaging)
      .where(and(eq(uploadStaging.ownerKey, owner ?? ""), eq(uploadStaging.uploadId, upload ?? "")));
    if (!row) await s.storage.delete(part.key);
  }
  return stale.length;
}

/**
 * Moves the files bound to one record to another (a visitor's suggested photo accepted into a
 * memorial's gallery): the module that owns both records decides; the files keep their uploader.
 */
export async function rebindUploads(
  tx: Queryable,
  from: { entityType: string; entityId: string | number },
  to: { entityType: string; entityId: string | number; isPublic: boolean },
  now: Date,
): Promise<void> {
  await tx
    .update(uploads)
    .set({ entityType: to.entityType, entityId: String(to.entityId), isPublic: to.isPublic, attachedAt: now })
    .where(and(eq(uploads.entityType, from.entityType), eq(uploads.entityId, String(from.entityId))));
}

/** Lets one file go from a record (a photo taken out of a gallery): removed with the other unattached files. */
export async function detachUpload(
  tx: Queryable,
  entityType: string,
  entityId: string | number,
  id: string,
  now: Date,
): Promise<boolean> {
  const rows = await tx
    .update(uploads)
    .set({ entityType: null, entityId: null, attachedAt: null, isPublic: false, createdAt: now })
    .where(and(eq(uploads.id, id), eq(uploads.entityType, entityType), eq(uploads.entityId, String(entityId))))
    .returning({ id: uploads.id });
  return rows.length > 0;
}
