import { existsSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { createServer } from "node:http";
import { serve } from "@hono/node-server";
import { serveStatic } from "@hono/node-server/serve-static";
import type { ServerBuild } from "react-router";
import { boot, closeOnSignals } from "./boot.ts";
import { inTurns } from "./lib/request-turns.ts";
import { createWebApp } from "./web.ts";

/** The production server: the built app, the API and the assets in one Node process. */
const buildDir = path.resolve("build");
const serverBuildFile = path.join(buildDir, "server", "index.js");
if (!existsSync(serverBuildFile)) {
  console.error("No build found. Run `npm run build` (or `npm start`, which builds when needed).");
  process.exit(1);
}

const { services, database, config, logger } = await boot();
const build = (await import(pathToFileURL(serverBuildFile).href)) as ServerBuild;
const clientDir = path.relative(process.cwd(), path.join(buildDir, "client"));

const app = createWebApp({
  services,
  build,
  buildId: build.assets.version,
  mode: "production",
  assets: async (c, next) => {
    // Pages have no file extension: they skip the file lookup (a disk stat per page otherwise).
    if (!/\.[\w]+$/.test(c.req.path)) return next();
    // Fingerprinted assets never change: cache for a year. Other files: one hour.
    const immutable = c.req.path.startsWith("/assets/");
    return serveStatic({
      root: clientDir,
      onFound: (_p, ctx) => {
        ctx.header("Cache-Control", immutable ? "public, max-age=31536000, immutable" : "public, max-age=3600");
      },
    })(c, next);
  },
});

/** Requests handled at once, and time spent starting them per turn of the event loop (server/lib/request-turns.ts). */
const REQUEST_TURNS = { maxInFlight: 4, budgetMs: 5, maxHoldMs: 1_000 };

const server = serve(
  {
    fetch: app.fetch,
    port: config.port,
    hostname: config.host,
    // Requests started in short turns, so connections opened under a crowd are accepted promptly.
    createServer: ((options: Parameters<typeof createServer>[0], listener: Parameters<typeof inTurns>[0]) =>
      createServer(options, inTurns(listener, REQUEST_TURNS))) as typeof createServer,
  },
  (info) => {
    logger.info(`listening on http://${info.address === "0.0.0.0" ? "localhost" : info.address}:${info.port}`);
  },
);

closeOnSignals(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await database.close();
}, logger);
