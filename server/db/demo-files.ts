/**
 * Files of the demo data (photos of grave care, a scanned kinship document): made here, recorded
 * by the seeds as uploads with their storage key, and written to the file storage at start
 * (`writeDemoFiles`), since the seed runs before the storage is opened. Demo only.
 */
import { crc32, deflateSync } from "node:zlib";
import type { FileStorage } from "../modules/uploads/storage.ts";

const FILES = new Map<string, Buffer>();

/** Registers a demo file under its storage key; returns its bytes (for the upload row's size and hash). */
export function demoFile(key: string, data: Buffer): Buffer {
  FILES.set(key, data);
  return data;
}

/** Writes every demo file to the storage (again after a wiped storage; harmless otherwise). */
export async function writeDemoFiles(storage: FileStorage): Promise<void> {
  for (const [key, data] of FILES) await storage.put(key, new Uint8Array(data));
}

/** A PNG of one colour with a darker block in the middle (the grave), `size` pixels square. */
export function demoPng(rgb: readonly [number, number, number], block: readonly [number, number, number], size = 64) {
  const raw = Buffer.alloc((size * 3 + 1) * size);
  for (let y = 0; y < size; y++) {
    raw[y * (size * 3 + 1)] = 0;
    for (let x = 0; x < size; x++) {
      const inside = x > size / 4 && x < (size * 3) / 4 && y > size / 3 && y < (size * 5) / 6;
      const c = inside ? block : rgb;
      raw.set(c, y * (size * 3 + 1) + 1 + x * 3);
    }
  }
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    chunk("IDAT", deflateSync(raw)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}
