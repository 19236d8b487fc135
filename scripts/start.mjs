// `npm start`: builds the app when no build exists, then runs the production server entry
// in this same process (TypeScript loaded through tsx), so one PID serves everything.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { register } from "tsx/esm/api";

if (!existsSync("build/server/index.js")) {
  console.log("No build yet: building the app (about a minute)...");
  const built = spawnSync("npx", ["react-router", "build"], { stdio: "inherit" });
  if (built.status !== 0) process.exit(built.status ?? 1);
}
register();
await import("../server/index.ts");
