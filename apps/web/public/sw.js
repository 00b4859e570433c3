// Service worker of the installable app. It caches only static, content-hashed build assets
// (/assets/*) and the app icons, cache-first; it never touches /api, pages or anything else,
// which always go to the network.
const CACHE = "static-v1";
const CACHEABLE =
  /^\/(assets\/.+-[A-Za-z0-9_-]{8,}\.(?:js|css|woff2?|svg|png|webp|avif)|icons\/[^/]+)$/;

self.addEventListener("install", () => {
  self.skipWaiting();
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(keys.filter((key) => key !== CACHE).map((key) => caches.delete(key))),
      )
      .then(() => self.clients.claim()),
  );
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (url.pathname.startsWith("/api/") || !CACHEABLE.test(url.pathname)) return;
  event.respondWith(
    caches.open(CACHE).then(async (cache) => {
      const cached = await cache.match(request);
      if (cached) return cached;
      const response = await fetch(request);
      if (response.ok) await cache.put(request, response.clone());
      return response;
    }),
  );
});
