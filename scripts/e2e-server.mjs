// Starts the built server for the browser tests on a fresh embedded database, with production
// React (React picks its build from NODE_ENV when it is first loaded).
import { rmSync } from "node:fs";
import { register } from "tsx/esm/api";

process.env.NODE_ENV = "production";
rmSync(process.env.DATA_DIR ?? ".tmp/e2e-data", { recursive: true, force: true });
register();
await import("../server/index.ts");
