// Where the browser tests find Chromium: CHROMIUM_PATH when set, else the usual places of a
// system-installed Chromium or Chrome. Playwright's own browser downloads are not used (they
// cannot be fetched on the project's machines); Debian's `chromium` package is what CI installs.
import { accessSync, constants } from "node:fs";

export const CHROMIUM_PLACES = [
  "/usr/bin/chromium",
  "/usr/bin/chromium-browser",
  "/usr/bin/google-chrome-stable",
  "/usr/bin/google-chrome",
  "/snap/bin/chromium",
  "/Applications/Chromium.app/Contents/MacOS/Chromium",
  "/Applications/Google Chrome.app/Contents/MacOS/Google Chrome",
];

function isExecutable(file) {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * The Chromium the browser tests launch: `{ path }`, or `{ error }` with one line that says what
 * to do. A CHROMIUM_PATH that is set must be right: it is never silently replaced by another.
 */
export function findChromium(env = process.env, places = CHROMIUM_PLACES) {
  if (env.CHROMIUM_PATH) {
    if (isExecutable(env.CHROMIUM_PATH)) return { path: env.CHROMIUM_PATH };
    return { error: `CHROMIUM_PATH=${env.CHROMIUM_PATH} is not an executable file: point it at Chromium or unset it.` };
  }
  const found = places.find(isExecutable);
  if (found) return { path: found };
  return {
    error:
      "The browser tests need Chromium, found neither at CHROMIUM_PATH nor at /usr/bin/chromium: " +
      "install it (Debian: apt-get install chromium) or set CHROMIUM_PATH.",
  };
}
