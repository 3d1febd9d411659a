// Codex 2bis service worker, one per language: after one visit, the language's pages, search index and theme are
// kept in the browser's cache and served from there when the network is gone; the calculator runtime, modules and
// data are kept when a page first uses them (the page tells the worker which: codex-calculators.js).
// The build (codex/publish/web_app.py) writes this file as sw.js beside each language's home page, preceded by:
//   VERSION  — a hash of the published files: a new publication changes sw.js, so the browser installs the new
//              worker, which caches the new files under a new name and deletes its old caches;
//   PRECACHE — the files to cache, relative to this script.
// While online, every request goes to the network first (the reader always sees the latest publication, and the
// cache is refreshed with each answer); the cache answers only when the network fails or is too slow.
// Each language's worker owns the caches named after its scope, and never touches the other language's.
const PREFIX = `codex-${new URL(self.registration.scope).pathname}-`;
const CACHE = PREFIX + VERSION;
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

// A page lists the calculator files it used (fetched before this worker controlled it, on a first visit): keep them.
self.addEventListener("message", (event) => {
  const urls = (event.data && Array.isArray(event.data.cache) ? event.data.cache : [])
    .filter((url) => typeof url === "string" && new URL(url, self.location.href).origin === self.location.origin);
  if (!urls.length) return;
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    for (const url of urls) {
      if (!(await cache.match(url))) await cache.add(url).catch(() => {});
    }
  })());
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith(networkFirst(request));
});
