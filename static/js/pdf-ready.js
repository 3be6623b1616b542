// A PDF on its way (print/on_its_way.html, issue #28 item 13): once the "ready" line has come
// (htmx swaps it in when the worker has printed the PDF), its download starts by itself. The
// link stays, for another copy. Followed once only: the line is marked done.
document.addEventListener("htmx:load", (event) => {
  const line = event.target;
  if (!line.matches || !line.matches("#pdf-download[data-download-now]")) return;
  line.removeAttribute("data-download-now");
  const link = line.querySelector("a[href]");
  if (link) link.click(); // offline.js sees it too: the service worker keeps a copy
});
