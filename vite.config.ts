import { createRequire } from "node:module";
import path from "node:path";
import { reactRouter } from "@react-router/dev/vite";
import { createLogger, defineConfig, type Plugin } from "vite";

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

export default defineConfig({
  customLogger: quietLogger(),
  plugins: [reactRouterProductionClient(), serverBundleChecks(), reactRouter()],
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
