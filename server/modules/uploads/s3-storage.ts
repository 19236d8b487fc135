import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  ListObjectsV2Command,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from "@aws-sdk/client-s3";
import type { TS3Config } from "../../config.ts";
import { checkKey, type FileStorage, type TStoredFile } from "./storage.ts";

/**
 * Files in an S3-compatible bucket (AWS, MinIO, Yandex Object Storage, ...), shared by every app
 * server: a file uploaded through one is read through any other. Objects stay private; files are
 * still served through the API, which applies the reading rules (decision 004).
 */
export class S3Storage implements FileStorage {
  private readonly client: S3Client;

  constructor(private readonly config: TS3Config) {
    this.client = new S3Client({
      region: config.region,
      endpoint: config.endpoint,
      forcePathStyle: config.forcePathStyle,
      credentials: config.credentials,
      // Checksums only where S3 requires them: several S3-compatible services reject or mangle the
      // newer default checksum headers, and the file's own SHA-256 is kept in the database anyway.
      requestChecksumCalculation: "WHEN_REQUIRED",
      responseChecksumValidation: "WHEN_REQUIRED",
    });
  }

  /** Fails with a clear message at start-up when the bucket cannot be reached, not at the first upload. */
  async check(): Promise<void> {
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: this.config.bucket }));
    } catch (err) {
      const why = err instanceof S3ServiceException ? `${err.name} (HTTP ${err.$metadata.httpStatusCode})` : err;
      throw new Error(`S3 bucket "${this.config.bucket}" is not reachable: ${why}`);
    }
  }

  async put(key: string, data: Uint8Array): Promise<void> {
    // A PUT replaces an object whole, so readers never see half a file.
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.config.bucket,
        Key: checkKey(key),
        Body: data,
        ContentLength: data.byteLength,
        ContentType: "application/octet-stream",
      }),
    );
  }

  async get(key: string) {
    try {
      const res = await this.client.send(new GetObjectCommand({ Bucket: this.config.bucket, Key: checkKey(key) }));
      if (!res.Body) return null;
      return { stream: res.Body.transformToWebStream() as ReadableStream<Uint8Array>, size: res.ContentLength ?? 0 };
    } catch (err) {
      if (err instanceof NoSuchKey || (err instanceof S3ServiceException && err.$metadata.httpStatusCode === 404)) {
        return null;
      }
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    // Deleting a missing object succeeds in S3, as `rm --force` does on disk.
    await this.client.send(new DeleteObjectCommand({ Bucket: this.config.bucket, Key: checkKey(key) }));
  }

  async list(prefix: string): Promise<TStoredFile[]> {
    const out: TStoredFile[] = [];
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.config.bucket, Prefix: checkKey(prefix), ContinuationToken: token }),
      );
      for (const o of page.Contents ?? []) {
        if (o.Key) out.push({ key: o.Key, size: o.Size ?? 0, modifiedAt: o.LastModified ?? new Date(0) });
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return out.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  }
}
