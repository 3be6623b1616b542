// Offline at the table (issue #15): the page's side. static/js/sw.js is the worker's side.
//
// 1. It registers the service worker. The worker keeps a copy of each page, PDF and static
//    file the player opens, and serves that copy when the network fails.
// 2. A page served from the copy says so. The worker adds data-offline-copy to its <html>,
//    and this script shows "Offline, as of <the time the server made the page>". A page that
//    is already open when the device goes offline gets the same line. Once the device is
//    back online, such a page reloads, so a squad edited elsewhere is shown as it is now.
// 3. Battle reports (the report screen, form[data-offline-report]). Everything typed is
//    saved on the device as a draft at each change. "Record the battle" while offline puts
//    the report in the outbox with its idempotency key, and the report is sent when the
//    device is back online. The server records a key only once, so a report sent twice
//    still counts once. The line at the top of every page says when a report has arrived,
//    or why the server refused it (the report is then kept on the device to be corrected).
// 4. Editing needs the network (issue #28). Offline, the areas that post edits to the server
//    ([data-needs-network]: a builder's forms) say so: their controls are marked unusable, and
//    a click or a change there shows the line that says why instead of doing nothing. A PDF
//    never downloaded on this device gets the offline page (/offline/, kept by the worker in
//    the device's language), which lists what is kept.
//
// All the words come from base.html's data- attributes, which Django translates. The drafts
// and the outbox are kept in localStorage, which outlives the tab. sessionStorage holds the
// "has arrived" lines still to show in this tab.
(() => {
  "use strict";
  const root = document.getElementById("offline");
  if (!root) return;
  const words = root.dataset;
  const user = words.user; // "" when nobody is logged in
  const mark = root.querySelector(".offline-mark");
  const box = root.querySelector(".offline-outbox");
  const fromCopy = document.documentElement.hasAttribute("data-offline-copy");
  const OUTBOX = "offline-outbox";
  const ARRIVED = "offline-arrived";
  let stale = false; // the line "Offline, as of" is shown: reload once back online

  // --- storage ----------------------------------------------------------------------------

  function read(key, store = localStorage) {
    try {
      return JSON.parse(store.getItem(key));
    } catch (error) {
      return null;
    }
  }

  function write(key, value, store = localStorage) {
    store.setItem(key, JSON.stringify(value));
  }

  // Each report in the outbox: {key (its idempotency key), user, action (where it is
  // posted), page (the report screen it came from), fields ([name, value] pairs), queuedAt,
  // state, problems}. The states are "waiting" (to be sent), "posted" (the browser is
  // posting it: it is sent again to check that it arrived, and the key makes that safe),
  // "login" (the session has ended) and "refused" (the server refused it: kept for
  // correction).
  const outbox = () => read(OUTBOX) || [];
  const mine = () => outbox().filter((entry) => entry.user === user);
  const put = (entry) => write(OUTBOX, [...outbox().filter((e) => e.key !== entry.key), entry]);
  const drop = (key) => write(OUTBOX, outbox().filter((e) => e.key !== key));

  function newKey() {
    const bytes = crypto.getRandomValues(new Uint8Array(16));
    return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
  }

  // --- words ------------------------------------------------------------------------------

  function when(date) {
    const style = { dateStyle: "medium", timeStyle: "short" };
    return new Intl.DateTimeFormat(document.documentElement.lang || undefined, style).format(date);
  }

  // A sentence whose {name} holes are filled with text or with elements (a link, a button).
  function sentence(template, parts) {
    const out = document.createElement("p");
    for (const piece of template.split(/(\{\w+\})/)) {
      const hole = piece.match(/^\{(\w+)\}$/);
      out.append(hole && hole[1] in parts ? parts[hole[1]] : piece);
    }
    return out;
  }

  function link(href, text) {
    const a = document.createElement("a");
    a.href = href;
    a.textContent = text;
    return a;
  }

  function list(lines) {
    const ul = document.createElement("ul");
    ul.className = "violations";
    for (const text of lines) {
      const li = document.createElement("li");
      li.textContent = text;
      ul.append(li);
    }
    return ul;
  }

  const reportName = (entry) => words.report.replace("{time}", when(new Date(entry.queuedAt)));

  // --- the service worker -----------------------------------------------------------------

  // The offline page, kept once in each language the device shows (and again after "forget").
  const OFFLINE_PAGE = "offline-page";
  async function keepOfflinePage(worker) {
    const lang = document.documentElement.lang;
    if (fromCopy || !navigator.onLine || localStorage.getItem(OFFLINE_PAGE) === lang) return;
    const answer = await ask(worker, { type: "keep", urls: [words.offlinePage] });
    if (answer === "reached") localStorage.setItem(OFFLINE_PAGE, lang);
  }

  // Asks the worker for something ("keep", "forget", "fresh"); resolves with its answer.
  function ask(worker, message) {
    return new Promise((resolve) => {
      if (!worker) return resolve(null);
      const channel = new MessageChannel();
      channel.port1.onmessage = (event) => resolve(event.data);
      worker.postMessage(message, [channel.port2]);
    });
  }

  // This page and the files it loaded: what the worker did not see if it started after them.
  function loaded() {
    const own = (url) => new URL(url, location.href).origin === location.origin;
    const files = performance
      .getEntriesByType("resource")
      .filter((e) => ["link", "script", "css", "img"].includes(e.initiatorType))
      .map((e) => e.name);
    return [location.href, ...files].filter(own);
  }

  if ("serviceWorker" in navigator) {
    const controlled = Boolean(navigator.serviceWorker.controller);
    const previous = localStorage.getItem("offline-user");
    navigator.serviceWorker
      .register(words.worker)
      .then(() => navigator.serviceWorker.ready)
      .then(async (registration) => {
        const worker = registration.active;
        // Another player logs in on this device: the copies of the last one's pages go.
        const otherPlayer = Boolean(user && previous && previous !== user);
        if (otherPlayer) await ask(worker, { type: "forget" });
        if (otherPlayer) localStorage.removeItem(OFFLINE_PAGE);
        if (user) localStorage.setItem("offline-user", user);
        if ((!controlled || otherPlayer) && !fromCopy) await ask(worker, { type: "keep", urls: loaded() });
        await keepOfflinePage(worker);
      })
      .catch(() => {}); // no worker (a private window, plain http): the site works as before
  }

  // Logging out forgets the copies: the next player on this device does not read them.
  for (const form of document.querySelectorAll("form[data-offline-forget]")) {
    form.addEventListener("submit", (event) => {
      const worker = navigator.serviceWorker && navigator.serviceWorker.controller;
      if (!worker) return;
      event.preventDefault();
      localStorage.removeItem(OFFLINE_PAGE);
      ask(worker, { type: "forget" }).then(() => form.submit());
    });
  }

  // The "your PDF is ready" link (print/on_its_way.html) is a download, and downloads go
  // round the worker. Followed as a page instead, the PDF still downloads (the server sends
  // it as an attachment), and the worker keeps a copy of it for the table.
  document.addEventListener(
    "click",
    (event) => {
      const ready = event.target.closest && event.target.closest("#pdf-download a[download]");
      if (ready && navigator.serviceWorker && navigator.serviceWorker.controller) {
        ready.removeAttribute("download");
      }
    },
    true,
  );

  // --- "Offline, as of" ---------------------------------------------------------------------

  function showMark() {
    const made = new Date(Number(words.rendered) * 1000);
    mark.textContent = words.asOf.replace("{time}", when(made));
    mark.hidden = false;
    stale = true;
  }

  // Back online (or online but served a copy: the server did not answer): send what waits,
  // and reload a page shown as a copy once the worker reaches the server again. The network
  // may come back by halves, so this tries again, less and less often, until both are done.
  let retry = null;
  let delay = 1000;
  async function whenBack() {
    clearTimeout(retry);
    await sendOutbox();
    const worker = navigator.serviceWorker && navigator.serviceWorker.controller;
    if (stale && (await ask(worker, { type: "fresh", url: location.href })) === "reached") {
      location.reload(); // network first: the server's page, as it is now
      return;
    }
    const waiting = mine().some((entry) => entry.state !== "refused");
    if ((stale || waiting) && navigator.onLine) {
      retry = setTimeout(whenBack, delay);
      delay = Math.min(delay * 2, 60000);
    }
  }

  if (fromCopy || !navigator.onLine) showMark();
  window.addEventListener("offline", () => {
    clearTimeout(retry);
    showMark();
    editing(false);
  });
  window.addEventListener("online", () => {
    delay = 1000;
    editing(true);
    whenBack();
  });

  // --- editing needs the network ----------------------------------------------------------

  const editsLine = root.querySelector(".offline-edits");
  const EDITABLE = "[data-needs-network]";
  const CONTROLS = "button, input, select, textarea, a[hx-get], a[hx-post]";

  function editing(possible) {
    const areas = document.querySelectorAll(EDITABLE);
    editsLine.hidden = possible || !areas.length;
    for (const area of areas) {
      area.classList.toggle("needs-network", !possible);
      for (const control of area.querySelectorAll(CONTROLS)) {
        if (possible) control.removeAttribute("aria-disabled");
        else control.setAttribute("aria-disabled", "true");
      }
    }
  }

  function refuseOffline(event) {
    const target = event.target.closest ? event.target.closest(CONTROLS) || event.target : null;
    if (navigator.onLine || !target || !target.closest(EDITABLE)) return;
    if (event.type === "click" && !target.matches(CONTROLS)) return; // reading, selecting text
    if (event.type === "click" && target.matches("input, select, textarea")) return; // typing
    event.preventDefault();
    event.stopImmediatePropagation();
    editing(false); // also for what htmx swapped in since
    editsLine.scrollIntoView({ block: "nearest" });
  }
  for (const type of ["click", "submit", "change"]) document.addEventListener(type, refuseOffline, true);
  // Online, but the server out of reach: a builder's edit that could not be sent says why.
  document.addEventListener("htmx:sendError", (event) => {
    if (event.target.closest && event.target.closest(EDITABLE)) editsLine.hidden = false;
  });
  if (fromCopy || !navigator.onLine) editing(false);

  // --- the offline page: what is kept -----------------------------------------------------

  async function listKept(section) {
    const worker = navigator.serviceWorker && (await navigator.serviceWorker.ready).active;
    const kept = (await ask(worker, { type: "list" })) || [];
    const decode = (text) => new DOMParser().parseFromString(text, "text/html").body.textContent;
    const items = kept
      .map((entry) => ({ ...entry, name: entry.kind === "page" ? decode(entry.name) : entry.name }))
      .sort((a, b) => (a.kind === b.kind ? a.name.localeCompare(b.name) : a.kind === "pdf" ? -1 : 1))
      .map((entry) => {
        const li = document.createElement("li");
        li.append(link(entry.url, entry.name));
        return li;
      });
    section.querySelector(".offline-kept-list").replaceChildren(...items);
    section.querySelector(".offline-kept-none").hidden = items.length > 0;
  }
  const keptSection = document.getElementById("offline-kept");
  if (keptSection) listKept(keptSection).catch(() => {});

  // --- the outbox -------------------------------------------------------------------------

  function csrfToken() {
    // Django's cookie (its default name) is current even when this page is an old copy.
    const cookie = document.cookie.split("; ").find((c) => c.startsWith("csrftoken="));
    if (cookie) return decodeURIComponent(cookie.slice("csrftoken=".length));
    try {
      return JSON.parse(document.body.getAttribute("hx-headers"))["X-CSRFToken"];
    } catch (error) {
      return "";
    }
  }

  function arrivedNow(line) {
    arrived.push(line);
    write(ARRIVED, [...(read(ARRIVED, sessionStorage) || []), line], sessionStorage);
  }

  // Posts one report as the report screen would. The answer decides what becomes of it.
  async function send(entry) {
    let response;
    try {
      response = await fetch(entry.action, {
        method: "POST",
        body: new URLSearchParams(entry.fields),
        headers: { "X-CSRFToken": csrfToken() },
        credentials: "same-origin",
      });
    } catch (error) {
      return; // still offline: it waits
    }
    const login = new URL(words.loginUrl, location.href).pathname;
    if (response.redirected && new URL(response.url).pathname === login) {
      put({ ...entry, state: "login" });
      return;
    }
    if (response.status >= 500 || response.status === 429) return; // the server's trouble: later
    const answer = new DOMParser().parseFromString(await response.text(), "text/html");
    if (response.ok && response.redirected) {
      // The server sends the player to the battle once it has recorded it.
      drop(entry.key);
      if (entry.state !== "posted") {
        const heading = answer.querySelector("main h1");
        const title = heading ? heading.textContent.trim() : response.url;
        arrivedNow({ report: reportName(entry), title, url: response.url });
      }
      return;
    }
    const found = answer.querySelectorAll("main .violations li, main .messages .error");
    const problems = Array.from(found, (li) => li.textContent.trim());
    if (!problems.length) problems.push(words.answered.replace("{status}", response.status));
    put({ ...entry, state: "refused", problems });
  }

  let sending = null;
  function sendOutbox() {
    sending ||= (async () => {
      for (const entry of mine()) {
        if (entry.state !== "refused") await send(entry);
      }
      showOutbox();
    })().finally(() => {
      sending = null;
    });
    return sending;
  }

  const arrived = read(ARRIVED, sessionStorage) || []; // lines to show once more in this tab
  sessionStorage.removeItem(ARRIVED);

  function showOutbox() {
    box.replaceChildren();
    for (const line of arrived) {
      box.append(sentence(words.arrived, { report: line.report, battle: link(line.url, line.title) }));
    }
    for (const entry of mine()) {
      const report = reportName(entry);
      if (entry.state === "waiting") box.append(sentence(words.waiting, { report }));
      if (entry.state === "login") {
        const to = `${words.loginUrl}?next=${encodeURIComponent(entry.page)}`;
        box.append(sentence(words.logInFirst, { report, link: link(to, words.logIn) }));
      }
      if (entry.state === "refused") {
        const line = sentence(words.wasRefused, { report, link: link(entry.page, words.correct) });
        const discard = document.createElement("button");
        discard.type = "button";
        discard.className = "link";
        discard.textContent = words.discard;
        discard.addEventListener("click", () => {
          drop(entry.key);
          showOutbox();
        });
        line.append(" ", discard);
        box.append(line, list(entry.problems || []));
      }
    }
    box.hidden = box.childElementCount === 0;
  }

  // --- the report screen ------------------------------------------------------------------

  // Puts saved [name, value] pairs back into the form. The squads (side) are the page's own.
  function fill(form, fields) {
    const values = new Map();
    for (const [name, value] of fields) values.set(name, [...(values.get(name) || []), value]);
    for (const control of form.elements) {
      const { name, type } = control;
      if (!name || name === "side" || name === "csrfmiddlewaretoken" || control.tagName === "BUTTON") {
        continue;
      }
      const saved = values.get(name) || [];
      if (type === "checkbox" || type === "radio") control.checked = saved.includes(control.value);
      else if (saved.length) control.value = saved.shift();
    }
  }

  function reportScreen(form) {
    const sides = Array.from(form.querySelectorAll('input[type="hidden"][name="side"]'));
    const page = `${new URL(form.action).pathname}?${sides.map((s) => `side=${s.value}`).join("&")}`;
    const draftKey = `offline-draft:${user}:${page}`;
    const keyField = form.elements.namedItem("idempotency_key");
    const fields = () => [...new FormData(form)].filter(([name]) => name !== "csrfmiddlewaretoken");
    const save = () => write(draftKey, fields());
    const problemsBox = document.querySelector(".offline-refused");

    const refused = mine().find((e) => e.page === page && e.state === "refused");
    const draft = read(draftKey);
    if (form.hasAttribute("data-refused")) {
      // The server has just refused the report posted from here, and this page says why.
      for (const entry of mine()) if (entry.page === page && entry.state === "posted") drop(entry.key);
      save();
    } else if (refused) {
      fill(form, refused.fields);
      problemsBox.querySelector("ul").replaceChildren(...list(refused.problems || []).children);
      problemsBox.hidden = false;
    } else if (draft) {
      fill(form, draft);
    } else if (fromCopy) {
      keyField.value = newKey(); // the copy's key belongs to the report first made from it
    }
    if ((refused || draft) && navigator.onLine) {
      // htmx counts the VP of what was put back (it listens once the page has loaded)
      addEventListener("load", () => form.dispatchEvent(new Event("change", { bubbles: true })));
    }

    form.addEventListener("input", save);
    form.addEventListener("change", save);
    form.addEventListener("submit", (event) => {
      if (event.submitter && event.submitter.name === "preview") return; // nothing recorded
      const entry = { key: keyField.value, user, action: form.action, page, fields: fields() };
      entry.queuedAt = Date.now();
      localStorage.removeItem(draftKey);
      if (navigator.onLine) {
        put({ ...entry, state: "posted" }); // the browser posts it now
        return;
      }
      event.preventDefault();
      put({ ...entry, state: "waiting" });
      form.reset();
      keyField.value = newKey(); // the next report is another battle
      problemsBox.hidden = true;
      showOutbox();
      root.scrollIntoView({ block: "nearest" });
    });
  }

  // A battle page of a report this player sent says so: the report the browser posted has
  // arrived, and is not sent again to check.
  for (const recorded of document.querySelectorAll("[data-offline-recorded]")) {
    const key = recorded.dataset.offlineRecorded;
    if (mine().some((entry) => entry.key === key && entry.state === "posted")) drop(key);
  }

  const reportForm = document.querySelector("form[data-offline-report]");
  if (reportForm && user) reportScreen(reportForm);
  showOutbox();
  if (navigator.onLine && (fromCopy || mine().some((entry) => entry.state !== "refused"))) {
    whenBack();
  }
})();
