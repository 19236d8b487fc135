import { createRequire } from "node:module";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { graveShortPath, shortCode } from "../../../common/short-code.ts";
import { distanceM } from "../../../common/walk-geometry.ts";
import { QR_QUIET_ZONE, qrMatrix, qrSvg } from "../../lib/qr.ts";
import { createHarness, type Harness } from "../../test/harness.ts";
import { pdfText } from "../../test/pdf-text.ts";
import { knownRegistry } from "../../test/registry-fixtures.ts";
import { createWebApp } from "../../web.ts";
import { insertMemorial } from "../../test/memorial-fixtures.ts";
import { memorials } from "../memorials/memorials.tables.ts";
import { burials } from "./burials.tables.ts";
import { QR_PNG_PX } from "./qr-files.routes.ts";
import { WALK_NEARBY_MAX, WALK_NEARBY_METRES } from "./grave-walk.service.ts";

/** pngjs, the PNG codec the `qrcode` package writes with (no types of its own). */
type TPngjs = { PNG: { sync: { read: (b: Buffer) => { width: number; height: number; data: Buffer } } } };
const { PNG } = createRequire(createRequire(import.meta.url).resolve("qrcode"))("pngjs") as TPngjs;

let h: Harness;
let web: ReturnType<typeof createWebApp>;
beforeAll(async () => {
  h = await createHarness({ publicUrl: "https://mazar.example.kz" });
  web = createWebApp({
    services: h.services,
    build: async () => {
      throw new Error("pages are not part of this test");
    },
    buildId: "test-build",
    mode: "production",
  });
});
afterAll(async () => h.close());

let graveId: number;
beforeEach(async () => {
  await h.reset();
  await knownRegistry(h.db);
  const [row] = await h.db.select({ id: burials.id }).from(burials).orderBy(burials.id).limit(1);
  graveId = row?.id as number;
});

const shortUrl = (id: number) => `https://mazar.example.kz${graveShortPath(id)}`;

/** The raw answer of the API (the harness's reads text; images and PDFs are bytes). */
const get = (path: string, headers: Record<string, string> = {}) => h.api.request(`/api/v1${path}`, { headers });

