// The browser tests' server (playwright.config.ts): the production build, made only when there is
// none or the sources changed since it (the same stamp as `npm start`, scripts/build-stamp.ts), then
// the server on a fresh embedded database, with production React (React picks its build from
// NODE_ENV when it is first loaded).
import { rmSync } from "node:fs";
import { register } from "tsx/esm/api";

process.env.NODE_ENV = "production";
register();
const { ensureBuild } = await import("./build-stamp.ts");
try {
  ensureBuild(process.cwd(), (line) => console.error(line));
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
}
rmSync(process.env.DATA_DIR ?? ".tmp/e2e-data", { recursive: true, force: true });
await import("../server/index.ts");
