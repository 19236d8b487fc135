import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The raster icons (`/favicon.ico`, `/apple-touch-icon.png`) are drawn from the site's mark by
 * `npm run icons` (scripts/icons.mjs). A changed mark with old icons would show the old emblem on
 * phones' home screens and in tabs: this fails until the icons are made again.
 */
const root = path.resolve(import.meta.dirname, "..");
const read = (file: string) => readFileSync(path.join(root, file));

describe("site icons", () => {
  it("are made from the current mark", () => {
    const made = JSON.parse(read("scripts/icons.json").toString()) as { mark: string; sha256: string };
    const sha256 = createHash("sha256").update(read(made.mark)).digest("hex");
    expect(sha256, "public/favicon.svg changed: run `npm run icons`").toBe(made.sha256);
  });

  it("are an ICO of PNGs (16, 32, 48 px) and a 180 px PNG", () => {
    const ico = read("public/favicon.ico");
    expect(ico.readUInt16LE(2)).toBe(1);
    const sizes = Array.from({ length: ico.readUInt16LE(4) }, (_, i) => ico.readUInt8(6 + 16 * i));
    expect(sizes).toEqual([16, 32, 48]);
    const first = ico.readUInt32LE(6 + 12);
    expect(ico.subarray(first + 1, first + 4).toString()).toBe("PNG");
    const touch = read("public/apple-touch-icon.png");
    expect(touch.subarray(1, 4).toString()).toBe("PNG");
    expect([touch.readUInt32BE(16), touch.readUInt32BE(20)]).toEqual([180, 180]);
  });
});
