// Starts the built server for the browser tests on a fresh embedded database.
import { rmSync } from "node:fs";
import { register } from "tsx/esm/api";

rmSync(process.env.DATA_DIR ?? ".tmp/e2e-data", { recursive: true, force: true });
register();
await import("../server/index.ts");
