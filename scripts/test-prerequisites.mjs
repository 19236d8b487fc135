// First step of `npm test`: what the suite needs that npm does not install, checked in a second
// (or brought, when it can be), so a machine without it stops here with one line rather than
// after minutes of tests: Node's version, Chromium for the browser tests, a free E2E_PORT.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { createServer } from "node:net";
import { findChromium } from "./chromium.mjs";

const fail = (line) => {
  console.error(`npm test: ${line}`);
  process.exit(1);
};

// package.json's engines: vite 8 and require(esm), used by sanitize-html 2.17.6+, need 20.19.
const [major, minor] = process.versions.node.split(".").map(Number);
if (major < 20 || (major === 20 && minor < 19)) {
  fail(`Node ${process.versions.node} is too old: the project needs Node 20.19 or newer (20.20 and 22 LTS work).`);
}

let chromium = findChromium();
const canApt = process.getuid?.() === 0 && existsSync("/usr/bin/apt-get") && !process.env.CHROMIUM_PATH;
if (chromium.error && canApt) {
  // As CI does: Debian's chromium package (about a minute, ~350 MB).
  console.log("Installing Debian's chromium for the browser tests (apt-get install chromium)...");
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  const update = spawnSync("apt-get", ["update", "-qq"], { stdio: ["ignore", "ignore", "inherit"], env });
  const install =
    update.status === 0
      ? spawnSync("apt-get", ["install", "-y", "-qq", "chromium"], { stdio: ["ignore", "ignore", "inherit"], env })
      : update;
  if (install.status !== 0) fail("apt-get could not install chromium; install it by hand or set CHROMIUM_PATH.");
  chromium = findChromium();
}
if (chromium.error) fail(chromium.error);

// The browser tests' two servers listen on E2E_PORT and the next port (playwright.config.ts).
const first = Number(process.env.E2E_PORT ?? 3100);
for (const port of [first, first + 1]) {
  await new Promise((resolve) => {
    const server = createServer();
    server.once("error", (err) =>
      fail(
        err.code === "EADDRINUSE"
          ? `port ${port} (a browser tests' server) is in use: stop what listens there or set E2E_PORT to a port whose next one is free too.`
          : `cannot listen on 127.0.0.1:${port} for the browser tests: ${err.message}`,
      ),
    );
    server.listen(port, "127.0.0.1", () => server.close(resolve));
  });
}
