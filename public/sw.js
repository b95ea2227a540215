// The offline shell of the student test (README: offline-tolerant test taking).
//
// - Test pages (/test/{roomId}/coding and /mcq): network first, with the last
//   good copy kept, so a reload while offline still opens the test. The page's
//   own data (questions, answers, timing) comes from IndexedDB, not from here.
// - Build assets (/assets/*, content-hashed): cache first.
// - Everything else (data requests, the journal, health pings, parties): not
//   touched, so it fails fast offline and the page shows it.
// - Inside Safe Exam Browser (decision 042), which adds its headers to no
//   request a service worker makes: test pages are left to the browser while
//   it is online, so SEB's own request (with its headers) is the one checked;
//   offline, the copy the page kept for itself is served.
//
// The page registers /sw.js?v={build version}; a new build gets a new cache
// and the old one is dropped once the new worker takes over.
const VERSION = new URL(self.location.href).searchParams.get("v") || "dev";
const PREFIX = "proctor-shell-";
const CACHE = PREFIX + VERSION;
const TEST_PAGE = /^\/test\/[^/]+\/(coding|mcq)\/?$/;
/** A slow link gets this long before the saved copy is shown instead. */
const NAVIGATION_TIMEOUT_MS = 6000;

/** SEB for Windows says so in its user agent; a page in SEB also tells the worker (a "seb" message). */
let sebMode = /\bSEB\/\d/.test(self.navigator.userAgent);

self.addEventListener("install", () => {
  self.skipWaiting();
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      for (const key of await caches.keys()) {
        if (key.startsWith(PREFIX) && key !== CACHE) await caches.delete(key);
      }
      await self.clients.claim();
    })(),
  );
});

self.addEventListener("message", (event) => {
  const data = event.data || {};
  if (data.type === "cache-test" && Array.isArray(data.urls)) {
    event.waitUntil(precache(data.urls).then(() => event.source && event.source.postMessage({ type: "cached", count: data.urls.length })));
  } else if (data.type === "seb") {
    sebMode = true;
  } else if (data.type === "forget") {
    // Sign-out: nothing of this student's tests stays on the device.
    event.waitUntil(caches.keys().then((keys) => Promise.all(keys.filter((k) => k.startsWith(PREFIX)).map((k) => caches.delete(k)))));
  }
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === "navigate" && TEST_PAGE.test(url.pathname)) {
    if (sebMode) {
      // Online: SEB's own request, with its headers. Offline: the kept copy.
      if (self.navigator.onLine !== false) return;
      event.respondWith(keptPage(url));
      return;
    }
    event.respondWith(page(request, url));
  } else if (url.pathname.startsWith("/assets/")) {
    event.respondWith(asset(request));
  }
});

const pageKey = (url) => new URL(url.pathname, url.origin).href;

async function page(request, url) {
  const cache = await caches.open(CACHE);
  const saved = await cache.match(pageKey(url));
  try {
    const response = await withTimeout(fetch(request), saved ? NAVIGATION_TIMEOUT_MS : 0);
    if (response.ok && (response.headers.get("Content-Type") || "").includes("text/html")) {
      await cache.put(pageKey(url), response.clone());
    } else if (response.type === "opaqueredirect" || response.status === 404 || response.status === 403) {
      // The test is over or no longer this student's: do not reopen it offline.
      await cache.delete(pageKey(url));
    }
    return response;
  } catch {
    if (saved) return saved;
    return new Response(OFFLINE_PAGE, { status: 503, headers: { "Content-Type": "text/html; charset=utf-8" } });
  }
}

async function keptPage(url) {
  const saved = await (await caches.open(CACHE)).match(pageKey(url));
  return saved || new Response(OFFLINE_PAGE, { status: 503, headers: { "Content-Type": "text/html; charset=utf-8" } });
}

async function asset(request) {
  const cache = await caches.open(CACHE);
  const hit = await cache.match(request);
  if (hit) return hit;
  const response = await fetch(request);
  if (response.ok) await cache.put(request, response.clone());
  return response;
}

async function precache(urls) {
  const cache = await caches.open(CACHE);
  await Promise.all(
    urls.map(async (href) => {
      try {
        const url = new URL(href, self.location.origin);
        if (url.origin !== self.location.origin) return;
        const key = TEST_PAGE.test(url.pathname) ? pageKey(url) : url.href;
        if (await cache.match(key)) return;
        const response = await fetch(url.href, { credentials: "same-origin", redirect: "manual" });
        if (response.ok) await cache.put(key, response);
      } catch {
        // Offline or gone: the next page load tries again.
      }
    }),
  );
}

function withTimeout(promise, ms) {
  if (!ms) return promise;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("timeout")), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

const OFFLINE_PAGE = `<!doctype html><html lang="en"><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Offline — ProctorEdge</title>
<body style="font-family:system-ui,sans-serif;display:grid;place-items:center;min-height:100vh;margin:0;background:#f8fafc;color:#0f172a">
<main style="max-width:28rem;padding:2rem;text-align:center">
<h1 style="font-size:1.25rem">You are offline</h1>
<p>This test has not been opened on this device yet, so it cannot be shown without a connection. Reconnect and reload the page.</p>
<button onclick="location.reload()" style="margin-top:1rem;padding:.5rem 1rem;border-radius:.5rem;border:1px solid #cbd5e1;background:white;cursor:pointer">Try again</button>
</main></body></html>`;
