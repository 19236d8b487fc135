/**
 * The walking pages' service worker (decision 027). Registered only by the page that leads a
 * visitor to a grave on foot, with the scope `/walk/` (and `/kk/walk/`): it controls those pages and
 * nothing else of the site. It keeps, for a visit with no network or a poor one:
 *
 * - the walking pages themselves (`/walk/<id>`, `/kk/walk/<id>`, and their `.data`), network first
 *   (the kept copy after 4 s of a network that does not answer),
 *   and only answers the server marked public (`Cache-Control: public`): an anonymous visitor's
 *   page. A signed-in page is `private, no-store` and is never kept;
 * - the walking data (`/api/v1/burials/<id>/walk`: the grave and the cemetery's plan, public),
 *   network first;
 * - the build's fingerprinted files (`/assets/…`), which never change: from the store first;
 * - React Router's route manifest (`/__manifest?…`: which route module a link opens, the same for
 *   every visitor), network first, so the page's links do not fail with no network.
 *
 * Any other request (other API answers, other pages, uploads) passes through untouched: the worker
 * does not answer it and keeps nothing of it.
 */
const STORE = "walk-v1";
/** Entries kept at most; the oldest go first (a visitor's few graves and one build's files fit many times). */
const MAX_ENTRIES = 300;

const PAGE = /^(?:\/kk)?\/walk\/\d+(?:\.data)?$/;
const DATA = /^\/api\/v1\/burials\/\d+\/walk$/;
const ASSET = /^\/assets\/[^/]+$/;
const MANIFEST = /^\/__manifest$/;
/** What the worker answers and may keep at all. */
const isOurs = (path) => PAGE.test(path) || DATA.test(path) || ASSET.test(path) || MANIFEST.test(path);

self.addEventListener("install", () => {
  self.skipWaiting();
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) if (name !== STORE) await caches.delete(name);
      await self.clients.claim();
    })(),
  );
});

/** Whether an answer may be kept: a whole, successful, public one. */
function isKeepable(url, response) {
  if (response?.status !== 200 || response.type !== "basic") return false;
  if (PAGE.test(url.pathname)) {
    const cache = (response.headers.get("Cache-Control") || "").toLowerCase();
    return cache.includes("public") && !cache.includes("no-store") && !cache.includes("private");
  }
  return isOurs(url.pathname);
}

async function keep(request, response) {
  const store = await caches.open(STORE);
  await store.put(request, response);
  const keys = await store.keys();
  for (const old of keys.slice(0, Math.max(0, keys.length - MAX_ENTRIES))) await store.delete(old);
}

/** How long a slow network is waited for when a kept answer is at hand (a cemetery's poor signal). */
const SLOW_MS = 4000;

/**
 * The network's answer, kept when it may be; the kept one when the network fails, or when it is
 * slower than {@link SLOW_MS} (the network's answer, when it comes, still refreshes the store).
 */
async function networkFirst(event, request, url) {
  const network = fetch(request).then(async (response) => {
    if (isKeepable(url, response)) await keep(request, response.clone());
    return response;
  });
  event.waitUntil(network.catch(() => undefined));
  let timer;
  const slow = new Promise((resolve) => {
    timer = setTimeout(resolve, SLOW_MS);
  });
  try {
    const first = await Promise.race([network, slow]);
    if (first) return first;
  } catch {
    // No network: the kept answer below.
  } finally {
    clearTimeout(timer);
  }
  const kept = await caches.match(request, { ignoreVary: true });
  if (kept) return kept;
  // No network and no kept manifest for these links: React Router's own answer to "the routes
  // changed" — its links then open as whole pages (which this worker may have kept) instead of
  // failing in the console.
  if (MANIFEST.test(url.pathname)) {
    return network.catch(() => new Response(null, { status: 204, headers: { "X-Remix-Reload-Document": "yes" } }));
  }
  return network;
}

async function storeFirst(request, url) {
  const kept = await caches.match(request);
  if (kept) return kept;
  const response = await fetch(request);
  if (isKeepable(url, response)) await keep(request, response.clone());
  return response;
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (ASSET.test(url.pathname)) {
    event.respondWith(storeFirst(request, url));
  } else if (isOurs(url.pathname)) {
    event.respondWith(networkFirst(event, request, url));
  }
});

/**
 * The page asks to be kept once it is open (it loaded before this worker controlled it): its own
 * address, its data and the files it loaded. Answers `{ isPageKept }` on the port it gave.
 */
self.addEventListener("message", (event) => {
  const message = event.data;
  if (message?.type !== "keep") return;
  const reply = (answer) => event.ports[0]?.postMessage(answer);
  event.waitUntil(
    (async () => {
      const urls = [message.page, message.data, ...(Array.isArray(message.files) ? message.files : [])];
      let isPageKept = false;
      for (const raw of urls) {
        if (typeof raw !== "string") continue;
        const url = new URL(raw, self.location.origin);
        if (url.origin !== self.location.origin) continue;
        if (!isOurs(url.pathname)) continue;
        try {
          if (ASSET.test(url.pathname) && (await caches.match(url.href))) continue;
          const request = new Request(url.href, { credentials: "same-origin" });
          const response = await fetch(request);
          if (isKeepable(url, response)) {
            await keep(request, response);
            if (raw === message.page) isPageKept = true;
          }
        } catch {
          // No network now: what was kept before stays, and says so.
          if (raw === message.page && (await caches.match(url.href, { ignoreVary: true }))) isPageKept = true;
        }
      }
      reply({ isPageKept });
    })(),
  );
});
