import { createServer as createHttpServer } from "node:http";
import { getRequestListener } from "@hono/node-server";
import type { ServerBuild } from "react-router";
import { createServer as createViteServer } from "vite";
import { boot, closeOnSignals } from "./boot.ts";
import { createWebApp } from "./web.ts";

/** Development: Vite (with hot reload) in front of the same Hono application. */
const { services, database, config, logger } = await boot();
const vite = await createViteServer({ server: { middlewareMode: true }, appType: "custom" });

const app = createWebApp({
  services,
  build: () => vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>,
  buildId: "development",
  mode: "development",
});
const listener = getRequestListener(app.fetch);

const server = createHttpServer((req, res) => {
  vite.middlewares(req, res, () => listener(req, res));
});
server.listen(config.port, config.host, () => logger.info(`development server on http://localhost:${config.port}`));

closeOnSignals(async () => {
  await vite.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await database.close();
}, logger);
