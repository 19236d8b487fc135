import { createHash } from "node:crypto";
import { createRequire } from "node:module";
import path from "node:path";
import { reactRouter } from "@react-router/dev/vite";
import { createLogger, defineConfig, type Plugin, type ResolvedConfig } from "vite";
import { LOCALES_DIR, readCatalogs } from "./common/catalog-files.ts";
import { isLocale, LOCALES } from "./common/locale.ts";

/**
 * React Router publishes its production build (dev-only warnings compiled out) beside the
 * development one, but its package exports only name the latter, so browsers got the warnings'
 * code too. The browser build takes the production files (same code, `ENABLE_DEV_WARNINGS`
 * false); the server build is left alone (it shares React Router with the server entry).
 */
function reactRouterProductionClient(): Plugin {
  const dist = path.join(path.dirname(createRequire(import.meta.url).resolve("react-router")), "..", "production");
  const files: Record<string, string> = {
    "react-router": path.join(dist, "index.mjs"),
    "react-router/dom": path.join(dist, "dom-export.mjs"),
  };
  return {
    name: "react-router-production-client",
    enforce: "pre",
    apply: "build",
    applyToEnvironment: (env) => env.name === "client",
    resolveId(id) {
      return files[id];
    },
  };
}

/**
 * React Router's own Vite servers (its child compiler) pass `envFile: false`, which Vite 8 reports
 * as deprecated on every start, eight times a build: not ours to change, so not printed. Every
 * other message goes through.
 */
function quietLogger() {
  const logger = createLogger();
  const warn = logger.warn;
  logger.warn = (msg, options) => {
    if (msg.includes("The `envFile` option is deprecated")) return;
    warn(msg, options);
  };
  return logger;
}

/**
 * The server bundle loads every module anyway, so a module both imported and lazily imported is no
 * news there; in the browser's bundle the same warning means a lazy load is broken (first-load
 * budget, decision 011), so it stays on for the client.
 */
function serverBundleChecks(): Plugin {
  return {
    name: "server-bundle-checks",
    configEnvironment(name) {
      if (name === "ssr") return { build: { rolldownOptions: { checks: { ineffectiveDynamicImport: false } } } };
    },
  };
}

/**
 * Each language's catalog, merged from its files in `common/locales` (`common/catalog-files.ts`: the
 * shared words and every area's own), as one file per language (decision 011):
 * - `virtual:catalog/<lang>?url` — its address: in the build a fingerprinted asset
 *   (`assets/ru-<hash>.json`, cached for a year), emitted by the browser's build; in development a
 *   file served here, merged again at each request. The browser fetches it (`app/lib/catalog.ts`);
 * - `virtual:catalog/<lang>` — the catalog itself, for the page renderer (`app/lib/catalogs.server.ts`,
 *   never the browser's bundle).
 * In development, a changed catalog file reloads the page with its new words.
 */
function catalogs(): Plugin {
  const PREFIX = "virtual:catalog/";
  const DEV_PATH = "/__catalog/";
  let config: ResolvedConfig;
  return {
    name: "catalogs",
    enforce: "pre",
    configResolved(resolved) {
      config = resolved;
    },
    resolveId(id) {
      if (id.startsWith(PREFIX)) return `\0${id}`;
    },
    load(id) {
      if (!id.startsWith(`\0${PREFIX}`)) return;
      const [locale, query] = id.slice(PREFIX.length + 1).split("?");
      if (!isLocale(locale) || (query !== undefined && query !== "url")) this.error(`unknown catalog ${id.slice(1)}`);
      const json = JSON.stringify(readCatalogs()[locale]);
      if (query !== "url") return `export default ${json};`;
      if (config.command === "serve") return `export default ${JSON.stringify(`${DEV_PATH}${locale}.json`)};`;
      const hash = createHash("sha256").update(json).digest("base64url").slice(0, 8);
      const fileName = path.posix.join(config.build.assetsDir, `${locale}-${hash}.json`);
      if (this.environment.config.consumer === "client") this.emitFile({ type: "asset", fileName, source: json });
      return `export default ${JSON.stringify(config.base + fileName)};`;
    },
    configureServer(server) {
      server.middlewares.use(DEV_PATH, (req, res, next) => {
        const locale = /^\/(\w+)\.json$/.exec(req.url ?? "")?.[1];
        if (!isLocale(locale)) return next();
        res.setHeader("Content-Type", "application/json; charset=utf-8");
        res.setHeader("Cache-Control", "no-cache");
        res.end(JSON.stringify(readCatalogs()[locale]));
      });
      const changed = (file: string) => {
        if (path.dirname(path.resolve(file)) !== path.resolve(LOCALES_DIR) || !file.endsWith(".json")) return;
        for (const env of Object.values(server.environments)) {
          for (const locale of LOCALES) {
            const mod = env.moduleGraph.getModuleById(`\0${PREFIX}${locale}`);
            if (mod) env.moduleGraph.invalidateModule(mod);
          }
        }
        server.ws.send({ type: "full-reload" });
      };
      server.watcher.add(LOCALES_DIR);
      for (const event of ["add", "change", "unlink"] as const) server.watcher.on(event, changed);
    },
  };
}

export default defineConfig({
  customLogger: quietLogger(),
  plugins: [reactRouterProductionClient(), serverBundleChecks(), catalogs(), reactRouter()],
  resolve: { tsconfigPaths: true },
  build: {
    assetsInlineLimit: 0,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              // The frame every page loads (document, public layout, translator, header): one file
              // instead of a dozen small ones, each of which costs its own request and gzip header.
              name: "shell",
              test: /[\\/](app[\\/](root|layouts[\\/]public|lib[\\/](hooks|nonce|catalog)|components[\\/](icon|site-menu|language-switch|account-bar))|common[\\/](i18n|locale|phone)|app[\\/]route-table)\.tsx?$|react[\\/]jsx-runtime/,
            },
          ],
        },
      },
    },
  },
});
