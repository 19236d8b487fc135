/**
 * `npm run icons`: the site's raster icons, drawn from its mark `public/favicon.svg` (nothing
 * downloaded): `public/favicon.ico` (16, 32 and 48 px, PNG inside) for browsers and pages that ask
 * for it by its old name, and `public/apple-touch-icon.png` (180 px, opaque) for a phone's home
 * screen. Chromium (the browser tests' own, `CHROMIUM_PATH` or Debian's) renders the SVG, so the
 * icons look exactly like the mark. The mark's SHA-256 is written to `scripts/icons.json`; a test
 * (`tests/icons.test.ts`) fails when the mark changed and the icons were not made again.
 */
import { createHash } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { chromium } from "@playwright/test";

const root = path.resolve(import.meta.dirname, "..");
const markFile = path.join(root, "public", "favicon.svg");
const mark = readFileSync(markFile, "utf8");
/** The touch icon's background where the mark is transparent (iOS draws transparency black). */
const TOUCH_BACKGROUND = "#f4efe6";

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu"],
});
try {
  const page = await browser.newPage();
  /** The mark drawn at `size` px square, as PNG bytes. */
  const draw = async (size, background) => {
    await page.setViewportSize({ width: size, height: size });
    const svg = mark.replace(/<svg\b/, `<svg width="${size}" height="${size}"`);
    await page.setContent(
      `<html><body style="margin:0;background:${background ?? "transparent"}">${svg}</body></html>`,
    );
    return page.screenshot({ omitBackground: !background, clip: { x: 0, y: 0, width: size, height: size } });
  };
  const sizes = [16, 32, 48];
  const images = [];
  for (const size of sizes) images.push(await draw(size));
  writeFileSync(path.join(root, "public", "favicon.ico"), ico(sizes, images));
  writeFileSync(path.join(root, "public", "apple-touch-icon.png"), await draw(180, TOUCH_BACKGROUND));
  const sha256 = createHash("sha256").update(mark).digest("hex");
  writeFileSync(
    path.join(root, "scripts", "icons.json"),
    `${JSON.stringify({ mark: "public/favicon.svg", sha256 }, null, 2)}\n`,
  );
  console.log(`icons made from public/favicon.svg (${sha256.slice(0, 12)})`);
} finally {
  await browser.close();
}

/** An ICO file holding PNG images (read by every browser since 2010). */
function ico(sizes, pngs) {
  const header = Buffer.alloc(6);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(pngs.length, 4);
  const entries = [];
  let offset = 6 + 16 * pngs.length;
  pngs.forEach((png, i) => {
    const e = Buffer.alloc(16);
    const size = sizes[i];
    e.writeUInt8(size >= 256 ? 0 : size, 0);
    e.writeUInt8(size >= 256 ? 0 : size, 1);
    e.writeUInt8(0, 2);
    e.writeUInt8(0, 3);
    e.writeUInt16LE(1, 4);
    e.writeUInt16LE(32, 6);
    e.writeUInt32LE(png.length, 8);
    e.writeUInt32LE(offset, 12);
    offset += png.length;
    entries.push(e);
  });
  return Buffer.concat([header, ...entries, ...pngs]);
}
