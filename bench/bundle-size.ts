/**
 * `npm run bench:bundle`: the JavaScript each public page makes a first-time visitor download
 * before it works — the module scripts and module preloads its HTML references, summed gzipped
 * — read from the last build's React Router manifest (`npm run build` first). The browser test
 * `tests/e2e/first-load-js.spec.ts` checks the same sum on the served HTML and fails past
 * `FIRST_LOAD_JS_BUDGET`.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { LOCALES } from "../common/locale.ts";
import { ROUTES } from "../common/route-table.ts";

/**
 * The first-load JavaScript a public page may need, gzip, in bytes: issue 7's 120 KB, counted
 * in KiB as its figures were (161–188 KB then).
 */
export const FIRST_LOAD_JS_BUDGET = 120 * 1024;
export const kib = (bytes: number) => (bytes / 1024).toFixed(1);

type ManifestRoute = { id: string; parentId?: string; module: string; imports?: string[] };
type Manifest = { entry: { module: string; imports: string[] }; routes: Record<string, ManifestRoute> };

export function readManifest(clientDir: string): Manifest {
  const file = readdirSync(path.join(clientDir, "assets")).find((f) => /^manifest-.*\.js$/.test(f));
  if (!file) throw new Error(`no React Router manifest in ${clientDir}/assets: build first`);
  const text = readFileSync(path.join(clientDir, "assets", file), "utf8");
  return JSON.parse(text.replace(/^window\.__reactRouterManifest=/, "").replace(/;\s*$/, "")) as Manifest;
}

/** The files a route's page loads at first: the entry, and each route of its branch with its imports. */
export function firstLoadFiles(manifest: Manifest, routeId: string): string[] {
  const files = new Set([manifest.entry.module, ...manifest.entry.imports]);
  for (let r = manifest.routes[routeId]; r; r = r.parentId ? manifest.routes[r.parentId] : undefined) {
    files.add(r.module);
    for (const i of r.imports ?? []) files.add(i);
  }
  return [...files];
}

export const gzipSize = (bytes: Uint8Array) => gzipSync(bytes).length;

function main() {
  const clientDir = path.resolve("build", "client");
  const manifest = readManifest(clientDir);
  const size = (f: string) => gzipSize(readFileSync(path.join(clientDir, f)));
  let over = 0;
  for (const route of ROUTES.filter((r) => !r.permission)) {
    for (const locale of LOCALES) {
      const files = firstLoadFiles(manifest, `${route.id}.${locale}`);
      const sizes = files.map((f) => [f, size(f)] as const).sort((a, b) => b[1] - a[1]);
      const total = sizes.reduce((sum, [, s]) => sum + s, 0);
      if (total > FIRST_LOAD_JS_BUDGET) over++;
      const top = sizes
        .slice(0, Number(process.env.BUNDLE_TOP ?? 6))
        .map(([f, s]) => `${path.basename(f).replace(/-[\w-]{8}\.js$/, "")} ${kib(s)}`)
        .join(", ");
      console.log(
        `${total > FIRST_LOAD_JS_BUDGET ? "OVER" : "ok  "} ${`${route.id}.${locale}`.padEnd(20)} ${kib(total).padStart(6)} KB  ${String(FIRST_LOAD_JS_BUDGET - total).padStart(6)} B left  (${top}, …)`,
      );
    }
  }
  console.log(`budget ${kib(FIRST_LOAD_JS_BUDGET)} KB gzip (1 KB = 1,024 bytes)`);
  process.exit(over ? 1 : 0);
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) main();
