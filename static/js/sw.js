// The service worker: a copy of what the player opened, for a table without signal (issue #15).
//
// Served at /sw.js (config/views.py) so that it controls every page of the site, and
// registered by static/js/offline.js. What it keeps is what the pages actually fetched
// (pages, their PDFs, styles, scripts, fonts, icons), under the addresses they used: it names
// no file itself, so the hashed static names of production need nothing here.
//
// Everything is network first: while the server answers, the player gets its answer (and the
// copy is refreshed); only when the network fails is the last copy given. Nothing is served
// from the copy while the server can be reached, so nothing stale passes for fresh. A page
// given from the copy carries data-offline-copy on its <html>, and offline.js says
// "Offline, as of <time>" on it.
"use strict";

const PREFIX = "skirmish-offline-";
const CACHE = PREFIX + "v1"; // a new name when what is kept changes shape
const MOST_ENTRIES = 300; // past it, the copies written longest ago are dropped
// Shown, offline, in place of a PDF this device never downloaded (issue #28): kept by "keep"
// like any page (offline.js asks for it in the device's language), never under another address.
const OFFLINE_PAGE = "/offline/";
// What a page loads besides itself and is worth keeping; fetch() and htmx calls are not.
const KEPT_DESTINATIONS = ["style", "script", "font", "image", "manifest"];

self.addEventListener("install", () => self.skipWaiting());

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (name.startsWith(PREFIX) && name !== CACHE) await caches.delete(name);
      }
      await self.clients.claim(); // the page that registered us is served by us at once
    })(),
  );
});

self.addEventListener("fetch", (event) => {
  if (!worthKeeping(event.request)) return; // the browser does as it would without us
  event.respondWith(networkFirst(event));
});

// Messages from offline.js, each answered on its port when done: "keep" these addresses (the
// page that was open before we started), "forget" everything (the player logs out), "fresh":
// can we reach the server again? (yes: the page's copy is renewed, and the page reloads);
// "list" what is kept: the pages (their titles) and the PDFs (their file names).
self.addEventListener("message", (event) => {
  const message = event.data || {};
  let work = Promise.resolve("done");
  if (message.type === "keep") work = keepAll(message.urls || []);
  if (message.type === "forget") work = caches.delete(CACHE);
  if (message.type === "fresh") work = keepAll([message.url]);
  if (message.type === "list") work = listKept();
  event.waitUntil(work.then((answer) => event.ports[0] && event.ports[0].postMessage(answer)));
});

function worthKeeping(request) {
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) {
    return false;
  }
  // htmx asks for a fragment at a page's own address: never keep it in the page's place.
  if (request.headers.has("HX-Request")) return false;
  return request.mode === "navigate" || KEPT_DESTINATIONS.includes(request.destination);
}

// Only a whole, successful answer of our own that the server lets us store: not a redirect,
// not the 202 "your PDF is being printed" page, not a page sent with "no-store".
function keepable(response) {
  const control = response.headers.get("Cache-Control") || "";
  return response.status === 200 && response.type === "basic" && !/no-store/i.test(control);
}

async function networkFirst(event) {
  const request = event.request;
  try {
    const response = await fetch(request);
    if (keepable(response)) event.waitUntil(keep(request, response.clone()));
    return response;
  } catch (error) {
    const cache = await caches.open(CACHE);
    const copy = await cache.match(request, { ignoreVary: true });
    if (copy) return request.mode === "navigate" ? marked(copy) : copy;
    // A PDF never downloaded here: the offline page says so, and what is kept.
    const pdf = request.mode === "navigate" && new URL(request.url).pathname.endsWith(".pdf");
    const offlinePage = pdf && (await cache.match(OFFLINE_PAGE, { ignoreVary: true }));
    if (offlinePage) return offlinePage;
    throw error; // a page never opened online: the browser's own "no connection" page
  }
}

// The copy of a page, with data-offline-copy on its <html>: the page knows it is a copy
// before any of its scripts runs.
async function marked(copy) {
  if (!(copy.headers.get("Content-Type") || "").startsWith("text/html")) return copy; // a PDF
  const html = (await copy.text()).replace("<html", "<html data-offline-copy");
  const headers = new Headers(copy.headers);
  headers.delete("Content-Length"); // the body is a few bytes longer now
  return new Response(html, { status: copy.status, statusText: copy.statusText, headers });
}

async function keep(request, response) {
  const cache = await caches.open(CACHE);
  await cache.put(request, response); // a new copy goes last: the order is the age
  const keys = await cache.keys();
  for (const old of keys.slice(0, Math.max(0, keys.length - MOST_ENTRIES))) {
    await cache.delete(old);
  }
}

// The pages and PDFs kept, for the offline page's list: [{url, kind, name}], the PDFs by
// their file name (Content-Disposition), the pages by their <title> (as written: entities).
async function listKept() {
  const cache = await caches.open(CACHE);
  const kept = [];
  for (const request of await cache.keys()) {
    const response = await cache.match(request);
    const type = (response.headers.get("Content-Type") || "").split(";")[0].trim();
    if (type === "application/pdf") {
      kept.push({ url: request.url, kind: "pdf", name: fileName(response) || request.url });
    } else if (type === "text/html" && new URL(request.url).pathname !== OFFLINE_PAGE) {
      const title = (await response.text()).match(/<title>([\s\S]*?)<\/title>/);
      kept.push({ url: request.url, kind: "page", name: title ? title[1].trim() : request.url });
    }
  }
  return kept;
}

function fileName(response) {
  const header = response.headers.get("Content-Disposition") || "";
  const encoded = header.match(/filename\*=utf-8''([^;]+)/i);
  if (encoded) return decodeURIComponent(encoded[1]);
  const plain = header.match(/filename="((?:[^"\\]|\\.)*)"/);
  return plain ? plain[1].replace(/\\(.)/g, "$1") : "";
}

// Fetches and keeps each address; answers whether the server could be reached at all.
async function keepAll(urls) {
  let reached = false;
  for (const url of urls) {
    if (new URL(url, self.location.href).origin !== self.location.origin) continue;
    try {
      const response = await fetch(url, { credentials: "same-origin" });
      reached = true;
      if (keepable(response)) await keep(new Request(url), response);
    } catch (error) {
      // offline: nothing to keep
    }
  }
  return reached ? "reached" : "offline";
}
