// Offline: on install, every file of the page (offline.json, written by tools/build_web.py)
// is cached; afterwards the network is asked first (so a new build shows at once) and the
// cache answers when there is none.
const CACHE = "shutbox";

self.addEventListener("install", (event) => {
  event.waitUntil(
    fetch("offline.json")
      .then((response) => response.json())
      .then((files) => caches.open(CACHE).then((cache) => cache.addAll(["./", ...files])))
      .then(() => self.skipWaiting()),
  );
});
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));
self.addEventListener("fetch", (event) => {
  if (event.request.method !== "GET" || new URL(event.request.url).origin !== location.origin) return;
  event.respondWith(
    fetch(event.request)
      .then((response) => {
        const copy = response.clone();
        caches.open(CACHE).then((cache) => cache.put(event.request, copy));
        return response;
      })
      .catch(() => caches.match(event.request, { ignoreSearch: true })),
  );
});
