import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import type { Context } from "hono";

/**
 * The API reference at `/api/docs`: Swagger UI served from the installed package, so the page
 * loads nothing from a CDN and runs under the same strict CSP as the app.
 */
const require = createRequire(import.meta.url);
const swaggerDir = path.dirname(require.resolve("swagger-ui-dist/package.json"));

const ASSETS: Record<string, string> = {
  "swagger-ui.css": "text/css; charset=utf-8",
  "swagger-ui-bundle.js": "text/javascript; charset=utf-8",
  "swagger-ui-standalone-preset.js": "text/javascript; charset=utf-8",
  "init.js": "text/javascript; charset=utf-8",
};

const INIT_JS = `window.addEventListener("load", function () {
  window.ui = SwaggerUIBundle({
    url: "/api/v1/openapi.json",
    dom_id: "#swagger-ui",
    deepLinking: true,
    presets: [SwaggerUIBundle.presets.apis],
    layout: "BaseLayout",
  });
});`;

export function apiDocsHtml(): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>API reference</title>
<link rel="stylesheet" href="/api/docs/assets/swagger-ui.css">
</head>
<body>
<div id="swagger-ui"></div>
<script src="/api/docs/assets/swagger-ui-bundle.js"></script>
<script src="/api/docs/assets/init.js"></script>
</body>
</html>`;
}

export async function serveSwaggerAsset(c: Context, file: string): Promise<Response> {
  const type = ASSETS[file];
  if (!type) return c.notFound();
  const body = file === "init.js" ? INIT_JS : await readFile(path.join(swaggerDir, file));
  return c.body(body as never, 200, {
    "Content-Type": type,
    "Cache-Control": "public, max-age=86400",
  });
}
