// Scorekeeper's service worker (games/offline/views.py renders it, with the static files'
// version): the app opens without a connection, and rounds saved offline go by themselves.
"use strict";
{% autoescape off %}
const VERSION = "{{ version }}";
const FILES = {{ files }};
const STATIC_URL = "{{ static_url }}";
const HOME = "{% url 'home' %}";
const LOGOUT = "{% url 'logout' %}";
// The page offered for a page not kept, in the language of the worker's request (a
// phone fetches a new worker when its language changes: the worker is then new too).
const NOT_KEPT = {{ not_kept }};
{% endautoescape %}
importScripts(FILES["games/queue.js"]);
const STATIC = "scorekeeper-static-" + VERSION;
const PAGES = "scorekeeper-pages";
// The pages kept for offline use (the most recently fetched): the home page, the rules, and the
// games this browser opened, with their round entry.
const KEPT = /^\/(rules\/)?$|^\/games\/\d+\/(rounds\/(new|\d+)\/)?$/;
const MOST_PAGES = 40;

self.addEventListener("install", function (event) {
  event.waitUntil(caches.open(STATIC).then(function (cache) {
    // Checked with the server, not taken on trust from the browser's HTTP cache: a new
    // version's files are new. A file the page has just loaded comes back as "not
    // modified", without its body, so a first visit does not download it twice.
    return cache.addAll(Object.values(FILES).map(function (url) {
      return new Request(url, { cache: "no-cache" });
    }));
  }).then(function () { return self.skipWaiting(); }));
});

// A new version drops the old versions' static files; the kept pages stay.
self.addEventListener("activate", function (event) {
  event.waitUntil(caches.keys().then(function (names) {
    return Promise.all(names.filter(function (name) {
      return name.startsWith("scorekeeper-static-") && name !== STATIC;
    }).map(function (name) { return caches.delete(name); }));
  }).then(function () { return self.clients.claim(); }));
});

// A page that loaded while this worker was being installed asks to be taken too.
self.addEventListener("message", function (event) {
  if (event.data === "claim") event.waitUntil(self.clients.claim());
});

// A kept page's static files under an older version's name (production names them by
// their contents) are served as this version's, so a page kept before an update opens.
function currentStatic(url) {
  const name = url.pathname.slice(STATIC_URL.length).replace(/\.[0-9a-f]{12}(\.[^./]+)$/, "$1");
  return FILES[name];
}

async function staticFile(request) {
  const cached = await caches.match(request);
  if (cached) return cached;
  try {
    return await fetch(request);
  } catch (error) {
    const current = currentStatic(new URL(request.url));
    const fallback = current && await caches.match(current);
    if (fallback) return fallback;
    throw error;
  }
}

// Pages: the network first, so that a page is never older than it must be; its copy is
// kept, and offered when there is no connection, marked with the time it was fetched.
async function page(request) {
  const url = new URL(request.url);
  try {
    const response = await fetch(request);
    if (response.ok && KEPT.test(url.pathname) &&
        (response.headers.get("Content-Type") || "").startsWith("text/html")) {
      await keep(request, response.clone());
    }
    return response;
  } catch (error) {
    const cached = await caches.match(request, { cacheName: PAGES, ignoreSearch: true });
    if (!cached) return notKept();
    const html = (await cached.text()).replace(
      "<html", '<html data-offline-copy="' + (cached.headers.get("Date") || "") + '"');
    return new Response(html, { headers: { "Content-Type": "text/html; charset=utf-8" } });
  }
}

async function keep(request, response) {
  const cache = await caches.open(PAGES);
  await cache.put(new URL(request.url).pathname, response);
  const kept = await cache.keys();
  // Oldest first: a page kept again goes to the end.
  await Promise.all(kept.slice(0, Math.max(0, kept.length - MOST_PAGES)).map(function (old) {
    return cache.delete(old);
  }));
}

function notKept() {
  const css = FILES["games/site.css"];
  return new Response(
    '<!doctype html><html lang="' + NOT_KEPT.lang + '"><head><meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width, initial-scale=1">' +
    '<title>' + NOT_KEPT.heading + ' · Scorekeeper</title>' +
    '<link rel="stylesheet" href="' + css + '">' +
    '</head><body><main><h1>' + NOT_KEPT.heading + '</h1><p>' + NOT_KEPT.text + '</p>' +
    '<p><a class="button" href="' + HOME + '">' + NOT_KEPT.home + '</a></p></main></body></html>',
    { status: 503, headers: { "Content-Type": "text/html; charset=utf-8" } });
}

self.addEventListener("fetch", function (event) {
  const request = event.request;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.method === "POST" && url.pathname === LOGOUT) {
    // The phone's copies of an account's games go with the account.
    event.waitUntil(caches.delete(PAGES));
    return;
  }
  if (request.method !== "GET" || request.headers.get("HX-Request")) return;
  if (url.pathname.startsWith(STATIC_URL)) {
    event.respondWith(staticFile(request));
  } else if (request.mode === "navigate" || KEPT.test(url.pathname)) {
    event.respondWith(page(request));
  }
});

// Background Sync, where the browser has it: rounds waiting are sent once the
// connection is back, even with the page closed.
self.addEventListener("sync", function (event) {
  if (event.tag === SavesQueue.SYNC) event.waitUntil(SavesQueue.flush());
});
