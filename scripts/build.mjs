// `npm run build`: the production build (NODE_ENV=production whatever the environment says) and
// the stamp of its sources, so a following `npm start` does not build again.
import { register } from "tsx/esm/api";

register();
const { buildApp, withBuildLock } = await import("./build-stamp.ts");
try {
  withBuildLock(process.cwd(), () => buildApp(process.cwd(), undefined, undefined, "all"));
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
}
