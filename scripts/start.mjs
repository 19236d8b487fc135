// `npm start`: the production build with production React, rebuilt when the app's sources changed
// since the last build (a hash stored next to the build, scripts/build-stamp.ts), then the server
// entry in this same process (TypeScript loaded through tsx), so one PID serves everything.
//
// NODE_ENV is production here whatever the caller's environment says: it only chooses React's and
// React Router's builds. Whether this is a demo or a real deployment is APP_ENV (server/config.ts).
import { register } from "tsx/esm/api";

process.env.NODE_ENV = "production";
register();

const { buildApp, buildDecision, withBuildLock } = await import("./build-stamp.ts");
const root = process.cwd();
if (buildDecision(root).build) {
  try {
    // Under the lock, decided again: another server of this checkout may have just built it.
    withBuildLock(root, () => {
      const decision = buildDecision(root);
      if (!decision.build) return;
      const why = {
        "no-build": "no build yet",
        "no-stamp": "the build's sources are unknown",
        "sources-changed": "the sources changed since the last build",
      }[decision.reason];
      console.log(`Building the app (${why}; about a minute)...`);
      buildApp(root, decision.hash);
    });
  } catch (err) {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  }
}
await import("../server/index.ts");
