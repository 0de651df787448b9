// Offline, and fast on a flaky connection: the page is served from the cache of its build
// first, never waiting on the network. Each build has a cache of its own (VERSION, written by
// tools/build/web.py): the browser checks sw.js on every visit, so a new build installs in the
// background (every file of offline.json fetched into its cache, the page left running as it
// is), takes over, and shows at the next load or restart of the box; older caches are dropped.
const VERSION = "dev";
const CACHE = "shutbox-" + VERSION;

self.addEventListener("install", (event) => {
  event.waitUntil(
    fetch("offline.json", { cache: "no-cache" })
      .then((response) => response.json())
      .then((files) => caches.open(CACHE).then((cache) => cache.addAll(
        ["./", ...files].map((file) => new Request(file, { cache: "no-cache" })))))
      .then(() => self.skipWaiting()),
  );
});
self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((names) => Promise.all(names.filter((name) => name !== CACHE).map((name) => caches.delete(name))))
      .then(() => self.clients.claim()),
  );
});
self.addEventListener("fetch", (event) => {
  if (event.request.method !== "GET" || new URL(event.request.url).origin !== location.origin) return;
  event.respondWith(
    caches.open(CACHE)
      .then((cache) => cache.match(event.request, { ignoreSearch: true }))
      .then((cached) => cached || fetch(event.request)),
  );
});
