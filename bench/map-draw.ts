/**
 * `npm run bench:map`: how long the browser takes to draw a viewport of plots. Opens the
 * `/reserve` map of the largest demo cemetery in Debian's chromium against a running server
 * (BENCH_URL, default http://127.0.0.1:3000, e.g. `npm start`), pans it across the cemetery and
 * reads the time from the plots' arrival to the next painted frame, which the map keeps in
 * `data-draw-ms`. Run on demand; never part of `npm test`.
 */
import { chromium } from "@playwright/test";

const BASE = process.env.BENCH_URL ?? "http://127.0.0.1:3000";
const PANS = Number(process.env.BENCH_PANS ?? 20);

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu"],
});
const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
const { items } = (await (await fetch(`${BASE}/api/v1/cemeteries`)).json()) as {
  items: { id: number; counts: Record<string, number> }[];
};
const largest = items.sort(
  (a, b) => Object.values(b.counts).reduce((x, y) => x + y, 0) - Object.values(a.counts).reduce((x, y) => x + y, 0),
)[0];
if (!largest) throw new Error("no cemetery to draw");
await page.goto(`${BASE}/reserve?cemetery=${largest.id}`);
const map = page.getByTestId("plot-map");
await map.waitFor();
await page.waitForFunction(
  () => Number(document.querySelector("[data-testid=plot-map]")?.getAttribute("data-plots")) > 0,
);
await map.scrollIntoViewIfNeeded();
const box = (await map.boundingBox()) as { x: number; y: number; width: number; height: number };
const samples: { ms: number; plots: number }[] = [];
for (let i = 0; i < PANS; i++) {
  const before = await map.getAttribute("data-draw-ms");
  const dx = (i % 2 === 0 ? -1 : 1) * 120;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 + dx, box.y + box.height / 2 + (i % 2 === 0 ? 20 : -20), { steps: 5 });
  await page.mouse.up();
  await page
    .waitForFunction(
      (b) => document.querySelector("[data-testid=plot-map]")?.getAttribute("data-draw-ms") !== b,
      before,
      {
        timeout: 10_000,
      },
    )
    .catch(() => undefined);
  samples.push({
    ms: Number(await map.getAttribute("data-draw-ms")),
    plots: Number(await map.getAttribute("data-plots")),
  });
}
if (process.env.BENCH_VERBOSE) console.log(samples);
await browser.close();
const ms = samples.map((s) => s.ms).sort((a, b) => a - b);
const pct = (p: number) => ms[Math.min(ms.length - 1, Math.floor((p / 100) * ms.length))] as number;
const plots = Math.round(samples.reduce((s, x) => s + x.plots, 0) / samples.length);
console.log(
  `map draw (${samples.length} viewports, ${plots} plots on average): p50 ${pct(50).toFixed(1)} ms, p95 ${pct(95).toFixed(1)} ms, max ${ms.at(-1)?.toFixed(1)} ms`,
);
