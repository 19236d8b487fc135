// `npm start`: the production build with production React, rebuilt when the app's sources changed
// since the last build (a hash stored next to the build, scripts/build-stamp.ts), then the server
// entry in this same process (TypeScript loaded through tsx), so one PID serves everything.
//
// NODE_ENV is production here whatever the caller's environment says: it only chooses React's and
// React Router's builds. Whether this is a demo or a real deployment is APP_ENV (server/config.ts).
import { register } from "tsx/esm/api";

process.env.NODE_ENV = "production";
register();

const { ensureBuild } = await import("./build-stamp.ts");
try {
  ensureBuild(process.cwd());
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
}
await import("../server/index.ts");
