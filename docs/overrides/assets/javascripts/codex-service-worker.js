// Codex 2bis service worker: after one visit, the whole site (pages of every language, search indexes, calculator
// runtime, modules and data) is kept in the browser's cache and served from there when the network is gone.
// The build (codex/publish/web_app.py) writes this file as <site>/sw.js, preceded by two constants:
//   VERSION  — a hash of the published files: a new publication changes sw.js, so the browser installs the new
//              worker, which caches the new files under a new name and deletes the old caches;
//   PRECACHE — the files to cache, relative to this script.
// While online, every request goes to the network first (the reader always sees the latest publication, and the
// cache is refreshed with each answer); the cache answers only when the network fails or is too slow.
const CACHE = `codex-${VERSION}`;
const PREFIX = "codex-";
const SLOW_NETWORK_MS = 5000; // past this, a cached copy is shown instead of waiting on a failing connection

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    // cache: "reload" bypasses the HTTP cache, so a new version never stores an old file.
    await cache.addAll(PRECACHE.map((path) => new Request(path, { cache: "reload" })));
    await self.skipWaiting();
  })());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith(PREFIX) && name !== CACHE) await caches.delete(name);
    }
  })());
});

function fromCache(request) {
  return caches.open(CACHE).then((cache) => cache.match(request, { ignoreSearch: true }));
}

async function networkFirst(request) {
  const network = fetch(request).then(async (response) => {
    if (response.status === 200 && response.type === "basic") {
      const cache = await caches.open(CACHE);
      await cache.put(request, response.clone());
    }
    return response;
  });
  network.catch(() => {}); // a failure is handled below; this only keeps it from being reported as unhandled
  const cached = fromCache(request);
  const slow = new Promise((resolve) => setTimeout(resolve, SLOW_NETWORK_MS));
  try {
    const first = await Promise.race([network, slow.then(() => cached)]);
    if (first) return first;
    return await network;
  } catch (error) {
    const copy = await cached;
    if (copy) return copy;
    if (request.mode === "navigate") {
      const notFound = await fromCache(new URL("404.html", self.registration.scope).href);
      if (notFound) return notFound;
    }
    throw error;
  }
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith(networkFirst(request));
});
