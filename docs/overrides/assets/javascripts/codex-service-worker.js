// Codex 2bis service worker, one per language: after one visit, the language's pages, search index and theme are
// kept in the browser's cache and served from there when the network is gone; the calculator runtime, modules and
// data are kept when a page first uses them (the page tells the worker which: codex-calculators.js).
// The build (codex/publish/web_app.py) writes this file as sw.js beside each language's home page, preceded by:
//   VERSION  — a hash of the published files: a new publication changes sw.js, so the browser installs the new
//              worker, which caches the new files under a new name and deletes its old caches;
//   PRECACHE — the files to cache, relative to this script;
//   ON_USE   — the calculator files of this publication, kept when a page uses them, relative to this script;
//   LEFT_TO_NETWORK — folders of the site, relative to the worker's scope, that are not this publication's.
// While online, every request goes to the network first (the reader always sees the latest publication, and the
// cache is refreshed with each answer); the cache answers only when the network fails or is too slow. But for the
// calculators' modules and data and the calculators' and trackers' page scripts: their addresses carry their
// content's digest (NAME.DIGEST.mpy, NAME.DIGEST.json: codex/publish/calculators.py; codex-calculators.DIGEST.js,
// codex-trackers.DIGEST.js, precached: codex/publish/page_scripts.py), so the copy kept under one never goes stale:
// the cache answers first, and keeps a copy only if its content has its address's digest. A page names the addresses
// it was built with; a new publication's are new entries, and the old ones go with the old cache.
// Each language's worker owns the caches named after its scope, and never touches the other language's.
const PREFIX = `codex-${new URL(self.registration.scope).pathname}-`;
const CACHE = PREFIX + VERSION;
const SLOW_NETWORK_MS = 5000; // past this, a cached copy is shown instead of waiting on a failing connection
const KEPT_ON_USE = new Set(ON_USE.map((path) => new URL(path, self.location.href).href));
// a module's, a data file's or a page script's address: NAME.DIGEST.mpy / .json / .js
const DIGEST = /\.([0-9a-f]{16})\.(?:mpy|json|js)$/;
const PRECACHED_BY_DIGEST = PRECACHE.map((path) => new URL(path, self.location.href).href).filter((url) =>
  DIGEST.test(new URL(url).pathname),
);
const BY_DIGEST = new Set([...KEPT_ON_USE, ...PRECACHED_BY_DIGEST]);

// The digest an address of this publication names, or "" (pages, the theme, the runtime, whose folder is named after
// its release: network first). A worker's script is asked for with its fragment (partials/codex-early-runtime.html).
function digestNamed(url) {
  const address = new URL(url);
  address.hash = "";
  return (BY_DIGEST.has(address.href) && DIGEST.exec(address.pathname)?.[1]) || "";
}

// The first 16 hex digits of the SHA-256 of an answer's body (codex/publish/calculators.py, content_digest).
async function digestOf(response) {
  const hash = new Uint8Array(await crypto.subtle.digest("SHA-256", await response.arrayBuffer()));
  return Array.from(hash.slice(0, 8), (byte) => byte.toString(16).padStart(2, "0")).join("");
}

// The network's answer for a calculator file, and whether it may be kept: a whole answer of this site, with the
// content its address names (a wrong copy is never kept; the page refuses it too). A copy the browser's HTTP cache
// holds under that address is fetched again once, past that cache, before giving up.
async function fetchKeepable(url, digest, cacheMode = "default") {
  let response = await fetch(url, { cache: cacheMode });
  const fits = async (answer) =>
    answer.status === 200 && answer.type === "basic" && (!digest || (await digestOf(answer.clone())) === digest);
  if (await fits(response)) return { response, keep: true };
  if (!digest || response.status !== 200) return { response, keep: false };
  response = await fetch(url, { cache: "reload" });
  return { response, keep: await fits(response) };
}

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    // cache: "reload" bypasses the HTTP cache, so a new version never stores an old file.
    const byDigest = new Set(PRECACHED_BY_DIGEST);
    const plain = PRECACHE.filter((path) => !byDigest.has(new URL(path, self.location.href).href));
    await cache.addAll(plain.map((path) => new Request(path, { cache: "reload" })));
    // the page scripts, each kept only with the content its address names (else kept at its first use)
    await Promise.all(PRECACHED_BY_DIGEST.map(async (url) => {
      const { response, keep } = await fetchKeepable(url, digestNamed(url), "reload");
      if (keep) await cache.put(url, response);
    }));
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

// A module or a data file of this publication: from the cache if kept, else from the network, and kept.
async function versioned(request, digest) {
  const cache = await caches.open(CACHE);
  const kept = await cache.match(request);
  if (kept) return kept;
  const { response, keep } = await fetchKeepable(request.url, digest);
  if (keep) await cache.put(request, response.clone());
  return response;
}

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

// A page lists the calculator files it used (fetched before this worker controlled it, on a first visit): keep those
// of this publication (a page of an earlier one, still open, names addresses that are no longer published).
self.addEventListener("message", (event) => {
  const urls = (event.data && Array.isArray(event.data.cache) ? event.data.cache : [])
    .filter((url) => typeof url === "string")
    .map((url) => new URL(url, self.location.href).href)
    .filter((url) => KEPT_ON_USE.has(url));
  if (!urls.length) return;
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    for (const url of urls) {
      if (await cache.match(url)) continue;
      try {
        const { response, keep } = await fetchKeepable(url, digestNamed(url));
        if (keep) await cache.put(url, response);
      } catch {
        // offline or refused: the file is kept at its next use
      }
    }
  })());
});

// Pull requests' previews are published in a folder of the site (LEFT_ALONE: codex/publish/preview.py), inside this
// worker's scope at the site's root: their pages are never this publication's, so the worker leaves them to the
// network (no answer from this cache, no copy kept in it).
const LEFT_ALONE = LEFT_TO_NETWORK.map((path) => new URL(path, self.registration.scope).href);

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) return;
  if (LEFT_ALONE.some((folder) => request.url.startsWith(folder))) return;
  const digest = digestNamed(request.url);
  event.respondWith(digest ? versioned(request, digest) : networkFirst(request));
});