describe("a grave's QR code", () => {
  it("is an SVG of the grave's short address on the configured public origin, cacheable", async () => {
    const res = await get(`/burials/${graveId}/qr.svg`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^image\/svg\+xml/);
    expect(res.headers.get("cache-control")).toMatch(/^public, max-age=\d+/);
    const svg = await res.text();
    expect(svg).toBe(await qrSvg(shortUrl(graveId)));
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    // Another grave's code is another image.
    expect(svg).not.toBe(await qrSvg(shortUrl(graveId + 1)));
  });

  it("is a PNG whose modules read back as the short address's code at level Q, with a 4-module quiet zone", async () => {
    const res = await get(`/burials/${graveId}/qr.png`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/png");
    const png = PNG.sync.read(Buffer.from(await res.arrayBuffer()));
    expect(png.width).toBe(QR_PNG_PX);
    expect(png.height).toBe(QR_PNG_PX);
    const m = qrMatrix(shortUrl(graveId), "Q");
    const total = m.size + 2 * QR_QUIET_ZONE;
    const scale = png.width / total;
    const isDarkAt = (row: number, col: number) => {
      const x = Math.floor((col + 0.5) * scale);
      const y = Math.floor((row + 0.5) * scale);
      return (png.data[(y * png.width + x) * 4] as number) < 128;
    };
    let mismatches = 0;
    for (let r = 0; r < total; r++) {
      for (let c = 0; c < total; c++) {
        const inCode =
          r >= QR_QUIET_ZONE && c >= QR_QUIET_ZONE && r < total - QR_QUIET_ZONE && c < total - QR_QUIET_ZONE;
        const expected = inCode ? m.isDark(r - QR_QUIET_ZONE, c - QR_QUIET_ZONE) : false;
        if (isDarkAt(r, c) !== expected) mismatches++;
      }
    }
    expect(mismatches).toBe(0);
    // Read from the pixels as the standard places it (ISO/IEC 18004, format information): the two
    // error-correction bits lead the 15-bit format string, masked with 101…; Q is 11, so module
    // (8, 0) is light and (8, 1) dark, and so in the bottom-left copy (rows size−1, size−2 of column 8).
    const q = QR_QUIET_ZONE;
    expect([isDarkAt(q + 8, q + 0), isDarkAt(q + 8, q + 1)]).toEqual([false, true]);
    expect([isDarkAt(q + m.size - 1, q + 8), isDarkAt(q + m.size - 2, q + 8)]).toEqual([false, true]);
    // Level M of the same text is another matrix: the level asked for is the one drawn.
    const other = qrMatrix(shortUrl(graveId), "M");
    let differs = other.size !== m.size;
    for (let r = 0; !differs && r < m.size; r++) {
      for (let c = 0; c < m.size; c++) if (other.isDark(r, c) !== m.isDark(r, c)) differs = true;
    }
    expect(differs).toBe(true);
  });

  it("answers 304 to a browser that holds the same file (its ETag)", async () => {
    const first = await get(`/burials/${graveId}/qr.svg`);
    const etag = first.headers.get("etag") as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await get(`/burials/${graveId}/qr.svg`, { "if-none-match": etag });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
    const other = await get(`/burials/${graveId}/qr.svg`, { "if-none-match": '"another"' });
    expect(other.status).toBe(200);
  });

  it("is 404 for a grave that does not exist and 422 for an id that cannot be one", async () => {
    for (const file of ["qr.svg", "qr.png", "plaque.pdf", "walk"]) {
      expect((await get(`/burials/99999999/${file}`)).status, file).toBe(404);
      expect((await get(`/burials/abc/${file}`)).status, file).toBe(422);
      expect((await get(`/burials/0/${file}`)).status, file).toBe(422);
    }
  });
});

describe("the plaque's sheet", () => {
  it("prints the name, the years, the code's address and the sheet's words in the language asked for", async () => {
    const [grave] = await h.db.select().from(burials).where(eq(burials.id, graveId));
    for (const [lang, title] of [
      ["ru", "QR-табличка"],
      ["kk", "QR-тақтайша"],
    ] as const) {
      const res = await get(`/burials/${graveId}/plaque.pdf?lang=${lang}`);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("application/pdf");
      expect(res.headers.get("cache-control")).toMatch(/^public/);
      const bytes = Buffer.from(await res.arrayBuffer());
      expect(bytes.subarray(0, 5).toString()).toBe("%PDF-");
      const text = pdfText(bytes).join("\n");
      expect(text).toContain(title);
      expect(text).toContain(grave?.surname);
      expect(text).toContain(`${grave?.birthYear ?? "?"} – ${grave?.deathYear ?? "?"}`);
      expect(text).toContain(`mazar.example.kz/g/${shortCode(graveId)}`);
      expect(text).toContain("× 7,5 см");
    }
  });

  it("is the same file every time (its ETag holds), and refuses a language the product has not", async () => {
    const a = await get(`/burials/${graveId}/plaque.pdf?lang=kk`);
    const b = await get(`/burials/${graveId}/plaque.pdf?lang=kk`);
    expect(a.headers.get("etag")).toBe(b.headers.get("etag"));
    expect((await get(`/burials/${graveId}/plaque.pdf?lang=en`)).status).toBe(422);
  });
});

describe("the walking page's data", () => {
  it("gives the grave, its plot, the cemetery's boundary and centre, and only plots near the grave", async () => {
    const res = await h.request("GET", `/burials/${graveId}/walk`);
    expect(res.status).toBe(200);
    const walk = res.json as {
      grave: { id: number; point: [number, number] };
      outline: [number, number][];
      cemetery: { boundary: [number, number][] | null; center: [number, number] | null };
      nearby: { outline: [number, number][] }[];
    };
    expect(walk.grave.id).toBe(graveId);
    expect(walk.outline.length).toBeGreaterThanOrEqual(3);
    expect(walk.cemetery.boundary?.length).toBeGreaterThanOrEqual(3);
    expect(walk.cemetery.center).not.toBeNull();
    expect(walk.nearby.length).toBeGreaterThan(0);
    expect(walk.nearby.length).toBeLessThanOrEqual(WALK_NEARBY_MAX);
    const box = WALK_NEARBY_METRES * Math.SQRT2 + 10;
    for (const p of walk.nearby) {
      expect(Math.min(...p.outline.map((pt) => distanceM(pt, walk.grave.point)))).toBeLessThan(box);
    }
    // No private column of the record travels with it.
    expect(JSON.stringify(walk)).not.toMatch(/iin|responsible|phone/i);
  });

  it("still answers for a reburied grave, saying the remains were moved", async () => {
    await h.db.update(burials).set({ reburiedAt: sql`now()` }).where(eq(burials.id, graveId));
    const res = await h.request("GET", `/burials/${graveId}/walk`);
    expect(res.status).toBe(200);
    expect(res.json.grave.reburied).not.toBeNull();
  });
});

describe("the short address", () => {
  const open = (path: string, headers: Record<string, string> = {}) => web.request(path, { headers });

  it("sends a scan to the grave's card in the visitor's language: the cookie, then the browser's languages", async () => {
    const code = shortCode(graveId);
    const card = `/search?grave=${graveId}#grave-title`;
    const ru = await open(`/g/${code}`);
    expect(ru.status).toBe(302);
    expect(ru.headers.get("location")).toBe(card);
    expect(ru.headers.get("cache-control")).toBe("private, no-store");
    // Its answer depends on the cookie and the browser's languages: no shared cache may mix them up.
    expect(ru.headers.get("vary")).toMatch(/Accept-Language/);
    expect(ru.headers.get("vary")).toMatch(/Cookie/);
    expect((await open(`/kk/g/${code}`)).headers.get("location")).toBe(`/kk${card}`);
    expect((await open(`/g/${code}`, { cookie: "locale=kk" })).headers.get("location")).toBe(`/kk${card}`);
    expect((await open(`/g/${code}`, { "accept-language": "kk-KZ,kk;q=0.9,ru;q=0.8" })).headers.get("location")).toBe(
      `/kk${card}`,
    );
    // The cookie's choice stands over the browser's languages.
    expect(
      (await open(`/g/${code}`, { cookie: "locale=ru", "accept-language": "kk-KZ,kk;q=0.9" })).headers.get("location"),
    ).toBe(card);
  });

  it("reads the code as people type it: lower case, a trailing slash, a query", async () => {
    const code = shortCode(graveId);
    for (const path of [`/g/${code.toLowerCase()}`, `/g/${code}/`, `/g/${code}?from=plaque`]) {
      const res = await open(path);
      expect(res.status, path).toBe(302);
      expect(res.headers.get("location"), path).toBe(`/search?grave=${graveId}#grave-title`);
    }
  });

  it("opens the grave's public memorial when it has one; never reveals one by link, private or hidden from search", async () => {
    const card = `/search?grave=${graveId}#grave-title`;
    const memorial = await insertMemorial(h.db, graveId, "link", true);
    for (const [visibility, noindex] of [
      ["link", true],
      ["link", false],
      ["private", false],
      ["public", true],
    ] as const) {
      await h.db.update(memorials).set({ visibility, noindex }).where(eq(memorials.id, memorial.id));
      expect((await open(`/g/${shortCode(graveId)}`)).headers.get("location"), `${visibility} ${noindex}`).toBe(card);
    }
    await h.db.update(memorials).set({ visibility: "public", noindex: false }).where(eq(memorials.id, memorial.id));
    expect((await open(`/g/${shortCode(graveId)}`)).headers.get("location")).toBe(`/memorial/${memorial.id}`);
    expect((await open(`/kk/g/${shortCode(graveId)}`)).headers.get("location")).toBe(`/kk/memorial/${memorial.id}`);
  });

  it("opens a reburied grave's card too (it says where the remains went)", async () => {
    await h.db.update(burials).set({ reburiedAt: sql`now()` }).where(eq(burials.id, graveId));
    const res = await open(`/g/${shortCode(graveId)}`);
    expect(res.headers.get("location")).toBe(`/search?grave=${graveId}#grave-title`);
  });

  it("redirects nowhere for what is no grave's code: unknown, mistyped, encoded dots, an id's digits", async () => {
    const code = shortCode(graveId);
    const typo = code.slice(0, -1) + (code.endsWith("0") ? "1" : "0");
    for (const path of [
      `/g/${shortCode(9_999_999)}`,
      `/g/${typo}`,
      "/g/%2e%2e",
      "/g/..%2f..%2fadmin",
      `/g/${graveId}`,
      "/g/",
      `/g/${code}/x`,
      `/G/${code}`,
    ]) {
      const res = await open(path);
      expect(res.status, path).not.toBe(302);
      expect(res.headers.get("location"), path).toBeNull();
    }
  });
});
