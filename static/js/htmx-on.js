// Before the page is drawn: scripts run here, so the controls that only htmx needs no
// button for (.js-hide) are hidden from the first paint. A file, not an inline script: the
// Content-Security-Policy allows scripts from this site only.
document.documentElement.classList.add("htmx-on");
